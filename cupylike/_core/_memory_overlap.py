"""Whether arrays' memory overlaps: shares_memory, may_share_memory and byte_bounds.

NumPy answers these by arithmetic on addresses, shapes and strides only, never reading the
elements; so cupylike hands NumPy stand-ins with a device array's address, shape and strides
(never dereferenced) and gets NumPy's exact answer, its ``max_work`` rules and TooHardError
included. Arrays on different devices never share memory.
"""

import numpy

from cupylike._core._device_arrays import device_array


class _Layout:
    """An object with a device array's address and layout as its ``__array_interface__``."""

    __slots__ = ("__array_interface__",)

    def __init__(self, a):
        self.__array_interface__ = {
            "data": (a.data.ptr, True), "shape": a.shape, "strides": a.strides,
            "typestr": f"|V{a.itemsize}", "version": 3,
        }


def _layouts(a, b, function):
    a, b = device_array(a, function), device_array(b, function)
    if a.device != b.device or a.size == 0 or b.size == 0:
        return None
    return numpy.asarray(_Layout(a)), numpy.asarray(_Layout(b))


def shares_memory(a, b, /, max_work=-1):
    """Whether some element of `a` and some element of `b` have a byte in common (see
    numpy.shares_memory): exact by default; `max_work` bounds the search as NumPy's does."""
    pair = _layouts(a, b, "shares_memory")
    return pair is not None and numpy.shares_memory(*pair, max_work=max_work)


def may_share_memory(a, b, /, max_work=0):
    """Whether the memory extents of `a` and `b` overlap (see numpy.may_share_memory);
    ``max_work=-1`` asks for the exact answer."""
    pair = _layouts(a, b, "may_share_memory")
    return pair is not None and numpy.may_share_memory(*pair, max_work=max_work)


def byte_bounds(a):
    """The first and one past the last device address that `a`'s elements occupy (see
    numpy.lib.array_utils.byte_bounds; CuPy's name)."""
    a = device_array(a, "byte_bounds")
    low = high = a.data.ptr
    for n, stride in zip(a.shape, a.strides, strict=True):
        if stride < 0:
            low += (n - 1) * stride
        else:
            high += (n - 1) * stride
    return low, high + a.itemsize
