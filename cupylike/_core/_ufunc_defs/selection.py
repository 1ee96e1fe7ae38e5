"""The ufuncs behind cupylike.where and cupylike.clip (cupylike/_math/_selection.py). Their names
start with an underscore: NumPy has no where ufunc, and its clip ufunc is not the public
numpy.clip function either."""

from cupylike._core._ufunc_defs.common import COMPLEX, FLOATS, INTS, ufunc

_ALL = "?" + INTS + FLOATS + COMPLEX

ENTRIES = [
    ufunc("_where", 3, 1, [("?" + c * 2 + "->" + c, "out0 = in0 ? in1 : in2") for c in _ALL],
          "where(condition, x, y): x where condition is True, else y."),
    ufunc("_clip", 3, 1, [(c * 3 + "->" + c, "out0 = cupylike::clip_int(in0, in1, in2)")
                          for c in "?" + INTS]
          + [(c * 3 + "->" + c, "out0 = cupylike::clip_real(in0, in1, in2)") for c in FLOATS]
          + [(c * 3 + "->" + c, "out0 = cupylike::cclip(in0, in1, in2)") for c in COMPLEX],
          "Clip (limit) the values in an array."),
]
