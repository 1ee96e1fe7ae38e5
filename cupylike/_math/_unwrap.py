"""numpy.unwrap: phase unwrapping along an axis, on the ufuncs and cumsum."""

import numpy
from numpy.lib.array_utils import normalize_axis_index

from cupylike._core import _native
from cupylike._core._device_arrays import device_array
from cupylike._core._ufuncs import UFUNCS
from cupylike._manipulation._rearranging import copyto
from cupylike._math._cumulative import cumsum, diff


def unwrap(p, discont=None, axis=-1, *, period=2 * numpy.pi):
    """Unwraps `p` along `axis` (see numpy.unwrap): each jump between neighbours larger than
    max(discont, period / 2) is replaced by its value modulo `period`, and the corrections
    accumulate. Integer input with an integer period stays integer, as NumPy's."""
    p = device_array(p, "unwrap")
    axis = normalize_axis_index(axis, p.ndim)
    dd = diff(p, axis=axis)
    if discont is None:
        discont = period / 2
    dtype = _native.result_type(dd, period)
    if numpy.issubdtype(dtype, numpy.integer):
        high, rem = divmod(period, 2)
        ambiguous = rem == 0
    else:
        high = period / 2
        ambiguous = True
    low = -high
    ddmod = UFUNCS["add"](UFUNCS["remainder"](UFUNCS["subtract"](dd, low), period), low)
    if ambiguous:
        # A jump of exactly -period/2 after a rise is taken as +period/2, as NumPy's.
        copyto(ddmod, high, where=UFUNCS["logical_and"](UFUNCS["equal"](ddmod, low),
                                                        UFUNCS["greater"](dd, 0)))
    correction = UFUNCS["subtract"](ddmod, dd)
    copyto(correction, 0, where=UFUNCS["less"](UFUNCS["absolute"](dd), discont))
    up = p.astype(dtype, copy=True)
    later = [slice(None)] * p.ndim
    later[axis] = slice(1, None)
    later = tuple(later)
    up[later] = UFUNCS["add"](p[later], cumsum(correction, axis))
    return up
