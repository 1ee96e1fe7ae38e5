"""Arithmetic ufuncs."""

from cupylike._ufunc_defs.common import COMPLEX, FLOATS, INTS, same, ufunc

ENTRIES = [
    ufunc("add", 2, 1, same("?", "out0 = in0 || in1") + same(INTS + FLOATS, "out0 = in0 + in1")
          + same(COMPLEX, "out0 = cupylike::cadd(in0, in1)"),
          "Add arguments element-wise."),
    ufunc("subtract", 2, 1, same(INTS + FLOATS, "out0 = in0 - in1")
          + same(COMPLEX, "out0 = cupylike::csub(in0, in1)"),
          "Subtract arguments, element-wise."),
    ufunc("multiply", 2, 1, same("?", "out0 = in0 && in1")
          + same(INTS + FLOATS, "out0 = in0 * in1")
          + same(COMPLEX, "out0 = cupylike::cmul(in0, in1)"),
          "Multiply arguments element-wise."),
]
