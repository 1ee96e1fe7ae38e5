"""Random numbers against NumPy's default_rng (PCG64): cupylike draws cuRAND's Philox stream
(the host generator on the cpu device) and turns its words into floats with one kernel; CuPy's
default_rng draws cuRAND's XORWOW. weibull and standard_t are one kernel each over the raw words
(direct transforms: exp(log(E) / a), Bailey's polar t without rejection)."""

import numpy
from harness import Case, measure


def run():
    ref = numpy.random.default_rng(0)
    n = 10**7

    def cases(xp):
        rng = xp.random.default_rng(0)
        return [
            Case("uniform 1e7 float32", lambda: rng.random(n, dtype=numpy.float32),
                 lambda: ref.random(n, dtype=numpy.float32), "numpy default_rng random", 1.0),
            Case("normal 1e7 float64", lambda: rng.standard_normal(n),
                 lambda: ref.standard_normal(n), "numpy default_rng standard_normal", 1.0),
            Case("weibull 1e7 float64", lambda: rng.weibull(2.0, n),
                 lambda: ref.weibull(2.0, n), "numpy default_rng weibull", 1.0),
            Case("standard_t 1e7 float64", lambda: rng.standard_t(5.0, n),
                 lambda: ref.standard_t(5.0, n), "numpy default_rng standard_t", 1.0),
        ]

    return measure(cases)
