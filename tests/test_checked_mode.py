"""Checked mode (CUPYLIKE_CHECKED=1): guard pages around every allocation of the cpu device,
so that a kernel running one element past an array faults at the access, and poisoned
memory from empty() and empty_like(). Each case runs in its own process, since the mode is
read once per process and a fault ends the process until kernel faults become exceptions."""

import os
import pathlib
import subprocess
import sys
import tempfile
import textwrap

import pytest
from helpers.python_subprocess import run_python

_OVERRUNS = r'''
import numpy, cupylike
write_past = cupylike.RawKernel(r"""
extern "C" __global__ void write_past(float* x, int n) {
    if (blockIdx.x == 0 && threadIdx.x == 0) x[n] = 1.0f;
}""", "write_past")
read_past = cupylike.RawKernel(r"""
extern "C" __global__ void read_past(const float* x, float* out, int n) {
    if (blockIdx.x == 0 && threadIdx.x == 0) out[0] = x[n];
}""", "read_past")
x = cupylike.zeros(100, numpy.float32)
out = cupylike.zeros(1, numpy.float32)
write_past((1,), (32,), (x, numpy.int32(x.size - 1)))  # the last element: in bounds
read_past((1,), (32,), (x, out, numpy.int32(x.size - 1)))
assert float(out[0]) == 1.0
print("in bounds ran", flush=True)
'''

cpu_memory = pytest.mark.cpu_device(reason="guard pages are the cpu device's memory")


def _run(code, checked):
    """`checked`: False, True (level 1) or a level."""
    env = {"CUPYLIKE_CHECKED": str(int(checked))}
    return run_python(textwrap.dedent(code), timeout=300, **env)


def _assert_overrun_caught(proc, kernel):
    """The guard page makes the access fault; the block runner turns the fault into a
    KernelError naming the kernel and the argument it ran past, and the process goes on."""
    out = proc.stdout + proc.stderr
    assert "in bounds ran" in proc.stdout, out
    assert proc.returncode == 0, out
    assert "raised KernelError" in proc.stdout and kernel in proc.stdout, out
    assert "pointer argument 0" in proc.stdout, out


def _overrun(call):
    return _OVERRUNS + textwrap.dedent(f"""
        try:
            {call}
            numpy.asarray(cupylike.asnumpy(out))
            print("after the overrun", flush=True)
        except Exception as e:
            print("raised", type(e).__name__, e, flush=True)
    """)


@cpu_memory
@pytest.mark.parametrize("kernel, call", [
    ("write_past", "write_past((1,), (32,), (x, numpy.int32(x.size)))"),
    ("read_past", "read_past((1,), (32,), (x, out, numpy.int32(x.size)))"),
], ids=["write", "read"])
def test_one_element_overrun_faults_at_the_access(kernel, call):
    _assert_overrun_caught(_run(_overrun(call), checked=True), kernel)


@cpu_memory
@pytest.mark.parametrize("call", [
    "write_past((1,), (32,), (x, numpy.int32(x.size)))",
    "read_past((1,), (32,), (x, out, numpy.int32(x.size)))",
], ids=["write", "read"])
def test_without_checked_mode_the_same_overrun_goes_unnoticed(call):
    # The pool rounds the 400 bytes up to 512, so element 100 is memory of the same block.
    proc = _run(_overrun(call), checked=False)
    assert proc.returncode == 0 and "after the overrun" in proc.stdout, proc.stdout + proc.stderr


@cpu_memory
def test_every_dtype_and_size_abuts_the_guard():
    """The last byte of any array is the last byte before the guard page, whatever its dtype
    and length, with the start aligned for its dtype (no gap the alignment would leave)."""
    proc = _run(r'''
        import ctypes, mmap, os, numpy, cupylike
        libc = ctypes.CDLL(None, use_errno=True)
        libc.write.argtypes = [ctypes.c_int, ctypes.c_void_p, ctypes.c_size_t]
        r, w = os.pipe()
        def readable(address):  # write(2) fails with EFAULT where the process may not read
            ok = libc.write(w, address, 1) == 1
            if ok:
                os.read(r, 1)
            return ok
        for dt in ["bool", "int8", "int16", "float32", "float64", "complex64", "complex128"]:
            for n in [1, 3, 7, 100, 1023, 4096, 100001]:
                a = cupylike.zeros(n, dt)
                start, end = a.data.ptr, a.data.ptr + a.nbytes
                assert start % numpy.dtype(dt).alignment == 0, (dt, n, start)
                assert readable(end - 1) and not readable(end), (dt, n)
                assert not readable(start - start % mmap.PAGESIZE - 1), (dt, n)
        print("abutting", flush=True)
    ''', checked=True)
    assert proc.returncode == 0 and "abutting" in proc.stdout, proc.stdout + proc.stderr


@cpu_memory
def test_use_after_free_faults_at_level_2():
    proc = _run(r'''
        import numpy, cupylike
        k = cupylike.RawKernel(r"""
        extern "C" __global__ void poke(unsigned long long address) {
            *(volatile float*)address = 1.0f;
        }""", "poke")
        x = cupylike.zeros(1000, numpy.float32)
        address = x.data.ptr
        k((1,), (1,), (numpy.uint64(address),))
        print("live write ran", flush=True)
        del x
        k((1,), (1,), (numpy.uint64(address),))
        print("after the use after free", flush=True)
    ''', checked=2)
    assert "live write ran" in proc.stdout, proc.stdout + proc.stderr
    assert "after the use after free" not in proc.stdout, proc.stdout
    assert proc.returncode != 0, proc.stdout + proc.stderr


def test_empty_memory_is_poisoned_in_checked_mode():
    proc = _run(r'''
        import numpy, cupylike
        # Quiet NaNs with 0xCC payload bytes, each part of a complex value.
        nan = {"float16": (numpy.uint16, 0x7ECC), "float32": (numpy.uint32, 0x7FCCCCCC),
               "float64": (numpy.uint64, 0x7FFCCCCCCCCCCCCC),
               "complex64": (numpy.uint32, 0x7FCCCCCC),
               "complex128": (numpy.uint64, 0x7FFCCCCCCCCCCCCC)}
        for dt, (bits, pattern) in nan.items():
            for a in (cupylike.empty(5, dt), cupylike.empty_like(cupylike.zeros((2, 3), dt))):
                h = cupylike.asnumpy(a)
                assert numpy.isnan(h.real).all() and numpy.isnan(h.imag).all() == (dt[0] == "c")
                assert (h.view(bits) == pattern).all(), (dt, h.view(bits))
        for dt in ["bool", "int8", "uint16", "int32", "uint64"]:
            for a in (cupylike.empty((4, 3), dt), cupylike.empty_like(cupylike.ones(7, dt))):
                assert (cupylike.asnumpy(a).view(numpy.uint8) == 0xCC).all(), dt
        # What the library hands out is written before it is read.
        assert (cupylike.asnumpy(cupylike.zeros(5)) == 0).all()
        assert (cupylike.asnumpy(cupylike.full(5, 2, numpy.int8)) == 2).all()
        assert cupylike.asnumpy(cupylike.arange(5) + 1).tolist() == [1, 2, 3, 4, 5]
        print("poisoned", flush=True)
    ''', checked=True)
    assert proc.returncode == 0 and "poisoned" in proc.stdout, proc.stdout + proc.stderr


_TESTS = pathlib.Path(__file__).parent


@cpu_memory
@pytest.mark.parametrize("test_file", ["test_ufunc_arithmetic.py", "test_reductions_sums.py"])
def test_checked_mode_gives_numpys_values(test_file):
    """A sample of the suite passes in checked mode: guarded blocks give the library's
    kernels the alignment and the values they need."""
    env = dict(os.environ, CUPYLIKE_CHECKED="1")
    with tempfile.TemporaryDirectory() as cwd:  # not the source tree, which has no _core
        proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-x", "-p",
                               "no:cacheprovider", "-p", "no:xdist", str(_TESTS / test_file)],
                              env=env, cwd=cwd, capture_output=True, text=True, timeout=1800)
    tail = proc.stdout[-3000:] + proc.stderr[-3000:]
    assert proc.returncode == 0, tail
    assert " passed" in proc.stdout, tail


@cpu_memory
def test_an_allocation_beyond_memory_raises_out_of_memory():
    proc = _run(r'''
        import numpy, cupylike
        try:
            cupylike.zeros(2**50, numpy.uint8)
        except MemoryError as e:
            print("MemoryError", e, flush=True)
        x = cupylike.arange(10)
        assert cupylike.asnumpy(x * 2).tolist() == list(range(0, 20, 2))
        print("works after", flush=True)
    ''', checked=True)
    assert "MemoryError Out of memory allocating 1,125,899,906,842,624 bytes" in proc.stdout, \
        proc.stdout + proc.stderr
    assert "works after" in proc.stdout, proc.stdout + proc.stderr
