"""roll of a C-contiguous array along one axis as one launch of kernels/cupylike/roll.cuh:
each row of the axis and the later ones is its two parts swapped, copied in units of the
widest unsigned type that divides an element times the later axes' extents and the input's
address."""

import math

from cupylike._core import _native
from cupylike._core._statistics_kernels import function, launch

# Unit size in bytes -> the kernel's unit type, widest first.
_UNITS = {8: "unsigned long long", 4: "unsigned int", 2: "unsigned short", 1: "unsigned char"}


def _name(unit):
    return f"cupylike::roll_rows_kernel<{_UNITS[unit]} >"


def kernel_names():
    """Every instantiation of the roll module (the NVRTC test compiles exactly this list)."""
    return [_name(unit) for unit in _UNITS]


def roll_rows(a, axis, shift):
    """`a` (C-contiguous, not empty) rolled by `shift` (0 < shift < a.shape[axis]) along
    `axis`, as a new array."""
    span = a.itemsize * math.prod(a.shape[axis + 1:])  # bytes of one step along the axis
    unit = next(u for u in _UNITS if span % u == 0 and a.data.ptr % u == 0)
    per_step = span // unit
    rows, n = math.prod(a.shape[:axis]), a.shape[axis] * per_step
    out = _native.empty(a.shape, a.dtype)
    kernel = function("cupylike/roll.cuh", _name(unit))
    launch(kernel, rows * n, (a, out, rows, n, shift * per_step))
    return out
