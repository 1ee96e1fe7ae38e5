"""Array manipulation against NumPy (issue 6's target among them): concatenate of 10 arrays of
10**6 float32; stack, tile and roll are reported without targets."""

import numpy
from harness import compare

import cupylike


def run():
    rng = numpy.random.default_rng(0)
    parts = [rng.standard_normal(10**6).astype(numpy.float32) for _ in range(10)]
    dparts = [cupylike.asarray(p) for p in parts]
    m = rng.standard_normal((1024, 1024)).astype(numpy.float32)
    dm = cupylike.asarray(m)
    return [
        compare("concatenate, 10 x 1e6 float32", lambda: cupylike.concatenate(dparts),
                lambda: numpy.concatenate(parts), "numpy concatenate", 1.2),
        compare("stack, 10 x 1e6 float32", lambda: cupylike.stack(dparts),
                lambda: numpy.stack(parts), "numpy stack", None),
        compare("tile (2, 3), 1024^2 float32", lambda: cupylike.tile(dm, (2, 3)),
                lambda: numpy.tile(m, (2, 3)), "numpy tile", None),
        compare("roll 100 axis 1, 1024^2 float32", lambda: cupylike.roll(dm, 100, 1),
                lambda: numpy.roll(m, 100, 1), "numpy roll", None),
    ]
