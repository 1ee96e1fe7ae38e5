"""Faults inside a kernel on the cpu device (SIGSEGV, SIGFPE, a stack overflow) become a
KernelError that names the kernel, the block, the thread and the fault, with a RuntimeWarning,
and the process keeps working; faults outside kernels still kill the process as before. Each
case runs in a process of its own (a regression would crash it), which checks the error and then
that the next operations give NumPy's values."""

import signal

import pytest
from helpers.python_subprocess import run_python

pytestmark = pytest.mark.any_device("runs its own cpu-device processes")

# Run before each program: a KernelError expected with a RuntimeWarning, and a check that the
# library still computes right, on the launching thread and on the worker pool.
PRELUDE = r'''
import threading, warnings
import numpy
import cupylike as cp

def kernel_error(fn):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            fn()
        except cp.cuda.KernelError as e:
            assert any(w.category is RuntimeWarning and "inconsistent" in str(w.message)
                       for w in caught), caught
            return str(e)
    raise AssertionError("no KernelError")

def still_works():
    small = numpy.arange(10, dtype=numpy.int32)
    assert (cp.asnumpy(cp.asarray(small) * 3 + 1) == small * 3 + 1).all()
    big = numpy.arange(1_000_000, dtype=numpy.float64)
    assert float(cp.asarray(big).sum()) == big.sum()
    assert (cp.asnumpy(cp.asarray(big) + 1) == big + 1).all()
    print("still works")
'''


def run_program(code, **env):
    proc = run_python(PRELUDE + code, CUPYLIKE_DEVICE="cpu", **env)
    output = proc.stdout + proc.stderr
    if proc.returncode < 0:
        pytest.fail(f"crashed with {signal.Signals(-proc.returncode).name}\n{output}")
    assert proc.returncode == 0, output
    assert proc.stdout.rstrip().endswith("still works"), output
    return proc.stdout


FAR = r'''
extern "C" __global__ void far_read(float* y, long long offset) { y[threadIdx.x] = y[offset]; }
extern "C" __global__ void far_write(float* y, long long offset) { y[offset] = 1.0f; }
'''


@pytest.mark.parametrize("kernel, access", [("far_read", "invalid read"),
                                            ("far_write", "invalid write")])
def test_an_access_far_out_of_bounds_names_the_pointer_argument(kernel, access):
    out = run_program(f"""
m = cp.RawModule(code={FAR!r})
y = cp.zeros(4, dtype=cp.float32)
offset = 1 << 38  # a TiB past y
message = kernel_error(lambda: m.get_function({kernel!r})((1,), (1,), (y, numpy.int64(offset))))
print(message)
expected = f"at {{y.data.ptr + 4 * offset:#x}} (SIGSEGV), {{4 * offset}} bytes past the start of "
expected += f"pointer argument 0 ({{y.data.ptr:#x}})"
assert expected in message, (expected, message)
still_works()
""")
    assert f"kernel '{kernel}' failed in block (0, 0, 0), thread (0, 0, 0): {access} at" in out


DIVIDE = r'''
extern "C" __global__ void divide(int* out, int a, int b) {
    out[threadIdx.x] = threadIdx.x == 5 ? a / b : 0;
}
'''


@pytest.mark.parametrize("a, b", [(7, 0), (-2**31, -1)])
def test_integer_division_by_zero_or_overflow_is_an_error_not_sigfpe(a, b):
    """A GPU gives an unspecified value; the cpu device cannot go on past the trap, so it says
    which thread divided."""
    out = run_program(f"""
k = cp.RawKernel({DIVIDE!r}, "divide")
out = cp.zeros(8, dtype=cp.int32)
print(kernel_error(lambda: k((1,), (8,), (out, numpy.int32({a}), numpy.int32({b})))))
still_works()
""")
    assert "kernel 'divide' failed in block (0, 0, 0), thread (5, 0, 0): integer division" in out
    assert "INT_MIN / -1" in out and "SIGFPE" in out


# Threads that reach __syncthreads run on fibers of CUPYLIKE_CPU_STACK_SIZE bytes (512 KiB by
# default, the most CUDA gives a thread).
BIG_LOCAL = r'''
extern "C" __global__ void big_local(float* out) {
    volatile float local[WORDS];
    for (int i = 0; i < WORDS; i += 1024) local[i] = float(i + threadIdx.x);
    __syncthreads();
    out[threadIdx.x] = local[WORDS / 1024 * 1024 - 1024];
}
'''


def big_local_program(kib):
    words = kib * 256
    return f"""
k = cp.RawKernel({BIG_LOCAL!r}, "big_local", options=("-DWORDS={words}",))
out = cp.zeros(4, dtype=cp.float32)
run = lambda: k((1,), (4,), (out,))
"""


def test_a_stack_overflow_on_a_fiber_is_an_error_naming_the_stack_size():
    out = run_program(big_local_program(1024) + """
print(kernel_error(run))
still_works()
""")
    assert "kernel 'big_local' failed in block (0, 0, 0), thread (1, 0, 0): stack overflow" in out
    assert "CUPYLIKE_CPU_STACK_SIZE" in out and "512 KiB" in out


def test_a_400_kib_local_array_fits_as_on_a_gpu():
    out = run_program(big_local_program(400) + """
run()
words = 400 * 256
print(cp.asnumpy(out))
assert (cp.asnumpy(out) == numpy.arange(4) + (words // 1024 * 1024 - 1024)).all()
still_works()
""")
    assert "still works" in out


def test_the_stack_size_follows_cupylike_cpu_stack_size():
    run_program(big_local_program(1024) + """
run()
assert (cp.asnumpy(out) == numpy.arange(4) + (1024 * 256 - 1024)).all()
still_works()
""", CUPYLIKE_CPU_STACK_SIZE=str(2 << 20))


# A fault in blocks run only by a worker thread, or only by the launching thread: the kernel
# compares the OS thread that runs it with the launching one (a host call: cpu device only), and
# each side waits (boundedly) until the other has started a block, so both take blocks.
BY_THREAD = r'''
extern "C" unsigned long pthread_self(void);
extern "C" __global__ void by_thread(float* y, int* started, unsigned long long launcher,
                                     int on_launcher) {
    int here = pthread_self() == launcher;
    atomicAdd(&started[here], 1);
    for (long long i = 0; i < 4000000000LL && atomicAdd(&started[1 - here], 0) == 0; ++i) {}
    if (here == bool(on_launcher) && threadIdx.x == 7) y[1LL << 38] = 1.0f;
    y[blockIdx.x * blockDim.x + threadIdx.x] = 1.0f;
}
'''


@pytest.mark.parametrize("on_launcher", [0, 1])
def test_a_fault_in_a_worker_or_the_launching_thread_leaves_the_pool_working(on_launcher):
    out = run_program(f"""
k = cp.RawKernel({BY_THREAD!r}, "by_thread")
y = cp.zeros(64 * 64, dtype=cp.float32)
launcher = numpy.uint64(threading.get_ident())
for _ in range(3):
    started = cp.zeros(2, dtype=cp.int32)
    print(kernel_error(lambda: k((64,), (64,), (y, started, launcher, numpy.int32({on_launcher})))))
    still_works()
""", CUPYLIKE_CPU_THREADS="2")
    assert out.count("thread (7, 0, 0): invalid write at") == 3, out


@pytest.mark.parametrize("enable_first", [True, False])
def test_faults_outside_kernels_still_reach_faulthandler(enable_first):
    """The handlers chain: a segfault in host code after kernels ran (so the handlers are in
    place) still ends the process with SIGSEGV and Python's faulthandler traceback, whether
    faulthandler was enabled before the first kernel or after."""
    code = f"""
import ctypes, faulthandler
import cupylike as cp
if {enable_first}: faulthandler.enable()
assert int((cp.arange(3) + 1).sum()) == 6
faulthandler.enable()
ctypes.string_at(0)
"""
    proc = run_python(code, CUPYLIKE_DEVICE="cpu")
    assert proc.returncode == -signal.SIGSEGV, proc.stdout + proc.stderr
    assert "Fatal Python error: Segmentation fault" in proc.stderr, proc.stderr


def test_faults_outside_kernels_keep_the_default_action():
    code = """
import ctypes
import cupylike as cp
assert int((cp.arange(3) + 1).sum()) == 6
ctypes.string_at(0)
"""
    proc = run_python(code, CUPYLIKE_DEVICE="cpu")
    assert proc.returncode == -signal.SIGSEGV, proc.stdout + proc.stderr
