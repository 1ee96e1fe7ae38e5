"""Printing arrays and numbers, as NumPy prints them: array2string, array_repr, array_str,
and NumPy's own base_repr, binary_repr, format_float_positional, format_float_scientific and
print options.

The print options are NumPy's (get_printoptions, set_printoptions and printoptions are NumPy's
objects): ``ndarray.__repr__`` and ``__str__`` format a host copy with NumPy, so one set of
options governs both libraries' arrays. Formatting is host work by nature: an array is copied
to the host once and NumPy formats it.
"""

import numpy
from numpy import (
    base_repr,
    binary_repr,
    format_float_positional,
    format_float_scientific,
    get_printoptions,
    printoptions,
    set_printoptions,
)

from cupylike._core import _native


def _host(a):
    return a.get() if isinstance(a, _native.ndarray) else a


def array2string(a, max_line_width=None, precision=None, suppress_small=None, separator=" ",
                 prefix="", *, formatter=None, threshold=None, edgeitems=None, sign=None,
                 floatmode=None, suffix="", legacy=None):
    """The elements of `a` as a string (see numpy.array2string)."""
    return numpy.array2string(
        _host(a), max_line_width, precision, suppress_small, separator, prefix,
        formatter=formatter, threshold=threshold, edgeitems=edgeitems, sign=sign,
        floatmode=floatmode, suffix=suffix, legacy=legacy)


def array_repr(arr, max_line_width=None, precision=None, suppress_small=None):
    """The repr of an array, ``array([...], dtype=...)`` (see numpy.array_repr)."""
    return numpy.array_repr(_host(arr), max_line_width, precision, suppress_small)


def array_str(a, max_line_width=None, precision=None, suppress_small=None):
    """The str of an array's elements (see numpy.array_str)."""
    return numpy.array_str(_host(a), max_line_width, precision, suppress_small)


__all__ = [
    "array2string", "array_repr", "array_str", "base_repr", "binary_repr",
    "format_float_positional", "format_float_scientific", "get_printoptions", "printoptions",
    "set_printoptions",
]
