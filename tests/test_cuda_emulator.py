"""The CUDA code path on the emulated GPU (csrc/emulator/): a driver over host memory whose
device pointers fault when the host dereferences them, whose streams run their work late (so
missing synchronisation shows up as wrong values), which counts pinned staging buffers rewritten
before their copy ran, and which runs kernels on the host with a GPU's limits. Its errors (driver
failures, faults, what the emulator catches) are in test_cuda_emulator_errors.py.

The driver is loaded once per process, so each test runs a short program in a fresh interpreter
(tests/helpers/emulated_gpu.py).
"""

import pytest
from helpers.emulated_gpu import run_on_emulator

pytestmark = pytest.mark.any_device(reason="runs its own processes on the emulated GPU")


def test_default_device_is_the_first_cuda_device():
    run_on_emulator("""
        assert cupylike.Device() == GPU0 and str(cupylike.Device()) == "cuda:0"
        assert cupylike.cuda.is_available() and cupylike.cuda.runtime.getDeviceCount() == 2
        x = cupylike.zeros(3)
        assert x.device == GPU0 and is_device_address(x.data.ptr)  # memory from the emulator
        assert stat("allocations_live", 0) == 1 and stat("allocations_live", 1) == 0
        assert GPU1.name == "cupylike emulated GPU (sm_90, runs on the CPU)"
        assert GPU1.compute_capability == "90"
        assert GPU1.mem_info == (1 << 30, 1 << 30)
    """)
    run_on_emulator("assert cupylike.cuda.runtime.getDeviceCount() == 3",
                CUPYLIKE_CUDA_EMULATOR_DEVICES=3)


def test_device_blocks_and_arguments_place_arrays_on_that_device():
    run_on_emulator("""
        host = numpy.arange(12.0).reshape(3, 4)
        assert cupylike.asarray(host, device=1).device == GPU1
        with cupylike.cuda.Device(1) as d:
            assert d == GPU1 and cupylike.Device() == GPU1
            x = cupylike.asarray(host)
            z = cupylike.zeros((2, 2), dtype=numpy.int16)
            with GPU0:
                assert cupylike.empty(4).device == GPU0
            assert cupylike.empty_like(x).device == GPU1
        assert cupylike.Device() == GPU0
        assert x.device == z.device == GPU1 and stat("bytes_live", 1) > 0
        assert_array_equal(x, host)
        assert_array_equal(z, numpy.zeros((2, 2), dtype=numpy.int16))
        y = cupylike.asarray(x, device=0)  # between devices: through the host
        assert y.device == GPU0
        assert_array_equal(y, host)
        assert cupylike.zeros_like(x).device == GPU1
        def other_thread():
            assert cupylike.Device() == GPU0  # a device block is per thread
        with GPU1:
            t = threading.Thread(target=other_thread)
            t.start()
            t.join()
        free0, free1 = GPU0.mem_info[0], GPU1.mem_info[0]
        with GPU1:
            big = cupylike.empty(1 << 20, dtype=numpy.uint8)
        assert GPU1.mem_info[0] == free1 - (1 << 20)  # each query asks its own device
        assert GPU0.mem_info[0] == free0
        GPU1.use()
        assert cupylike.zeros(1).device == GPU1
    """)


def test_round_trips_of_every_dtype_and_layout_match_numpy():
    run_on_emulator("""
        def layouts(host):
            yield "C", host
            if host.ndim >= 2:
                yield "F", numpy.asfortranarray(host)
                yield "transposed", host.T
            if host.ndim >= 1 and host.size:
                yield "reversed", host[::-1]
                yield "strided", host[::2]
            if host.ndim >= 3:
                yield "permuted", host.transpose(1, 0, 2)

        for device in (GPU0, GPU1):
            for dtype in ALL_DTYPES:
                for shape in [(), (0,), (0, 3), (1,), (7,), (3, 4), (2, 3, 4), (70_001,)]:
                    for name, host in layouts(sample_values(dtype, shape)):
                        where = f"{device} {dtype} {shape} {name}"
                        x = cupylike.asarray(host, device=device)
                        assert x.device == device, where
                        assert_array_equal(cupylike.asnumpy(x), host, err_msg=where)
                        for order in "CFK":
                            assert_array_equal(x.get(order=order), host, err_msg=where)
                        if host.ndim == 2:
                            out = numpy.empty(host.shape, host.dtype, order="F")
                            assert_array_equal(x.get(out=out), host, err_msg=where)
                            assert_array_equal(x.T, host.T, err_msg=where)
                            assert_array_equal(x[::-1], host[::-1], err_msg=where)
                            if dtype == numpy.float64:  # gaps: the copy kernel gathers them
                                assert_array_equal(x[:, ::2], host[:, ::2], err_msg=where)
                        if host.ndim:
                            y = cupylike.zeros(host.shape, dtype=dtype, device=device,
                                               order="F" if name == "F" else "C")
                            y.set(host[::-1].copy()[::-1])  # a non-contiguous host source
                            assert_array_equal(y, host, err_msg=where)
        assert stat("h2d_pageable") == 0 and stat("h2d_pinned") > 0 and stat("d2h") > 0
        assert stat("staging_violations") == 0
    """)


def test_large_uploads_are_staged_through_bounded_pinned_buffers():
    run_on_emulator("""
        host = numpy.arange(75_000_000, dtype=numpy.uint32)  # 300 MB: 72 chunks of 4 MiB
        x = cupylike.asarray(host)
        assert stat("h2d_pinned") >= 72 and stat("h2d_pageable") == 0
        pinned = cupylike.get_default_pinned_memory_pool()
        assert pinned.total_bytes() <= (68 << 20)  # at most 64 MiB in flight, plus a chunk
        assert numpy.array_equal(x.get(), host)  # (assert_array_equal is slow at this size)
        host += 1
        x.set(host)
        assert numpy.array_equal(x.get(), host)
        with GPU1:
            y = cupylike.asarray(host[:5_000_123])  # an odd size on another device
        assert_array_equal(y, host[:5_000_123])
        assert stat("staging_violations") == 0
    """)


@pytest.mark.parametrize("pinned_bytes, pinned_copies", [(0, 0), (4 << 20, 1)])
def test_uploads_beyond_pinned_memory_fall_back_to_pageable_copies(pinned_bytes,
                                                                   pinned_copies):
    run_on_emulator(f"""
        host = numpy.arange(3_000_000, dtype=numpy.float64)  # 24 MB: 6 chunks
        x = cupylike.asarray(host)
        assert_array_equal(x, host)
        assert stat("h2d_pinned") == {pinned_copies} and stat("h2d_pageable") == 1
        assert stat("staging_violations") == 0
    """, CUPYLIKE_CUDA_EMULATOR_PINNED_MEMORY=pinned_bytes)


def test_threads_uploading_to_two_devices_keep_their_data():
    run_on_emulator("""
        errors = []
        def work(device, seed):
            try:
                with device:
                    s = Stream(non_blocking=True)
                    for i in range(6):
                        host = numpy.full(1_500_000 + i, seed * 100 + i, dtype=numpy.int64)
                        with s:
                            x = cupylike.asarray(host)
                        assert x.device == device
                        assert_array_equal(x.get(stream=s), host)
            except Exception as e:
                errors.append(repr(e))
        threads = [threading.Thread(target=work, args=(d, i)) for i, d in
                   enumerate([GPU0, GPU1, GPU0, GPU1])]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert not errors, errors
        assert stat("staging_violations") == 0
    """)


def test_streams_order_work_and_report_progress():
    run_on_emulator("""
        host = numpy.arange(1000.0)
        s = Stream()
        assert s.device == GPU0 and s.ptr != 0 and s.done
        with s:
            assert cupylike.cuda.get_current_stream() is s
            x = cupylike.asarray(host)
        assert cupylike.cuda.get_current_stream() is Stream.null
        assert not s.done  # the emulator has not run the queued copy yet
        s.synchronize()
        assert s.done
        assert_array_equal(x.get(stream=s), host)

        a, b = Stream(non_blocking=True), Stream(non_blocking=True)
        z = cupylike.zeros(1000)
        GPU0.synchronize()
        z.set(host * 2, stream=a)
        ready = a.record()
        b.wait_event(ready)  # the read on b comes after a's copy
        assert_array_equal(z.get(stream=b), host * 2)

        with GPU1:
            s1 = Stream()
            w = cupylike.zeros(10)
        assert s1.device == GPU1
        done = a.record()
        s1.wait_event(done)  # an event of another device
        s1.synchronize()
        assert_array_equal(w.get(stream=s1), numpy.zeros(10))
    """)


def test_events_record_synchronize_and_time():
    run_on_emulator("""
        s = Stream()
        start, end = Event(), Event()
        assert start.done and start.device == GPU0  # never recorded: done, as in CUDA
        start.record(s)
        x = cupylike.asarray(numpy.ones(1 << 20))
        with s:
            y = cupylike.zeros(1 << 20)
        end.record(s)
        assert not end.done  # queued work ahead of it has not run
        end.synchronize()
        assert end.done and start.done
        assert cupylike.cuda.get_elapsed_time(start, end) >= 0.0
        assert_array_equal(y, numpy.zeros(1 << 20))
        assert_array_equal(x, numpy.ones(1 << 20))

        untimed = Event(disable_timing=True)
        untimed.record()
        untimed.synchronize()
        assert "timing" in raises(ValueError, cupylike.cuda.get_elapsed_time, start, untimed)
        assert "recorded" in raises(ValueError, cupylike.cuda.get_elapsed_time, start, Event())
        blocking = Event(block=True)
        blocking.record()
        blocking.synchronize()
        assert blocking.done
        e1 = Event(device=1)
        assert e1.device == GPU1
        e1.record()  # the null stream of the event's device
        e1.synchronize()
        assert stat("events_live", 1) >= 1
    """)


def test_memory_pool_counts_bytes_and_reuses_blocks_per_stream():
    run_on_emulator("""
        pool = cupylike.get_default_memory_pool()
        x = cupylike.empty(1000)  # 8000 bytes -> 8192
        assert pool.used_bytes() == 8192 and pool.total_bytes() == 8192
        assert stat("bytes_live", 0) == 8192
        del x
        assert pool.used_bytes() == 0 and pool.n_free_blocks() == 1
        pool.free_all_blocks()
        assert pool.total_bytes() == 0 and stat("bytes_live", 0) == 0

        a, b = Stream(), Stream()
        with a:
            x = cupylike.empty(4096, dtype=numpy.uint8)
        freed = x.data.ptr
        del x  # back to a's free blocks: work queued on a may still use it
        with b:
            y = cupylike.empty(4096, dtype=numpy.uint8)
        assert y.data.ptr != freed
        with a:
            z = cupylike.empty(4096, dtype=numpy.uint8)
        assert z.data.ptr == freed
        with GPU1:
            w = cupylike.empty(100)
            assert pool.used_bytes() == 1024  # device 1's pool
        assert pool.used_bytes() == 8192
        del y, z, w
        pool.free_all_blocks()
        assert stat("bytes_live", 0) == 0 and stat("bytes_live", 1) == 1024
        with GPU1:
            pool.free_all_blocks()
        assert stat("bytes_live") == 0 and stat("allocations_live") == 0
    """)


def test_pool_limit_raises_out_of_memory_and_recovers():
    run_on_emulator("""
        pool = cupylike.get_default_memory_pool()
        pool.set_limit(size=1 << 20)
        keep = cupylike.empty(1 << 19, dtype=numpy.uint8)
        msg = raises(OutOfMemoryError, cupylike.empty, 1 << 20, dtype=numpy.uint8)
        assert "1,048,576 bytes on cuda:0" in msg and "limit 1,048,576 bytes" in msg, msg
        assert issubclass(OutOfMemoryError, MemoryError)
        del keep
        x = cupylike.zeros(1 << 20, dtype=numpy.uint8)
        assert int(x[12345]) == 0
        pool.set_limit(fraction=0.5)
        assert pool.get_limit() == 1 << 29  # of the device's 1 GiB
        pool.set_limit()
    """)


def test_device_memory_exhaustion_is_out_of_memory_not_a_crash():
    run_on_emulator("""
        capacity = 64 << 20
        a = cupylike.empty(40 << 20, dtype=numpy.uint8)
        msg = raises(OutOfMemoryError, cupylike.empty, 40 << 20, dtype=numpy.uint8)
        assert "41,943,040 bytes on cuda:0" in msg and "no limit set" in msg, msg
        assert stat("bytes_live", 0) <= capacity
        assert GPU0.mem_info == (capacity - (40 << 20), capacity)
        del a
        b = cupylike.empty(40 << 20, dtype=numpy.uint8)
        del b
        c = cupylike.zeros(50 << 20, dtype=numpy.uint8)  # the cached 40 MiB block is released
        assert stat("bytes_live", 0) == 50 << 20
        assert int(c[-1]) == 0
        with GPU1:  # other devices are unaffected
            cupylike.empty(60 << 20, dtype=numpy.uint8)
    """, CUPYLIKE_CUDA_EMULATOR_MEMORY=64 << 20)


def test_mixing_devices_raises_value_error_naming_both():
    run_on_emulator("""
        x = cupylike.asarray(numpy.arange(4.0))
        s1 = Stream(device=1)
        for msg in (raises(ValueError, x.get, stream=s1),
                    raises(ValueError, x.set, numpy.zeros(4), stream=s1),
                    raises(ValueError, Event().record, s1),
                    raises(ValueError, cupylike.cuda.get_elapsed_time, Event(), Event(device=1))):
            assert "cuda:0" in msg and "cuda:1" in msg, msg
        assert_array_equal(x, numpy.arange(4.0))  # nothing was written
    """)


def test_a_missing_device_is_a_clear_error():
    out = run_on_emulator("""
        print(raises(CUDAUnavailableError, cupylike.zeros, 2))
        print(raises(CUDAUnavailableError, cupylike.Device))
    """, CUPYLIKE_DEVICE="cuda:5")
    expected = ("CUPYLIKE_DEVICE=cuda:5 cannot be used: CUDA device 5 does not exist: this "
                "machine has 2 CUDA devices")
    assert out.splitlines() == [expected, expected]
    run_on_emulator("""
        msg = raises(CUDAUnavailableError, cupylike.zeros, 2, device="cuda:3")
        assert msg == "CUDA device 3 does not exist: this machine has 2 CUDA devices", msg
        raises(CUDAUnavailableError, cupylike.Device(3).__enter__)
        assert cupylike.Device() == GPU0
    """)


def test_memory_pointers_from_the_pool_back_arrays_on_their_device():
    run_on_emulator("""
        pool = cupylike.get_default_memory_pool()
        host = numpy.arange(24.0).reshape(4, 6)
        for device in (GPU0, GPU1):
            with device:
                mem = pool.malloc(host.nbytes)
            assert mem.device == device and is_device_address(mem.ptr)
            x = cupylike.ndarray(host.shape, host.dtype, memptr=mem)
            assert x.device == device
            x.set(host)
            assert_array_equal(x, host)
            assert_array_equal(x.copy(), host)  # a device-to-device copy
        private = cupylike.cuda.MemoryPool()
        cupylike.cuda.set_allocator(private.malloc)
        with GPU1:
            y = cupylike.asarray(host)
            assert private.used_bytes() == 512 and y.device == GPU1
        cupylike.cuda.set_allocator(None)
        assert_array_equal(y, host)
    """)


def test_the_emulated_gpu_runs_kernels_and_library_code_with_numpys_results():
    """The issue's acceptance program: a RawKernel with shared memory, barriers, atomics and
    warp shuffles, a ufunc, a reduction over an outer axis, cumsum, sort, masks and indexed
    assignment, on the emulated device."""
    run_on_emulator("""
        assert cupylike.Device() == GPU0
        assert "emulated" in GPU0.name and "sm_90" in GPU0.name, GPU0.name
        block_sum = cupylike.RawKernel(r'''
        extern "C" __global__ void block_sum(const float* x, float* out, unsigned* count, int n) {
            __shared__ float partial[32];
            int i = blockIdx.x * blockDim.x + threadIdx.x;
            float v = i < n ? x[i] : 0.0f;
            for (int o = 16; o > 0; o /= 2) v += __shfl_down_sync(0xffffffff, v, o);
            if (threadIdx.x % 32 == 0) partial[threadIdx.x / 32] = v;
            __syncthreads();
            if (threadIdx.x == 0) {
                float s = 0;
                for (int w = 0; w < blockDim.x / 32; ++w) s += partial[w];
                atomicAdd(out, s);
                atomicAdd(count, 1u);
            }
        }''', "block_sum")
        h = numpy.arange(1000, dtype=numpy.float32)
        total = cupylike.zeros(1, numpy.float32)
        count = cupylike.zeros(1, numpy.uint32)
        block_sum((4,), (256,), (cupylike.asarray(h), total, count, numpy.int32(1000)))
        assert float(total[0]) == h.sum() and int(count[0]) == 4
        a = numpy.random.default_rng(0).random((300, 7))
        x = cupylike.asarray(a)
        assert_array_equal(cupylike.sqrt(x) * 2 + 1, numpy.sqrt(a) * 2 + 1)
        numpy.testing.assert_allclose(cupylike.asnumpy(x.sum(axis=0)), a.sum(axis=0), 1e-13)
        assert_array_equal(cupylike.cumsum(x[:, 0]), numpy.cumsum(a[:, 0]))
        assert_array_equal(cupylike.sort(x, axis=0), numpy.sort(a, axis=0))
        mask = a > 0.5
        assert_array_equal(x[cupylike.asarray(mask)], a[mask])
        index = numpy.array([3, 1, 299])
        x[cupylike.asarray(index)] = 7.0
        a[index] = 7.0
        assert_array_equal(x, a)
        assert stat("kernels_run") > 0
    """, CUPYLIKE_CUDA_EMULATOR_DEVICES=1)


def test_device_memory_size_is_a_setting():
    run_on_emulator("""
        assert GPU0.mem_info[1] == 4 << 30  # the default
        assert raises(OutOfMemoryError, cupylike.empty, 5 << 30, dtype=numpy.uint8)
    """, CUPYLIKE_CUDA_EMULATOR_MEMORY="", CUPYLIKE_CUDA_EMULATOR_DEVICES=1)
    run_on_emulator("assert GPU0.mem_info == (3 << 20, 3 << 20)",
                    CUPYLIKE_CUDA_EMULATOR_MEMORY=3 << 20, CUPYLIKE_CUDA_EMULATOR_DEVICES=1)


def test_threads_compiling_the_same_kernels_do_not_deadlock(tmp_path):
    """Two threads ask for the same library kernels while no cache holds them: one compiles
    (without the GIL) while the other waits with the GIL held, which deadlocked when the
    compiling thread held the module's lock across the compile."""
    run_on_emulator("""
        x = cupylike.asarray(numpy.linspace(0.5, 2, 1000, dtype=numpy.float32))
        results, errors = [None, None], []
        def work(k):
            try:
                results[k] = cupylike.asnumpy(cupylike.logaddexp2(x, x))
            except Exception as e:
                errors.append(repr(e))
        threads = [threading.Thread(target=work, args=(k,)) for k in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=240)
        assert not any(t.is_alive() for t in threads), "deadlocked"
        assert not errors, errors
        assert numpy.array_equal(results[0], results[1])
    """, CUPYLIKE_CACHE_DIR=tmp_path, CUPYLIKE_CUDA_EMULATOR_DEVICES=1)
