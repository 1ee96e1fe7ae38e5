"""Element-wise maximum and minimum: maximum/minimum propagate NaNs, fmax/fmin ignore them
(kernels/cupylike/ufunc/floating.cuh and complex.cuh, with NumPy's choice on ties)."""

from cupylike._core._ufunc_defs.common import INTS, same, ufunc


def _entry(name, bool_op, int_op, real_fn, half_fn, complex_fn, doc):
    loops = same("?", f"out0 = in0 {bool_op} in1")
    loops += same(INTS, f"out0 = in0 {int_op} in1 ? in0 : in1")
    loops += same("e", f"out0 = cupylike::{half_fn}(in0, in1)")
    loops += same("fd", f"out0 = cupylike::{real_fn}(in0, in1)")
    loops += same("FD", f"out0 = cupylike::{complex_fn}(in0, in1)")
    # No identity (NumPy's ReorderableNone): an empty slice has no maximum.
    return ufunc(name, 2, 1, loops, doc, reorderable=True, associative=True)


ENTRIES = [
    _entry("maximum", "||", ">", "nan_max", "half_nan_max", "cmaximum",
           "Element-wise maximum of array elements."),
    _entry("minimum", "&&", "<", "nan_min", "half_nan_min", "cminimum",
           "Element-wise minimum of array elements."),
    _entry("fmax", "||", ">", "num_max", "half_num_max", "cfmax",
           "Element-wise maximum of array elements."),
    _entry("fmin", "&&", "<", "num_min", "half_num_min", "cfmin",
           "Element-wise minimum of array elements."),
]
