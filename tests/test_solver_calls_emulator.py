"""The linalg front-end hands cuSOLVER the very calls it hands the cpu device's LAPACK: with
the SOLVER facade's log in dry-run mode (calls recorded, not run), the same work on an
(emulated) CUDA device and on the cpu records the same call descriptions. Only work whose copies
need no kernel runs here (plain copies are device-to-device memory copies); the facade is also
called directly for the routines whose front-ends launch kernels."""

import pytest
from helpers.emulated_gpu import run_on_emulator

pytestmark = pytest.mark.any_device(reason="runs its own processes on the emulated GPU")


def test_cuda_and_cpu_get_the_same_solver_calls():
    run_on_emulator("""
        from cupylike import linalg
        from cupylike.linalg import _lapack
        host_a = numpy.arange(2 * 3 * 5, dtype=numpy.float32).reshape(2, 3, 5)
        host_h = numpy.eye(4, dtype=numpy.complex128)[None].repeat(3, axis=0)
        logs = []
        cupylike._core._native._solver_log(True, True)
        for device in (cupylike.Device("cpu"), GPU0):
            a = cupylike.asarray(host_a, device=device)
            h = cupylike.asarray(host_h, device=device)
            with device:
                linalg.svd(a)                      # wide: LAPACK factors the transposes
                linalg.svd(a, compute_uv=False)
                linalg.eigvalsh(h, UPLO="U")
                piv = cupylike.empty((3, 4), dtype=numpy.int32)
                tau = cupylike.empty((3, 4), dtype=numpy.complex128)
                w = cupylike.empty((3, 4), dtype=numpy.complex128)
                for routine, extra in [("getrf", {}), ("potrf", {"uplo": "U"}),
                                       ("geqrf", {}), ("orgqr", {"nrhs": 4}),
                                       ("syevd", {"job": "V"}), ("geev", {"job": "N"})]:
                    v = {"getrf": piv, "geqrf": tau, "orgqr": tau, "geev": w,
                         "syevd": cupylike.empty((3, 4), dtype=numpy.float64)}.get(routine)
                    _lapack.call(routine, h.copy(), v=v, m=4, n=4, lda=4, batch=3,
                                 stride_a=16, stride_v=4, **extra)
                _lapack.call("getrs", h.copy(), b=h.copy(), v=piv, m=4, n=4, nrhs=4, lda=4,
                             ldb=4, trans="T", batch=3, stride_a=16, stride_b=16, stride_v=4)
            logs.append(cupylike._core._native._take_solver_log())
        cupylike._core._native._solver_log(False)
        assert len(logs[0]) == 10, logs[0]
        assert logs[0] == logs[1], logs
        assert logs[0][0].startswith("sgesdd job=A uplo=L trans=N m=5 n=3 nrhs=0 lda=5"), logs
        assert logs[0][2].startswith("zheevd job=N uplo=L"), logs[0][2]
        assert logs[0][6].startswith("zungqr"), logs[0][6]
        print(logs[0])
    """)


def test_the_facade_refuses_bad_calls_before_cusolver():
    run_on_emulator("""
        from cupylike.linalg import _lapack
        h = cupylike.asarray(numpy.eye(3, dtype=numpy.float64))
        # Matrices beyond the array, a wrong vector dtype, a wide SVD: refused by the facade
        # before any call into cuSOLVER.
        assert "reaches beyond" in raises(ValueError, _lapack.call, "potrf", h, m=3, n=3,
                                          lda=3, batch=2, stride_a=9)
        assert "operand v is float64" in raises(TypeError, _lapack.call, "getrf", h,
                                                v=cupylike.empty(3), m=3, n=3, lda=3)
        wide = cupylike.empty((2, 3))
        assert "m >= n" in raises(ValueError, _lapack.call, "gesdd", wide, v=cupylike.empty(2),
                                  m=2, n=3, lda=2)
    """)
