"""Discrete Fourier transforms, NumPy's ``numpy.fft`` on cupylike arrays: cuFFT on CUDA devices,
NumPy's pocketfft on the cpu device, both behind one plan front-end (cupylike/fft/_plan.py).
``cupylike.fft.config`` holds the GPU plan caches' settings."""

from cupylike.fft import config
from cupylike.fft._helper import fftfreq, fftshift, ifftshift, rfftfreq
from cupylike.fft._transforms import (
    fft,
    fft2,
    fftn,
    hfft,
    ifft,
    ifft2,
    ifftn,
    ihfft,
    irfft,
    irfft2,
    irfftn,
    rfft,
    rfft2,
    rfftn,
)

__all__ = ["config", "fft", "fft2", "fftfreq", "fftn", "fftshift", "hfft", "ifft", "ifft2",
           "ifftn", "ifftshift", "ihfft", "irfft", "irfft2", "irfftn", "rfft", "rfft2",
           "rfftfreq", "rfftn"]
