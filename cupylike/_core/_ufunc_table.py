"""The ufunc table: one entry per NumPy ufunc, joined from the parts in cupylike/_core/_ufunc_defs/.

Each entry names the ufunc, its numbers of inputs and outputs, its type loops in NumPy's
notation ('ff->f') and the CUDA C++ statement each loop runs (reading ``in0``.. and assigning
``out0``..). Loops compute in their own types, except float16, which computes in float as NumPy
does. Helpers with NumPy's semantics live in kernels/cupylike/ufunc/. This table is the only
place a ufunc is defined: its kernels, its ``types`` and the ndarray operators come from it.
"""

from cupylike._core._ufunc_defs import (
    arithmetic,
    bitwise,
    comparison,
    exponential,
    floating,
    integer,
    logical,
    minmax,
    rounding,
    selection,
    trigonometric,
)

TABLE = [
    entry
    for part in (arithmetic, comparison, logical, bitwise, minmax, exponential, trigonometric,
                 rounding, floating, integer, selection)
    for entry in part.ENTRIES
]
