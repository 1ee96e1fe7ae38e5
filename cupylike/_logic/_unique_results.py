"""The Array API's unique functions (unique_all, unique_counts, unique_inverse,
unique_values): numpy.unique with NaNs kept apart (equal_nan=False) and NumPy 2's named tuples
as results."""

from typing import NamedTuple

from cupylike._core import _native
from cupylike._logic._set_ops import unique


class UniqueAllResult(NamedTuple):
    values: _native.ndarray
    indices: _native.ndarray
    inverse_indices: _native.ndarray
    counts: _native.ndarray


class UniqueCountsResult(NamedTuple):
    values: _native.ndarray
    counts: _native.ndarray


class UniqueInverseResult(NamedTuple):
    values: _native.ndarray
    inverse_indices: _native.ndarray


def unique_all(x):
    """The unique elements of x, the index of the first occurrence of each, the index in the
    values of each element of x (x's shape) and the counts (see numpy.unique_all)."""
    return UniqueAllResult(*unique(x, return_index=True, return_inverse=True, return_counts=True,
                                   equal_nan=False))


def unique_counts(x):
    """The unique elements of x and how often each occurs (see numpy.unique_counts)."""
    return UniqueCountsResult(*unique(x, return_counts=True, equal_nan=False))


def unique_inverse(x):
    """The unique elements of x and, for each element of x, its index in them (see
    numpy.unique_inverse)."""
    return UniqueInverseResult(*unique(x, return_inverse=True, equal_nan=False))


def unique_values(x):
    """The unique elements of x, NaNs each kept (see numpy.unique_values)."""
    return unique(x, equal_nan=False)
