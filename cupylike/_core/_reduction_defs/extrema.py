"""argmax, argmin and their NaN-ignoring forms: index-value pairs (kernels/cupylike/
reduction_ops.cuh) with NumPy's choices. argmax/argmin: the first NaN wins, then the best value,
then the lowest index; complex values compare lexicographically. nanargmax/nanargmin leave NaNs
out; an all-NaN slice keeps the identity's index and writes -1, which the caller turns into
NumPy's ValueError. Contiguous slices take the block search (vbest).

max, min and their NaN-ignoring forms are ufunc.reduce of maximum, minimum, fmax and fmin
(cupylike/_core/_reduction_defs/ufunc_reduce.py).
"""

from cupylike._core._reduction_defs.common import ALL, COMPUTE, loop, reduction
from cupylike._core._ufunc_defs.common import COMPLEX, FLOATS


def _arg_loops(chars, greater, skip_nan):
    limit = "lowest" if greater else "highest"
    flag = "true" if greater else "false"
    best, value = ("arg_best_num", "value_best_num") if skip_nan else ("arg_best", "value_best")
    post = "out0 = a.i == CUPYLIKE_NO_INDEX ? -1 : a.i" if skip_nan else "out0 = a.i"
    loops = []
    for c in chars:
        t = COMPUTE[c]
        loops.append(loop(
            f"{c}->l", f"cupylike::arg_pair<{t} >",
            f"cupylike::make_arg_pair(cupylike::red_limits<{t} >::{limit}(), CUPYLIKE_NO_INDEX)",
            "cupylike::make_arg_pair(in0, _i)", f"cupylike::{best}<{flag}>(a, b)", post,
            f"cupylike::{value}<{flag}>(a, b)"))
    return loops


def _entry(name, greater, skip_nan):
    chars = FLOATS + COMPLEX if skip_nan else ALL
    what = "argmax" if greater else "argmin"
    return reduction(name, _arg_loops(chars, greater, skip_nan), what, has_identity=False,
                     empty_error=f"attempt to get {what} of an empty sequence")


ENTRIES = [
    _entry("argmax", True, False),
    _entry("argmin", False, False),
    _entry("nanargmax", True, True),
    _entry("nanargmin", False, True),
]
