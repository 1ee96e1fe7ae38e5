"""Host <-> device transfers: asarray, array, asnumpy, get, set, against NumPy's values,
dtypes and layouts."""

import operator
import pickle

import numpy
import pytest

import cupylike
from cupylike.testing import ALL_DTYPES, assert_array_equal, for_all_dtypes, sample_values

SHAPES = [(), (0,), (0, 3), (1,), (7,), (3, 4), (2, 3, 4), (1_000_003,)]


def layouts(host):
    """The same values in the layouts NumPy arrays come in."""
    yield "C", host
    if host.ndim >= 2:
        yield "F", numpy.asfortranarray(host)
        yield "transposed", host.T
    if host.ndim >= 3:
        yield "permuted", host.transpose(1, 0, 2)
    if host.ndim >= 1 and host.size:
        yield "reversed", host[::-1]
        yield "strided", host[::2]
        yield "broadcast", numpy.broadcast_to(host[:1], (3,) + host.shape[1:])


@for_all_dtypes()
@pytest.mark.parametrize("shape", SHAPES, ids=str)
def test_round_trip_keeps_values_dtype_and_layout(dtype, shape):
    base = sample_values(dtype, shape)
    for name, host in layouts(base):
        x = cupylike.asarray(host)
        assert x.dtype == host.dtype and x.shape == host.shape, name
        # Layout: NumPy's own where its bytes move as they are, else numpy.array(order='K').
        expected = numpy.array(host, order="K") if not _dense_positive(host) else host
        if host.size:
            assert x.strides == expected.strides, name
        back = cupylike.asnumpy(x)
        assert_array_equal(back, host, err_msg=name)
        assert back.flags.c_contiguous


def _dense_positive(a):
    if any(s < 0 for s in a.strides):
        return False
    if a.size <= 1:
        return True
    axes = sorted((s, n) for s, n in zip(a.strides, a.shape, strict=True) if n != 1)
    if any(s < 0 for s, _ in axes):
        return False
    expected = a.itemsize
    for s, n in axes:
        if s != expected:
            return False
        expected *= n
    return True


@pytest.mark.parametrize("order", ["C", "F", "A", "K"])
@pytest.mark.parametrize("view", ["c", "f", "t3", "slice", "rev", "zero_d", "empty"])
def test_get_returns_the_requested_order(order, view):
    host = numpy.arange(60, dtype=numpy.float32).reshape(3, 4, 5)
    x = cupylike.asarray(host)
    pick = {
        "c": lambda a: a,
        "f": lambda a: a.T.reshape(5, 12, order="F") if False else a.transpose(2, 1, 0),
        "t3": lambda a: a.transpose(1, 0, 2),
        "slice": lambda a: a[:, 1:3, ::2],
        "rev": lambda a: a[::-1, :, ::-2],
        "zero_d": lambda a: a[1, 2, 3],
        "empty": lambda a: a[:, :0],
    }[view]
    got = pick(x).get(order=order)
    want = pick(host)
    assert_array_equal(got, numpy.asarray(want))
    if order == "C":
        assert got.flags.c_contiguous
    elif order == "F":
        assert got.flags.f_contiguous
    elif order == "A" and want.flags.f_contiguous:
        assert got.flags.f_contiguous


@pytest.mark.parametrize("out_layout", ["C", "F", "strided"])
def test_get_into_out_writes_every_element(out_layout):
    host = sample_values(numpy.float64, (6, 5))
    x = cupylike.asarray(host)
    big = numpy.full((12, 5), -7.0)
    out = {"C": numpy.empty((6, 5)), "F": numpy.empty((6, 5), order="F"), "strided": big[::2]}[
        out_layout
    ]
    r = x.get(out=out)
    assert r is out
    assert_array_equal(out, host)
    if out_layout == "strided":
        assert (big[1::2] == -7.0).all()
    r = cupylike.asnumpy(x.T, out=numpy.empty((5, 6)))
    assert_array_equal(r, host.T)


def test_get_into_wrong_out_raises():
    x = cupylike.zeros((2, 3))
    with pytest.raises(ValueError):
        x.get(out=numpy.empty((3, 2)))
    with pytest.raises(TypeError):
        x.get(out=numpy.empty((2, 3), dtype=numpy.float32))
    with pytest.raises(TypeError):
        x.get(out=[0, 0])
    readonly = numpy.empty((2, 3))
    readonly.flags.writeable = False
    with pytest.raises(ValueError):
        x.get(out=readonly)


@for_all_dtypes()
def test_set_writes_values_of_any_host_layout(dtype):
    values = sample_values(dtype, (4, 6), seed=3)
    for target in ["C", "F"]:
        x = cupylike.zeros((4, 6), dtype=dtype, order=target)
        x.set(values.T.copy().T)  # an F-ordered host array into either layout
        assert_array_equal(x, values)
        x.set(values[::-1][::-1])
        assert_array_equal(x, values)


def test_set_rejects_mismatches_and_read_only_targets():
    x = cupylike.zeros((2, 3))
    with pytest.raises(ValueError):
        x.set(numpy.zeros((3, 2)))
    with pytest.raises(TypeError):
        x.set(numpy.zeros((2, 3), dtype=numpy.float32))
    with pytest.raises(TypeError):
        x.set([[0, 0, 0], [0, 0, 0]])
    x.flags.writeable = False
    with pytest.raises(ValueError):
        x.set(numpy.ones((2, 3)))
    x.flags.writeable = True
    x.set(numpy.ones((2, 3)))
    assert_array_equal(x, numpy.ones((2, 3)))


@pytest.mark.parametrize(
    "obj",
    [3, -2.5, 1 + 2j, True, [1, 2, 3], [[1.0, 2.0], [3.0, 4.0]], [], [[]], (1, 2.0),
     [True, False], numpy.float32(3), numpy.array(5, dtype=numpy.uint16), 2**63],
    ids=repr,
)
def test_asarray_of_python_and_numpy_values_matches_numpy(obj):
    x = cupylike.asarray(obj)
    want = numpy.asarray(obj)
    assert_array_equal(x, want)


@pytest.mark.parametrize("dtype", [None, numpy.float32, "i2", complex], ids=str)
def test_asarray_dtype_converts_on_the_host(dtype):
    obj = [[1, 2], [3, 4]]
    assert_array_equal(cupylike.asarray(obj, dtype=dtype), numpy.asarray(obj, dtype=dtype))
    assert_array_equal(cupylike.array(numpy.array(obj), dtype=dtype),
                       numpy.array(numpy.array(obj), dtype=dtype))


@pytest.mark.parametrize("order", ["C", "F"])
def test_asarray_order_of_host_data_matches_numpy(order):
    host = numpy.arange(24.0).reshape(2, 3, 4)[:, ::-1]
    x = cupylike.asarray(host, order=order)
    want = numpy.asarray(host, order=order)
    assert_array_equal(x, want)
    assert x.strides == want.strides


def test_asarray_of_a_cupylike_array_returns_it_unless_a_copy_is_asked():
    x = cupylike.asarray(numpy.arange(6.0))
    assert cupylike.asarray(x) is x
    assert cupylike.asarray(x, dtype=numpy.float64, device=x.device) is x
    y = cupylike.asarray(x, copy=True)
    assert y is not x and y.base is None and y.data.ptr != x.data.ptr
    assert_array_equal(y, x.get())
    z = cupylike.array(x)
    assert z is not x
    assert_array_equal(z, x.get())
    assert cupylike.array(x, copy=False) is x
    assert cupylike.array(x.reshape(2, 3).T, order="F", copy=None).flags.f_contiguous


def test_copy_false_that_cannot_be_honoured_raises_value_error():
    with pytest.raises(ValueError):
        cupylike.asarray(numpy.zeros(3), copy=False)
    x = cupylike.zeros((2, 3))
    with pytest.raises(ValueError):
        cupylike.asarray(x, dtype=numpy.float32, copy=False)
    with pytest.raises(ValueError):
        cupylike.asarray(x, order="F", copy=False)


def test_array_ndmin_prepends_axes_like_numpy():
    for ndmin in range(4):
        assert cupylike.array([1, 2], ndmin=ndmin).shape == numpy.array([1, 2], ndmin=ndmin).shape
    assert cupylike.array(5.0, ndmin=2).strides == numpy.array(5.0, ndmin=2).strides


def test_asnumpy_of_host_objects_is_numpy_asarray():
    assert_array_equal(cupylike.asnumpy([1, 2]), numpy.asarray([1, 2]))
    h = numpy.arange(3)
    assert cupylike.asnumpy(h) is h


@pytest.mark.parametrize("convert", [numpy.asarray, numpy.array, numpy.ascontiguousarray])
def test_implicit_conversion_to_numpy_raises_type_error(convert):
    x = cupylike.zeros(3)
    with pytest.raises(TypeError, match="asnumpy"):
        convert(x)


@for_all_dtypes()
def test_scalar_conversions_match_numpy(dtype):
    host = sample_values(dtype, (1,), seed=5)
    x = cupylike.asarray(host)
    for conv in (bool, complex):
        assert conv(x[0]) == conv(host[0]) or numpy.isnan(host[0])
    if dtype.kind != "c":
        assert float(x[0]) == float(host[0]) or numpy.isnan(host[0])
    if dtype.kind in "biu":
        assert int(x[0]) == int(host[0])
        if dtype.kind != "b":
            assert operator.index(x[0]) == operator.index(host[0])
    assert x.item() == host.item() or numpy.isnan(host.item())
    assert x.tolist() == host.tolist() or dtype.kind in "fc"


def test_scalar_conversion_errors_match_numpy():
    for host in (numpy.zeros(2), numpy.zeros(0), numpy.zeros((2, 2), dtype=numpy.int64)):
        x = cupylike.asarray(host)
        for conv in (bool, int, float, complex):
            try:
                conv(host)
            except Exception as e:
                with pytest.raises(type(e)):
                    conv(x)
    with pytest.raises(TypeError):
        [0, 1][cupylike.asarray(1.0)]
    with pytest.raises(ValueError):
        cupylike.zeros(2).item()


def test_repr_and_str_look_like_numpy():
    host = numpy.arange(6.0).reshape(2, 3)
    x = cupylike.asarray(host)
    assert repr(x) == repr(host)
    assert str(x) == str(host)


def test_pickle_round_trip_keeps_values_and_device():
    x = cupylike.asarray(sample_values(numpy.complex64, (3, 5)))
    y = pickle.loads(pickle.dumps(x))
    assert isinstance(y, cupylike.ndarray) and y.device == x.device
    assert_array_equal(y, x.get())


@pytest.mark.parametrize("make", [
    lambda x: x, lambda x: cupylike.asfortranarray(x), lambda x: x[::2, ::-1], lambda x: x[1, 1],
    lambda x: x[:0]], ids=["c", "f", "strided", "0-d", "empty"])
def test_pickle_5_keeps_values_layout_and_device(make):
    x = make(cupylike.asarray(sample_values(numpy.float32, (4, 6))))
    buffers = []
    data = pickle.dumps(x, protocol=5, buffer_callback=buffers.append)
    y = pickle.loads(data, buffers=buffers)
    assert isinstance(y, cupylike.ndarray) and y.device == x.device
    assert y.flags.f_contiguous == x.flags.f_contiguous or not x.flags.forc
    assert_array_equal(y, x.get())
    # The bytes travel out of band: the stream holds no copy of them.
    assert len(buffers) == 1 and len(data) < 400


def test_pickle_5_of_a_cpu_array_reads_its_memory_without_a_copy():
    x = cupylike.arange(1000.0)
    if x.device.kind != "cpu":
        pytest.skip("a device array is copied to the host to be pickled")
    buffers = []
    pickle.dumps(x, protocol=5, buffer_callback=buffers.append)
    view = numpy.asarray(buffers[0].raw()).view(numpy.float64)
    x[3] = -1.0  # the buffer is the array's memory
    assert view[3] == -1.0


def test_large_round_trip_is_exact():
    host = numpy.random.default_rng(1).standard_normal(3 * 2**20 + 17).astype(numpy.float32)
    x = cupylike.asarray(host)
    assert_array_equal(x.get(), host)
    x.set(host[::-1].copy())
    assert_array_equal(x, host[::-1])


def test_every_dtype_survives_a_device_copy():
    for dtype in ALL_DTYPES:
        host = sample_values(dtype, (5, 3))
        x = cupylike.asarray(host)
        assert_array_equal(x.copy(), host)
        assert_array_equal(x.T.copy(order="F"), host.T)
