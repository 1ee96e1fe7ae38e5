"""The CUDA array interface (version 3): the dict arrays on a CUDA device offer, zero-copy
asarray / array(copy=False) of any object that offers one, its stream rule, and its absence
on the cpu device."""

import gc
import weakref

import numpy
import pytest
from helpers.layouts import layout_names, layout_pairs

import cupylike
from cupylike.testing import assert_array_equal, for_all_dtypes, sample_values

ON_CPU = cupylike.Device().kind == "cpu"
needs_cuda = pytest.mark.skipif(ON_CPU, reason="the CUDA array interface needs a CUDA device")

layouts = pytest.mark.parametrize("layout", layout_names(writeable=True))


class Exporter:
    """Another library's array: nothing but the interface (a snapshot of `x`'s, or `iface`),
    holding `x` so its memory lives as long as this object."""

    def __init__(self, x, **changes):
        self.x = x
        self.__cuda_array_interface__ = dict(x.__cuda_array_interface__, **changes)


def view(dtype, layout):
    """(cupylike array, NumPy array of the same values) in `layout`."""
    return dict((n, (d, h)) for n, h, d in layout_pairs(dtype, writeable=True))[layout]


@pytest.mark.cpu_device("arrays on the cpu device have no CUDA array interface")
def test_cpu_arrays_have_no_cuda_array_interface():
    x = cupylike.arange(3)
    assert not hasattr(x, "__cuda_array_interface__")
    with pytest.raises(AttributeError, match="__cuda_array_interface__"):
        x.__cuda_array_interface__


@needs_cuda
@for_all_dtypes()
def test_interface_describes_the_array(dtype):
    x = cupylike.asarray(sample_values(dtype, (2, 3)))
    iface = x.__cuda_array_interface__
    assert iface["version"] == 3
    assert iface["shape"] == (2, 3)
    assert iface["typestr"] == numpy.dtype(dtype).str
    assert iface["descr"] == [("", numpy.dtype(dtype).str)]
    assert iface["data"] == (x.data.ptr, False)
    assert iface["strides"] is None
    assert iface["stream"] == 1  # the legacy default stream: this thread's current one


@needs_cuda
def test_interface_gives_strides_for_other_layouts_and_the_first_elements_address():
    x = cupylike.arange(20.0).reshape(4, 5)[::-1, ::2]
    iface = x.__cuda_array_interface__
    assert iface["strides"] == x.strides == (-40, 16)
    assert iface["data"][0] == x.data.ptr
    zero_d = cupylike.asarray(3.0).__cuda_array_interface__
    assert zero_d["shape"] == () and zero_d["strides"] is None


@needs_cuda
def test_interface_of_a_broadcast_view_is_read_only():
    x = cupylike.broadcast_to(cupylike.arange(3.0), (2, 3))
    assert x.__cuda_array_interface__["data"][1] is True


@needs_cuda
def test_interface_names_the_current_stream():
    x = cupylike.arange(3)
    stream = cupylike.cuda.Stream()
    with stream:
        assert x.__cuda_array_interface__["stream"] == stream.ptr


@needs_cuda
@for_all_dtypes()
@layouts
def test_asarray_of_an_interface_views_the_memory(dtype, layout):
    x, host = view(dtype, layout)
    y = cupylike.asarray(Exporter(x))
    assert isinstance(y, cupylike.ndarray)
    assert y.shape == x.shape and y.dtype == x.dtype
    if x.size:  # strides None, a C-contiguous layout, is all an empty array's interface says
        assert y.strides == x.strides
    assert_array_equal(y, host)
    if x.size:
        new = sample_values(dtype, x.shape, 1)
        y[...] = cupylike.asarray(new)  # written through the view, read from the producer
        assert_array_equal(x, new)


@needs_cuda
def test_array_copy_false_views_and_array_copies():
    x = cupylike.arange(4.0)
    shared = cupylike.array(Exporter(x), copy=False)
    copied = cupylike.array(Exporter(x))
    x[0] = 9.0
    assert float(shared[0]) == 9.0
    assert float(copied[0]) == 0.0
    cast = cupylike.asarray(Exporter(x), dtype=numpy.float32)
    assert cast.dtype == numpy.float32 and float(cast[0]) == 9.0


@needs_cuda
def test_read_only_interface_gives_a_read_only_array():
    x = cupylike.broadcast_to(cupylike.arange(3.0), (2, 3))
    y = cupylike.asarray(Exporter(x))
    assert not y.flags.writeable
    with pytest.raises(ValueError, match="read-only"):
        y[0, 0] = 1.0
    assert_array_equal(y, numpy.broadcast_to(numpy.arange(3.0), (2, 3)))


@needs_cuda
def test_the_view_keeps_the_exporter_alive_and_then_lets_it_go():
    exporter = Exporter(cupylike.arange(1000.0))
    alive = weakref.ref(exporter)
    y = cupylike.asarray(exporter)
    del exporter
    gc.collect()
    assert alive() is not None
    cupylike.arange(1000.0) * 3  # would reuse a freed block
    assert_array_equal(y, numpy.arange(1000.0))
    del y
    gc.collect()
    assert alive() is None


@needs_cuda
def test_masked_interfaces_are_not_supported_as_in_cupy():
    with pytest.raises(NotImplementedError, match="mask"):
        cupylike.asarray(Exporter(cupylike.arange(3), mask=object()))
    assert_array_equal(cupylike.asarray(Exporter(cupylike.arange(3), mask=None)), numpy.arange(3))


@needs_cuda
def test_stream_zero_is_refused():
    with pytest.raises(ValueError, match="ambiguous"):
        cupylike.asarray(Exporter(cupylike.arange(3), stream=0))


@needs_cuda
@pytest.mark.parametrize("stream", [None, 1])
def test_interfaces_without_a_stream_or_on_the_legacy_stream(stream):
    x = cupylike.arange(4) * 3
    exporter = Exporter(x, stream=stream)
    if stream is None:
        del exporter.__cuda_array_interface__["stream"]
    assert_array_equal(cupylike.asarray(exporter), numpy.arange(4) * 3)


@needs_cuda
def test_our_stream_waits_for_the_producers_stream():
    producer = cupylike.cuda.Stream()
    x = cupylike.zeros(1 << 16, dtype=numpy.float32)
    with producer:
        x += 2.0  # queued on the producer's stream, which the interface names
        exporter = Exporter(x)
    assert exporter.__cuda_array_interface__["stream"] == producer.ptr
    consumer = cupylike.cuda.Stream()
    with consumer:
        total = float(cupylike.asarray(exporter).sum())
    assert total == 2.0 * (1 << 16)


@needs_cuda
def test_bad_interfaces_raise():
    x = cupylike.arange(3)
    with pytest.raises(TypeError, match="non-native byte order"):
        cupylike.asarray(Exporter(x, typestr=">i8"))
    with pytest.raises(TypeError, match="tuple"):
        cupylike.asarray(Exporter(x, data=[x.data.ptr, False]))
    with pytest.raises(BufferError, match="aligned"):
        cupylike.asarray(Exporter(x, data=(x.data.ptr + 1, False)))

    class NotADict:
        __cuda_array_interface__ = [1, 2]

    with pytest.raises(TypeError, match="must be a dict"):
        cupylike.asarray(NotADict())


@needs_cuda
def test_errors_of_the_property_itself_propagate():
    class Broken:
        @property
        def __cuda_array_interface__(self):
            raise RuntimeError("broken producer")

    with pytest.raises(RuntimeError, match="broken producer"):
        cupylike.asarray(Broken())
