"""Matrix products and the SVD against NumPy (issue 7's targets: matmul of 1024^2 float32 and
float64, a batch of 256 64x64 float32 matrices, svd of 512x512 float32 and float64). Both
libraries call an OpenBLAS here (NumPy's bundled one, cupylike's scipy-openblas32 wheel), so the
ratios show the front-end's cost."""

import numpy
from harness import compare

import cupylike


def run():
    rng = numpy.random.default_rng(0)
    rows = []
    for dtype in (numpy.float32, numpy.float64):
        a = rng.random((1024, 1024)).astype(dtype)
        b = rng.random((1024, 1024)).astype(dtype)
        da, db = cupylike.asarray(a), cupylike.asarray(b)
        rows.append(compare(f"matmul 1024^2 {numpy.dtype(dtype).name}",
                            lambda da=da, db=db: da @ db, lambda a=a, b=b: a @ b,
                            "numpy matmul", 1.2))
    a = rng.random((256, 64, 64)).astype(numpy.float32)
    b = rng.random((256, 64, 64)).astype(numpy.float32)
    da, db = cupylike.asarray(a), cupylike.asarray(b)
    rows.append(compare("matmul 256 x 64^2 float32", lambda: da @ db, lambda: a @ b,
                        "numpy matmul", 1.5))
    for dtype in (numpy.float32, numpy.float64):
        a = rng.random((512, 512)).astype(dtype)
        da = cupylike.asarray(a)
        # Both run LAPACK's gesdd (NumPy's bundled OpenBLAS, our scipy-openblas32): the ratio
        # is the front-end's copies and the library builds' difference.
        rows.append(compare(f"svd 512x512 {numpy.dtype(dtype).name}",
                            lambda da=da: cupylike.linalg.svd(da),
                            lambda a=a: numpy.linalg.svd(a), "numpy.linalg.svd", 1.5))
    v = rng.random(1000).astype(numpy.float64)
    dv = cupylike.asarray(v)
    rows.append(compare("dot of 1e3 float64", lambda: cupylike.dot(dv, dv),
                        lambda: numpy.dot(v, v), "numpy dot", None))
    return rows
