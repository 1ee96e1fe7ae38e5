"""The dtypes cupylike supports, and values that exercise each."""

import numpy

BOOL_DTYPES = [numpy.dtype(numpy.bool_)]
INT_DTYPES = [numpy.dtype(t) for t in (numpy.int8, numpy.int16, numpy.int32, numpy.int64)]
UINT_DTYPES = [numpy.dtype(t) for t in (numpy.uint8, numpy.uint16, numpy.uint32, numpy.uint64)]
FLOAT_DTYPES = [numpy.dtype(t) for t in (numpy.float16, numpy.float32, numpy.float64)]
COMPLEX_DTYPES = [numpy.dtype(t) for t in (numpy.complex64, numpy.complex128)]
ALL_DTYPES = BOOL_DTYPES + INT_DTYPES + UINT_DTYPES + FLOAT_DTYPES + COMPLEX_DTYPES


def for_all_dtypes(name="dtype", dtypes=None):
    """pytest parametrisation over the supported dtypes (or `dtypes`)."""
    import pytest

    chosen = ALL_DTYPES if dtypes is None else [numpy.dtype(d) for d in dtypes]
    return pytest.mark.parametrize(name, chosen, ids=[d.name for d in chosen])


def sample_values(dtype, shape, seed=0):
    """A NumPy array of `shape` with values typical and extreme for `dtype`: limits, zero,
    negative zero, nan and infinities where the dtype has them."""
    dtype = numpy.dtype(dtype)
    rng = numpy.random.default_rng(seed)
    size = int(numpy.prod(shape, dtype=numpy.int64))
    if dtype.kind == "b":
        flat = rng.integers(0, 2, size).astype(dtype)
    elif dtype.kind in "iu":
        info = numpy.iinfo(dtype)
        flat = rng.integers(info.min, info.max, size, dtype=dtype, endpoint=True)
        special = numpy.array([info.min, info.max, 0, 1], dtype=dtype)
        flat[: min(size, 4)] = special[: min(size, 4)]
    else:
        real = dtype.type(0).real.dtype
        flat = (rng.standard_normal(size) * 100).astype(real)
        special = numpy.array([numpy.nan, numpy.inf, -numpy.inf, -0.0,
                               numpy.finfo(real).max, numpy.finfo(real).tiny / 2], dtype=real)
        flat[: min(size, 6)] = special[: min(size, 6)]
        if dtype.kind == "c":
            flat = flat + 1j * (rng.standard_normal(size) * 100).astype(real)
            flat = flat.astype(dtype)
    return flat.reshape(shape)
