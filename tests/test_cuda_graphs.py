"""CUDA graphs by stream capture, as CuPy exposes them (Stream.begin_capture, end_capture,
is_capturing; cupylike.cuda.Graph's launch and upload), on the default device: a captured chain
of 100 small launches (ufuncs, an ElementwiseKernel, a RawKernel, a reduction) records without
running and replays with the results of running it directly, bit for bit; replays read the
current contents of the memory; and the calls CUDA forbids during a capture fail with CUDA's
errors on every device. test_graph_records_without_running_on_the_emulated_gpu checks the
emulated GPU's counters in a process of its own."""

import numpy
import pytest
from helpers.emulated_gpu import run_on_emulator
from helpers.nvrtc_check import compile_check

import cupylike as cp
from cupylike._core import _native
from cupylike.cuda import CUDADriverError, Graph, Stream
from cupylike.testing import assert_allclose, assert_array_equal

N = 64
ROUNDS = 25  # of four launches each

# y[i] += bias, and the kernel counts its own runs in runs[0]: one thread does.
BUMP = r"""
extern "C" __global__ void graph_bump(float* y, float bias, int n, int* runs) {
    int i = blockDim.x * blockIdx.x + threadIdx.x;
    if (i < n) y[i] += bias;
    if (i == 0) runs[0] += 1;
}
"""
bump = cp.RawKernel(BUMP, "graph_bump")
scale_add = cp.ElementwiseKernel("float32 x, float32 y", "float32 z", "z = x * 0.25f + y",
                                 "graph_scale_add")


def chain(x, y, sums, runs):
    """100 launches, each reading what the one before wrote: x and y (float32, N), sums
    (float32, ROUNDS) and runs (int32, 1) are updated in place; returns an array allocated
    during the chain, which a graph must keep alive."""
    for r in range(ROUNDS):
        cp.multiply(y, 0.5, out=y)
        scale_add(x, y, y)
        bump((1,), (N,), (y, numpy.float32(r / 8), numpy.int32(N), runs))
        cp.sum(y, keepdims=True, out=sums[r:r + 1])
    return cp.sqrt(y * y + x)


def chain_numpy(x, y, sums, runs):
    for r in range(ROUNDS):
        y *= numpy.float32(0.5)
        y[...] = x * numpy.float32(0.25) + y
        y += numpy.float32(r / 8)
        runs[0] += 1
        sums[r] = y.sum()
    return numpy.sqrt(y * y + x)


def inputs(seed):
    rng = numpy.random.default_rng(seed)
    x = rng.uniform(0, 2, N).astype(numpy.float32)
    y = rng.uniform(-1, 1, N).astype(numpy.float32)
    return [x, y, numpy.zeros(ROUNDS, numpy.float32), numpy.zeros(1, numpy.int32)]


def on_device(host):
    return [cp.asarray(a) for a in host]


def capture(stream, fn, *args, **kwargs):
    with stream:
        stream.begin_capture(**kwargs)
        out = fn(*args)
        graph = stream.end_capture()
    return graph, out


@pytest.fixture
def stream():
    # A blocking stream: its work waits for the inputs made on the null stream (a non-blocking
    # one would need a synchronize first; the emulated GPU runs such work out of order).
    return Stream()


def test_chain_matches_numpy():
    host = inputs(0)
    device = on_device(host)
    assert_allclose(chain(*device), chain_numpy(*host), rtol=1e-6)
    for d, h in zip(device, host, strict=True):
        assert_allclose(d, h, rtol=1e-6)


def test_graph_replays_the_chain_as_running_it_directly(stream):
    direct = on_device(inputs(1))
    direct_out = chain(*direct)
    captured = on_device(inputs(1))
    graph, out = capture(stream, chain, *captured)
    assert isinstance(graph, Graph)
    # Recorded, not run: nothing has changed yet.
    for d, h in zip(captured, inputs(1), strict=True):
        assert_array_equal(d, h)
    graph.launch(stream)
    stream.synchronize()
    for d, c in zip(direct, captured, strict=True):
        assert_array_equal(c, d)
    assert_array_equal(out, direct_out)
    assert int(captured[3][0]) == ROUNDS


def test_graph_replayed_twice_and_on_other_streams(stream):
    direct = on_device(inputs(2))
    chain(*direct)
    direct_out = chain(*direct)
    captured = on_device(inputs(2))
    graph, out = capture(stream, chain, *captured)
    graph.upload(stream)
    graph.launch(stream)
    stream.synchronize()
    other = Stream()
    with other:
        graph.launch()  # the current stream
    other.synchronize()
    for d, c in zip(direct, captured, strict=True):
        assert_array_equal(c, d)
    assert_array_equal(out, direct_out)
    assert int(captured[3][0]) == 2 * ROUNDS


def test_replays_read_the_current_contents_of_the_inputs(stream):
    captured = on_device(inputs(3))
    graph, out = capture(stream, chain, *captured)
    direct = on_device(inputs(3))
    for seed in (4, 5):
        fresh = inputs(seed)
        for array, values in ((captured, fresh), (direct, fresh)):
            array[0][...] = cp.asarray(values[0])  # new x, the same memory
        graph.launch(stream)
        stream.synchronize()
        direct_out = chain(*direct)
        for d, c in zip(direct, captured, strict=True):
            assert_array_equal(c, d)
        assert_array_equal(out, direct_out)


def test_memory_allocated_during_capture_outlives_its_arrays(stream):
    x = cp.arange(N, dtype=cp.float32)
    y = cp.zeros(N, dtype=cp.float32)

    def work():
        t = x * 2  # freed when work returns; the graph still writes it
        cp.add(t, 1, out=y)

    graph, _ = capture(stream, work)
    with stream:  # the pool hands a block freed on a stream to that stream first
        filler = [cp.full(N, 7, dtype=cp.float32) for _ in range(4)]
    graph.launch(stream)
    stream.synchronize()
    assert_array_equal(y, numpy.arange(N, dtype=numpy.float32) * 2 + 1)
    for f in filler:
        assert_array_equal(f, numpy.full(N, 7, dtype=numpy.float32))


def vendor_work(a, b, rng):
    """matmul (BLAS), an FFT and random draws: NVIDIA's libraries on a GPU, the host's on the
    cpu device, recorded as calls there."""
    return cp.matmul(a, b), cp.fft.fft(a[0]), rng.random(N, dtype=cp.float32)


def test_vendor_library_calls_replay(stream):
    host = numpy.random.default_rng(6).uniform(-1, 1, (2, 8, 8)).astype(numpy.float32)
    a, b = cp.asarray(host[0]), cp.asarray(host[1])
    # Run directly first: plans, handles and generators are made outside the capture.
    direct = vendor_work(a, b, cp.random.default_rng(7))
    graph, captured = capture(stream, vendor_work, a, b, cp.random.default_rng(7))
    for _ in range(2):  # each replay draws the captured numbers again
        graph.launch(stream)
        stream.synchronize()
        for d, c in zip(direct, captured, strict=True):
            assert_array_equal(c, d)


def test_linalg_status_on_the_host_during_capture_raises(stream):
    a = cp.asarray(numpy.eye(4, dtype=numpy.float64) * 2)
    cp.linalg.solve(a, a)  # handles and workspaces made outside the capture
    with stream:
        stream.begin_capture()
        with pytest.raises(CUDADriverError, match="CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED"):
            cp.linalg.solve(a, a)
        with pytest.raises(CUDADriverError, match="CUDA_ERROR_STREAM_CAPTURE_INVALIDATED"):
            stream.end_capture()


def test_is_capturing_and_modes(stream):
    assert not stream.is_capturing() and not Stream.null.is_capturing()
    y = cp.zeros(N, dtype=cp.float32)
    runs = cp.zeros(1, dtype=cp.int32)
    # Relaxed first: a GPU may load the kernel's module during that capture, which the other
    # modes forbid.
    for mode in (cp.cuda.runtime.streamCaptureModeRelaxed,
                 cp.cuda.runtime.streamCaptureModeThreadLocal,
                 cp.cuda.runtime.streamCaptureModeGlobal):
        with stream:
            stream.begin_capture(mode=mode)
            assert stream.is_capturing()
            bump((1,), (N,), (y, numpy.float32(1), numpy.int32(N), runs))  # allocates nothing
            graph = stream.end_capture()
        assert not stream.is_capturing()
        graph.launch(stream)
        stream.synchronize()
    assert_array_equal(y, numpy.full(N, 3, dtype=numpy.float32))


def test_capture_on_the_null_stream_raises():
    with pytest.raises(RuntimeError, match="cannot capture on the default"):
        Stream.null.begin_capture()
    with pytest.raises(RuntimeError, match="cannot capture on the default"):
        cp.cuda.get_current_stream().begin_capture()
    for handle in (0, 1):  # CUDA's names of the legacy stream
        with pytest.raises(RuntimeError, match="cannot capture on the default"):
            cp.cuda.ExternalStream(handle).begin_capture()
    assert not Stream.null.is_capturing()


def test_end_capture_without_begin_and_begin_twice_raise(stream):
    with pytest.raises(CUDADriverError, match="CUDA_ERROR_ILLEGAL_STATE"):
        stream.end_capture()
    stream.begin_capture()
    with pytest.raises(CUDADriverError, match="CUDA_ERROR_ILLEGAL_STATE"):
        stream.begin_capture()
    assert stream.is_capturing()
    stream.end_capture().launch(stream)


@pytest.mark.parametrize("wait", ["stream", "device"])
def test_synchronizing_a_capturing_stream_raises_and_invalidates(stream, wait):
    x = cp.arange(N, dtype=cp.float32)
    with stream:
        stream.begin_capture()
        cp.multiply(x, 2, out=x)
        with pytest.raises(CUDADriverError, match="CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED"):
            if wait == "stream":
                stream.synchronize()
            else:
                cp.cuda.Device().synchronize()
        with pytest.raises(CUDADriverError, match="CUDA_ERROR_STREAM_CAPTURE_INVALIDATED"):
            stream.end_capture()
    assert not stream.is_capturing()
    stream.synchronize()
    assert_array_equal(x, numpy.arange(N, dtype=numpy.float32))  # nothing ran
    stream.begin_capture()  # the stream can capture again
    stream.end_capture()


@pytest.mark.parametrize("transfer", ["get", "int", "upload", "setitem"])
def test_transfers_with_the_host_during_capture_raise(stream, transfer):
    x = cp.arange(N, dtype=cp.float32)
    with stream:
        stream.begin_capture()
        cp.multiply(x, 2, out=x)
        with pytest.raises(CUDADriverError, match="CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED"):
            if transfer == "get":
                x.get()
            elif transfer == "int":
                int(x[1])
            elif transfer == "upload":
                cp.asarray(numpy.ones(N))
            else:
                x[...] = numpy.ones(N, dtype=numpy.float32)
        graph = stream.end_capture()  # refused before anything was issued: still valid
    stream.synchronize()
    assert_array_equal(x, numpy.arange(N, dtype=numpy.float32))
    graph.launch(stream)
    stream.synchronize()
    assert_array_equal(x, numpy.arange(N, dtype=numpy.float32) * 2)


def test_graph_cannot_be_made_directly():
    with pytest.raises(NotImplementedError, match="stream capture"):
        Graph()


def test_graph_records_without_running_on_the_emulated_gpu():
    run_on_emulator("""
        s = Stream(non_blocking=True)
        x = cupylike.arange(1000, dtype=numpy.float32)
        Stream.null.synchronize()  # s does not wait for the null stream
        with s:
            s.begin_capture()
            before = stat("kernels_run")
            for _ in range(100):
                cupylike.add(x, 1, out=x)
            graph = s.end_capture()
        s.synchronize()
        assert stat("kernels_run") == before  # recorded, not run
        graph.launch(s)
        graph.launch(s)
        s.synchronize()
        assert stat("kernels_run") == before + 200
        assert_array_equal(x, numpy.arange(1000, dtype=numpy.float32) + 200)
        # A pool that grows during a global-mode capture calls cuMemAlloc, which CUDA forbids.
        with s:
            s.begin_capture(mode=cupylike.cuda.runtime.streamCaptureModeGlobal)
            message = raises(cupylike.cuda.CUDADriverError, cupylike.empty, 1 << 24)
            assert "CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED" in message, message
            message = raises(cupylike.cuda.CUDADriverError, s.end_capture)
            assert "CUDA_ERROR_STREAM_CAPTURE_INVALIDATED" in message, message
    """)


@compile_check
@pytest.mark.parametrize("arch", [80, 90])
def test_kernel_compiles_with_nvrtc(arch):
    image, is_cubin, _, _ = _native._nvrtc_compile(BUMP, "graph_bump.cu", [], [], arch, False)
    assert is_cubin and image[:4] == b"\x7fELF"
