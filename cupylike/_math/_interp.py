"""numpy.interp: one-dimensional piecewise linear interpolation, one thread per point with a
binary search of the sample points (NumPy's C loop searches from the previous point's interval;
the intervals found are the same for increasing sample points)."""

import functools

import numpy

from cupylike._core import _native
from cupylike._core._device_arrays import device_array
from cupylike._core._ufuncs import UFUNCS
from cupylike._manipulation._joining import concatenate
from cupylike._sorting._sort import argsort

# NumPy's rules, in its order: NaN x gives NaN (but one sample point compares only); above the
# last point `right`, below the first `left`; the last point and exact hits give fp itself;
# else the line through the neighbours, from the right neighbour where that is NaN (an
# infinite slope), and fp[j] where both are NaN but fp[j] == fp[j + 1]. For complex fp the
# real and imaginary parts are interpolated each so, their slopes multiplied by the inverse
# of the interval's width (NumPy's complex loop does; its real loop divides).
_PREAMBLE = r"""
__device__ inline double cupylike_interp_line(double x, double x0, double x1, double y0,
                                              double y1, bool by_inverse) {
  double slope = by_inverse ? (y1 - y0) * (1.0 / (x1 - x0)) : (y1 - y0) / (x1 - x0);
  double r = slope * (x - x0) + y0;
  if (isnan(r)) {
    r = slope * (x - x1) + y1;
    if (isnan(r) && y0 == y1) r = y0;
  }
  return r;
}
__device__ inline long long cupylike_interp_find(double x, const double* xp, long long n) {
  if (x > xp[n - 1]) return n;
  if (x < xp[0]) return -1;
  // The last j with xp[j] <= x, a search without branches on the data (conditional moves:
  // points in random order would mispredict every step of a branching one).
  const double* base = xp;
  for (long long len = n; len > 1; len -= len / 2) {
    base = base[len / 2] <= x ? base + len / 2 : base;
  }
  return base - xp;
}
"""

_BODY = r"""
if (n == 1) {
  out = x < xp[0] ? left : (x > xp[0] ? right : fp[0]);
  continue;
}
if (isnan(x)) { out = T(x); continue; }
long long j = cupylike_interp_find(x, &xp[0], n);
if (j == -1) { out = left; continue; }
if (j == n) { out = right; continue; }
if (j == n - 1 || xp[j] == x) { out = fp[j]; continue; }
"""

_SOURCES = {
    "interp_real": _BODY + (
        "out = cupylike_interp_line(x, xp[j], xp[j + 1], fp[j], fp[j + 1], false);"),
    "interp_complex": _BODY + (
        "out = T(cupylike_interp_line(x, xp[j], xp[j + 1], fp[j].re, fp[j + 1].re, true),\n"
        "        cupylike_interp_line(x, xp[j], xp[j + 1], fp[j].im, fp[j + 1].im, true));"),
}
_PARAMS = ("float64 x, raw float64 xp, raw T fp, int64 n, T left, T right", "T out")


@functools.cache
def _kernel(name):
    return _native.ElementwiseKernel(*_PARAMS, _SOURCES[name], f"cupylike_{name}",
                                     preamble=_PREAMBLE, options=("--fmad=false",))


def _as_double(a):
    """a as float64, which NumPy reaches by a safe cast only (complex raises TypeError)."""
    a = device_array(a, "interp")
    if a.dtype.kind == "c":
        raise TypeError(f"Cannot cast array data from dtype('{a.dtype}') to dtype('float64') "
                        "according to the rule 'safe'")
    return a.astype(numpy.float64, copy=False)


def _samples(xp, fp):
    xp, fp = _as_double(xp), device_array(fp, "interp")
    if xp.ndim > 1 or fp.ndim > 1:
        raise ValueError("object too deep for desired array")
    if xp.ndim == 0 or fp.ndim == 0:
        raise ValueError("object of too small depth for desired array")
    if xp.shape[0] == 0:
        raise ValueError("array of sample points is empty")
    if fp.shape[0] != xp.shape[0]:
        raise ValueError("fp and xp are not of the same length.")
    return xp, fp.astype(
        numpy.complex128 if fp.dtype.kind == "c" else numpy.float64)


def _periodic(x, xp, fp, period):
    """NumPy's periodic form: x and xp modulo the period, xp sorted, one point added at each
    end from the other end shifted by the period."""
    if period == 0:
        raise ValueError("period must be a non-zero value")
    period = abs(period)
    x = UFUNCS["remainder"](x, period)
    xp = UFUNCS["remainder"](xp, period)
    order = argsort(xp)
    xp, fp = xp[order], fp[order]
    xp = concatenate((xp[-1:] - period, xp, xp[0:1] + period))
    fp = concatenate((fp[-1:], fp, fp[0:1]))
    return x, xp, fp


def interp(x, xp, fp, left=None, right=None, period=None):
    """Piecewise linear interpolation of the points (xp, fp) at x (see numpy.interp): xp
    increasing (or periodic with `period`), `left` / `right` outside (fp's ends by default);
    float64 results, complex128 for complex fp."""
    x = _as_double(x)
    xp, fp = _samples(xp, fp)
    complex_fp = fp.dtype.kind == "c"
    scalar = complex if complex_fp else float
    if period is not None:
        x, xp, fp = _periodic(x, xp, fp, float(period))
        left = right = None
    xp, fp = _native.ascontiguousarray(xp), _native.ascontiguousarray(fp)
    left = fp[0] if left is None else scalar(left)
    right = fp[-1] if right is None else scalar(right)
    if isinstance(left, _native.ndarray):
        left = left.get()[()]
    if isinstance(right, _native.ndarray):
        right = right.get()[()]
    out = _native.empty(x.shape, fp.dtype)
    name = "interp_complex" if complex_fp else "interp_real"
    _kernel(name)(x, xp, fp, xp.shape[0], fp.dtype.type(left), fp.dtype.type(right), out)
    return out
