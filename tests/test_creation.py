"""empty, zeros, empty_like, zeros_like and the ndarray constructor, against NumPy."""

import numpy
import pytest

import cupylike
from cupylike.testing import ALL_DTYPES, assert_array_equal, for_all_dtypes, numpy_cupylike_equal

SHAPES = [(), 0, 5, (0,), (2, 0), (3, 4), (2, 3, 4), [2, 2], numpy.int64(3), (1, 1, 1, 1)]


@for_all_dtypes()
@pytest.mark.parametrize("shape", SHAPES, ids=repr)
@pytest.mark.parametrize("order", ["C", "F"])
def test_zeros_matches_numpy(dtype, shape, order):
    x = cupylike.zeros(shape, dtype=dtype, order=order)
    want = numpy.zeros(shape, dtype=dtype, order=order)
    assert_array_equal(x, want, strides_check=True)
    assert x.flags.owndata and x.base is None


@pytest.mark.parametrize("shape", SHAPES, ids=repr)
@pytest.mark.parametrize("order", ["C", "F"])
def test_empty_has_numpy_shape_strides_and_flags(shape, order):
    x = cupylike.empty(shape, dtype=numpy.int16, order=order)
    want = numpy.empty(shape, dtype=numpy.int16, order=order)
    assert (x.shape, x.strides, x.dtype) == (want.shape, want.strides, want.dtype)
    assert x.flags.c_contiguous == want.flags.c_contiguous
    assert x.flags.f_contiguous == want.flags.f_contiguous
    assert (x.size, x.ndim, x.itemsize, x.nbytes) == (want.size, want.ndim, want.itemsize,
                                                      want.nbytes)


def test_default_dtype_is_float64():
    assert cupylike.empty(3).dtype == numpy.float64
    assert cupylike.zeros((2,)).dtype == numpy.float64


@numpy_cupylike_equal(accept_error=(TypeError, ValueError))
@pytest.mark.parametrize(
    "shape", [-1, (2, -3), (2**62, 2**62), (2**40, 2**40, 2**40), 2.5, "3", None, (1,) * 65],
    ids=repr,
)
@pytest.mark.parametrize("fn", ["empty", "zeros"])
def test_bad_shapes_raise_like_numpy(fn, shape, xp):
    return getattr(xp, fn)(shape)


class _MadeOnAccess:
    """A sequence whose items exist only while the caller holds them (like range's)."""

    def __init__(self, values, log):
        self.values, self.log = values, log

    def __len__(self):
        return len(self.values)

    def __getitem__(self, i):
        return _LoggedIndex(self.values[i], self.log)


class _LoggedIndex:
    def __init__(self, value, log):
        self.value, self.log = value, log

    def __index__(self):
        self.log.append(("read", self.value))
        return self.value

    def __del__(self):
        self.log.append(("freed", self.value))


def test_shape_items_made_on_access_are_held_while_read():
    log = []
    a = cupylike.zeros(_MadeOnAccess([300, 2], log))
    assert a.shape == (300, 2)
    assert log == [("read", 300), ("freed", 300), ("read", 2), ("freed", 2)]


@pytest.mark.parametrize("shape", [range(300, 302), numpy.array([3, 4]), numpy.arange(2)],
                         ids=repr)
def test_shapes_from_ranges_and_numpy_arrays_match_numpy(shape):
    assert cupylike.empty(shape).shape == numpy.empty(shape).shape
    assert cupylike.ones(shape).reshape(shape).shape == numpy.ones(shape).reshape(shape).shape


@numpy_cupylike_equal(accept_error=ValueError)
def test_bad_order_raises_value_error(xp):
    return xp.zeros(3, order="X")


def _prototypes():
    base = numpy.arange(120, dtype=numpy.float32).reshape(4, 5, 6)
    return {
        "C": base,
        "F": numpy.asfortranarray(base),
        "permuted": base.transpose(2, 0, 1),
        "sliced": base[:, ::2, 1:],
        "reversed": base[::-1, :, ::-1],
        "zero_d": base[1, 2, 3],
        "empty": base[:0],
    }


@pytest.mark.parametrize("name", list(_prototypes()))
@pytest.mark.parametrize("order", ["K", "C", "F", "A"])
@pytest.mark.parametrize("dtype", [None, numpy.int8, numpy.complex128], ids=str)
def test_like_functions_follow_numpy_layout_rules(name, order, dtype):
    host = numpy.asarray(_prototypes()[name])
    proto = cupylike.asarray(host)
    # The prototype's layout on the device may differ from a non-dense host view, so compare
    # with NumPy's result for the device prototype's own layout.
    ref = numpy.lib.stride_tricks.as_strided(numpy.zeros(1, host.dtype), proto.shape,
                                             proto.strides) if proto.size else host
    for cp_fn, np_fn in [(cupylike.empty_like, numpy.empty_like),
                         (cupylike.zeros_like, numpy.zeros_like)]:
        x = cp_fn(proto, dtype=dtype, order=order)
        want = np_fn(ref, dtype=dtype, order=order)
        assert (x.shape, x.dtype) == (want.shape, want.dtype)
        if want.size:
            assert x.strides == want.strides, (cp_fn.__name__, x.strides, want.strides)
        assert x.device == proto.device
    assert_array_equal(cupylike.zeros_like(proto, dtype=dtype, order=order),
                       numpy.zeros_like(host, dtype=dtype, order=order))


def test_like_functions_accept_numpy_prototypes_and_new_shapes():
    host = numpy.zeros((3, 4), dtype=numpy.uint8, order="F")
    x = cupylike.zeros_like(host)
    assert x.strides == numpy.zeros_like(host).strides and x.dtype == numpy.uint8
    y = cupylike.empty_like(cupylike.asarray(host), shape=(2, 5))
    assert y.shape == (2, 5) and y.strides == numpy.empty_like(host, shape=(2, 5)).strides
    z = cupylike.empty_like(cupylike.asarray(host), shape=(7,))
    assert z.strides == (1,)


def test_ndarray_constructor_allocates_or_wraps_memory():
    x = cupylike.ndarray((2, 3), dtype=numpy.int32)
    assert (x.shape, x.strides, x.dtype) == ((2, 3), (12, 4), numpy.int32)
    f = cupylike.ndarray((2, 3), order="F")
    assert f.strides == (8, 16)
    src = cupylike.asarray(numpy.arange(12, dtype=numpy.int32))
    view = cupylike.ndarray((3, 2), dtype=numpy.int32, memptr=src.data + 8, strides=(16, 4))
    assert_array_equal(view, numpy.arange(12, dtype=numpy.int32)[2:].reshape(5, 2)[::2][:3])
    with pytest.raises(ValueError):
        cupylike.ndarray((16, 16), dtype=numpy.int32, memptr=src.data)  # block: 512 bytes
    with pytest.raises(ValueError):
        cupylike.ndarray((2,), strides=(8,))


def test_all_dtypes_have_numpy_itemsizes():
    for dtype in ALL_DTYPES:
        assert cupylike.empty(3, dtype=dtype).itemsize == dtype.itemsize


# numpy.array of lists holding device arrays: stacked on the device (NumPy stacks its own).
NESTED = {
    "0-d arrays": lambda xp: [xp.asarray(0), xp.asarray(10), xp.asarray(50)],
    "arrays and scalars": lambda xp: [xp.asarray(1, dtype=xp.float32), 2.5, 3],
    "int8 rows": lambda xp: [xp.arange(3, dtype=xp.int8), xp.arange(3, 6, dtype=xp.int8)],
    "nested with lists": lambda xp: [[xp.arange(2), [5, 6]], ([7, 8], xp.arange(2)[::-1])],
    "tuple of 2-d": lambda xp: (xp.ones((2, 3)), xp.zeros((2, 3))),
    "bool with int": lambda xp: [xp.asarray([True, False]), xp.asarray([2, 3], dtype=xp.uint8)],
    "empty rows": lambda xp: [xp.zeros(0), xp.zeros(0)],
}


@pytest.mark.parametrize("case", sorted(NESTED))
@pytest.mark.parametrize("dtype", [None, numpy.complex64], ids=str)
def test_array_of_lists_of_device_arrays_matches_numpy(case, dtype):
    expected = numpy.array(NESTED[case](numpy), dtype=dtype)
    for make in (cupylike.array, cupylike.asarray):
        actual = make(NESTED[case](cupylike), dtype=dtype)
        assert isinstance(actual, cupylike.ndarray)
        assert actual.dtype == expected.dtype and actual.shape == expected.shape
        assert_array_equal(actual, expected)


def test_array_of_device_arrays_in_fortran_order():
    rows = [cupylike.arange(3.0), cupylike.arange(3.0, 6.0)]
    actual = cupylike.array(rows, order="F")
    assert actual.flags.f_contiguous and not actual.flags.c_contiguous
    assert_array_equal(actual, numpy.arange(6.0).reshape(2, 3))


def test_array_of_device_arrays_with_ndmin_matches_numpy():
    actual = cupylike.array([cupylike.asarray(1), cupylike.asarray(2)], ndmin=3)
    assert_array_equal(actual, numpy.array([numpy.asarray(1), numpy.asarray(2)], ndmin=3))


def test_array_of_ragged_device_arrays_raises_numpys_error():
    with pytest.raises(ValueError, match="inhomogeneous shape after 1 dimensions"):
        cupylike.array([cupylike.arange(2), cupylike.arange(3)])
    with pytest.raises(ValueError, match="inhomogeneous shape after 2 dimensions"):
        cupylike.array([[cupylike.arange(2), cupylike.arange(3)]])
