"""Random numbers against NumPy's default_rng (PCG64): cupylike draws cuRAND's Philox stream
(the host generator on the cpu device) and turns its words into floats with one kernel."""

import numpy
from harness import compare

import cupylike.random


def run():
    ours = cupylike.random.default_rng(0)
    ref = numpy.random.default_rng(0)
    n = 10**7
    return [
        compare("uniform 1e7 float32", lambda: ours.random(n, dtype=numpy.float32),
                lambda: ref.random(n, dtype=numpy.float32), "numpy default_rng random", 1.0),
        compare("normal 1e7 float64", lambda: ours.standard_normal(n),
                lambda: ref.standard_normal(n), "numpy default_rng standard_normal", None),
    ]
