"""The scan objects, made from the table (cupylike/_core/_scan_defs.py) on first use (their
kernels compile on first call for a dtype), and ufunc.accumulate on them."""

from cupylike._core import _native
from cupylike._core._scan_defs import TABLE
from cupylike._core._ufuncs import UFUNCS

_SCANS = {}


def scan(name):
    """The scan object of the table's entry `name` (an ufunc's name, or nanadd/nanmultiply)."""
    made = _SCANS.get(name)
    if made is None:
        entry = TABLE[name]
        made = _native._make_scan(entry.name, list(entry.loops), entry.preamble,
                                  ufunc=UFUNCS[entry.ufunc], ufunc_name=entry.ufunc,
                                  int_upcast=entry.int_upcast, logical=entry.logical)
        _SCANS[name] = made
    return made


def accumulate(self, array, axis=0, dtype=None, out=None):
    """Accumulate the result of applying the operator to all elements (see
    numpy.ufunc.accumulate): out[i] = op(out[i - 1], array[i]) along `axis`."""
    if self.nin != 2:
        raise ValueError("accumulate only supported for binary functions")
    if self.nout != 1:
        raise ValueError("accumulate only supported for functions returning a single value")
    if isinstance(array, _native.ndarray) and array.ndim == 0:
        raise TypeError("cannot accumulate on a scalar")
    if isinstance(axis, tuple):
        if len(axis) != 1:
            raise ValueError("accumulate does not allow multiple axes")
        axis = axis[0]
    if axis is None:
        if isinstance(array, _native.ndarray) and array.ndim != 1:
            raise ValueError("accumulate does not allow multiple axes")
        axis = 0
    if isinstance(out, tuple):  # NumPy's out=(array,), as __array_ufunc__ passes it
        if len(out) != 1:
            raise ValueError("The 'out' tuple must have exactly one entry")
        out = out[0]
    return scan(self.__name__)(array, axis, dtype, out, f"{self.__name__}.accumulate")
