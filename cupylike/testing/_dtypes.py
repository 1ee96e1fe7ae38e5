"""The dtypes cupylike supports, values that exercise each, and CuPy's decorators that run a
test over dtypes (for_all_dtypes, for_float_dtypes, ..., for_dtypes_combination)."""

import itertools
import os

import numpy

from cupylike.testing._parametrize import parametrize

BOOL_DTYPES = [numpy.dtype(numpy.bool_)]
INT_DTYPES = [numpy.dtype(t) for t in (numpy.int8, numpy.int16, numpy.int32, numpy.int64)]
UINT_DTYPES = [numpy.dtype(t) for t in (numpy.uint8, numpy.uint16, numpy.uint32, numpy.uint64)]
FLOAT_DTYPES = [numpy.dtype(t) for t in (numpy.float16, numpy.float32, numpy.float64)]
COMPLEX_DTYPES = [numpy.dtype(t) for t in (numpy.complex64, numpy.complex128)]
ALL_DTYPES = BOOL_DTYPES + INT_DTYPES + UINT_DTYPES + FLOAT_DTYPES + COMPLEX_DTYPES


def _chosen(no_float16=False, no_bool=False, no_complex=False):
    return [d for d in ALL_DTYPES
            if not (no_float16 and d == numpy.float16) and not (no_bool and d.kind == "b")
            and not (no_complex and d.kind == "c")]


def for_dtypes(dtypes, name="dtype"):
    """Decorator: the test takes `name` and runs with each of `dtypes` (as numpy.dtype
    objects; under pytest each is a test case, called directly they run in a loop)."""
    return parametrize((name,), [(numpy.dtype(d),) for d in dtypes])


def for_all_dtypes(name="dtype", no_float16=False, no_bool=False, no_complex=False):
    """Decorator: the test takes `name` and runs with every dtype cupylike supports, less
    float16, bool or the complex dtypes when asked."""
    return for_dtypes(_chosen(no_float16, no_bool, no_complex), name)


def for_float_dtypes(name="dtype", no_float16=False):
    """Decorator: as for_all_dtypes, over float16 (unless `no_float16`), float32, float64."""
    return for_dtypes([d for d in FLOAT_DTYPES if not (no_float16 and d == numpy.float16)],
                      name)


def for_signed_dtypes(name="dtype"):
    """Decorator: as for_all_dtypes, over the signed integer dtypes."""
    return for_dtypes(INT_DTYPES, name)


def for_unsigned_dtypes(name="dtype"):
    """Decorator: as for_all_dtypes, over the unsigned integer dtypes."""
    return for_dtypes(UINT_DTYPES, name)


def for_int_dtypes(name="dtype", no_bool=False):
    """Decorator: as for_all_dtypes, over the integer dtypes and bool (unless `no_bool`)."""
    return for_dtypes(([] if no_bool else BOOL_DTYPES) + INT_DTYPES + UINT_DTYPES, name)


def for_complex_dtypes(name="dtype"):
    """Decorator: as for_all_dtypes, over complex64 and complex128."""
    return for_dtypes(COMPLEX_DTYPES, name)


def _combinations(types, count, full):
    """Every `count`-tuple of `types` when `full`, else a subset in which each dtype stands in
    each place beside each shift of the others: the tuples (t[i], t[i+s], t[i+2s], ...) for
    every i and the shifts s = 0 and 1, enough to meet each dtype with its neighbours without
    the full product's len(types) ** count cases."""
    if full is None:
        full = os.environ.get("CUPYLIKE_TEST_FULL_COMBINATION", "0") == "1"
    if full:
        return list(itertools.product(types, repeat=count))
    n = len(types)
    cases = []
    for shift in (0, 1):
        for i in range(n):
            case = tuple(types[(i + j * shift) % n] for j in range(count))
            if case not in cases:
                cases.append(case)
    return cases


def for_dtypes_combination(types, names=("dtype",), full=None):
    """Decorator: the test takes the arguments `names` and runs with combinations of
    `types`: all of them when `full` (or, when `full` is None, when the environment sets
    CUPYLIKE_TEST_FULL_COMBINATION=1), else a subset in which each dtype takes each place."""
    types = [numpy.dtype(t) for t in types]
    return parametrize(tuple(names), _combinations(types, len(names), full))


def for_all_dtypes_combination(names=("dtype",), no_float16=False, no_bool=False, full=None,
                               no_complex=False):
    """Decorator: for_dtypes_combination over the dtypes for_all_dtypes takes."""
    return for_dtypes_combination(_chosen(no_float16, no_bool, no_complex), names, full)


def for_signed_dtypes_combination(names=("dtype",), full=None):
    """Decorator: for_dtypes_combination over the signed integer dtypes."""
    return for_dtypes_combination(INT_DTYPES, names, full)


def for_unsigned_dtypes_combination(names=("dtype",), full=None):
    """Decorator: for_dtypes_combination over the unsigned integer dtypes."""
    return for_dtypes_combination(UINT_DTYPES, names, full)


def for_int_dtypes_combination(names=("dtype",), no_bool=False, full=None):
    """Decorator: for_dtypes_combination over the integer dtypes and bool (unless
    `no_bool`)."""
    return for_dtypes_combination(([] if no_bool else BOOL_DTYPES) + INT_DTYPES + UINT_DTYPES,
                                  names, full)


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
