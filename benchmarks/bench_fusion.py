"""cupylike.fuse: a chain of six elementwise operations over three 1e7 float32 arrays as one
kernel (one pass over memory, no temporaries) against NumPy's chain of six ufunc calls, and the
same chain ending in sum() as one reduction kernel."""

import numpy
from harness import Case, measure


def _chain(x, y, z):
    return ((x - y) * z + x / z) * 0.5 - y


def _chain_sum(x, y, z):
    return (((x - y) * z + x / z) * 0.5 - y).sum()


def run():
    n = 10**7
    rng = numpy.random.default_rng(0)
    host = [rng.uniform(1, 2, n).astype(numpy.float32) for _ in range(3)]

    def cases(xp):
        x, y, z = (xp.asarray(h) for h in host)
        chain, chain_sum = xp.fuse(_chain), xp.fuse(_chain_sum)
        return [
            Case("fuse 6-op chain 1e7 f32", lambda: chain(x, y, z), lambda: _chain(*host),
                 "numpy chain of 6 ufuncs", 0.3),
            Case("fuse 6-op chain+sum 1e7 f32", lambda: chain_sum(x, y, z),
                 lambda: _chain_sum(*host), "numpy chain of 6 ufuncs, sum", 0.3),
        ]

    return measure(cases)
