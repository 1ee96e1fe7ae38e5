"""The memory pool as Python sees it: statistics, limits, out-of-memory and recovery, the
allocator hook, and threads."""

import gc
import threading

import numpy
import pytest
from helpers.python_subprocess import run_python

import cupylike
from cupylike.cuda import memory
from cupylike.testing import assert_array_equal


def test_statistics_follow_allocation_and_release(pool):
    pool.free_all_blocks()
    used, total = pool.used_bytes(), pool.total_bytes()
    x = cupylike.empty(1000, dtype=numpy.float64)  # 8000 bytes -> 8192 in the pool
    assert pool.used_bytes() == used + 8192
    assert pool.total_bytes() >= total + 8192 or pool.free_bytes() >= 0
    del x
    assert pool.used_bytes() == used
    assert pool.n_free_blocks() >= 1
    y = cupylike.empty(1000, dtype=numpy.float64)
    assert pool.total_bytes() >= used + 8192  # reused the cached block
    del y
    pool.free_all_blocks()
    # Back where it started: a free remainder of a segment another test's array still uses
    # stays in the pool (a segment goes back to the device whole), so compare with the start.
    assert pool.used_bytes() == used and pool.total_bytes() == total


def test_views_keep_memory_alive(pool):
    used = pool.used_bytes()
    x = cupylike.asarray(numpy.arange(1000.0))
    v = x[::3]
    del x
    assert pool.used_bytes() == used + 8192
    assert_array_equal(v, numpy.arange(1000.0)[::3])
    del v
    assert pool.used_bytes() == used


@pytest.fixture
def own_pool():
    """A pool of this test's own as the allocator. The default pool's bytes are not the test's
    alone: earlier tests of the process may still hold arrays in part of a segment, whose free
    rest counts as held, so a limit set from its figures is off by that much."""
    p = memory.MemoryPool()
    cupylike.cuda.set_allocator(p.malloc)
    yield p
    cupylike.cuda.set_allocator(None)
    p.free_all_blocks()


def test_limit_raises_out_of_memory_and_the_process_continues(own_pool):
    pool = own_pool
    pool.set_limit(size=pool.used_bytes() + (1 << 20))
    assert pool.get_limit() == pool.used_bytes() + (1 << 20)
    keep = cupylike.empty(1 << 19, dtype=numpy.uint8)
    with pytest.raises(memory.OutOfMemoryError) as info:
        cupylike.empty(1 << 20, dtype=numpy.uint8)
    assert isinstance(info.value, MemoryError)
    msg = str(info.value)
    assert "1,048,576 bytes" in msg and "limit" in msg
    del keep
    x = cupylike.zeros(1 << 20, dtype=numpy.uint8)  # fits once `keep` is gone
    assert int(x[123]) == 0


def test_limit_by_fraction_and_reset(pool):
    pool.set_limit(fraction=0.5)
    total = cupylike.Device().mem_info[1]
    assert abs(pool.get_limit() - total // 2) <= 1
    with pytest.raises(ValueError):
        pool.set_limit(size=10, fraction=0.1)
    with pytest.raises(ValueError):
        pool.set_limit(fraction=2.0)
    pool.set_limit()
    assert pool.get_limit() == 0


def test_an_impossible_allocation_is_out_of_memory_not_a_crash(pool):
    with pytest.raises(MemoryError):
        cupylike.empty(2**62, dtype=numpy.uint8)
    assert cupylike.zeros(3).shape == (3,)


def test_garbage_cycles_are_collected_before_giving_up(own_pool):
    own_pool.set_limit(size=3 << 20)

    class Cycle:
        pass

    c = Cycle()
    c.me = c
    c.array = cupylike.empty(2 << 20, dtype=numpy.uint8)
    del c  # only the cycle collector can free it now
    x = cupylike.empty(2 << 20, dtype=numpy.uint8)
    assert x.nbytes == 2 << 20


def test_environment_limit_applies_to_the_default_pool():
    code = (
        "import cupylike, numpy\n"
        "p = cupylike.get_default_memory_pool()\n"
        "print(p.get_limit())\n"
        "try:\n"
        "    cupylike.empty(4096, dtype=numpy.uint8)\n"
        "except cupylike.cuda.memory.OutOfMemoryError:\n"
        "    print('oom')\n"
    )
    out = run_python(code, CUPYLIKE_GPU_MEMORY_LIMIT="2048", CUPYLIKE_DEVICE="cpu")
    assert out.stdout.split() == ["2048", "oom"], out.stderr
    out = run_python("import cupylike; cupylike.zeros(1)", CUPYLIKE_GPU_MEMORY_LIMIT="bogus",
                     CUPYLIKE_DEVICE="cpu")
    assert out.returncode == 1 and "ValueError" in out.stderr


def test_set_allocator_with_a_python_callable(pool):
    calls = []
    private = cupylike.cuda.MemoryPool()

    def allocator(size):
        calls.append(size)
        return private.malloc(size)

    cupylike.cuda.set_allocator(allocator)
    assert cupylike.cuda.get_allocator() is allocator
    x = cupylike.asarray(numpy.arange(10.0))
    assert calls == [80]
    assert private.used_bytes() == 512
    assert_array_equal(x, numpy.arange(10.0))
    cupylike.cuda.set_allocator(None)
    del x
    assert private.used_bytes() == 0


def test_set_allocator_with_a_pool_malloc_bypasses_python(pool):
    private = cupylike.cuda.MemoryPool()
    cupylike.cuda.set_allocator(private.malloc)
    used = pool.used_bytes()
    x = cupylike.zeros(100)
    assert private.used_bytes() == 1024 and pool.used_bytes() == used
    cupylike.cuda.set_allocator(None)
    y = cupylike.zeros(100)
    assert pool.used_bytes() == used + 1024
    del x, y
    assert private.used_bytes() == 0


def test_allocator_errors_surface_as_exceptions(pool):
    cupylike.cuda.set_allocator(lambda size: object())
    with pytest.raises(TypeError):
        cupylike.zeros(3)
    cupylike.cuda.set_allocator(None)
    with pytest.raises(TypeError):
        cupylike.cuda.set_allocator(42)


def test_memory_pointer_arithmetic():
    x = cupylike.asarray(numpy.arange(8, dtype=numpy.int64))
    p = x.data
    assert p.ptr == x[0].data.ptr and (p + 16).ptr == x[2].data.ptr
    assert p.mem.size == 512 and p.device == x.device
    assert cupylike.zeros(0).data.ptr == 0


def churn_in_threads(rounds, most_live, largest, threads=8):
    """Threads that allocate arrays of 1 to `largest` bytes and drop them at random, at most
    `most_live` alive per thread; the errors they raised."""
    errors = []

    def work(seed):
        rng = numpy.random.default_rng(seed)
        try:
            live = []
            for _ in range(rounds):
                if len(live) < most_live and rng.random() < 0.55:
                    live.append(cupylike.empty(int(rng.integers(1, largest)), dtype=numpy.uint8))
                elif live:
                    live.pop(int(rng.integers(len(live))))
        except Exception as e:  # reported by the caller
            errors.append(e)

    workers = [threading.Thread(target=work, args=(i,)) for i in range(threads)]
    for t in workers:
        t.start()
    for t in workers:
        t.join()
    return errors


def test_eight_threads_allocating_keep_totals_consistent(pool):
    gc.collect()
    used = pool.used_bytes()
    assert not churn_in_threads(rounds=400, most_live=20, largest=50_000)
    assert pool.used_bytes() == used
    assert pool.free_bytes() == pool.total_bytes() - pool.used_bytes()


def test_eight_threads_with_small_blocks_keep_totals_consistent(pool):
    # Most blocks of one granule: the pool's lock-free slots (memory/pool.hpp) under contention.
    gc.collect()
    pool.free_all_blocks()
    used, total = pool.used_bytes(), pool.total_bytes()
    assert not churn_in_threads(rounds=2000, most_live=30, largest=1500)
    assert pool.used_bytes() == used
    assert pool.free_bytes() == pool.total_bytes() - pool.used_bytes()
    pool.free_all_blocks()
    assert pool.total_bytes() == total


def test_one_granule_blocks_come_back_per_stream_and_to_free_all_blocks(pool):
    # Blocks of one 512-byte granule that are whole segments return through lock-free slots
    # (memory/pool.hpp): still per stream, counted as free, released by free_all_blocks.
    pool.free_all_blocks()
    used, total = pool.used_bytes(), pool.total_bytes()
    a, b = cupylike.cuda.Stream(), cupylike.cuda.Stream()  # new arenas: whole new segments
    with a:
        x = cupylike.empty(16, dtype=numpy.float32)  # 64 bytes -> one granule
    freed = x.data.ptr
    assert pool.used_bytes() == used + 512
    del x
    assert pool.used_bytes() == used and pool.free_bytes() == pool.total_bytes() - used
    assert pool.total_bytes() == total + 512 and pool.n_free_blocks() >= 1
    with b:
        y = cupylike.empty(16, dtype=numpy.float32)
    assert y.data.ptr != freed  # work queued on a may still use it
    with a:
        z = cupylike.empty(16, dtype=numpy.float32)
    assert z.data.ptr == freed
    del y, z
    pool.free_all_blocks()
    assert pool.used_bytes() == used and pool.total_bytes() == total


@pytest.mark.cpu_device(reason="on a GPU, uploads stage through the pinned pool")
def test_pinned_pool_is_available_and_empty_without_cuda():
    pinned = cupylike.get_default_pinned_memory_pool()
    assert pinned.used_bytes() == 0
    pinned.free_all_blocks()
    assert pinned.n_free_blocks() == 0
