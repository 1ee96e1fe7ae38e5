"""Ctrl-C and CUPYLIKE_KERNEL_TIMEOUT stop a running kernel on the cpu device: `while (1);` in a
RawKernel raises KeyboardInterrupt within a second of SIGINT, or a KernelError once the timeout
passes, and the library works normally afterwards. Each case runs in a process of its own."""

import os
import tempfile

import pytest
from helpers.python_subprocess import (
    interrupt_when_ready,
    run_python,
    start_interruptible_python,
)

pytestmark = pytest.mark.any_device("runs its own cpu-device processes")

SPIN = r'''
extern "C" __global__ void spin(int* out) {
    out[blockIdx.x * blockDim.x + threadIdx.x] = 1;
    while (1);
}
'''

# After the stop: the next operations give NumPy's values, on one thread and on the pool.
STILL_WORKS = r'''
small = numpy.arange(10, dtype=numpy.int32)
assert (cp.asnumpy(cp.asarray(small) * 3 + 1) == small * 3 + 1).all()
big = numpy.arange(1_000_000, dtype=numpy.float64)
assert float(cp.asarray(big).sum()) == big.sum()
assert (cp.asnumpy(cp.asarray(big) + 1) == big + 1).all()
print("still works", flush=True)
'''


def start(code, **env):
    folder = tempfile.mkdtemp()
    return start_interruptible_python(code, folder,
                                      dict(os.environ, CUPYLIKE_DEVICE="cpu", **env))


@pytest.mark.parametrize("grid, block", [(1, 1), (64, 256)], ids=["one-thread", "worker-pool"])
def test_ctrl_c_stops_a_kernel_that_never_ends(grid, block):
    """One block on the launching thread, or many on the pool (the running ones are stopped,
    the rest dropped): KeyboardInterrupt within a second of SIGINT."""
    child = start(f"""
import time, numpy
import cupylike as cp
k = cp.RawKernel({SPIN!r}, "spin")
out = cp.zeros({grid * block}, dtype=cp.int32)
k.compile()
print("ready", flush=True)
try:
    k(({grid},), ({block},), (out,))
except KeyboardInterrupt:
    print("interrupted", flush=True)
{STILL_WORKS}
""", CUPYLIKE_CPU_THREADS="2")
    line, latency, rest, errors = interrupt_when_ready(child)
    assert line == "interrupted", errors
    assert latency < 1.0, latency
    assert rest.strip() == "still works", errors
    assert child.returncode == 0, errors


TIMEOUT_PRELUDE = r'''
import time, warnings
import numpy
import cupylike as cp

def kernel_error(fn):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        started = time.monotonic()
        try:
            fn()
        except cp.cuda.KernelError as e:
            assert any(w.category is RuntimeWarning for w in caught), caught
            print(f"after {time.monotonic() - started:.2f} s:", e, flush=True)
            return str(e)
    raise AssertionError("no KernelError")
'''


def run_with_timeout(code, seconds="0.5"):
    proc = run_python(TIMEOUT_PRELUDE + code + STILL_WORKS, CUPYLIKE_DEVICE="cpu",
                      CUPYLIKE_KERNEL_TIMEOUT=seconds, CUPYLIKE_CPU_THREADS="2", timeout=60)
    output = proc.stdout + proc.stderr
    assert proc.returncode == 0, output
    assert proc.stdout.rstrip().endswith("still works"), output
    elapsed = float(proc.stdout.split("after ")[1].split(" s:")[0])
    assert 0.5 <= elapsed < 2.0, output
    return proc.stdout


@pytest.mark.parametrize("grid, block", [(1, 1), (64, 256)], ids=["one-thread", "worker-pool"])
def test_a_runaway_kernel_times_out(grid, block):
    out = run_with_timeout(f"""
k = cp.RawKernel({SPIN!r}, "spin")
out = cp.zeros({grid * block}, dtype=cp.int32)
kernel_error(lambda: k(({grid},), ({block},), (out,)))
""")
    assert "kernel 'spin' failed in block" in out
    assert "ran longer than CUPYLIKE_KERNEL_TIMEOUT=0.5 s" in out


DIVERGENT = r'''
extern "C" __global__ void divergent(volatile int* flag) {
    if (threadIdx.x == 0) {
        __syncthreads();
        *flag = 1;
    } else {
        while (*flag == 0) {}
    }
}
'''


def test_threads_spinning_past_a_barrier_others_wait_at_are_a_deadlock():
    """Thread 0 waits at __syncthreads for threads that spin on a flag it sets after the
    barrier: a GPU hangs; here the timeout reports it as a deadlock."""
    out = run_with_timeout(f"""
k = cp.RawKernel({DIVERGENT!r}, "divergent")
flag = cp.zeros(1, dtype=cp.int32)
kernel_error(lambda: k((1,), (4,), (flag,)))
""")
    assert "kernel 'divergent' failed in block (0, 0, 0), thread (1, 0, 0): deadlock" in out
    assert "deadlock found by CUPYLIKE_KERNEL_TIMEOUT=0.5 s" in out
    assert "without reaching the __syncthreads that thread(s) (0, 0, 0) wait at" in out


def test_a_slow_kernel_within_the_timeout_is_not_stopped():
    run_with_timeout("""
k = cp.RawKernel(r'''
extern "C" __global__ void slow(float* out, long long n) {
    float s = 0;
    for (long long i = 0; i < n; ++i) s = s * 0.5f + 1.0f;
    out[threadIdx.x] = s;
}''', "slow")
out = cp.zeros(1, dtype=cp.float32)
k((1,), (1,), (out, numpy.int64(10_000_000)))
assert float(out[0]) == 2.0
kernel_error(lambda: k((1,), (1,), (out, numpy.int64(10**12))))
""", seconds="0.5")


def test_a_forked_child_gets_a_watchdog_of_its_own():
    """The watchdog thread does not survive fork(): the child's first launch starts one."""
    out = run_with_timeout(f"""
import os
k = cp.RawKernel({SPIN!r}, "spin")
out = cp.zeros(1, dtype=cp.int32)
assert int((cp.arange(3) + 1).sum()) == 6  # the parent's watchdog runs
pid = os.fork()
if pid == 0:
    try:
        k((1,), (1,), (out,))
    except cp.cuda.KernelError:
        os._exit(7)
    os._exit(1)
assert os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]) == 7
kernel_error(lambda: k((1,), (1,), (out,)))
""")
    assert "ran longer than CUPYLIKE_KERNEL_TIMEOUT=0.5 s" in out
