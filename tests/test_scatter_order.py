"""Assignments through repeated indices (x[idx] = v, x.flat, put, put_along_axis) keep the last
write in index order, as NumPy's, on every device: the writers of one element race on a GPU, so
the library hands them all the last writer's value (csrc/ops/indexing.cpp; the cpu device writes
such keys on one thread, in order). The emulated GPU and the cpu device run threads in one fixed
order, which hid the race; CUPYLIKE_THREAD_ORDER=reverse runs them last to first, and the cases
run under it in processes of their own."""

import pathlib

import numpy
import pytest
from helpers.emulated_gpu import check_exit, run, run_on_emulator
from helpers.scatter_cases import CASES

import cupylike
from cupylike.testing import assert_array_equal

TESTS = str(pathlib.Path(__file__).parent)

# Every case against NumPy, in the process that runs it.
PROGRAM = f"""
import sys
sys.path.insert(0, {TESTS!r})
import numpy, cupylike
from cupylike.testing import assert_array_equal
from helpers.scatter_cases import CASES
for name, case in CASES.items():
    assert_array_equal(case(cupylike), case(numpy), err_msg=name)
print("checked", len(CASES))
"""

# Each thread of the grid stores its number in out[0]; in order, the last thread's stays. The
# second kernel reverses a block's values through shared memory (a barrier in between), which
# must come out the same whichever thread reaches the barrier first.
ORDER_PROBE = """
last = cupylike.RawKernel(r'''
extern "C" __global__ void last(int* out) { out[0] = blockIdx.x * blockDim.x + threadIdx.x; }
''', "last")
out = cupylike.zeros(1, dtype=numpy.int32)
last((3,), (64,), (out,))
print("last writer", int(out[0]))
flip = cupylike.RawKernel(r'''
extern "C" __global__ void flip(const int* x, int* y) {
  __shared__ int tile[64];
  tile[threadIdx.x] = x[blockIdx.x * 64 + threadIdx.x];
  __syncthreads();
  y[blockIdx.x * 64 + threadIdx.x] = tile[63 - threadIdx.x];
}
''', "flip")
x = cupylike.arange(128, dtype=numpy.int32)
y = cupylike.zeros(128, dtype=numpy.int32)
flip((2,), (64,), (x, y))
assert_array_equal(y, numpy.arange(128, dtype=numpy.int32).reshape(2, 64)[:, ::-1].ravel())
"""


@pytest.mark.parametrize("name", list(CASES))
def test_the_last_write_wins(name):
    assert_array_equal(CASES[name](cupylike), CASES[name](numpy))


@pytest.mark.any_device(reason="runs its own processes on the emulated GPU")
@pytest.mark.parametrize("order", ["reverse", "forward"])
def test_the_last_write_wins_whatever_order_the_emulated_gpu_runs_threads_in(order):
    out = run_on_emulator(PROGRAM, CUPYLIKE_THREAD_ORDER=order)
    assert f"checked {len(CASES)}" in out


@pytest.mark.any_device(reason="runs its own process on the cpu device")
def test_the_last_write_wins_with_the_cpu_devices_threads_reversed():
    # One worker thread: the blocks of a large launch then run strictly last to first.
    out = check_exit(run(PROGRAM, CUPYLIKE_DEVICE="cpu", CUPYLIKE_THREAD_ORDER="reverse",
                         CUPYLIKE_CPU_THREADS=1))
    assert f"checked {len(CASES)}" in out


@pytest.mark.any_device(reason="runs its own processes on the emulated GPU")
@pytest.mark.parametrize(("order", "last"), [("reverse", 0), ("forward", 3 * 64 - 1)])
def test_the_thread_order_setting_reverses_blocks_and_threads(order, last):
    out = run_on_emulator(ORDER_PROBE, CUPYLIKE_THREAD_ORDER=order)
    assert f"last writer {last}" in out
