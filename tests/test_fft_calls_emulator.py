"""The FFT front-end hands cuFFT the very calls it runs on the cpu device's pocketfft: with the
facade's log in dry-run mode (no library is called), the same transforms on an (emulated) CUDA
device and on the cpu record the same call descriptions."""

import pytest
from helpers.emulated_gpu import run_on_emulator

pytestmark = pytest.mark.any_device(reason="runs its own processes on the emulated GPU")


def test_cuda_and_cpu_get_the_same_fft_calls():
    out = run_on_emulator("""
        rng = numpy.random.default_rng(0)
        host_c = (rng.standard_normal((6, 8, 10)) + 1j).astype(numpy.complex64)
        host_r = rng.standard_normal((6, 8, 10))
        logs = []
        cupylike._core._native._fft_log(True, True)
        # Only transforms that read their input in place and need no scaling: no kernel needs
        # compiling for the emulated GPU.
        for device in (cupylike.Device("cpu"), GPU0):
            c = cupylike.asarray(host_c, device=device)
            r = cupylike.asarray(host_r, device=device)
            with device:
                cupylike.fft.fft(c)                          # batched along the last axis
                cupylike.fft.fft(c, axis=0)                  # strided, batch distance 1
                cupylike.fft.fft2(c.transpose(2, 0, 1))      # transposed in place
                cupylike.fft.fftn(c, axes=(0, 2))            # nested strides, one batch axis
                cupylike.fft.ifftn(c, norm="forward")        # rank 3, inverse, unscaled
                cupylike.fft.rfft(r, axis=0)                 # d2z, strided
                cupylike.fft.rfftn(r[:, ::2])                # d2z rank 3, sliced
                cupylike.fft.irfft(c, norm="forward")        # c2r on a copy of c
            logs.append(cupylike._core._native._take_fft_log())
        cupylike._core._native._fft_log(False)
        assert len(logs[0]) == 8, logs[0]
        assert logs[0] == logs[1], logs
        print("\\n".join(logs[0]))
    """)
    lines = out.splitlines()
    assert lines[0] == "fft c2c single dir=-1 dims=10 batch=48 in=1,10,[10] out=1,10,[10]"
    assert lines[1] == "fft c2c single dir=-1 dims=6 batch=80 in=80,1,[6] out=80,1,[6]"
    assert lines[4].startswith("fft c2c single dir=1 dims=6,8,10 batch=1 ")
    assert lines[5] == "fft r2c double dir=-1 dims=6 batch=80 in=80,1,[6] out=80,1,[4]"
    assert lines[7] == "fft c2r single dir=1 dims=18 batch=48 in=1,10,[10] out=1,18,[18]"
