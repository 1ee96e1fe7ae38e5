"""The Array API's spellings of NumPy's manipulation routines, as NumPy 2 defines them:
matrix_transpose and unstack, views made by NumPy's older routines, so they share their rules
and errors (concat and permute_dims are concatenate and transpose themselves, as in NumPy)."""

from numpy.lib.array_utils import normalize_axis_index

from cupylike._core import _native
from cupylike._core._device_arrays import device_array


def matrix_transpose(x, /):
    """The stack of matrices with its last two axes swapped (see numpy.matrix_transpose)."""
    x = device_array(x, "matrix_transpose")
    if x.ndim < 2:
        raise ValueError(f"Input array must be at least 2-dimensional, but it is {x.ndim}")
    return _native.swapaxes(x, -1, -2)


def unstack(x, /, *, axis=0):
    """The views of x along `axis`, as a tuple (see numpy.unstack); the inverse of stack."""
    x = device_array(x, "unstack")
    if x.ndim == 0:
        raise ValueError("Input array must be at least 1-d.")
    axis = normalize_axis_index(axis, x.ndim)
    moved = _native.moveaxis(x, axis, 0)
    return tuple(moved[i] for i in range(moved.shape[0]))
