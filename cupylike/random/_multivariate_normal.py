"""multivariate_normal: standard normals times a factor of the covariance (from
cupylike.linalg's svd, eigh or cholesky), plus the mean, with NumPy's check that the
covariance is symmetric positive-semidefinite."""

import warnings

import numpy

from cupylike import linalg
from cupylike._core import _native
from cupylike._core._ufuncs import UFUNCS
from cupylike._logic._truth import all as _all
from cupylike._logic._truth import any as _any
from cupylike.random import _distributions as dist
from cupylike.random._bit_generator import shape_of

_F64 = numpy.dtype(numpy.float64)
_METHODS = {"svd", "eigh", "cholesky"}
_abs, _sub, _mul, _add, _le, _sqrt, _less = (
    UFUNCS[n] for n in ("absolute", "subtract", "multiply", "add", "less_equal", "sqrt", "less"))


def _as_array(x):
    if isinstance(x, _native.ndarray):
        return x.astype(_F64, copy=False)
    return _native.asarray(numpy.asarray(x, dtype=_F64))


def _allclose(a, b, tol):
    return bool(_all(_le(_abs(_sub(a, b)), _add(tol, _mul(tol, _abs(b))))))


def _factor(cov, check_valid, tol, method):
    """F with F.T @ F == cov; check_valid acts on a covariance that is not PSD."""
    if method == "cholesky":
        return linalg.cholesky(cov).T  # raises LinAlgError unless positive definite
    if check_valid not in ("warn", "raise", "ignore"):
        raise ValueError("check_valid must equal 'warn', 'raise', or 'ignore'")
    if method == "svd":
        _, s, vh = linalg.svd(cov)
        factor = _mul(_sqrt(s)[:, None], vh)
        psd = check_valid == "ignore" or _allclose(factor.T @ factor, cov, tol)
    else:
        s, u = linalg.eigh(cov)
        psd = check_valid == "ignore" or not bool(_any(_less(s, -tol)))
        factor = _mul(u, _sqrt(_abs(s))).T
    if not psd:
        message = "covariance is not symmetric positive-semidefinite."
        if check_valid == "raise":
            raise ValueError(message)
        warnings.warn(message, RuntimeWarning, stacklevel=4)
    return factor


def multivariate_normal(bg, mean, cov, size=None, check_valid="warn", tol=1e-8,
                        method="svd"):
    """Draws of shape size + (N,) for a mean of length N and an N x N covariance."""
    if method not in _METHODS:
        raise ValueError("method must be one of {'eigh', 'svd', 'cholesky'}")
    mean, cov = _as_array(mean), _as_array(cov)
    if mean.ndim != 1:
        raise ValueError("mean must be 1 dimensional")
    if cov.ndim != 2 or cov.shape[0] != cov.shape[1]:
        raise ValueError("cov must be 2 dimensional and square")
    if mean.shape[0] != cov.shape[0]:
        raise ValueError("mean and cov must have same length")
    shape = shape_of(size) + mean.shape
    factor = _factor(cov, check_valid, float(tol), method)
    n = mean.shape[0]
    z = dist.standard_normal(bg, (numpy.prod(shape, dtype=int) // n if n else 0, n))
    return _add(z @ factor, mean).reshape(shape)
