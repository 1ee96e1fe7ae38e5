"""numpy.polynomial for cupylike arrays: the power series module ``polynomial`` (coefficients in
increasing powers) and the series helpers of ``polyutils``. The other bases (Chebyshev,
Legendre, ...) and the convenience classes are not here (docs/differences_breadth.md)."""

from cupylike.polynomial import polynomial, polyutils

__all__ = ["polynomial", "polyutils"]
