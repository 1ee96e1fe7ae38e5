"""CuPy programs run unchanged without a GPU: on the cpu backend cupylike.cuda.Device(0) is the
cpu device, cupylike.cuda.runtime answers for it, streams, events and pinned pools work. On the
emulated GPU the same names keep CUDA's meaning (device N is cuda:N), checked here too."""

import os
import textwrap

import numpy
import pytest
from helpers.python_subprocess import run_python

import cupylike
import cupylike.cuda.device
import cupylike.cuda.pinned_memory
import cupylike.cuda.runtime
import cupylike.cuda.stream
from cupylike.cuda import runtime
from cupylike.testing import assert_allclose, assert_array_equal

ON_CPU = cupylike.Device() == cupylike.Device("cpu")
cpu_backend = pytest.mark.skipif(not ON_CPU, reason="the cpu backend's device numbers")
cuda_backend = pytest.mark.skipif(ON_CPU, reason="a CUDA backend's device numbers")

PROPERTY_FIELDS = {
    "name", "totalGlobalMem", "sharedMemPerBlock", "regsPerBlock", "warpSize",
    "maxThreadsPerBlock", "maxThreadsDim", "maxGridSize", "clockRate", "totalConstMem",
    "major", "minor", "multiProcessorCount", "l2CacheSize", "maxThreadsPerMultiProcessor",
    "sharedMemPerBlockOptin", "integrated", "canMapHostMemory", "computeMode",
    "concurrentKernels", "ECCEnabled", "pciBusID", "pciDeviceID", "pciDomainID",
    "unifiedAddressing", "managedMemory",
}


def test_cupy_module_paths_exist():
    assert cupylike.cuda.runtime is runtime and runtime.is_hip is False
    assert cupylike.cuda.device.Device is cupylike.cuda.Device
    assert cupylike.cuda.stream.Stream is cupylike.cuda.Stream
    assert cupylike.cuda.stream.Event is cupylike.cuda.Event
    assert cupylike.cuda.stream.get_current_stream is cupylike.cuda.get_current_stream
    assert cupylike.cuda.pinned_memory.PinnedMemoryPool is cupylike.cuda.PinnedMemoryPool
    assert cupylike.cuda.memory.MemoryPool is cupylike.cuda.MemoryPool
    assert issubclass(runtime.CUDARuntimeError, RuntimeError)
    assert isinstance(cupylike.cuda.Stream.null, cupylike.cuda.Stream)


@cpu_backend
def test_device_zero_is_the_cpu_device():
    cpu = cupylike.Device("cpu")
    Device = cupylike.cuda.Device  # noqa: N806
    for d in (Device(0), Device(), Device(numpy.int64(0))):
        assert d == cpu and d.id == 0 and int(d) == 0
    cupylike.cuda.Device(0).use()
    assert cupylike.Device() == cpu
    with cupylike.cuda.Device(0) as d:
        assert d == cpu and cupylike.zeros(2).device == cpu
    assert cupylike.asarray([1, 2], device=0).device == cpu
    cupylike.cuda.Device(0).synchronize()


@cpu_backend
@pytest.mark.parametrize("ordinal", [1, 2, 63, 64, -1])
def test_other_device_numbers_raise_cupys_invalid_device_error(ordinal):
    with pytest.raises(runtime.CUDARuntimeError,
                       match="^cudaErrorInvalidDevice: invalid device ordinal$"):
        cupylike.cuda.Device(ordinal)
    with pytest.raises(runtime.CUDARuntimeError):
        runtime.setDevice(ordinal)
    with pytest.raises(runtime.CUDARuntimeError):
        runtime.getDeviceProperties(ordinal)
    assert cupylike.Device() == cupylike.Device("cpu")


@cpu_backend
def test_cpu_device_reports_honest_properties():
    d = cupylike.cuda.Device(0)
    assert d.compute_capability == "90" and d.name == "cpu"
    free, total = d.mem_info
    assert 0 < free <= total == os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    props = runtime.getDeviceProperties(0)
    assert set(props) == PROPERTY_FIELDS
    assert props["name"] == b"cpu" and props["totalGlobalMem"] == total
    assert (props["major"], props["minor"]) == (9, 0)
    assert props["maxThreadsPerBlock"] == 1024 and props["warpSize"] == 32
    assert props["maxThreadsDim"] == (1024, 1024, 64)
    assert props["maxGridSize"] == (2**31 - 1, 65535, 65535)
    assert props["sharedMemPerBlock"] == 48 * 1024
    threads = int(os.environ.get("CUPYLIKE_CPU_THREADS") or len(os.sched_getaffinity(0)))
    assert props["multiProcessorCount"] == threads
    assert props["integrated"] == 1 and props["concurrentKernels"] == 0
    attributes = d.attributes
    assert attributes["MaxThreadsPerBlock"] == 1024 and attributes["MaxBlockDimZ"] == 64
    assert attributes["MultiProcessorCount"] == threads and attributes["WarpSize"] == 32
    assert "TotalGlobalMem" not in attributes


@cpu_backend
def test_runtime_queries_on_the_cpu_backend():
    assert runtime.getDeviceCount() == 1
    assert runtime.getDevice() == 0
    runtime.setDevice(0)
    runtime.deviceSynchronize()
    assert cupylike.cuda.device.get_device_id() == 0
    free, total = runtime.memGetInfo()
    assert 0 < free <= total
    assert runtime.runtimeGetVersion() >= 11000
    assert runtime.driverGetVersion() == (0 if not cupylike.cuda.is_available()
                                          else runtime.driverGetVersion())


@cuda_backend
def test_device_numbers_keep_cudas_meaning_on_a_cuda_backend():
    assert cupylike.cuda.Device(0) == cupylike.Device("cuda:0") == cupylike.Device()
    assert runtime.getDeviceCount() >= 1 and runtime.getDevice() == 0
    props = runtime.getDeviceProperties(0)
    assert set(props) == PROPERTY_FIELDS
    assert props["totalGlobalMem"] == cupylike.cuda.Device(0).mem_info[1]
    assert (props["major"], props["minor"]) == (9, 0)
    assert props["maxThreadsDim"] == (1024, 1024, 64)
    assert cupylike.cuda.Device(0).attributes["ComputeCapabilityMajor"] == props["major"]
    assert runtime.driverGetVersion() > 0
    count = runtime.getDeviceCount()
    with pytest.raises(cupylike.cuda.CUDAUnavailableError):
        cupylike.cuda.Device(count).use()


def test_external_stream_wraps_a_stream_it_does_not_own():
    owner = cupylike.cuda.Stream(non_blocking=True)
    ext = cupylike.cuda.ExternalStream(owner.ptr)
    assert cupylike.cuda.stream.ExternalStream is cupylike.cuda.ExternalStream
    assert isinstance(ext, cupylike.cuda.Stream) and ext != owner
    assert ext.ptr == owner.ptr and ext.device == cupylike.Device()
    with ext:
        assert cupylike.cuda.get_current_stream() is ext
        y = cupylike.arange(10) * 2
    ext.synchronize()
    assert ext.done
    del ext  # the stream is the owner's: still usable after
    with owner:
        z = y + 1
    owner.synchronize()
    assert_array_equal(z, numpy.arange(10) * 2 + 1)
    assert cupylike.cuda.ExternalStream(owner.ptr, 0).device == cupylike.cuda.Device(0)


def test_events_time_work_in_milliseconds():
    start, end = cupylike.cuda.Event(), cupylike.cuda.Event()
    start.record()
    x = cupylike.arange(100_000, dtype=numpy.float64)
    for _ in range(3):
        x = x * 1.0001
    end.record()
    end.synchronize()
    elapsed = cupylike.cuda.get_elapsed_time(start, end)
    assert isinstance(elapsed, float) and elapsed >= 0.0


def test_pinned_and_device_pools_construct_and_allocate():
    pool = cupylike.cuda.PinnedMemoryPool()
    assert pool is not cupylike.cuda.memory.get_default_pinned_memory_pool()
    p = pool.malloc(1000)
    assert p.ptr != 0 and pool.used_bytes() >= 1000
    del p
    assert pool.used_bytes() == 0 and pool.free_bytes() >= 1000
    pool.free_all_blocks()
    assert pool.total_bytes() == 0
    cupylike.cuda.set_pinned_memory_allocator(pool.malloc)
    try:
        host = numpy.arange(50_000, dtype=numpy.float32)
        assert_array_equal(cupylike.asarray(host), host)
        # A GPU's uploads stage through the pool set; the cpu device copies directly.
        assert (pool.total_bytes() > 0) == (cupylike.Device().kind == "cuda")
    finally:
        cupylike.cuda.set_pinned_memory_allocator(None)
    with pytest.raises(TypeError, match="PinnedMemoryPool"):
        cupylike.cuda.set_pinned_memory_allocator(lambda n: None)
    device_pool = cupylike.cuda.MemoryPool()
    q = device_pool.malloc(512)
    assert q.ptr != 0 and device_pool.used_bytes() == 512


CUPY_STYLE_SCRIPT = textwrap.dedent("""
    import numpy as np
    import cupylike as cp

    cp.cuda.Device(0).use()
    pinned = cp.cuda.PinnedMemoryPool()
    cp.cuda.set_pinned_memory_allocator(pinned.malloc)
    pool = cp.cuda.MemoryPool()
    print("devices", cp.cuda.runtime.getDeviceCount(), cp.cuda.runtime.getDevice())
    props = cp.cuda.runtime.getDeviceProperties(0)
    print("device", props["name"].decode(), props["major"], props["minor"])

    host = np.linspace(0.0, 1.0, 20_000).reshape(100, 200)
    with cp.cuda.Device(0):
        stream = cp.cuda.Stream(non_blocking=True)
        start, end = cp.cuda.Event(), cp.cuda.Event()
        with stream:
            x = cp.asarray(host)
            start.record()
            for _ in range(5):
                x = cp.sin(x) * 0.5 + x @ cp.ones((200, 200)) / 200.0
            end.record()
            end.synchronize()
        stream.synchronize()
        ms = cp.cuda.get_elapsed_time(start, end)
        print("elapsed", type(ms).__name__, ms >= 0.0)
        result = cp.asnumpy(x.sum(axis=1))

    expected = host
    for _ in range(5):
        expected = np.sin(expected) * 0.5 + expected @ np.ones((200, 200)) / 200.0
    print("close", np.allclose(result, expected.sum(axis=1), rtol=1e-12))
    cp.cuda.runtime.deviceSynchronize()
    try:
        cp.cuda.Device(1).use()
    except cp.cuda.runtime.CUDARuntimeError as e:
        print("Device(1):", e)
""")


@pytest.mark.any_device(reason="runs its own process on the cpu device")
def test_a_cupy_style_script_runs_unchanged_on_the_cpu_device():
    out = run_python(CUPY_STYLE_SCRIPT, timeout=300, CUPYLIKE_DEVICE="cpu")
    assert out.returncode == 0, out.stderr
    threads = out.stdout.splitlines()
    assert threads == [
        "devices 1 0",
        "device cpu 9 0",
        "elapsed float True",
        "close True",
        "Device(1): cudaErrorInvalidDevice: invalid device ordinal",
    ], out.stdout + out.stderr


def test_device_blocks_restore_the_previous_device():
    before = cupylike.Device()
    with cupylike.cuda.Device(0):
        y = cupylike.ones(3)
    assert cupylike.Device() == before
    assert_allclose(y, numpy.ones(3))
