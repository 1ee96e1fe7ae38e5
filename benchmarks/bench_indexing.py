"""Indexing against NumPy (issue 6's targets, those built so far): x[mask] on 10**7 float32
with a random half-true mask; issue 19's take of 10**6 random indices from 10**6 float32 and
nonzero of 10**7 bools (at most NumPy's time); a fancy 2-d gather and a masked assignment are
reported without targets."""

import numpy
from harness import Case, measure


def run():
    rng = numpy.random.default_rng(0)
    x = rng.standard_normal(10**7).astype(numpy.float32)
    mask = rng.random(10**7) < 0.5
    y = rng.standard_normal(10**6).astype(numpy.float32)
    idx = rng.integers(0, 10**6, 10**6)
    m = rng.standard_normal((2048, 2048)).astype(numpy.float32)
    rows_idx = rng.integers(0, 2048, 1024)

    def masked_assign_numpy():
        x[mask] = 0.0

    def cases(xp):
        dx, dmask, dy, didx, dm, drows = (xp.asarray(v) for v in (x, mask, y, idx, m, rows_idx))

        def masked_assign():
            dx[dmask] = 0.0

        return [
            Case("x[mask], 1e7 float32", lambda: dx[dmask], lambda: x[mask], "numpy x[mask]",
                 1.5),
            Case("take, 1e6 of 1e6 float32", lambda: xp.take(dy, didx),
                 lambda: numpy.take(y, idx), "numpy take", 1.0),
            Case("m[rows], 1024 of 2048^2 float32", lambda: dm[drows], lambda: m[rows_idx],
                 "numpy m[rows]", None),
            Case("x[mask] = 0, 1e7 float32", masked_assign, masked_assign_numpy,
                 "numpy x[mask] = 0", None),
            Case("nonzero, 1e7 bool", lambda: xp.nonzero(dmask), lambda: numpy.nonzero(mask),
                 "numpy nonzero", 1.0),
        ]

    return measure(cases)
