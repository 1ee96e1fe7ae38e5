"""The emulated GPU's cuSOLVER stand-in (csrc/emulator/cusolver*.cpp), called as cuSOLVER is:
status codes for misuse as NVIDIA documents them, LAPACK's info in devInfo on the device, work
queued on the handle's stream and run in stream order, one handle per device, and a matrix
outside live device memory faulting as a GPU would (the sticky CUDA_ERROR_ILLEGAL_ADDRESS). Its
values against NumPy are the linalg tests' (test_linalg_*.py run on the emulated pass).

The driver is loaded once per process, so each test runs a short program in a fresh interpreter
(tests/helpers/emulated_gpu.py)."""

import textwrap

import pytest
from helpers.emulated_gpu import run_on_emulator

pytestmark = pytest.mark.any_device(reason="runs its own processes on the emulated GPU")

# Direct calls into the stand-in, with cuSOLVER's prototypes (double precision). A cupylike
# solve first names the host LAPACK to the emulator and makes device 0's context current on
# this thread.
CUSOLVER = """
from ctypes import POINTER, byref, c_byte, c_int, c_int64, c_size_t, c_void_p
SUCCESS, NOT_INITIALIZED, INVALID_VALUE, EXECUTION_FAILED, NOT_SUPPORTED = 0, 1, 3, 6, 9
OP_N, LOWER, UPPER, NOVECTOR, VECTOR = 0, 0, 1, 0, 1
R_64F, C_64F, R_16F = 1, 5, 2
P = c_void_p
_emu.cusolverDnCreate.argtypes = [POINTER(c_void_p)]
_emu.cusolverDnDestroy.argtypes = [P]
_emu.cusolverDnSetStream.argtypes = [P, P]
_emu.cusolverDnCreateParams.argtypes = [POINTER(c_void_p)]
_emu.cusolverDnDgetrf_bufferSize.argtypes = [P, c_int, c_int, P, c_int, POINTER(c_int)]
_emu.cusolverDnDgetrf.argtypes = [P, c_int, c_int, P, c_int, P, P, P]
_emu.cusolverDnDgetrs.argtypes = [P, c_int, c_int, c_int, P, c_int, P, P, c_int, P]
_emu.cusolverDnDpotrf_bufferSize.argtypes = [P, c_int, c_int, P, c_int, POINTER(c_int)]
_emu.cusolverDnDpotrf.argtypes = [P, c_int, c_int, P, c_int, P, c_int, P]
_emu.cusolverDnDgeqrf_bufferSize.argtypes = [P, c_int, c_int, P, c_int, POINTER(c_int)]
_emu.cusolverDnDgeqrf.argtypes = [P, c_int, c_int, P, c_int, P, P, c_int, P]
_emu.cusolverDnDgesvd_bufferSize.argtypes = [P, c_int, c_int, POINTER(c_int)]
_emu.cusolverDnDgesvd.argtypes = [P, c_byte, c_byte, c_int, c_int, P, c_int, P, P, c_int, P,
                                  c_int, P, c_int, P, P]
_emu.cusolverDnDsyevd_bufferSize.argtypes = [P, c_int, c_int, c_int, P, c_int, P, POINTER(c_int)]
_emu.cusolverDnXgeev_bufferSize.argtypes = [
    P, P, c_int, c_int, c_int64, c_int, P, c_int64, c_int, P, c_int, P, c_int64, c_int, P,
    c_int64, c_int, POINTER(c_size_t), POINTER(c_size_t)]
_emu.cusolverDnXgeev.argtypes = [
    P, P, c_int, c_int, c_int64, c_int, P, c_int64, c_int, P, c_int, P, c_int64, c_int, P,
    c_int64, c_int, P, c_size_t, P, c_size_t, P]

def create():
    h = c_void_p()
    assert _emu.cusolverDnCreate(byref(h)) == SUCCESS
    return h

def size(function, *args):
    lwork = c_int(-1)
    status = function(*args, byref(lwork))
    return status, lwork.value

def column_major(a):
    # cupylike arrays are row-major: the transpose's buffer is a's column-major layout.
    return cupylike.asarray(numpy.ascontiguousarray(numpy.asarray(a, numpy.float64).T))

def info_of(info):
    return int(info.get()[0])

host_a = numpy.array([[4.0, 1.0, 2.0], [1.0, 5.0, 3.0], [2.0, 3.0, 6.0]])
cupylike.linalg.solve(cupylike.asarray(host_a), cupylike.ones(3)).get()
"""


def run_with_cusolver(code):
    run_on_emulator(CUSOLVER + textwrap.dedent(code))


def test_misuse_gets_cusolver_status_codes():
    run_with_cusolver("""
        assert _emu.cusolverDnCreate(None) == INVALID_VALUE
        h = create()
        a = column_major(host_a)
        info = cupylike.zeros(1, numpy.int32)
        pa, pi = a.data.ptr, info.data.ptr
        f = _emu
        assert size(f.cusolverDnDgetrf_bufferSize, h, 3, 3, pa, 3) == (SUCCESS, 1)
        assert size(f.cusolverDnDgetrf_bufferSize, h, -1, 3, pa, 3)[0] == INVALID_VALUE
        assert size(f.cusolverDnDgetrf_bufferSize, h, 3, 3, pa, 2)[0] == INVALID_VALUE  # lda < m
        assert f.cusolverDnDgetrs(h, 7, 3, 1, pa, 3, pa, pa, 3, pi) == INVALID_VALUE  # trans
        assert f.cusolverDnDgetrs(h, OP_N, 3, 1, pa, 3, pa, pa, 2, pi) == INVALID_VALUE  # ldb
        assert size(f.cusolverDnDpotrf_bufferSize, h, 5, 3, pa, 3)[0] == INVALID_VALUE  # uplo
        assert f.cusolverDnDpotrf(h, LOWER, 3, pa, 3, pa, 0, pi) == INVALID_VALUE  # Lwork
        status, lwork = size(f.cusolverDnDgeqrf_bufferSize, h, 3, 3, pa, 3)
        assert status == SUCCESS and lwork >= 3, lwork
        work = cupylike.zeros(lwork)
        assert f.cusolverDnDgeqrf(h, 3, 3, pa, 3, pa, work.data.ptr, lwork - 1, pi) == \\
            INVALID_VALUE
        # gesvd: m >= n only, and jobs 'A', 'S', 'O' or 'N'.
        status, lwork = size(f.cusolverDnDgesvd_bufferSize, h, 3, 3)
        assert status == SUCCESS
        s = cupylike.zeros(3)
        work = cupylike.zeros(lwork)
        args = (pa, 3, s.data.ptr, None, 3, None, 3, work.data.ptr, lwork, None, pi)
        assert f.cusolverDnDgesvd(h, ord("N"), ord("N"), 2, 3, *args) == INVALID_VALUE
        assert f.cusolverDnDgesvd(h, ord("X"), ord("N"), 3, 3, *args) == INVALID_VALUE
        assert f.cusolverDnDgesvd(h, ord("N"), ord("N"), 3, 3, *args) == SUCCESS
        assert size(f.cusolverDnDsyevd_bufferSize, h, 5, LOWER, 3, pa, 3, pa)[0] == \\
            INVALID_VALUE
        numpy.testing.assert_allclose(s.get(), numpy.linalg.svd(host_a, compute_uv=False))
        assert f.cusolverDnDestroy(h) == SUCCESS
        assert size(f.cusolverDnDgetrf_bufferSize, h, 3, 3, pa, 3)[0] == NOT_INITIALIZED
        assert f.cusolverDnDgetrf(h, 3, 3, pa, 3, pa, pa, pi) == NOT_INITIALIZED
        assert f.cusolverDnDestroy(h) == NOT_INITIALIZED
        assert f.cusolverDnDgetrf(None, 3, 3, pa, 3, pa, pa, pi) == NOT_INITIALIZED
    """)


def test_dev_info_holds_lapacks_info_on_the_device():
    run_with_cusolver("""
        h = create()
        info = cupylike.full(1, -99, numpy.int32)
        work = cupylike.zeros(1)
        ipiv = cupylike.zeros(2, numpy.int32)
        # A singular matrix: U(2, 2) = 0.
        a = column_major([[1.0, 2.0], [2.0, 4.0]])
        assert _emu.cusolverDnDgetrf(h, 2, 2, a.data.ptr, 2, work.data.ptr, ipiv.data.ptr,
                                     info.data.ptr) == SUCCESS
        assert info_of(info) == 2
        assert ipiv.get().tolist() == [2, 2]  # 1-based, as LAPACK's
        # Not positive definite: the leading minor of order 2 is negative.
        a = column_major([[1.0, 2.0], [2.0, 1.0]])
        assert _emu.cusolverDnDpotrf(h, UPPER, 2, a.data.ptr, 2, work.data.ptr, 1,
                                     info.data.ptr) == SUCCESS
        assert info_of(info) == 2
        # getrf then getrs solve A x = b; devIpiv null factors without pivoting.
        a, b = column_major(host_a), cupylike.asarray([1.0, 2.0, 3.0])
        ipiv = cupylike.zeros(3, numpy.int32)
        assert _emu.cusolverDnDgetrf(h, 3, 3, a.data.ptr, 3, work.data.ptr, ipiv.data.ptr,
                                     info.data.ptr) == SUCCESS
        assert _emu.cusolverDnDgetrs(h, OP_N, 3, 1, a.data.ptr, 3, ipiv.data.ptr, b.data.ptr, 3,
                                     info.data.ptr) == SUCCESS
        assert info_of(info) == 0
        numpy.testing.assert_allclose(b.get(), numpy.linalg.solve(host_a, [1.0, 2.0, 3.0]))
        a = column_major(host_a)
        assert _emu.cusolverDnDgetrf(h, 3, 3, a.data.ptr, 3, work.data.ptr, None,
                                     info.data.ptr) == SUCCESS
        lu = a.get().T
        lower, upper = numpy.tril(lu, -1) + numpy.eye(3), numpy.triu(lu)
        numpy.testing.assert_allclose(lower @ upper, host_a)
    """)


def test_work_runs_in_its_streams_order():
    run_with_cusolver("""
        h = create()
        a = column_major(host_a)
        info = cupylike.full(1, -99, numpy.int32)
        work = cupylike.zeros(1)
        stream = cupylike.cuda.Stream()
        assert _emu.cusolverDnSetStream(h, c_void_p(stream.ptr)) == SUCCESS
        before = stat("ops_pending")
        assert _emu.cusolverDnDpotrf(h, LOWER, 3, a.data.ptr, 3, work.data.ptr, 1,
                                     info.data.ptr) == SUCCESS
        assert stat("ops_pending") == before + 1  # queued, not run
        stream.synchronize()
        assert stat("ops_pending") <= before
        assert info_of(info) == 0
        numpy.testing.assert_allclose(numpy.tril(a.get().T), numpy.linalg.cholesky(host_a))
        # Through the library: a factorisation on a stream, read back after it.
        with stream:
            q, r = cupylike.linalg.qr(cupylike.asarray(host_a))
        numpy.testing.assert_allclose((q @ r).get(), host_a)
    """)


def test_each_device_has_its_own_handle():
    run_with_cusolver("""
        h = create()  # device 0's
        with cupylike.cuda.Device(1):
            a = column_major(host_a)
            info = cupylike.zeros(1, numpy.int32)
            work = cupylike.zeros(1)
            # Device 0's handle on device 1: a GPU's launch there fails.
            assert _emu.cusolverDnDpotrf(h, LOWER, 3, a.data.ptr, 3, work.data.ptr, 1,
                                         info.data.ptr) == EXECUTION_FAILED
            x = cupylike.linalg.solve(cupylike.asarray(host_a), cupylike.ones(3))
            assert x.device == GPU1
            numpy.testing.assert_allclose(x.get(), numpy.linalg.solve(host_a, numpy.ones(3)))
    """)


def test_xgeev_sizes_its_workspace_and_writes_a_real_w_as_two_halves():
    run_with_cusolver("""
        h = create()
        params = c_void_p()
        assert _emu.cusolverDnCreateParams(byref(params)) == SUCCESS
        rotation = numpy.array([[0.0, -1.0], [1.0, 0.0]])  # eigenvalues +-i
        a = column_major(rotation)
        w = cupylike.zeros(4)
        info = cupylike.full(1, -99, numpy.int32)
        device_bytes, host_bytes = c_size_t(), c_size_t()
        def buffer_size(w_type=R_64F, ldvr=1):
            return _emu.cusolverDnXgeev_bufferSize(
                h, params, NOVECTOR, NOVECTOR, 2, R_64F, a.data.ptr, 2, w_type, w.data.ptr,
                R_64F, None, 1, R_64F, None, ldvr, R_64F, byref(device_bytes), byref(host_bytes))
        assert buffer_size(w_type=R_16F) == NOT_SUPPORTED
        assert buffer_size(ldvr=0) == INVALID_VALUE
        assert buffer_size() == SUCCESS
        assert host_bytes.value == 0
        buffer = cupylike.zeros(device_bytes.value // 8)
        def geev(workspace_bytes):
            return _emu.cusolverDnXgeev(
                h, params, NOVECTOR, NOVECTOR, 2, R_64F, a.data.ptr, 2, R_64F, w.data.ptr, R_64F,
                None, 1, R_64F, None, 1, R_64F, buffer.data.ptr, workspace_bytes, None, 0,
                info.data.ptr)
        assert geev(device_bytes.value - 1) == INVALID_VALUE
        assert geev(device_bytes.value) == SUCCESS
        assert info_of(info) == 0
        real, imag = w.get()[:2], w.get()[2:]
        numpy.testing.assert_allclose(real, [0.0, 0.0], atol=1e-15)
        numpy.testing.assert_allclose(sorted(imag), [-1.0, 1.0])
    """)


def test_a_matrix_outside_live_memory_faults_as_on_a_gpu():
    run_with_cusolver("""
        h = create()
        info = cupylike.zeros(1, numpy.int32)
        work = cupylike.zeros(1)
        ipiv = cupylike.zeros(3, numpy.int32)
        # Checked when it runs, as a GPU faults then: the call itself succeeds. (An address past
        # an array's end may still lie in the memory pool's block: this one is in no block.)
        assert _emu.cusolverDnDgetrf(h, 3, 3, 4096, 3, work.data.ptr, ipiv.data.ptr,
                                     info.data.ptr) == SUCCESS
        message = raises(cupylike.cuda.CUDADriverError, cupylike.cuda.Device(0).synchronize)
        assert "CUDA_ERROR_ILLEGAL_ADDRESS" in message, message
        assert "cusolverDnDgetrf: A (72 bytes" in message, message
    """)
