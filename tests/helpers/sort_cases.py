"""Values the sorting, searching and set-operation tests share: ties, NaNs and infinities
(the fixture running both of the cpu device's sort paths, sort_path, is in conftest.py)."""

import numpy


def tied_values(dtype, shape, seed=0):
    """Values with many ties, and for floats NaNs and infinities; complex values with NaN in
    either part. No +0.0 next to -0.0: NumPy's unstable sort may keep either sign of zero."""
    rng = numpy.random.default_rng(seed)
    dtype = numpy.dtype(dtype)
    n = int(numpy.prod(shape))
    if dtype == numpy.bool_:
        return (rng.random(n) < 0.5).reshape(shape)
    if dtype.kind in "iu":
        info = numpy.iinfo(dtype)
        picks = numpy.array([info.min, info.max, 0, 1, 2, 3, info.max - 1], dtype=dtype)
        return rng.choice(picks, n).reshape(shape)
    special = numpy.array([numpy.nan, numpy.inf, -numpy.inf, -0.0, 1.5, -2.25, 1.0, 1e-3])
    if dtype.kind == "f":
        return rng.choice(special, n).astype(dtype).reshape(shape)
    out = numpy.empty(n, dtype)
    out.real = rng.choice(special, n)
    out.imag = rng.choice(special[1:], n)
    out.imag[rng.random(n) < 0.15] = numpy.nan
    return out.reshape(shape)
