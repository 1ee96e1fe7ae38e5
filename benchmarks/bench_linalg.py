"""Matrix products, the SVD, solve and eigh against NumPy (issue 7's targets: matmul of 1024^2
float32 and float64, a batch of 256 64x64 float32 matrices, svd of 512x512 float32 and
float64). Both libraries call an OpenBLAS here (NumPy's bundled one, cupylike's
scipy-openblas32 wheel), so the ratios show the front-end's cost. Integer matmul (issue 14: at
most 2x NumPy at 1024^2 int32) is NumPy's plain loop against our tiled kernel."""

import numpy
from harness import Case, measure


def run():
    rng = numpy.random.default_rng(0)
    squares = {t: (rng.random((1024, 1024)).astype(t), rng.random((1024, 1024)).astype(t))
               for t in (numpy.float32, numpy.float64)}
    ints = tuple(rng.integers(-1000, 1000, (1024, 1024), dtype=numpy.int32) for _ in range(2))
    a = rng.random((256, 64, 64)).astype(numpy.float32)
    b = rng.random((256, 64, 64)).astype(numpy.float32)
    svd_inputs = {t: rng.random((512, 512)).astype(t) for t in (numpy.float32, numpy.float64)}
    v = rng.random(1000).astype(numpy.float64)
    g = rng.random((512, 512))
    symmetric = g @ g.T + 512 * numpy.eye(512)  # positive definite, well conditioned

    def cases(xp):
        out = []
        for t, (p, q) in squares.items():
            dp, dq = xp.asarray(p), xp.asarray(q)
            out.append(Case(f"matmul 1024^2 {numpy.dtype(t).name}", lambda dp=dp, dq=dq: dp @ dq,
                            lambda p=p, q=q: p @ q, "numpy matmul", 1.2))
        ip, iq = xp.asarray(ints[0]), xp.asarray(ints[1])
        out.append(Case("matmul 1024^2 int32", lambda: ip @ iq, lambda: ints[0] @ ints[1],
                        "numpy matmul", 2.0))
        da, db = xp.asarray(a), xp.asarray(b)
        out.append(Case("matmul 256 x 64^2 float32", lambda: da @ db, lambda: a @ b,
                        "numpy matmul", 1.5))
        for t, s in svd_inputs.items():
            ds = xp.asarray(s)
            # Both run LAPACK's gesdd (NumPy's bundled OpenBLAS, our scipy-openblas32): the
            # ratio is the front-end's copies and the library builds' difference.
            out.append(Case(f"svd 512x512 {numpy.dtype(t).name}",
                            lambda ds=ds: xp.linalg.svd(ds), lambda s=s: numpy.linalg.svd(s),
                            "numpy.linalg.svd", 1.5))
        dsym = xp.asarray(symmetric)
        out.append(Case("solve 512x512 float64", lambda: xp.linalg.solve(dsym, dsym[:, :8]),
                        lambda: numpy.linalg.solve(symmetric, symmetric[:, :8]),
                        "numpy.linalg.solve", None))
        out.append(Case("eigh 512x512 float64", lambda: xp.linalg.eigh(dsym),
                        lambda: numpy.linalg.eigh(symmetric), "numpy.linalg.eigh", None))
        dv = xp.asarray(v)
        out.append(Case("dot of 1e3 float64", lambda: xp.dot(dv, dv), lambda: numpy.dot(v, v),
                        "numpy dot", None))
        return out

    return measure(cases)
