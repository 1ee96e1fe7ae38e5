"""NEP 13: NumPy's ufuncs called on cupylike arrays run cupylike's ufunc of the same name.

This is also how `numpy.float32(2) * x` works: the NumPy scalar's operator calls numpy.multiply,
which hands the call to x.__array_ufunc__ instead of converting x to a NumPy array.
numpy.matmul is a ufunc too (a generalised one); ours is a function, which takes its calls.
"""

import numpy

from cupylike._core._ufuncs import UFUNCS
from cupylike.linalg._products import matmul


def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):  # noqa: N807 (NumPy's protocol)
    if ufunc is numpy.matmul:
        return matmul(*inputs, **kwargs) if method == "__call__" else NotImplemented
    ours = UFUNCS.get(getattr(ufunc, "__name__", None))
    if ours is None:
        return NotImplemented
    if method == "__call__":
        return ours(*inputs, **kwargs)
    if method == "outer":
        return ours.outer(*inputs, **kwargs)
    if method == "accumulate":
        return ours.accumulate(*inputs, **kwargs)
    if method == "reduce":
        return ours.reduce(*inputs, **kwargs)
    if method == "reduceat":
        return ours.reduceat(*inputs, **kwargs)
    if method == "at":
        return ours.at(*inputs, **kwargs)
    return NotImplemented
