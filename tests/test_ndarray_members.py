"""ndarray members NumPy has and CuPy programs use: flatten, flat, tobytes, tofile, dump and
dumps, byteswap, ptp, __format__, __contains__ and __class_getitem__, against NumPy over every
dtype and layout (0-d, empty, sliced, negative strides, transposed, broadcast)."""

import io
import pickle
import types
import typing

import numpy
import pytest
from helpers.layouts import layout_names, layout_pairs

import cupylike
from cupylike.testing import (
    ALL_DTYPES,
    assert_array_equal,
    for_all_dtypes,
    for_dtypes,
    numpy_cupylike_equal,
    sample_values,
)

pytestmark = pytest.mark.filterwarnings("ignore:.*encountered in:RuntimeWarning")


def _pair(dtype, name, writeable=False):
    return {n: (h, d) for n, h, d in layout_pairs(dtype, writeable=writeable)}[name]


# --- flatten ------------------------------------------------------------------------------


@for_all_dtypes()
@pytest.mark.parametrize("name", layout_names())
def test_flatten_in_every_order_matches_numpy_and_copies(dtype, name):
    host, dev = _pair(dtype, name)
    for order in "CFAK":
        got = dev.flatten(order)
        assert_array_equal(got, host.flatten(order), err_msg=order)
        got[...] = 0  # a copy: the array keeps its values
        assert_array_equal(dev, host, err_msg=order)
    assert_array_equal(dev.flatten(), host.flatten())


def test_flatten_is_a_copy_even_of_a_contiguous_array():
    x = cupylike.arange(6)
    y = x.flatten()
    y[0] = 7
    assert int(x[0]) == 0


@numpy_cupylike_equal(accept_error=ValueError)
def test_flatten_rejects_an_unknown_order(xp):
    return xp.arange(3).flatten("X")


# --- flat ---------------------------------------------------------------------------------

FLAT_KEYS = [0, 5, -1, -24, slice(None), slice(2, 20, 3), slice(None, None, -2), Ellipsis,
             [0, 3, 3, 7], numpy.array([[1, 2], [0, 23]]), (4,)]


@for_dtypes([numpy.float32, numpy.int64, numpy.bool_, numpy.complex128])
@pytest.mark.parametrize("name", ["C", "F", "sliced", "negative", "transposed"])
def test_flat_reads_in_c_order_like_numpy(dtype, name):
    host, dev = _pair(dtype, name)
    for key in FLAT_KEYS:
        if isinstance(key, int) and not -host.size <= key < host.size:
            continue
        if isinstance(key, (list, numpy.ndarray)):
            key = numpy.asarray(key) % host.size
        want = host.flat[key]
        got = dev.flat[key]
        # An element comes back as a 0-d array here, a scalar in NumPy.
        assert_array_equal(got, numpy.asarray(want), err_msg=repr(key))
    mask = host.ravel() > 0 if dtype != numpy.bool_ else host.ravel()
    assert_array_equal(dev.flat[cupylike.asarray(mask)], host.flat[mask])
    assert_array_equal(dev.flat[mask], host.flat[mask])


def test_flat_results_are_copies():
    x = cupylike.arange(6)
    for key in (1, slice(None), Ellipsis, [1, 2]):
        y = x.flat[key]
        y[...] = 9
    assert_array_equal(x, numpy.arange(6))


@pytest.mark.parametrize("name", layout_names(writeable=True))
def test_flat_assignment_writes_through_like_numpy(name):
    for key, value in [(0, 5), (-1, -3), (slice(None), [7, 8]), (slice(1, 9, 2), 4),
                       ([0, 0, 2], [1, 2, 3]), (Ellipsis, numpy.arange(5)),
                       (slice(3, None), [])]:
        host, dev = _pair(numpy.int32, name, writeable=True)
        host, dev = host.copy(order="K"), dev.copy(order="K")
        if host.ndim == 3:  # a non-contiguous view of the copy: writes must land in the base
            host, dev = host[::-1, :, ::2], dev[::-1, :, ::2]
        try:
            host.flat[key] = value
        except (IndexError, ValueError) as e:
            # NumPy may have written some elements before it raised; cupylike writes none.
            before = dev.get()
            with pytest.raises(type(e)):
                dev.flat[key] = value
            assert_array_equal(dev, before)
            continue
        else:
            dev.flat[key] = value
        assert_array_equal(dev, host, err_msg=f"{key!r} = {value!r}")


def test_flat_assignment_takes_boolean_masks_and_casts():
    host = numpy.arange(6.0).reshape(2, 3)
    dev = cupylike.asarray(host)
    mask = numpy.array([True, False, True, False, True, False])
    host.flat[mask] = [1.5, 2.5]
    dev.flat[cupylike.asarray(mask)] = [1.5, 2.5]
    assert_array_equal(dev, host)
    ints_h, ints_d = numpy.zeros(3, numpy.int16), cupylike.zeros(3, numpy.int16)
    ints_h.flat[1] = 2.9
    ints_d.flat[1] = 2.9
    assert_array_equal(ints_d, ints_h)


def test_flat_attribute_assignment_repeats_the_values():
    host, dev = numpy.zeros((2, 3), numpy.int8), cupylike.zeros((2, 3), numpy.int8)
    host.flat = [9, 8]
    dev.flat = [9, 8]
    assert_array_equal(dev, host)


@pytest.mark.parametrize("key", [10, -7, [0, 6], (1, 2), numpy.ones((2, 3), bool),
                                 numpy.array([True, False]), "a"])
def test_flat_bad_keys_raise_index_error_as_numpy(key):
    host, dev = numpy.arange(6).reshape(2, 3), cupylike.arange(6).reshape(2, 3)
    with pytest.raises(IndexError):
        host.flat[key]
    with pytest.raises(IndexError):
        dev.flat[key]
    with pytest.raises(IndexError):
        dev.flat[key] = 1
    assert_array_equal(dev, host)  # a failed write leaves the array alone


def test_flat_single_item_takes_one_value():
    dev = cupylike.arange(6)
    with pytest.raises(ValueError, match="single item"):
        dev.flat[1] = [5, 6]
    assert_array_equal(dev, numpy.arange(6))


@pytest.mark.parametrize("name", ["C", "negative", "0-d", "empty"])
def test_flat_iterates_like_numpy(name):
    host, dev = _pair(numpy.float64, name)
    it_h, it_d = host.flat, dev.flat
    assert len(it_d) == len(it_h) and it_d.base is dev
    assert (it_d.index, it_d.coords) == (it_h.index, it_h.coords)
    values = []
    for _ in range(min(host.size, 7)):
        values.append(float(next(it_d)))
        next(it_h)
        assert (it_d.index, it_d.coords) == (it_h.index, it_h.coords)
    numpy.testing.assert_array_equal(values, host.ravel()[:len(values)])
    assert len(list(dev.flat)) == host.size
    assert_array_equal(dev.flat.copy(), host.flat.copy())


# --- bytes, files and pickles ---------------------------------------------------------------


@for_all_dtypes()
@pytest.mark.parametrize("name", layout_names())
def test_tobytes_matches_numpy_in_every_order(dtype, name):
    host, dev = _pair(dtype, name)
    for order in ("C", "F", "A", None):
        assert dev.tobytes(order) == host.tobytes(order), order
    assert dev.tobytes() == host.tobytes()


@numpy_cupylike_equal(accept_error=ValueError)
def test_tobytes_rejects_an_unknown_order(xp):
    return xp.arange(3).tobytes("X")


@for_dtypes([numpy.float32, numpy.int16, numpy.bool_, numpy.complex64])
@pytest.mark.parametrize("name", ["C", "negative", "0-d", "empty"])
def test_tofile_binary_and_text_match_numpy(dtype, name, tmp_path):
    host, dev = _pair(dtype, name)
    for sep, fmt in [("", "%s"), (",", "%s"), (" ", "%.3f") if dtype.kind == "f" else (";", "%s")]:
        dev.tofile(tmp_path / "d", sep=sep, format=fmt)
        host.tofile(tmp_path / "h", sep=sep, format=fmt)
        assert (tmp_path / "d").read_bytes() == (tmp_path / "h").read_bytes(), (sep, fmt)
    with open(tmp_path / "open", "wb") as f:
        dev.tofile(f)
    assert (tmp_path / "open").read_bytes() == host.tobytes()


@for_all_dtypes()
def test_pickles_round_trip_through_dumps_and_dump(dtype, tmp_path):
    for name, host, dev in layout_pairs(dtype):
        back = pickle.loads(dev.dumps())
        assert isinstance(back, cupylike.ndarray) and back.device == dev.device
        assert_array_equal(back, host, err_msg=name)
        dev.dump(tmp_path / "a.pkl")
        with open(tmp_path / "a.pkl", "rb") as f:
            assert_array_equal(pickle.load(f), host, err_msg=name)
        buffer = io.BytesIO()
        dev.dump(buffer)
        assert_array_equal(pickle.loads(buffer.getvalue()), host, err_msg=name)


# --- byteswap -------------------------------------------------------------------------------


def _bits(a):
    a = numpy.ascontiguousarray(a.get() if isinstance(a, cupylike.ndarray) else a)
    return a.view(numpy.dtype(f"u{a.dtype.itemsize // (2 if a.dtype.kind == 'c' else 1)}"))


@for_all_dtypes()
@pytest.mark.parametrize("name", layout_names())
def test_byteswap_matches_numpy_bit_for_bit(dtype, name):
    host, dev = _pair(dtype, name)
    got, want = dev.byteswap(), host.byteswap()
    assert got.dtype == want.dtype and got.shape == want.shape
    numpy.testing.assert_array_equal(_bits(got), _bits(want))
    numpy.testing.assert_array_equal(_bits(got.byteswap()), _bits(host))


@for_dtypes([numpy.uint16, numpy.float64, numpy.complex64, numpy.int8])
def test_byteswap_in_place_swaps_the_array_itself(dtype):
    host = sample_values(dtype, (3, 4))
    dev = cupylike.asarray(host)
    view_h, view_d = host[:, ::-2], dev[:, ::-2]
    assert view_d.byteswap(inplace=True) is view_d
    view_h.byteswap(inplace=True)
    numpy.testing.assert_array_equal(_bits(dev), _bits(host))


# --- ptp, __contains__, __format__, __class_getitem__ ---------------------------------------


@for_dtypes([numpy.int32, numpy.uint8, numpy.float32, numpy.float64])
@pytest.mark.parametrize("name", ["C", "negative", "transposed", "0-d"])
def test_ptp_method_matches_numpy_ptp(dtype, name):
    host, dev = _pair(dtype, name)
    # NumPy 2 has numpy.ptp but no ndarray.ptp; CuPy has the method (docs/differences.md).
    assert not hasattr(host, "ptp")
    assert_array_equal(dev.ptp(), numpy.ptp(host))
    if host.ndim:
        assert_array_equal(dev.ptp(axis=0, keepdims=True), numpy.ptp(host, 0, keepdims=True))
        out = cupylike.empty(host.shape[1:], dtype)
        assert dev.ptp(0, out) is out
        assert_array_equal(out, numpy.ptp(host, 0))


@for_all_dtypes()
@pytest.mark.parametrize("name", ["C", "negative", "0-d", "empty"])
def test_contains_matches_numpy(dtype, name):
    host, dev = _pair(dtype, name)
    candidates = [0, 1, -1, 2.5, True, None, "a", (1,), ["a"]]
    candidates += [host.flat[0].item()] if host.size else []
    for value in candidates:
        assert (value in dev) is (value in host), value


FORMAT_SPECS = {"b": ["", "d"], "i": ["", "d", "05d", "x", "+"], "u": ["", "d", "o", ">6"],
                "f": ["", ".3f", "e", "10.2g", "%"], "c": ["", ".2f", "e", "^30"]}


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=[d.name for d in ALL_DTYPES])
def test_format_spec_on_0d_arrays_formats_as_numpy_scalars(dtype):
    for value in sample_values(dtype, (4,)):
        host, dev = numpy.asarray(value), cupylike.asarray(value)
        for spec in FORMAT_SPECS[dtype.kind]:
            try:
                want = format(host, spec)
            except (TypeError, ValueError) as e:
                with pytest.raises(type(e)):
                    format(dev, spec)
                continue
            assert format(dev, spec) == want, spec
    assert f"{cupylike.asarray(1.5):.3f}" == "1.500"


def test_format_spec_on_arrays_with_dimensions_raises_type_error():
    for shape in [(3,), (0,), (2, 2)]:
        host, dev = numpy.ones(shape), cupylike.ones(shape)
        assert format(dev, "") == format(host, "") == str(host)
        with pytest.raises(TypeError, match="unsupported format string"):
            format(host, ".3f")
        with pytest.raises(TypeError, match="unsupported format string"):
            format(dev, ".3f")


def test_class_getitem_gives_a_generic_alias_as_numpy():
    alias = cupylike.ndarray[typing.Any, numpy.dtype[numpy.float64]]
    assert isinstance(alias, types.GenericAlias) and alias.__origin__ is cupylike.ndarray
    assert alias.__args__ == (typing.Any, numpy.dtype[numpy.float64])
    assert cupylike.ndarray[int].__args__ == numpy.ndarray[int].__args__
    with pytest.raises(TypeError, match="Too many arguments"):
        numpy.ndarray[int, int, int]
    with pytest.raises(TypeError, match="Too many arguments"):
        cupylike.ndarray[int, int, int]
