"""Fast Fourier transforms against NumPy (issue 7's target: fft of 2^20 complex64 within 1.5x of
numpy.fft.fft). On the cpu device both run NumPy's pocketfft, so the ratios show the plan
front-end's cost (describing the call, views of its memory, the output's allocation)."""

import numpy
from harness import compare

import cupylike


def run():
    rng = numpy.random.default_rng(0)
    rows = []
    n = 1 << 20
    x = (rng.standard_normal(n) + 1j * rng.standard_normal(n)).astype(numpy.complex64)
    dx = cupylike.asarray(x)
    rows.append(compare("fft of 2^20 complex64", lambda: cupylike.fft.fft(dx),
                        lambda: numpy.fft.fft(x), "numpy.fft.fft", 1.5))
    r = rng.standard_normal(n).astype(numpy.float32)
    dr = cupylike.asarray(r)
    rows.append(compare("rfft of 2^20 float32", lambda: cupylike.fft.rfft(dr),
                        lambda: numpy.fft.rfft(r), "numpy.fft.rfft", None))
    m = (rng.standard_normal((1024, 1024)) + 1j * rng.standard_normal((1024, 1024)))
    m = m.astype(numpy.complex64)
    dm = cupylike.asarray(m)
    rows.append(compare("fft2 1024^2 complex64", lambda: cupylike.fft.fft2(dm),
                        lambda: numpy.fft.fft2(m), "numpy.fft.fft2", None))
    return rows
