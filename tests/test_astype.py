"""ndarray.astype against NumPy: every dtype pair over every layout and order, the casting
rules, copy=False, and NumPy's ComplexWarning."""

import platform
import warnings

import numpy
import pytest
from helpers.layouts import layout_pairs

import cupylike
from cupylike.testing import (
    ALL_DTYPES,
    assert_array_equal,
    for_all_dtypes,
    numpy_cupylike_equal,
    sample_values,
)

CASTINGS = ["no", "equiv", "safe", "same_kind", "unsafe"]


def defined_for(to):
    """Replaces the values whose conversion to `to` C leaves undefined (NaN, infinities and
    out-of-range floats to an integer type) with zero; test_out_of_range_float_to_int pins
    down what those give."""
    to = numpy.dtype(to)

    def clean(host):
        if host.dtype.kind not in "fc" or to.kind not in "iu":
            return host
        limit = 2.0**63 if to.itemsize == 8 else 2.0**31
        with numpy.errstate(all="ignore"):
            ok = numpy.abs(host.real) < limit
        return numpy.where(ok, host, 0).astype(host.dtype)

    return clean


@for_all_dtypes("src")
@for_all_dtypes("dst")
def test_astype_matches_numpy_for_every_pair_layout_and_order(src, dst):
    for name, host, dev in layout_pairs(src, values=defined_for(dst)):
        for order in "KCFA":
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                want = host.astype(dst, order=order)
                got = dev.astype(dst, order=order)
            where = f"{name} order={order}"
            assert_array_equal(got, want, err_msg=where)
            assert got.strides == want.strides or want.size == 0, where
            assert got.flags.owndata and got.base is None


# NumPy converts NaN and out-of-range floats to integers with x86's conversion instructions
# (C leaves them undefined); its strided loops do so element by element, which cupylike
# reproduces on every device. (NumPy's contiguous float -> uint32 loop differs inside its
# vector blocks: NaN gives 2**31 there, 0 elsewhere; docs/differences.md.)
OUT_OF_RANGE = [numpy.nan, numpy.inf, -numpy.inf, 1e10, -1e10, 3e9, -3e9, 5e9, -5e9, -1.5,
                300.0, 70000.0, 2.0**31, 2.0**63, 2.0**64, -(2.0**63), 1e20, 65504.0]


@pytest.mark.skipif(platform.machine() not in ("x86_64", "AMD64"),
                    reason="NumPy's results for undefined conversions are the CPU's")
@pytest.mark.parametrize("src", ["float16", "float32", "float64", "complex64", "complex128"])
@pytest.mark.parametrize("dst", ["int8", "int16", "int32", "int64",
                                 "uint8", "uint16", "uint32", "uint64"])
def test_out_of_range_float_to_int_gives_numpy_strided_results(src, dst):
    with numpy.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore", numpy.exceptions.ComplexWarning)
        host = numpy.array(OUT_OF_RANGE, dtype=src)
        pair = numpy.stack([host, host], axis=-1)
        want = pair[:, 0].astype(dst)  # a strided source: NumPy's element-by-element loop
    dev = cupylike.asarray(host)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", numpy.exceptions.ComplexWarning)
        assert_array_equal(dev.astype(dst), want)
        assert_array_equal(dev[::-1].astype(dst), want[::-1])
        assert_array_equal(cupylike.asarray(pair)[:, 0].astype(dst), want)


@pytest.mark.parametrize("casting", CASTINGS)
def test_casting_rules_match_numpy(casting):
    for src in ALL_DTYPES:
        x = cupylike.zeros((2, 3), dtype=src)
        for dst in ALL_DTYPES:
            if numpy.can_cast(src, dst, casting):
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore", numpy.exceptions.ComplexWarning)
                    assert x.astype(dst, casting=casting).dtype == dst
            else:
                with pytest.raises(TypeError) as info:
                    x.astype(dst, casting=casting)
                with pytest.raises(TypeError) as np_info:
                    numpy.zeros((2, 3), dtype=src).astype(dst, casting=casting)
                assert str(info.value) == str(np_info.value)


@numpy_cupylike_equal(accept_error=(TypeError, ValueError))
@pytest.mark.parametrize("kwargs", [{"casting": "bad"}, {"order": "X"}, {"dtype": "f9"},
                                    {"casting": None}], ids=repr)
def test_bad_astype_arguments_raise_like_numpy(kwargs, xp):
    kwargs = {"dtype": numpy.float32, **kwargs}
    return xp.zeros(3).astype(**kwargs)


@pytest.mark.parametrize("dtype", ["U3", object, "M8[s]"], ids=str)
def test_dtypes_cupylike_lacks_raise_type_error(dtype):
    with pytest.raises(TypeError):
        cupylike.zeros(3).astype(dtype)


def test_copy_false_returns_the_array_only_when_nothing_changes():
    host = numpy.zeros((3, 4))
    x = cupylike.asarray(host)
    views = {"C": (host, x), "F": (host.T, x.T), "sliced": (host[:, ::2], x[:, ::2])}
    for name, (h, d) in views.items():
        for order in "KCFA":
            for copy in (False, None, 0, True):
                for dtype in (numpy.float64, numpy.float32):
                    same = h.astype(dtype, order=order, copy=copy) is h
                    assert (d.astype(dtype, order=order, copy=copy) is d) == same, (
                        name, order, copy, dtype)


def test_astype_none_is_float64_as_in_numpy():
    x = cupylike.zeros(3, dtype=numpy.int8)
    assert x.astype(None).dtype == numpy.zeros(3, dtype=numpy.int8).astype(None).dtype


@pytest.mark.parametrize("dst", ["float16", "float64", "int8", "uint64", "bool", "complex64"])
def test_complex_to_real_warns_like_numpy(dst):
    host = numpy.array([1 + 2j, -3.5j], dtype=numpy.complex64)
    x = cupylike.asarray(host)
    with warnings.catch_warnings(record=True) as np_caught:
        warnings.simplefilter("always")
        want = host.astype(dst)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        got = x.astype(dst)
    assert [w.category for w in caught] == [w.category for w in np_caught]
    assert [str(w.message) for w in caught] == [str(w.message) for w in np_caught]
    assert_array_equal(got, want)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        x[:0].astype(dst)  # NumPy warns for empty arrays too
    assert len(caught) == len(np_caught)


def test_complex_warning_as_error_stops_the_cast():
    x = cupylike.asarray(numpy.array([1 + 2j]))
    with warnings.catch_warnings():
        warnings.simplefilter("error", numpy.exceptions.ComplexWarning)
        with pytest.raises(numpy.exceptions.ComplexWarning):
            x.astype(numpy.float64)


def test_same_value_casting_is_not_supported_yet():
    with pytest.raises(NotImplementedError):
        cupylike.zeros(3).astype(numpy.int64, casting="same_value")


@for_all_dtypes()
def test_large_astype_is_exact(dtype):
    host = sample_values(dtype, (1 << 19) + 3, seed=2)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for dst in (numpy.float32, numpy.complex128, numpy.int16):
            clean = defined_for(dst)(host)
            assert_array_equal(cupylike.asarray(clean)[::-3].astype(dst), clean[::-3].astype(dst))
