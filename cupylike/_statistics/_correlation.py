"""cov and corrcoef, composed as numpy.cov and numpy.corrcoef describe them.

The product of the centred data with its (weighted) conjugate transpose is one matmul:
cuBLAS on a GPU, the host BLAS on the cpu device.
"""

import warnings

import numpy

from cupylike._core import _native
from cupylike._core._ufuncs import UFUNCS
from cupylike._math._selection import clip
from cupylike._statistics._averages import average
from cupylike.linalg._products import matmul

_multiply = UFUNCS["multiply"]
_subtract = UFUNCS["subtract"]
_true_divide = UFUNCS["true_divide"]
_sqrt = UFUNCS["sqrt"]
_conjugate = UFUNCS["conjugate"]


def _as_array(a):
    return a if isinstance(a, _native.ndarray) else _native.asarray(a)


def _variables(m, rowvar, dtype, name):
    """m as a 2-D [variables][observations] array of `dtype` (a new array)."""
    if m.ndim > 2:
        raise ValueError(f"{name} has more than 2 dimensions")
    x = m.astype(dtype).reshape((1, -1) if m.ndim < 2 else m.shape)
    if not rowvar and x.shape[0] != 1:
        x = x.T
    return x.copy()


def _host_weights(weights, name, observations, integral):
    """fweights/aweights as a float64 NumPy array, checked as NumPy checks them."""
    if isinstance(weights, _native.ndarray):
        weights = weights.get()
    weights = numpy.asarray(weights, dtype=float)
    if integral and not numpy.all(weights == numpy.around(weights)):
        raise TypeError("fweights must be integer")
    if weights.ndim > 1:
        raise RuntimeError(f"cannot handle multidimensional {name}")
    if weights.shape[0] != observations:
        raise RuntimeError(f"incompatible numbers of samples and {name}")
    if numpy.any(weights < 0):
        raise ValueError(f"{name} cannot be negative")
    return weights


def _products(x, y):
    """x @ y.conj().T."""
    return matmul(x, (_conjugate(y) if y.dtype.kind == "c" else y).T)


def cov(m, y=None, rowvar=True, bias=False, ddof=None, fweights=None, aweights=None, *,
        dtype=None):
    """Covariance matrix of the variables in the rows of `m` (columns if not `rowvar`), and of
    `y`'s too when given (see numpy.cov), normalised by N - ddof (ddof 1 unless `bias`) with
    optional frequency and analytic weights. One variable gives a 0-d array. The dtype is
    ``result_type(m, y, float64)`` unless `dtype` says otherwise.
    """
    m = _as_array(m)
    y = None if y is None else _as_array(y)
    if dtype is None:
        dtype = numpy.result_type(m.dtype, numpy.float64, *(() if y is None else (y.dtype,)))
    x = _variables(m, rowvar, dtype, "m")
    if x.shape[0] == 0:
        return _native.empty((0, 0), numpy.float64)
    if y is not None:
        y = _variables(y, rowvar, dtype, "y")
        if y.shape[1] != x.shape[1]:
            raise ValueError("all the input array dimensions except for the concatenation axis "
                             f"must match exactly, but along dimension 1, the array at index 0 "
                             f"has size {x.shape[1]} and the array at index 1 has size "
                             f"{y.shape[1]}")
        both = _native.empty((x.shape[0] + y.shape[0], x.shape[1]), x.dtype)
        both[:x.shape[0]] = x
        both[x.shape[0]:] = y
        x = both
    if ddof is None:
        ddof = 0 if bias else 1
    elif ddof != int(ddof):
        raise ValueError("ddof must be integer")
    observations = x.shape[1]
    w = a = None
    if fweights is not None:
        w = _host_weights(fweights, "fweights", observations, True)
    if aweights is not None:
        a = _host_weights(aweights, "aweights", observations, False)
        w = a if w is None else w * a
    avg, w_sum = average(x, axis=1, weights=None if w is None else _native.asarray(w),
                         returned=True)
    w_sum = float(w_sum[0].get()) if w is not None else None
    if w is None:
        fact = observations - ddof
    elif ddof == 0:
        fact = w_sum
    elif a is None:
        fact = w_sum - ddof
    else:
        fact = w_sum - ddof * float(numpy.sum(w * a)) / w_sum
    if fact <= 0:
        warnings.warn("Degrees of freedom <= 0 for slice", RuntimeWarning, stacklevel=2)
        fact = 0.0
    x = _subtract(x, avg[:, None], out=x)
    weighted = x if w is None else _multiply(x, _native.asarray(w))
    c = _products(x, weighted)
    with numpy.errstate(divide="ignore"):
        scale = numpy.true_divide(1, fact)
    c = _multiply(c, scale, out=c)
    return c.squeeze()


def corrcoef(x, y=None, rowvar=True, *, dtype=None):
    """Pearson correlation coefficients of the variables in the rows of `x` (and `y`), as
    numpy.corrcoef: ``cov / outer(std, std)``, real parts (and imaginary parts of complex
    results) clipped to [-1, 1]. One variable gives a 0-d array (1.0, or NaN)."""
    c = cov(x, y, rowvar, dtype=dtype)
    if c.ndim == 0:
        return _true_divide(c, c)
    n = c.shape[0]
    stddev = _sqrt(c.reshape(-1)[::n + 1].real)
    c = _true_divide(c, stddev[:, None], out=c)
    c = _true_divide(c, stddev[None, :], out=c)
    clip(c.real, -1, 1, out=c.real)
    if c.dtype.kind == "c":
        clip(c.imag, -1, 1, out=c.imag)
    return c
