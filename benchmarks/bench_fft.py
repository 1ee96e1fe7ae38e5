"""Fast Fourier transforms against NumPy (issue 7's target: fft of 2^20 complex64 within 1.5x of
numpy.fft.fft). On the cpu device both run NumPy's pocketfft, so the ratios show the plan
front-end's cost (describing the call, views of its memory, the output's allocation)."""

import numpy
from harness import Case, measure


def run():
    rng = numpy.random.default_rng(0)
    n = 1 << 20
    x = (rng.standard_normal(n) + 1j * rng.standard_normal(n)).astype(numpy.complex64)
    r = rng.standard_normal(n).astype(numpy.float32)
    m = (rng.standard_normal((1024, 1024)) + 1j * rng.standard_normal((1024, 1024)))
    m = m.astype(numpy.complex64)

    def cases(xp):
        dx, dr, dm = xp.asarray(x), xp.asarray(r), xp.asarray(m)
        return [
            Case("fft of 2^20 complex64", lambda: xp.fft.fft(dx), lambda: numpy.fft.fft(x),
                 "numpy.fft.fft", 1.5),
            Case("rfft of 2^20 float32", lambda: xp.fft.rfft(dr), lambda: numpy.fft.rfft(r),
                 "numpy.fft.rfft", None),
            Case("fft2 1024^2 complex64", lambda: xp.fft.fft2(dm), lambda: numpy.fft.fft2(m),
                 "numpy.fft.fft2", None),
        ]

    return measure(cases)
