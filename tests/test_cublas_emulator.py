"""The emulated GPU's cuBLAS stand-in (csrc/emulator/cublas.cpp), called as cuBLAS is: status
codes for misuse as NVIDIA documents them, products queued on the handle's stream and run in
stream order, one handle per device, and a matrix outside live device memory faulting as a GPU
would (the sticky CUDA_ERROR_ILLEGAL_ADDRESS). Its values against NumPy are the product tests'
(test_products.py and the others run on the emulated pass).

The driver is loaded once per process, so each test runs a short program in a fresh interpreter
(tests/helpers/emulated_gpu.py)."""

import textwrap

import pytest
from helpers.emulated_gpu import run_on_emulator

pytestmark = pytest.mark.any_device(reason="runs its own processes on the emulated GPU")

# Direct calls into the stand-in, with cuBLAS's prototypes. A cupylike product first names the
# host BLAS to the emulator and makes device 0's context current on this thread.
CUBLAS = """
from ctypes import POINTER, byref, c_double, c_int, c_longlong, c_void_p
SUCCESS, NOT_INITIALIZED, INVALID_VALUE, EXECUTION_FAILED = 0, 1, 7, 13
N, T = 0, 1
_emu.cublasCreate_v2.argtypes = [POINTER(c_void_p)]
_emu.cublasDestroy_v2.argtypes = [c_void_p]
_emu.cublasSetStream_v2.argtypes = [c_void_p, c_void_p]
_emu.cublasDgemmStridedBatched.argtypes = [
    c_void_p, c_int, c_int, c_int, c_int, c_int, POINTER(c_double), c_void_p, c_int, c_longlong,
    c_void_p, c_int, c_longlong, POINTER(c_double), c_void_p, c_int, c_longlong, c_int]

def create():
    h = c_void_p()
    assert _emu.cublasCreate_v2(byref(h)) == SUCCESS
    return h

def dgemm(h, m, n, k, a, lda, b, ldb, c, ldc, ta=N, tb=N, batch=1, strides=(0, 0, 0)):
    one, zero = c_double(1.0), c_double(0.0)
    return _emu.cublasDgemmStridedBatched(
        h, ta, tb, m, n, k, byref(one), a, lda, strides[0], b, ldb, strides[1], byref(zero),
        c, ldc, strides[2], batch)

host_a = numpy.arange(6.0).reshape(3, 2)
host_b = numpy.arange(8.0).reshape(2, 4) - 3
(cupylike.asarray(host_a) @ cupylike.asarray(host_b)).get()
"""


def run_with_cublas(code):
    run_on_emulator(CUBLAS + textwrap.dedent(code))


def test_misuse_gets_cublas_status_codes():
    run_with_cublas("""
        assert _emu.cublasCreate_v2(None) == INVALID_VALUE
        h = create()
        # Column-major: C (4 x 3) = B^T-as-stored (4 x 2) times A^T-as-stored (2 x 3).
        a, b = cupylike.asarray(host_a), cupylike.asarray(host_b)
        c = cupylike.zeros((3, 4))
        pa, pb, pc = a.data.ptr, b.data.ptr, c.data.ptr
        assert dgemm(h, 4, 3, 2, pb, 4, pa, 2, pc, 4) == SUCCESS
        numpy.testing.assert_array_equal(c.get(), host_a @ host_b)
        assert dgemm(h, 4, 3, 2, pb, 3, pa, 2, pc, 4) == INVALID_VALUE  # lda below m
        assert dgemm(h, 4, 3, 2, pb, 4, pa, 1, pc, 4) == INVALID_VALUE  # ldb below k
        assert dgemm(h, 4, 3, 2, pb, 4, pa, 2, pc, 3) == INVALID_VALUE  # ldc below m
        assert dgemm(h, -1, 3, 2, pb, 4, pa, 2, pc, 4) == INVALID_VALUE
        assert dgemm(h, 4, 3, 2, pb, 4, pa, 2, pc, 4, ta=7) == INVALID_VALUE
        assert dgemm(h, 4, 3, 2, pb, 4, pa, 2, pc, 4, batch=-1) == INVALID_VALUE
        assert dgemm(h, 0, 3, 2, pb, 4, pa, 2, pc, 4) == SUCCESS  # nothing to do
        assert _emu.cublasDestroy_v2(h) == SUCCESS
        assert dgemm(h, 4, 3, 2, pb, 4, pa, 2, pc, 4) == NOT_INITIALIZED
        assert _emu.cublasDestroy_v2(h) == NOT_INITIALIZED
        assert dgemm(None, 4, 3, 2, pb, 4, pa, 2, pc, 4) == NOT_INITIALIZED
    """)


def test_products_run_in_their_streams_order():
    run_with_cublas("""
        h = create()
        a, b = cupylike.asarray(host_a), cupylike.asarray(host_b)
        c = cupylike.zeros((3, 4))
        stream = cupylike.cuda.Stream()
        assert _emu.cublasSetStream_v2(h, c_void_p(stream.ptr)) == SUCCESS
        before = stat("ops_pending")
        assert dgemm(h, 4, 3, 2, b.data.ptr, 4, a.data.ptr, 2, c.data.ptr, 4) == SUCCESS
        assert stat("ops_pending") == before + 1  # queued, not run
        stream.synchronize()
        assert stat("ops_pending") <= before
        numpy.testing.assert_array_equal(c.get(), host_a @ host_b)
        # Through the library: a product on a stream, read back after it.
        with stream:
            d = cupylike.asarray(host_a) @ cupylike.asarray(host_b)
        numpy.testing.assert_array_equal(d.get(), host_a @ host_b)
    """)


def test_each_device_has_its_own_handle():
    run_with_cublas("""
        h = create()  # device 0's
        with cupylike.cuda.Device(1):
            a, b = cupylike.asarray(host_a), cupylike.asarray(host_b)
            c = cupylike.zeros((3, 4))
            # Device 0's handle on device 1: a GPU's launch there fails.
            assert dgemm(h, 4, 3, 2, b.data.ptr, 4, a.data.ptr, 2, c.data.ptr, 4) == \\
                EXECUTION_FAILED
            product = a @ b  # the library's handle for device 1
            assert product.device == GPU1
            numpy.testing.assert_array_equal(product.get(), host_a @ host_b)
    """)


def test_a_matrix_outside_live_memory_faults_as_on_a_gpu():
    run_with_cublas("""
        h = create()
        a, b = cupylike.asarray(host_a), cupylike.asarray(host_b)
        c = cupylike.zeros((3, 4))
        # Checked when it runs, as a GPU faults then: the call itself succeeds. (An address past
        # the array's end may still lie in the memory pool's block: this one is in no block.)
        assert dgemm(h, 4, 3, 2, b.data.ptr, 4, a.data.ptr, 2, 4096, 4) == SUCCESS
        message = raises(cupylike.cuda.CUDADriverError, cupylike.cuda.Device(0).synchronize)
        assert "CUDA_ERROR_ILLEGAL_ADDRESS" in message, message
        assert "matrix C of batch 0" in message, message
    """)
