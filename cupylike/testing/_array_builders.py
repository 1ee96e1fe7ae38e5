"""Arrays with known, reproducible values for tests (CuPy's shaped_arange, shaped_random, ...),
made by NumPy on the host and given to `xp`: numpy, or cupylike (the default)."""

import numpy

import cupylike


def _as(values, xp, dtype, order="C"):
    return xp.array(numpy.asarray(values).astype(dtype), order=order)


def shaped_arange(shape, xp=cupylike, dtype=numpy.float32, order="C"):
    """1, 2, 3, ... in `shape` (True where the number is even for bool; n + nj for complex
    dtypes), cast to `dtype` as NumPy casts (wrapping for small integer dtypes)."""
    dtype = numpy.dtype(dtype)
    a = numpy.arange(1, numpy.prod(shape, dtype=numpy.int64) + 1)
    if dtype.kind == "b":
        a = a % 2 == 0
    elif dtype.kind == "c":
        a = a + a * 1j
    return _as(a.reshape(shape), xp, dtype, order)


def shaped_reverse_arange(shape, xp=cupylike, dtype=numpy.float32):
    """size, size - 1, ..., 1 in `shape` (bool and complex as shaped_arange)."""
    dtype = numpy.dtype(dtype)
    a = numpy.arange(numpy.prod(shape, dtype=numpy.int64), 0, -1)
    if dtype.kind == "b":
        a = a % 2 == 0
    elif dtype.kind == "c":
        a = a + a * 1j
    return _as(a.reshape(shape), xp, dtype)


def shaped_random(shape, xp=cupylike, dtype=numpy.float32, scale=10, seed=0, order="C"):
    """Uniform values in [0, `scale`) in `shape` from a generator seeded with `seed` (0 or 1
    for bool; real and imaginary parts each uniform for complex dtypes; truncated for integer
    dtypes)."""
    dtype = numpy.dtype(dtype)
    rng = numpy.random.RandomState(seed)
    if dtype.kind == "b":
        a = rng.randint(2, size=shape)
    elif dtype.kind == "c":
        a = (rng.rand(*numpy.atleast_1d(shape)).reshape(shape)
             + 1j * rng.rand(*numpy.atleast_1d(shape)).reshape(shape)) * scale
    else:
        a = rng.rand(*numpy.atleast_1d(shape)).reshape(shape) * scale
    return _as(a, xp, dtype, order)


def shaped_linspace(start, stop, shape, xp=cupylike, dtype=numpy.float32):
    """numpy.linspace(start, stop, size of `shape`, dtype=dtype) in `shape`."""
    size = int(numpy.prod(shape, dtype=numpy.int64))
    return xp.asarray(numpy.linspace(start, stop, size, dtype=dtype).reshape(shape))


def _random_unitary(rng, batch, n, complex_):
    a = rng.standard_normal(batch + (n, n))
    if complex_:
        a = a + 1j * rng.standard_normal(batch + (n, n))
    return numpy.linalg.qr(a)[0]


def generate_matrix(shape, xp=cupylike, dtype=numpy.float32, *, singular_values=None):
    """A random matrix (or stack of them) of `shape` (..., M, N) and `dtype` (floating or
    complex) with the given singular values: U @ diag(s) @ V with random unitary U and V.
    `singular_values` (required, non-negative) broadcasts to shape[:-2] + (min(M, N),)."""
    if singular_values is None:
        raise TypeError("generate_matrix needs singular_values=")
    if len(shape) < 2:
        raise ValueError(f"generate_matrix needs a shape of 2 or more dimensions, not {shape}")
    dtype = numpy.dtype(dtype)
    if dtype.kind not in "fc":
        raise TypeError(f"generate_matrix makes floating or complex matrices, not {dtype}")
    *batch, m, n = shape
    batch = tuple(batch)
    s = numpy.broadcast_to(numpy.asarray(singular_values), batch + (min(m, n),))
    if (s < 0).any():
        raise ValueError("singular_values must be non-negative")
    rng = numpy.random.default_rng(0)
    u = _random_unitary(rng, batch, m, dtype.kind == "c")
    v = _random_unitary(rng, batch, n, dtype.kind == "c")
    sigma = numpy.zeros(batch + (m, n))
    k = numpy.arange(min(m, n))
    sigma[..., k, k] = s
    return _as(u @ sigma @ v, xp, dtype)
