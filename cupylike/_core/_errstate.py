"""NumPy's floating-point error state: errstate, seterr, geterr, seterrcall, geterrcall, and
the ufunc buffer size (getbufsize, setbufsize).

They are NumPy's own objects, so one state serves both libraries and a ``with errstate(...)``
block or decorator behaves exactly as NumPy's. cupylike's kernels do not read the state: the
device computes IEEE results (inf, nan) without raising or warning, as CuPy's do
(docs/differences_breadth.md).
"""

from numpy import errstate, getbufsize, geterr, geterrcall, setbufsize, seterr, seterrcall

__all__ = ["errstate", "getbufsize", "geterr", "geterrcall", "setbufsize", "seterr",
           "seterrcall"]
