"""Top-level names CuPy keeps from NumPy 1 that NumPy 2 removed: the constants' old spellings
and the exception classes now in ``numpy.exceptions`` (cupylike.exceptions). Code written for
CuPy uses them; they are the same values and classes as NumPy's."""

import numpy
from numpy.exceptions import (
    AxisError,
    ComplexWarning,
    ModuleDeprecationWarning,
    RankWarning,
    TooHardError,
    VisibleDeprecationWarning,
)

Inf = Infinity = PINF = infty = numpy.inf
NAN = NaN = numpy.nan
NINF = -numpy.inf
NZERO = -0.0
PZERO = 0.0

__all__ = [
    "AxisError", "ComplexWarning", "Inf", "Infinity", "ModuleDeprecationWarning", "NAN", "NINF",
    "NZERO", "NaN", "PINF", "PZERO", "RankWarning", "TooHardError", "VisibleDeprecationWarning",
    "infty",
]
