"""Exceptions and warnings of NumPy's ``numpy.exceptions``, as CuPy's ``cupy.exceptions``.

They are NumPy's own classes, so ``except numpy.exceptions.AxisError`` catches what cupylike
raises and ``except cupylike.exceptions.AxisError`` what NumPy raises.
"""

from numpy.exceptions import (
    AxisError,
    ComplexWarning,
    DTypePromotionError,
    ModuleDeprecationWarning,
    RankWarning,
    TooHardError,
    VisibleDeprecationWarning,
)

__all__ = [
    "AxisError", "ComplexWarning", "DTypePromotionError", "ModuleDeprecationWarning",
    "RankWarning", "TooHardError", "VisibleDeprecationWarning",
]
