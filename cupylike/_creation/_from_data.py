"""Arrays from existing data and from functions of the index: asanyarray, asarray_chkfinite,
require, fromfunction (numpy's "From existing data" section; asarray and array are the core's).
"""

import numpy

from cupylike._core import _native
from cupylike._core._ufuncs import UFUNCS
from cupylike._indexing._index_grids import indices
from cupylike._logic._truth import all as _all

# require's flag names, long and short, to the short flag ndarray.flags reads.
_REQUIREMENTS = {
    "C": "C", "C_CONTIGUOUS": "C", "CONTIGUOUS": "C",
    "F": "F", "F_CONTIGUOUS": "F", "FORTRAN": "F",
    "A": "A", "ALIGNED": "A",
    "W": "W", "WRITEABLE": "W",
    "O": "O", "OWNDATA": "O",
    "E": "E", "ENSUREARRAY": "E",
}


def check_like(function, like):
    """NumPy's like= (NEP 35): cupylike answers for its own arrays only."""
    if like is not None and not isinstance(like, _native.ndarray):
        raise NotImplementedError(
            f"{function}(like=...) accepts only None or a cupylike.ndarray")


def asanyarray(a, dtype=None, order=None, *, device=None, copy=None, like=None):
    """Convert the input to a cupylike array (see numpy.asanyarray).

    cupylike has no ndarray subclasses, so this is ``asarray``.
    """
    return _native.asarray(a, dtype=dtype, order=order, device=device, copy=copy, like=like)


def asarray_chkfinite(a, dtype=None, order=None):
    """Convert the input to an array, checking that it holds no inf or NaN
    (see numpy.asarray_chkfinite).

    Raises
    ------
    ValueError
        If a float or complex result holds an inf or a NaN.
    """
    a = _native.asarray(a, dtype=dtype, order=order)
    # The check runs on the device; only its one bool comes back.
    if a.dtype.kind in "fc" and not bool(_all(UFUNCS["isfinite"](a))):
        raise ValueError("array must not contain infs or NaNs")
    return a


def require(a, dtype=None, requirements=None, *, like=None):
    """An array of `dtype` that has the listed flags, copied only where needed
    (see numpy.require).

    Parameters
    ----------
    a : array_like
    dtype : data-type, optional
    requirements : str or sequence of str
        'C'/'C_CONTIGUOUS'/'CONTIGUOUS', 'F'/'F_CONTIGUOUS'/'FORTRAN', 'A'/'ALIGNED',
        'W'/'WRITEABLE', 'O'/'OWNDATA', 'E'/'ENSUREARRAY' (case does not matter).

    Raises
    ------
    KeyError
        For an unknown requirement, as NumPy.
    ValueError
        If both C and F order are required.
    """
    check_like("require", like)
    if not requirements:
        return asanyarray(a, dtype=dtype)
    wanted = {_REQUIREMENTS[r.upper()] for r in requirements}
    wanted.discard("E")  # every cupylike array is a base-class ndarray
    if wanted >= {"C", "F"}:
        raise ValueError('Cannot specify both "C" and "F" order')
    order = "F" if "F" in wanted else "C" if "C" in wanted else "A"
    wanted -= {"C", "F"}
    arr = _native.asarray(a, dtype=dtype, order=order)
    if any(not arr.flags[flag] for flag in wanted):
        return arr.copy(order)
    return arr


def fromfunction(function, shape, *, dtype=float, like=None, **kwargs):
    """``function(*indices(shape, dtype), **kwargs)`` (see numpy.fromfunction).

    As in CuPy, `function` is called once with cupylike index arrays, so it must be written
    with array operations (no Python ``if`` on an element).
    """
    check_like("fromfunction", like)
    return function(*indices(shape, dtype=numpy.dtype(dtype)), **kwargs)
