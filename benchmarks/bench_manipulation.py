"""Array manipulation against NumPy (issue 6's target among them): concatenate of 10 arrays of
10**6 float32; issue 19's roll (at most NumPy's time); stack and tile are reported without
targets."""

import numpy
from harness import Case, measure


def run():
    rng = numpy.random.default_rng(0)
    parts = [rng.standard_normal(10**6).astype(numpy.float32) for _ in range(10)]
    m = rng.standard_normal((1024, 1024)).astype(numpy.float32)

    def cases(xp):
        dparts, dm = [xp.asarray(p) for p in parts], xp.asarray(m)
        return [
            Case("concatenate, 10 x 1e6 float32", lambda: xp.concatenate(dparts),
                 lambda: numpy.concatenate(parts), "numpy concatenate", 1.2),
            Case("stack, 10 x 1e6 float32", lambda: xp.stack(dparts),
                 lambda: numpy.stack(parts), "numpy stack", None),
            Case("tile (2, 3), 1024^2 float32", lambda: xp.tile(dm, (2, 3)),
                 lambda: numpy.tile(m, (2, 3)), "numpy tile", None),
            Case("roll 100 axis 1, 1024^2 float32", lambda: xp.roll(dm, 100, 1),
                 lambda: numpy.roll(m, 100, 1), "numpy roll", 1.0),
        ]

    return measure(cases)
