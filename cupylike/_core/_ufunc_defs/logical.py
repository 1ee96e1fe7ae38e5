"""Logical ufuncs: any type in, bool out; a value is true when it is not zero (a complex value
when either part is not; NaN is true, as in C). As NumPy casts every input to bool, a
Python int beyond the array's dtype is just true (weak_ints="int64")."""

from cupylike._core._ufunc_defs.common import COMPLEX, FLOATS, INTS, same, ufunc

_ALL = "?" + INTS + FLOATS


def _truth(x, complex_):
    return f"({x}.re != 0 || {x}.im != 0)" if complex_ else f"({x} != 0)"


def _binary(name, op, doc, identity):
    loops = same(_ALL, f"out0 = {_truth('in0', 0)} {op} {_truth('in1', 0)}", out="?")
    loops += same(COMPLEX, f"out0 = {_truth('in0', 1)} {op} {_truth('in1', 1)}", out="?")
    return ufunc(name, 2, 1, loops, doc, weak_ints="int64", identity=identity, reorderable=True,
                 associative=True)


ENTRIES = [
    _binary("logical_and", "&&", "Compute the truth value of x1 AND x2 element-wise.",
            True),
    _binary("logical_or", "||", "Compute the truth value of x1 OR x2 element-wise.",
            False),
    _binary("logical_xor", "!=", "Compute the truth value of x1 XOR x2, element-wise.",
            False),
    ufunc("logical_not", 1, 1, same(_ALL, "out0 = !(in0 != 0)", nin=1, out="?")
          + same(COMPLEX, f"out0 = !{_truth('in0', 1)}", nin=1, out="?"),
          "Compute the truth value of NOT x element-wise."),
]
