"""CuPy's get_array_module: the module whose functions suit given arguments."""

import sys

import numpy

from cupylike._core._native import ndarray


def get_array_module(*args):
    """cupylike if any of `args` is a cupylike array, else numpy (for NumPy arrays, scalars,
    lists or no arguments), so that ``xp = get_array_module(x)`` writes code for both."""
    for arg in args:
        if isinstance(arg, ndarray):
            return sys.modules["cupylike"]  # the package that imports this module
    return numpy
