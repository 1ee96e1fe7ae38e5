"""Comparing arrays as wholes: isclose, allclose, array_equal and array_equiv (see NumPy's
logic section), on the device; the whole-array answers read one flag back.

isclose is NumPy's composition of ufuncs; for the common case, two arrays of one float dtype
and scalar tolerances, one kernel does the same operations in the same type in one pass."""

import warnings

import numpy

from cupylike._core import _native
from cupylike._core._device_arrays import device_array
from cupylike._core._ufuncs import UFUNCS

_abs = UFUNCS["absolute"]
_subtract = UFUNCS["subtract"]
_multiply = UFUNCS["multiply"]
_add = UFUNCS["add"]
_less_equal = UFUNCS["less_equal"]
_equal = UFUNCS["equal"]
_isfinite = UFUNCS["isfinite"]
_isnan = UFUNCS["isnan"]
_logical_and = UFUNCS["logical_and"]
_logical_or = UFUNCS["logical_or"]

_SCALARS = (int, float, complex, numpy.generic)

# Every operation in T, as the composition's are when x and y are T arrays and the tolerances
# Python scalars (weak, so cast to T); absolute values by comparison, so no math function
# promotes float to double on the host compiler.
_ISCLOSE_SAME_TYPE = _native.ElementwiseKernel(
    "T x, T y, T atol, T rtol, bool equal_nan", "bool out",
    "T d = x - y; T ad = d < T(0) ? -d : d; T ay = y < T(0) ? -y : y;\n"
    "out = (ad <= atol + rtol * ay && isfinite(y)) || x == y"
    " || (equal_nan && isnan(x) && isnan(y));",
    "cupylike_isclose")
_FUSED_TYPES = (numpy.dtype(numpy.float32), numpy.dtype(numpy.float64))


def _one_float_type(x, y, atol, rtol):
    """Whether the fused kernel gives the composition's answer for these operands."""
    return (isinstance(x, _native.ndarray) and isinstance(y, _native.ndarray)
            and x.dtype == y.dtype and x.dtype in _FUSED_TYPES
            and all(type(t) in (int, float) for t in (atol, rtol)))


def _operand(x, function):
    """A cupylike array or a scalar, which the ufuncs take as they are."""
    return x if isinstance(x, _SCALARS) else device_array(x, function)


def _all_finite(t):
    if isinstance(t, _native.ndarray):
        return bool(_isfinite(t).all())
    return bool(numpy.all(numpy.isfinite(t)))


def _report_bad_tolerance(atol, rtol):
    """NumPy's report of an infinite or NaN tolerance, as its 'invalid' error state asks."""
    message = f"One of rtol or atol is not valid, atol: {atol}, rtol: {rtol}"
    action = numpy.geterr()["invalid"]
    if action == "warn":
        warnings.warn(message, RuntimeWarning, stacklevel=3)
    elif action == "raise":
        raise FloatingPointError(message)
    elif action == "print":
        print(message)


def isclose(a, b, rtol=1.e-5, atol=1.e-8, equal_nan=False):
    """Elementwise ``|a - b| <= atol + rtol * |b|`` as a boolean array, infinities equal to
    themselves, NaN equal to NaN only with `equal_nan` (see numpy.isclose)."""
    x, y, atol, rtol = (_operand(v, "isclose") for v in (a, b, atol, rtol))
    # y inexact, so |y| of the most negative integer does not overflow.
    if isinstance(y, _native.ndarray):
        y = y.astype(numpy.result_type(y.dtype, 1.0), copy=False)
    elif isinstance(y, numpy.generic):
        y = y.astype(numpy.result_type(y, 1.0))
    elif isinstance(y, int):
        y = float(y)
    if not (_all_finite(atol) and _all_finite(rtol)):
        _report_bad_tolerance(atol, rtol)
    if _one_float_type(x, y, atol, rtol):
        return _ISCLOSE_SAME_TYPE(x, y, atol, rtol, bool(equal_nan))
    within = _less_equal(_abs(_subtract(x, y)), _add(atol, _multiply(rtol, _abs(y))))
    result = _logical_or(_logical_and(within, _isfinite(y)), _equal(x, y))
    if equal_nan:
        result = _logical_or(result, _logical_and(_isnan(x), _isnan(y)))
    return result


def allclose(a, b, rtol=1.e-5, atol=1.e-8, equal_nan=False):
    """Whether isclose holds for every pair of elements, as a Python bool (see
    numpy.allclose)."""
    return bool(isclose(a, b, rtol=rtol, atol=atol, equal_nan=equal_nan).all())


def _as_array(x, function):
    if isinstance(x, _SCALARS):
        return _native.asarray(numpy.asarray(x))
    return device_array(x, function)


def array_equal(a1, a2, equal_nan=False):
    """Whether two arrays have the same shape and elements (NaNs equal with `equal_nan`), as a
    Python bool (see numpy.array_equal)."""
    a1, a2 = _as_array(a1, "array_equal"), _as_array(a2, "array_equal")
    if a1.shape != a2.shape:
        return False
    same = _equal(a1, a2)
    if equal_nan and (a1.dtype.kind in "fc" or a2.dtype.kind in "fc"):
        nan1, nan2 = _isnan(a1), _isnan(a2)
        if not bool(_equal(nan1, nan2).all()):
            return False
        same = _logical_or(same, nan1)
    return bool(same.all())


def array_equiv(a1, a2):
    """Whether two arrays broadcast to each other and are then equal, as a Python bool (see
    numpy.array_equiv)."""
    a1, a2 = _as_array(a1, "array_equiv"), _as_array(a2, "array_equiv")
    try:
        numpy.broadcast_shapes(a1.shape, a2.shape)
    except ValueError:
        return False
    return bool(_equal(a1, a2).all())
