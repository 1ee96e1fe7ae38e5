"""The library's one launch policy (csrc/runtime/launch.hpp), as the ops use it and as
Python's kernels ask for it: on the cpu device a few blocks per worker thread of
CUPYLIKE_CPU_THREADS, on a GPU blocks of `block` threads, capped."""

import pytest
from helpers.python_subprocess import run_python

import cupylike
from cupylike._core import _native
from cupylike._core._statistics_kernels import launch_dims


@pytest.mark.any_device(reason="runs its own cpu-device processes")
def test_the_cpu_policy_follows_cupylike_cpu_threads():
    # Python's kernels once counted the CPUs themselves and ignored CUPYLIKE_CPU_THREADS.
    code = """
from cupylike._core import _native
from cupylike._core._statistics_kernels import launch_dims
with _native.Device("cpu"):
    print(_native._cpu_workers(), launch_dims(10**8), launch_dims(10**8, work=10))
"""
    for threads, blocks in (("1", 4), ("3", 12)):
        proc = run_python(code, CUPYLIKE_CPU_THREADS=threads)
        assert proc.returncode == 0, proc.stderr
        assert proc.stdout.split() == [threads, f"({blocks},", "1)", "(1,", "1)"], proc.stdout


@pytest.mark.parametrize("items, work, grid", [
    (0, None, 1), (1, None, 1), (16 << 10, None, 1), (10, 10**9, 10), (10**9, None, None)])
def test_the_cpu_policy_sizes_blocks_by_work(items, work, grid):
    with cupylike.Device("cpu"):
        got = launch_dims(items, work)
    workers = _native._cpu_workers()
    assert got == ((4 * workers if grid is None else min(grid, 4 * workers)), 1)


def test_a_gpus_policy_has_blocks_of_threads_and_a_cap():
    if cupylike.Device().kind != "cuda":
        pytest.skip("a CUDA device's launch shape")
    assert launch_dims(1) == (1, 256)
    assert launch_dims(257) == (2, 256)
    assert launch_dims(1000, block=128, per_thread=4) == (2, 128)
    assert launch_dims(10**12) == (1 << 16, 256)
    assert _native._launch_dims(10**12) == (1 << 20, 256)
