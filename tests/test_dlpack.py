"""DLPack exchange with NumPy (and with ourselves): capsules, zero copy, lifetimes, the copy and
device requests, and the errors NumPy raises for the same requests.

On the cpu device NumPy and cupylike share memory both ways, which the tests prove by writing
through one side and reading the other; on a CUDA device NumPy's arrays are copied to the
device, as CuPy does, and the stream handshake is tested instead."""

import gc
import inspect
import sys

import numpy
import pytest
from helpers.dlpack_capsules import capsule_name, managed, tensor_fields
from helpers.layouts import layout_names, layout_pairs

import cupylike
from cupylike.testing import assert_array_equal, for_all_dtypes, sample_values

ON_CPU = cupylike.Device().kind == "cpu"
needs_cpu = pytest.mark.skipif(not ON_CPU, reason="zero copy with NumPy needs the cpu device")
needs_cuda = pytest.mark.skipif(ON_CPU, reason="about arrays on a CUDA device")

# The layouts DLPack must describe, each as a NumPy array and a cupylike array of equal values.
layouts = pytest.mark.parametrize("layout", layout_names(writeable=True))

def views(dtype, layout):
    """(NumPy array, cupylike array) of equal values in `layout`."""
    return {n: (h, d) for n, h, d in layout_pairs(dtype, writeable=True)}[layout]


def other_values(like, seed=1):
    """Values of `like`'s dtype and shape that differ from those sample_values gave it."""
    return sample_values(like.dtype, like.shape, seed) if like.size else numpy.empty(like.shape,
                                                                                    like.dtype)


# --- the producer: __dlpack_device__ and __dlpack__ ------------------------------------------


@pytest.mark.parametrize("name", ["from_dlpack", "ndarray.__dlpack__", "ndarray.__dlpack_device__"])
def test_signatures_are_numpys(name):
    ours, theirs = cupylike, numpy
    for part in name.split("."):
        ours, theirs = getattr(ours, part), getattr(theirs, part)
    assert inspect.signature(ours) == inspect.signature(theirs)


def test_dlpack_device_names_the_arrays_device():
    expected = (1, 0) if ON_CPU else (2, cupylike.Device().id)
    assert cupylike.arange(3).__dlpack_device__() == expected


@pytest.mark.parametrize("max_version, name", [
    (None, "dltensor"), ((0, 8), "dltensor"), ((1, 0), "dltensor_versioned"),
    ((1, 3), "dltensor_versioned"), ((2, 0), "dltensor_versioned")])
def test_max_version_picks_the_capsule_as_numpy_does(max_version, name):
    assert capsule_name(numpy.arange(3).__dlpack__(max_version=max_version)) == name
    assert capsule_name(cupylike.arange(3).__dlpack__(max_version=max_version)) == name


@for_all_dtypes()
@layouts
@pytest.mark.parametrize("max_version", [None, (1, 0)])
def test_capsules_hold_what_numpys_hold(dtype, layout, max_version):
    # Type codes (bool is kDLBool), shape, strides in elements, no byte offset: as NumPy's.
    host, dev = views(dtype, layout)
    ours = tensor_fields(dev.__dlpack__(max_version=max_version))
    theirs = tensor_fields(host.__dlpack__(max_version=max_version))
    if dev.size:
        assert ours["data"] == dev.data.ptr  # the first element's address
    if not ON_CPU:
        assert ours.pop("device") == (2, cupylike.Device().id)
        theirs.pop("device")
    ours.pop("data"), theirs.pop("data")
    assert ours == theirs


@pytest.mark.parametrize("max_version, error", [((1,), TypeError), (1, TypeError),
                                                (("a", 0), TypeError)])
def test_bad_max_version_raises_as_numpy(max_version, error):
    with pytest.raises(error):
        numpy.arange(3).__dlpack__(max_version=max_version)
    with pytest.raises(error):
        cupylike.arange(3).__dlpack__(max_version=max_version)


def versioned_header(capsule):
    """(major, minor, flags) of a "dltensor_versioned" capsule."""
    m = managed(capsule)
    return m.version.major, m.version.minor, m.flags


@pytest.mark.parametrize("make, copy, flags", [
    (lambda: cupylike.arange(3), None, 0),
    (lambda: cupylike.arange(3), True, 2),  # is-copied
    (lambda: cupylike.broadcast_to(cupylike.arange(3), (2, 3)), None, 1),  # read-only
])
def test_versioned_capsules_hold_dlpack_1_0_and_their_flags(make, copy, flags):
    assert versioned_header(make().__dlpack__(max_version=(1, 0), copy=copy)) == (1, 0, flags)


@pytest.mark.parametrize("copy", ["yes", ""])
def test_string_copy_raises_as_numpy(copy):
    for x in (numpy.arange(3), cupylike.arange(3)):
        with pytest.raises(ValueError, match="strings are not allowed"):
            x.__dlpack__(copy=copy)
    for xp in (numpy, cupylike):
        with pytest.raises(ValueError, match="strings are not allowed"):
            xp.from_dlpack(numpy.arange(3), copy=copy)


@pytest.mark.parametrize("dl_device, error", [
    (5, TypeError), ((1,), TypeError), ((3, 0), BufferError), ((1, 1), BufferError),
    ((7, 0), BufferError)])
def test_bad_dl_device_raises_as_numpy(dl_device, error):
    with pytest.raises(error):
        numpy.arange(3).__dlpack__(dl_device=dl_device)
    with pytest.raises(error):
        cupylike.arange(3).__dlpack__(dl_device=dl_device)


@needs_cpu
def test_stream_on_the_cpu_device_raises_as_numpy():
    for x in (numpy.arange(3), cupylike.arange(3)):
        with pytest.raises(RuntimeError, match="stream=None"):
            x.__dlpack__(stream=1)
        x.__dlpack__(stream=None)


@needs_cpu
@pytest.mark.skipif(cupylike.cuda.is_available(), reason="checks a machine without CUDA")
def test_a_cuda_device_is_unsupported_without_cuda():
    with pytest.raises(BufferError, match="unsupported device"):
        cupylike.arange(3).__dlpack__(dl_device=(2, 0))


def test_strides_that_are_not_whole_elements_raise_buffer_error():
    base = cupylike.zeros(8, dtype=numpy.int32)
    odd = cupylike.ndarray((2,), numpy.int32, base.data, strides=(6,))
    with pytest.raises(BufferError, match="whole elements"):
        odd.__dlpack__(max_version=(1, 0))


# --- NumPy consumes ours ---------------------------------------------------------------------


@needs_cpu
@for_all_dtypes()
@layouts
def test_numpy_from_dlpack_views_our_memory(dtype, layout):
    x = views(dtype, layout)[1]
    y = numpy.from_dlpack(x)
    assert_array_equal(x, y)
    assert y.strides == x.strides
    new = other_values(y)
    y[...] = new  # NumPy writes, we read
    assert_array_equal(x, new)
    again = sample_values(dtype, x.shape, 2) if x.size else new
    x[...] = cupylike.asarray(again)  # we write, NumPy reads
    numpy.testing.assert_array_equal(y, again)


@needs_cpu
def test_numpy_from_dlpack_of_bool_is_bool():
    assert numpy.from_dlpack(cupylike.asarray([True, False])).dtype == numpy.bool_


@needs_cpu
def test_numpy_keeps_our_memory_alive():
    x = cupylike.arange(1000, dtype=numpy.float64)
    y = numpy.from_dlpack(x)
    del x
    gc.collect()
    cupylike.arange(1000, dtype=numpy.float64) * 7  # would reuse a freed block
    numpy.testing.assert_array_equal(y, numpy.arange(1000.0))


@needs_cpu
def test_numpy_from_dlpack_of_a_broadcast_view_is_read_only():
    x = cupylike.broadcast_to(cupylike.arange(3.0), (2, 3))
    y = numpy.from_dlpack(x)
    assert not y.flags.writeable
    assert y.strides == (0, 8)
    numpy.testing.assert_array_equal(y, numpy.broadcast_to(numpy.arange(3.0), (2, 3)))


@needs_cpu
@pytest.mark.parametrize("copy", [True, False, None])
def test_numpy_from_dlpack_copy_request(copy):
    x = cupylike.arange(4.0)
    y = numpy.from_dlpack(x, copy=copy)
    y[0] = 9.0
    assert float(x[0]) == (0.0 if copy else 9.0)


@needs_cuda
def test_numpy_cannot_view_device_memory_but_can_ask_for_a_host_copy():
    x = cupylike.arange(4.0)
    with pytest.raises((BufferError, RuntimeError)):
        numpy.from_dlpack(x)
    y = numpy.from_dlpack(x, device="cpu")
    numpy.testing.assert_array_equal(y, numpy.arange(4.0))
    y[0] = 9.0
    assert float(x[0]) == 0.0
    with pytest.raises(BufferError, match="copy=False"):
        numpy.from_dlpack(x, device="cpu", copy=False)


@needs_cuda
def test_arrays_move_between_our_devices_when_a_copy_is_allowed():
    host = cupylike.asarray([1.0, 2.0], device="cpu")
    capsule = host.__dlpack__(max_version=(1, 0), dl_device=(2, cupylike.Device().id))
    assert versioned_header(capsule)[2] == 2
    on_gpu = cupylike.from_dlpack(capsule)
    assert on_gpu.device == cupylike.Device()
    back = cupylike.from_dlpack(on_gpu, device="cpu")
    assert back.device.kind == "cpu"
    assert_array_equal(back, numpy.array([1.0, 2.0]))
    with pytest.raises(BufferError, match="copy=False"):
        host.__dlpack__(dl_device=(2, 0), copy=False)
    with pytest.raises(BufferError, match="copy=False"):
        cupylike.from_dlpack(on_gpu, device="cpu", copy=False)


# --- we consume NumPy's ----------------------------------------------------------------------


@needs_cpu
@for_all_dtypes()
@layouts
def test_from_dlpack_views_numpy_memory(dtype, layout):
    a = views(dtype, layout)[0]
    x = cupylike.from_dlpack(a)
    assert_array_equal(x, a)
    assert x.strides == a.strides
    new = other_values(a)
    a[...] = new  # NumPy writes, we read
    assert_array_equal(x, new)
    again = sample_values(dtype, a.shape, 2) if a.size else new
    x[...] = cupylike.asarray(again)  # we write, NumPy reads
    numpy.testing.assert_array_equal(a, again)


@needs_cuda
@for_all_dtypes()
@layouts
def test_from_dlpack_copies_numpy_arrays_to_the_device(dtype, layout):
    a = views(dtype, layout)[0]
    x = cupylike.from_dlpack(a)
    assert x.device == cupylike.Device()
    assert_array_equal(x, a)
    a[...] = other_values(a)
    assert_array_equal(x, views(dtype, layout)[0])
    with pytest.raises(BufferError, match="copy=False"):
        cupylike.from_dlpack(a, copy=False)


@needs_cuda
def test_from_dlpack_to_the_cpu_device_views_numpy_memory_beside_a_gpu():
    a = numpy.arange(5.0)
    x = cupylike.from_dlpack(a, device="cpu")
    assert x.device.kind == "cpu"
    a[0] = 7.0
    assert float(x[0]) == 7.0


@needs_cpu
def test_from_dlpack_keeps_the_producer_alive_and_then_lets_it_go():
    a = numpy.arange(1000.0)
    before = sys.getrefcount(a)
    x = cupylike.from_dlpack(a)
    assert sys.getrefcount(a) > before
    view = x[10:20]
    del x
    gc.collect()
    assert sys.getrefcount(a) > before  # the view still needs the memory
    del view
    gc.collect()
    assert sys.getrefcount(a) == before


@needs_cpu
def test_from_dlpack_reads_right_after_the_producer_is_deleted():
    a = numpy.arange(1000.0)
    x = cupylike.from_dlpack(a)
    del a
    gc.collect()
    numpy.zeros(1000) + 5  # would reuse freed memory
    assert_array_equal(x, numpy.arange(1000.0))


@needs_cpu
def test_read_only_numpy_arrays_import_read_only():
    a = numpy.arange(3.0)
    a.flags.writeable = False
    x = cupylike.from_dlpack(a)
    assert not x.flags.writeable
    with pytest.raises(ValueError, match="read-only"):
        x[0] = 1.0
    with pytest.raises(ValueError):
        x.flags.writeable = True
    assert_array_equal(x, numpy.arange(3.0))


@pytest.mark.parametrize("copy", [True, None])
def test_from_dlpack_copy_true_never_shares(copy):
    a = numpy.arange(4.0)
    x = cupylike.from_dlpack(a, copy=copy)
    a[0] = 9.0
    shared = ON_CPU and copy is None
    assert float(x[0]) == (9.0 if shared else 0.0)


def test_from_dlpack_of_a_non_producer_raises_attribute_error_as_numpy():
    for xp in (numpy, cupylike):
        with pytest.raises(AttributeError, match="__dlpack__"):
            xp.from_dlpack([1, 2, 3])


@pytest.mark.parametrize("make", [lambda: numpy.array(["a", "b"]),
                                  lambda: numpy.arange(3, dtype=">i4"),
                                  lambda: numpy.arange(3, dtype="i4").astype("O")])
def test_from_dlpack_of_what_numpy_cannot_export_raises_buffer_error(make):
    for xp in (numpy, cupylike):
        with pytest.raises(BufferError):
            xp.from_dlpack(make())


def test_misaligned_elements_raise_buffer_error():
    a = numpy.zeros(17, numpy.uint8)[1:].view(numpy.int32)
    with pytest.raises(BufferError, match="aligned"):
        cupylike.from_dlpack(a)


class Forwarding:
    """Another library's producer over `x`, recording the keywords of its last __dlpack__ call;
    a `legacy` one takes only `stream`, as producers before DLPack 1.0 do."""

    def __init__(self, x, legacy=False):
        self.x, self.legacy, self.seen = x, legacy, None

    def __dlpack__(self, **kwargs):
        if self.legacy and set(kwargs) - {"stream"}:
            raise TypeError("__dlpack__() got an unexpected keyword argument")
        self.seen = kwargs
        return self.x.__dlpack__(**kwargs)

    def __dlpack_device__(self):
        return self.x.__dlpack_device__()


@needs_cpu
def test_producers_without_the_dlpack_1_keywords_get_the_legacy_call():
    a = numpy.arange(4.0)
    x = cupylike.from_dlpack(Forwarding(a, legacy=True))
    a[1] = 5.0
    assert float(x[1]) == 5.0
    for xp in (numpy, cupylike):  # NumPy cannot ask such a producer for a copy, nor can we
        with pytest.raises(TypeError):
            xp.from_dlpack(Forwarding(a, legacy=True), copy=True)


def test_a_newer_dlpack_major_version_is_refused_and_the_capsule_stays_whole():
    capsule = numpy.arange(3.0).__dlpack__(max_version=(1, 0))
    version = managed(capsule).version
    version.major = 2
    with pytest.raises(BufferError, match="newer"):
        cupylike.from_dlpack(capsule)
    assert capsule_name(capsule) == "dltensor_versioned"
    version.major = 1
    assert_array_equal(cupylike.from_dlpack(capsule), numpy.arange(3.0))
    assert capsule_name(capsule) == "used_dltensor_versioned"


# --- capsules and CuPy's names ---------------------------------------------------------------


def test_a_capsule_is_consumed_once():
    capsule = cupylike.arange(3).__dlpack__()
    cupylike.fromDlpack(capsule)
    assert capsule_name(capsule) == "used_dltensor"
    with pytest.raises(ValueError, match="consumed multiple times"):
        cupylike.fromDlpack(capsule)


def test_an_unconsumed_capsule_gives_the_memory_back(pool):
    x = cupylike.empty(1 << 16, dtype=numpy.uint8)
    capsule = x.__dlpack__(max_version=(1, 0))
    del x
    gc.collect()
    held = pool.used_bytes()
    del capsule
    gc.collect()
    assert pool.used_bytes() <= held - (1 << 16)


def test_a_consumed_capsule_leaves_the_memory_to_its_consumer(pool):
    x = cupylike.full(1 << 14, 3, dtype=numpy.int32)
    capsule = x.__dlpack__(max_version=(1, 0))
    y = cupylike.from_dlpack(capsule)
    del x, capsule
    gc.collect()
    cupylike.zeros(1 << 14, dtype=numpy.int32)  # would reuse the block if it had been freed
    assert int(y.sum()) == 3 << 14
    held = pool.used_bytes()
    del y
    gc.collect()
    assert pool.used_bytes() <= held - (1 << 16)


def test_todlpack_and_fromdlpack_share_memory():
    x = cupylike.arange(6).reshape(2, 3)
    capsule = cupylike.toDlpack(x)
    assert capsule_name(capsule) == "dltensor"
    y = cupylike.fromDlpack(capsule)
    x[0, 1] = 40
    assert int(y[0, 1]) == 40
    assert y.strides == x.strides
    with pytest.raises(TypeError, match="DLPack capsule"):
        cupylike.fromDlpack(object())


@layouts
def test_from_dlpack_of_our_own_array_is_a_view(layout):
    x = views(numpy.float32, layout)[1]
    y = cupylike.from_dlpack(x)
    assert y.device == x.device
    assert y.strides == x.strides
    new = other_values(x)
    x[...] = cupylike.asarray(new)
    assert_array_equal(y, new)


def test_overlapping_views_from_dlpack_copy_as_numpy_does():
    a = numpy.arange(10.0)
    a[1:] = a[:-1].copy()
    x = cupylike.arange(10.0)
    y = cupylike.from_dlpack(x)
    x[1:] = y[:-1]  # the same memory under another block: must be read before it is written
    assert_array_equal(x, a)


@for_all_dtypes()
def test_dtypes_round_trip_through_our_capsules(dtype):
    x = views(dtype, "sliced")[1]
    for max_version in (None, (1, 0)):
        y = cupylike.from_dlpack(x.__dlpack__(max_version=max_version))
        assert_array_equal(y, cupylike.asnumpy(x))


@pytest.mark.parametrize("copy", [False, True])
def test_from_dlpack_of_our_array_copies_only_when_asked(copy):
    x = cupylike.arange(4)
    y = cupylike.from_dlpack(x, copy=copy)
    x[2] = 11
    assert int(y[2]) == (2 if copy else 11)


# --- the stream handshake on a CUDA device ---------------------------------------------------


@needs_cuda
def test_dlpack_stream_zero_is_refused():
    with pytest.raises(ValueError, match="ambiguous"):
        cupylike.arange(3).__dlpack__(stream=0)


@needs_cuda
@pytest.mark.parametrize("consumer", [None, 1, -1])
def test_dlpack_with_the_legacy_stream_or_none(consumer):
    x = cupylike.arange(5.0) * 2
    y = cupylike.from_dlpack(x.__dlpack__(stream=consumer, max_version=(1, 0)))
    assert_array_equal(y, numpy.arange(5.0) * 2)


@needs_cuda
def test_consumers_stream_waits_for_the_producers_work():
    producer = cupylike.cuda.Stream()
    consumer = cupylike.cuda.Stream()
    x = cupylike.zeros(1 << 16, dtype=numpy.float32)
    with producer:
        x += 1.0  # queued on the producer's stream
        capsule = x.__dlpack__(stream=consumer.ptr, max_version=(1, 0))
    with consumer:
        y = cupylike.from_dlpack(capsule)
        total = float(y.sum())
    assert total == float(1 << 16)


@needs_cuda
def test_from_dlpack_passes_our_current_stream_to_the_producer():
    producer = Forwarding(cupylike.arange(4))
    cupylike.from_dlpack(producer)
    assert producer.seen["stream"] == 1 and producer.seen["max_version"] == (1, 0)
    stream = cupylike.cuda.Stream()
    with stream:
        cupylike.from_dlpack(producer)
    assert producer.seen["stream"] == stream.ptr
