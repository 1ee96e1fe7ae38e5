"""choice, permutation and shuffle. A permutation sorts random 64-bit keys (cupylike.argsort);
weighted draws search the cumulative weights with uniforms; weighted draws without
replacement take the smallest exponential(1) / p keys (Efraimidis-Spirakis), which picks as
successive weighted draws do."""

import operator

import numpy
from numpy.lib.array_utils import normalize_axis_index

from cupylike._core import _native
from cupylike._core._ufuncs import UFUNCS
from cupylike._indexing._indexing import take
from cupylike._sorting._search import searchsorted
from cupylike._sorting._sort import argsort
from cupylike.random import _distributions as dist
from cupylike.random._bit_generator import shape_of
from cupylike.random._integers import integers

_divide = UFUNCS["divide"]


def permutation_indices(bg, n):
    """A random permutation of range(n) as int64."""
    return argsort(bg.words64((n,)))


def _weights(p, pop):
    """p checked as NumPy checks it (1-d, pop entries, non-negative, sums to 1), on the host."""
    hp = numpy.asarray(_native.asnumpy(p) if isinstance(p, _native.ndarray) else p, numpy.float64)
    if hp.ndim != 1:
        raise ValueError("p must be 1-dimensional")
    if hp.size != pop:
        raise ValueError("'a' and 'p' must have same size")
    if numpy.any(hp < 0) or numpy.any(numpy.isnan(hp)):
        raise ValueError("probabilities are not non-negative")
    if abs(hp.sum() - 1) > numpy.sqrt(numpy.finfo(numpy.float64).eps):
        raise ValueError("probabilities do not sum to 1")
    return hp


def choice(bg, a, size=None, replace=True, p=None, axis=0, legacy=False):
    """Samples of `a` (an int n: range(n)) of `size`."""
    if numpy.ndim(a) == 0 and not isinstance(a, _native.ndarray):
        pop, values = operator.index(a), None
        if pop < 0 or (legacy and pop == 0 and size != 0):
            raise ValueError("a must be greater than 0 unless no samples are taken")
    else:
        values = a if isinstance(a, _native.ndarray) else _native.asarray(a)
        if values.ndim == 0:
            raise ValueError("a must be 1-dimensional or an integer")
        if legacy and values.ndim != 1:
            raise ValueError("a must be 1-dimensional")
        axis = operator.index(axis)
        if not -values.ndim <= axis < values.ndim:
            raise numpy.exceptions.AxisError(axis, values.ndim)
        pop = values.shape[axis]
    shape = shape_of(size)
    n = int(numpy.prod(shape, dtype=numpy.int64))
    if pop == 0 and n:
        raise ValueError("a cannot be empty unless no samples are taken")
    hp = None if p is None else _weights(p, pop)
    if not replace and n > pop:
        raise ValueError("Cannot take a larger sample than population when replace is False")
    if hp is not None and not replace and numpy.count_nonzero(hp) < n:
        raise ValueError("Fewer non-zero entries in p than size")
    idx = _indices(bg, pop, n, replace, hp).reshape(shape)
    if values is None:
        return idx
    return take(values, idx, axis=axis)


def _indices(bg, pop, n, replace, hp):
    if n == 0:
        return _native.empty((0,), numpy.int64)
    if hp is None:
        if replace:
            return integers(bg, 0, pop, (n,))
        return permutation_indices(bg, pop)[:n]
    if replace:
        # The cumulative weights scaled to end at exactly 1 from the last non-zero weight on,
        # so a uniform u < 1 never lands on a zero weight.
        cdf = numpy.cumsum(hp)
        cdf /= cdf[-1]
        cdf[numpy.flatnonzero(hp)[-1]:] = 1.0
        return searchsorted(_native.asarray(cdf), dist.random(bg, (n,)), side="right")
    keys = _divide(dist.exponential(bg, 1.0, (pop,)), _native.asarray(hp))
    return argsort(keys)[:n]


def permutation(bg, x, axis=0):
    """A permuted range(x) for an int (axis ignored, as in NumPy), else a permuted copy of x
    along `axis`."""
    if isinstance(x, (int, numpy.integer)):
        return permutation_indices(bg, operator.index(x))
    arr = x if isinstance(x, _native.ndarray) else _native.asarray(x)
    axis = normalize_axis_index(operator.index(axis), arr.ndim)
    return take(arr, permutation_indices(bg, arr.shape[axis]), axis=axis)


def shuffle(bg, x, axis=0):
    """Permutes the cupylike array x in place along `axis`."""
    if not isinstance(x, _native.ndarray):
        raise TypeError("The array must be a cupylike.ndarray")
    if x.ndim == 0:
        raise TypeError("len() of unsized object")
    axis = normalize_axis_index(operator.index(axis), x.ndim)
    if x.shape[axis] > 1:
        x[...] = take(x, permutation_indices(bg, x.shape[axis]), axis=axis)
