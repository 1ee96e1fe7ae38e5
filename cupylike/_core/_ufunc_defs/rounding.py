"""Rounding ufuncs. NumPy 2.4 has bool and integer loops for floor, ceil and trunc (the value
itself) but not for rint, which turns integers into floats. fix and around are functions on
top of these (cupylike/_math/_rounding.py)."""

from cupylike._core._ufunc_defs.common import COMPLEX, FLOATS, INTS, same, ufunc


def _exact(name, fn, doc):
    loops = same("?" + INTS, "out0 = in0", nin=1) + same(FLOATS, f"out0 = {fn}(in0)", nin=1)
    return ufunc(name, 1, 1, loops, doc)


ENTRIES = [
    ufunc("rint", 1, 1, same(FLOATS, "out0 = rint(in0)", nin=1)
          + same(COMPLEX, "out0 = C1(rint(in0.re), rint(in0.im))", nin=1),
          "Round elements of the array to the nearest integer."),
    _exact("floor", "floor", "Return the floor of the input, element-wise."),
    _exact("ceil", "ceil", "Return the ceiling of the input, element-wise."),
    _exact("trunc", "trunc", "Return the truncated value of the input, element-wise."),
]
