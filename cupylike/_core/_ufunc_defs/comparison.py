"""Comparison ufuncs.

Complex numbers compare lexicographically with NumPy's NaN rules (cupylike::clt, ...); int64
against uint64 compares exactly through NumPy's mixed loops 'lL->?' and 'Ll->?'; a Python int
outside the range of an integer array's dtype compares by value (uint8 < 300 is True), the C++
loop selection moving it to a loop that holds it (weak_ints="compare").
"""

from cupylike._core._ufunc_defs.common import COMPLEX, FLOATS, INTS, same, ufunc

_COMPLEX_FN = {"<": "clt", "<=": "cle", ">": "cgt", ">=": "cge", "==": "ceq", "!=": "cne"}


def _comparison(name, op, doc, associative=False):
    loops = same("?" + INTS, f"out0 = in0 {op} in1", out="?")
    loops += [("lL->?", f"out0 = cupylike::order(in0, in1) {op} 0"),
              ("Ll->?", f"out0 = cupylike::order(in0, in1) {op} 0")]
    loops += same(FLOATS, f"out0 = in0 {op} in1", out="?")
    loops += same(COMPLEX, f"out0 = cupylike::{_COMPLEX_FN[op]}(in0, in1)", out="?")
    return ufunc(name, 2, 1, loops, doc, weak_ints="compare", associative=associative)


ENTRIES = [
    # Their only 'TT->T' loops are bool's, XNOR and XOR: associative, though NumPy does not let
    # them reduce several axes.
    _comparison("equal", "==", "Return (x1 == x2) element-wise.", associative=True),
    _comparison("not_equal", "!=", "Return (x1 != x2) element-wise.", associative=True),
    _comparison("less", "<", "Return the truth value of (x1 < x2) element-wise."),
    _comparison("less_equal", "<=", "Return the truth value of (x1 <= x2) element-wise."),
    _comparison("greater", ">", "Return the truth value of (x1 > x2) element-wise."),
    _comparison("greater_equal", ">=", "Return the truth value of (x1 >= x2) element-wise."),
]
