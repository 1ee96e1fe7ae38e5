"""Rounding against NumPy: rint, floor, ceil and trunc loop by loop (halves, signed zeros,
NaNs, values beyond 2**52), and the functions fix and around/round with NumPy's algorithm for
decimals on floats, integers and complex numbers."""

import warnings

import numpy
import pytest
from helpers.ufunc_numpy_checks import check_layouts, check_loop, loops, warm_up

import cupylike
from cupylike._core import _numpy_version
from cupylike.testing import (
    ALL_DTYPES,
    assert_array_equal,
    for_all_dtypes,
    for_dtypes,
    numpy_cupylike_equal,
    sample_values,
)

ROUNDING = ["rint", "floor", "ceil", "trunc"]


@pytest.fixture(scope="module", autouse=True)
def _kernels():
    warm_up(ROUNDING + ["multiply", "divide"])


@pytest.mark.parametrize("name, sig", loops(ROUNDING))
def test_loop_matches_numpy_on_edge_and_random_values(name, sig):
    check_loop(name, sig)


@pytest.mark.parametrize("name, sig", loops(ROUNDING))
def test_loop_matches_numpy_in_every_layout(name, sig):
    check_layouts(name, sig)


@for_all_dtypes()
@pytest.mark.parametrize("name", ROUNDING)
@numpy_cupylike_equal(accept_error=TypeError)
def test_result_dtype_is_numpys(xp, name, dtype):
    # floor, ceil and trunc keep integers and bools (NumPy 2.4's loops); rint makes floats of
    # them; none of them take complex except rint.
    return getattr(xp, name)(xp.asarray(sample_values(dtype, (5,))))


@for_dtypes([d for d in ALL_DTYPES if d.kind != "b"])
@numpy_cupylike_equal()
def test_fix_rounds_toward_zero(xp, dtype):
    if numpy.dtype(dtype).kind == "c":
        pytest.skip("numpy.fix has no complex loop")
    return xp.fix(xp.asarray(sample_values(dtype, (4, 5))))


@numpy_cupylike_equal()
def test_fix_writes_into_out(xp):
    out = xp.empty(4)
    res = xp.fix(xp.asarray(numpy.array([-2.5, 2.5, -0.5, 7.9])), out=out)
    assert res is out
    return out


@pytest.mark.parametrize("version", [(2, 4), (2, 5)])
def test_fix_is_deprecated_from_numpy_2_5(monkeypatch, version):
    monkeypatch.setattr(_numpy_version, "NUMPY_VERSION", version)
    x = cupylike.asarray(numpy.array([-2.5, 2.5]))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert_array_equal(cupylike.fix(x), numpy.array([-2.0, 2.0]))
    deprecations = [w for w in caught if issubclass(w.category, DeprecationWarning)]
    assert len(deprecations) == (version >= (2, 5))
    # NumPy 2.5's message, and the caller's line.
    assert all("fix is deprecated. Use numpy.trunc" in str(w.message) and w.filename == __file__
               for w in deprecations)


DECIMALS = [-3, -1, 0, 1, 2, 5, 12]


@pytest.mark.parametrize("decimals", DECIMALS)
@pytest.mark.parametrize("dtype", ["float16", "float32", "float64", "complex64", "complex128"])
@numpy_cupylike_equal()
def test_around_floats_and_complex_as_numpy(xp, dtype, decimals):
    values = numpy.array([0.5, 1.5, 2.5, -2.5, 2.675, 1234.5678, -0.0, 1e-7, 123456789.125,
                          numpy.nan, numpy.inf, -numpy.inf, 0.125, -45.05])
    with numpy.errstate(all="ignore"):
        x = values.astype(numpy.dtype(dtype).char.lower()).astype(dtype)
        x = xp.asarray(x * (1 - 1j) if x.dtype.kind == "c" else x)
        return xp.around(x, decimals), xp.round(x, decimals=decimals), x.round(decimals)


@pytest.mark.parametrize("decimals", DECIMALS)
@pytest.mark.parametrize("dtype", ["int8", "uint8", "int32", "int64", "uint64", "bool"])
@numpy_cupylike_equal(accept_error=TypeError)
def test_around_integers_as_numpy(xp, dtype, decimals):
    # Integers stay as they are for decimals >= 0 and round half to even through float64
    # (then cast back) for negative decimals; bools round as floats.
    x = xp.asarray(sample_values(dtype, (3, 4), seed=2))
    with numpy.errstate(all="ignore"):
        return xp.round(x, decimals)


@numpy_cupylike_equal()
def test_around_integers_round_half_to_even(xp):
    return xp.round(xp.asarray(numpy.array([15, 25, -15, 149, 150, 250], numpy.int16)), -1)


@pytest.mark.parametrize("decimals", [0, 2, -1])
@numpy_cupylike_equal()
def test_around_writes_into_out(xp, decimals):
    out = xp.zeros((2, 3), numpy.float32)
    x = xp.asarray(numpy.array([[1.25, -2.5, 3.14159], [100.5, 7.0, -0.05]], numpy.float32))
    res = xp.around(x, decimals, out=out)
    assert res is out
    c = xp.asarray(numpy.array([1.25 - 2.5j, 3.5 + 0.5j]))
    c_out = xp.zeros(2, numpy.complex128)
    assert xp.round(c, decimals, out=c_out) is c_out
    return out, c_out


@numpy_cupylike_equal(accept_error=ValueError)
def test_around_out_of_another_size_raises(xp):
    return xp.around(xp.ones(4), 1, out=xp.ones(3))


@numpy_cupylike_equal()
def test_around_of_a_0d_array(xp):
    return xp.round(xp.asarray(numpy.float32(2.675)), 2)
