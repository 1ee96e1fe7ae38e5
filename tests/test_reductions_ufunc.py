"""ufunc.reduce for every binary ufunc of the table against NumPy's: the loop type for each
input dtype (the generated REDUCE_TYPES against NumPy's resolution), values along each axis and
axis tuples (pairwise for reorderable ufuncs, a left fold for the others), identities of empty
reductions, initial=/where=/dtype=/out=, NumPy's errors, and numpy.<ufunc>.reduce called on a
cupylike array (NEP 13)."""

import functools
import warnings
import zlib

import numpy
import pytest
from helpers.reduction_cases import assert_same_outcome

import cupylike
from cupylike._core._reduction_defs.ufunc_reduce import REDUCE_TYPES, REORDERABLE
from cupylike.testing import ALL_DTYPES, assert_allclose

NAMES = sorted(REDUCE_TYPES) + ["add", "multiply"]


def _numpy_types(name):
    """{input char: result char} as NumPy resolves name.reduce, from one-element arrays."""
    found = {}
    for dtype in ALL_DTYPES:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                found[dtype.char] = getattr(numpy, name).reduce(numpy.ones(1, dtype)).dtype.char
            except TypeError:
                pass
    return found


@pytest.mark.parametrize("name", sorted(REDUCE_TYPES))
def test_reduce_types_are_numpys(name):
    assert REDUCE_TYPES[name] == _numpy_types(name)


def _operands(name, dtype):
    """(3, 4, 5) values the ufunc reduces without errors NumPy would raise (no negative
    integer powers, no shifts past the width) and without overflow to compare exactly."""
    rng = numpy.random.default_rng(zlib.crc32(name.encode()))
    if dtype.kind == "b":
        return rng.integers(0, 2, (3, 4, 5)).astype(dtype)
    if name in ("power", "left_shift", "right_shift", "float_power"):
        return rng.integers(1, 3, (3, 4, 5)).astype(dtype)
    if dtype.kind in "iu":
        return rng.integers(1, 40, (3, 4, 5)).astype(dtype)
    values = rng.uniform(0.5, 4.0, (3, 4, 5))
    if dtype.kind == "c":
        values = values + 1j * rng.uniform(-1.0, 1.0, (3, 4, 5))
    values.flat[7] = -values.flat[7]
    return values.astype(dtype)


# NumPy 2.4's SIMD loops of these give x[0] op x[-1] when they reduce (np.power.reduce(
# [2., 3., 2., 1.5]) is 2 ** 1.5); ours fold as NumPy documents, (((x0 op x1) op x2) ...).
FOLD_REFERENCE = {("arctan2", "f"), ("arctan2", "d"), ("power", "f"), ("power", "d")}


def _numpy_reduce(name, host, axis, keepdims):
    """NumPy's ufunc.reduce, or the left fold of its elementwise ufunc where its reduce is
    wrong (FOLD_REFERENCE)."""
    ufunc = getattr(numpy, name)
    loop = REDUCE_TYPES.get(name, {}).get(host.dtype.char)
    if (name, loop) not in FOLD_REFERENCE or axis in ((), None):
        return ufunc.reduce(host, axis=axis, keepdims=keepdims)
    axis = axis[0] if isinstance(axis, tuple) else axis
    moved = numpy.moveaxis(host.astype(loop), axis, 0)
    result = functools.reduce(ufunc, list(moved))
    return numpy.expand_dims(result, axis) if keepdims else result


def _rtol(dtype):
    real = numpy.empty(0, dtype).real.dtype
    return {numpy.float16: 4e-3, numpy.float32: 2e-6}.get(real.type, 1e-13)


def _axes(name):
    axes = [0, 1, -1, (), (2,)]
    if name in REORDERABLE or name in ("add", "multiply"):
        axes += [None, (0, 2), (2, 0, 1)]
    return axes


@pytest.mark.parametrize("name", NAMES)
def test_reduce_values_match_numpy(name):
    ours = getattr(cupylike, name)
    for dtype in ALL_DTYPES:
        host = _operands(name, dtype)
        for axis in _axes(name):
            for keepdims in (False, True):
                with warnings.catch_warnings(), numpy.errstate(all="ignore"):
                    warnings.simplefilter("ignore")
                    try:
                        expected = _numpy_reduce(name, host, axis, keepdims)
                    except TypeError:
                        with pytest.raises(TypeError):
                            ours.reduce(cupylike.asarray(host), axis=axis, keepdims=keepdims)
                        break
                    got = ours.reduce(cupylike.asarray(host), axis=axis, keepdims=keepdims)
                context = f"{name}.reduce {dtype} axis={axis}"
                if expected.dtype.kind in "fc":
                    # Along outer axes NumPy rounds float16 after each step; we do not: a
                    # difference that cancellation (subtract) can make large relative to the
                    # result, bounded by the steps' roundings of the inputs' size.
                    atol = 10 * numpy.finfo(expected.dtype).eps * numpy.abs(host).max()
                    assert_allclose(got, expected, rtol=_rtol(expected.dtype), atol=atol)
                else:
                    assert_same_outcome(expected, got, context)


@pytest.mark.parametrize("name", NAMES)
def test_reduce_empty_initial_where_as_numpy(name):
    ours, theirs = getattr(cupylike, name), getattr(numpy, name)
    dtype = numpy.dtype(next(iter(REDUCE_TYPES.get(name, {"d": "d"}).values())))
    host = _operands(name, dtype)[0]
    empty = host[:0]
    mask = numpy.array([True, False, True, True, False])
    cases = [(empty, dict(axis=0)), (empty, dict(axis=1)), (empty, dict(axis=0, initial=1)),
             (host, dict(axis=1, initial=1)), (host, dict(axis=1, where=mask)),
             (host, dict(axis=1, where=mask, initial=1)), (host, dict(axis=0, out=(None,)))]
    for x, kw in cases:
        with warnings.catch_warnings(), numpy.errstate(all="ignore"):
            warnings.simplefilter("ignore")
            try:
                expected = theirs.reduce(x, **kw)
            except (TypeError, ValueError) as e:
                expected = e
            dev_kw = {k: cupylike.asarray(v) if isinstance(v, numpy.ndarray) else v
                      for k, v in kw.items()}
            try:
                got = ours.reduce(cupylike.asarray(x), **dev_kw)
            except (TypeError, ValueError) as e:
                got = e
        if isinstance(expected, Exception) or numpy.asarray(expected).dtype.kind not in "fc":
            assert_same_outcome(expected, got, f"{name}.reduce {kw}")
        else:
            assert_allclose(got, expected, rtol=_rtol(dtype), atol=1e-30)


def test_reduce_dtype_and_out_as_numpy():
    ints = numpy.array([[7, 2, 3], [9, 4, 1]], numpy.int8)
    dev = cupylike.asarray(ints)
    assert_same_outcome(numpy.add.reduce(ints, dtype=numpy.int8),
                        cupylike.add.reduce(dev, dtype=numpy.int8))
    assert_allclose(cupylike.divide.reduce(dev, axis=1, dtype=numpy.float32),
                 numpy.divide.reduce(ints, axis=1, dtype=numpy.float32), rtol=1e-6)
    with pytest.raises(TypeError):
        cupylike.divide.reduce(dev, dtype=numpy.int8)
    with pytest.raises(TypeError):
        cupylike.logical_and.reduce(dev, dtype=numpy.int8)
    out = cupylike.zeros(3, numpy.int16)
    assert cupylike.subtract.reduce(dev, out=out) is out
    assert_same_outcome(numpy.subtract.reduce(ints, out=numpy.zeros(3, numpy.int16)), out)
    out = cupylike.zeros(2, numpy.int8)
    cupylike.divide.reduce(dev, axis=1, out=(out,))
    assert_same_outcome(numpy.divide.reduce(ints, axis=1, out=numpy.zeros(2, numpy.int8)), out)


def test_reduce_errors_as_numpy():
    dev = cupylike.ones((2, 3))
    with pytest.raises(ValueError, match="'subtract' is not reorderable"):
        cupylike.subtract.reduce(dev, axis=None)
    with pytest.raises(ValueError, match="'subtract' is not reorderable"):
        cupylike.subtract.reduce(dev, axis=(0, 1))
    with pytest.raises(ValueError, match="only supported for binary functions"):
        cupylike.negative.reduce(dev)
    with pytest.raises(ValueError, match="returning a single value"):
        cupylike.divmod.reduce(dev)
    with pytest.raises(TypeError):
        cupylike.ldexp.reduce(dev)
    with pytest.raises(TypeError):
        cupylike.bitwise_and.reduce(dev)
    with pytest.raises(numpy.exceptions.AxisError):
        cupylike.add.reduce(dev, axis=2)
    with pytest.raises(ValueError, match="exactly one entry"):
        cupylike.add.reduce(dev, out=(dev, dev))
    with pytest.raises(TypeError):
        cupylike.add.reduce([1, 2])
    assert_same_outcome(numpy.subtract.reduce(numpy.array(5.0)),
                        cupylike.subtract.reduce(cupylike.asarray(5.0)))


def test_numpy_ufunc_reduce_dispatches_to_cupylike():
    host = numpy.arange(12, dtype=numpy.float64).reshape(3, 4)
    dev = cupylike.asarray(host)
    for name, kw in (("add", {}), ("maximum", dict(axis=None)), ("subtract", dict(axis=1)),
                     ("logical_or", dict(axis=0, keepdims=True))):
        got = getattr(numpy, name).reduce(dev, **kw)
        assert isinstance(got, cupylike.ndarray)
        assert_same_outcome(getattr(numpy, name).reduce(host, **kw), got)
