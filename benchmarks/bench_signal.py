"""Math and signal functions against NumPy: convolve of a long float32 signal by a long filter
(cupylike's FFT path), interp at a million points in random order, and the gradient of a large
float64 image (both axes)."""

import numpy
from harness import Case, measure


def run():
    rng = numpy.random.default_rng(0)
    signal = rng.standard_normal(10**6).astype(numpy.float32)
    kernel = rng.standard_normal(10**3).astype(numpy.float32)
    xp = numpy.sort(rng.random(1000))
    fp = rng.standard_normal(1000)
    x = rng.random(10**6)
    image = rng.standard_normal((4096, 4096))

    def cases(lib):
        on = lib.asarray
        s, k, pts, xs, ys, img = on(signal), on(kernel), on(x), on(xp), on(fp), on(image)
        return [
            Case("convolve 1e6 x 1e3 float32", lambda: lib.convolve(s, k),
                 lambda: numpy.convolve(signal, kernel), "numpy convolve", 1.0),
            Case("interp 1e6 points", lambda: lib.interp(pts, xs, ys),
                 lambda: numpy.interp(x, xp, fp), "numpy interp", 1.0),
            Case("gradient 4096^2 float64", lambda: lib.gradient(img),
                 lambda: numpy.gradient(image), "numpy gradient", 1.0),
        ]

    return measure(cases)
