"""Statistics against NumPy: histogram2d of 1e7 float64 points into 64 x 64 bins (one pass
finds each point's flat bin, the counting kernel counts them in per-block private copies;
NumPy runs searchsorted per axis, then bincount)."""

import numpy
from harness import Case, measure


def run():
    rng = numpy.random.default_rng(0)
    n = 10**7
    x_host, y_host = rng.standard_normal(n), rng.standard_normal(n)

    def cases(xp):
        x, y = xp.asarray(x_host), xp.asarray(y_host)
        return [
            Case("histogram2d 1e7 float64", lambda: xp.histogram2d(x, y, bins=64),
                 lambda: numpy.histogram2d(x_host, y_host, bins=64), "numpy histogram2d", 1.0),
        ]

    return measure(cases)
