"""The BLAS front-end hands cuBLAS the very call it hands the cpu device's OpenBLAS: with the
facade's log in dry-run mode (no library is called), the same products on an (emulated) CUDA
device and on the cpu record the same call descriptions."""

import pytest
from helpers.emulated_gpu import run_on_emulator

pytestmark = pytest.mark.any_device(reason="runs its own processes on the emulated GPU")


def test_cuda_and_cpu_get_the_same_gemm_calls():
    run_on_emulator("""
        host_a = numpy.arange(2 * 3 * 4, dtype=numpy.float32).reshape(2, 3, 4)
        host_b = numpy.arange(5 * 4, dtype=numpy.complex64).reshape(5, 4)
        host_c = numpy.ones((4, 2), dtype=numpy.float32)
        logs = []
        cupylike._core._native._blas_log(True, True)
        # Only products whose operands BLAS reads in place: no kernel needs compiling for the
        # emulated GPU.
        for device in (cupylike.Device("cpu"), GPU0):
            a = cupylike.asarray(host_a, device=device)
            b = cupylike.asarray(host_b, device=device)
            c = cupylike.asarray(host_c, device=device)
            with device:
                cupylike.matmul(a, a.swapaxes(1, 2))  # batched, transposed in place
                cupylike.matmul(a, c)                 # a broadcast batch (stride 0)
                cupylike.matmul(b, b.T)
                cupylike.matmul(b[0], b.T)            # a 1-d operand
            logs.append(cupylike._core._native._take_blas_log())
        cupylike._core._native._blas_log(False)
        assert len(logs[0]) == 4, logs[0]
        assert logs[0] == logs[1], logs
        assert logs[0][0].startswith("gemm float32 T N m=3 n=3 k=4"), logs[0][0]
        print(logs[0])
    """)
