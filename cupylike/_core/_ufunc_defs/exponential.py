"""Exponential, logarithmic and root ufuncs.

Real loops call the C math functions (CUDA's on a GPU, the C library's on the cpu device);
float16 computes in float and rounds once, as NumPy does. Complex loops call the helpers of
kernels/cupylike/ufunc/complex_math.cuh, which give the C library's results where NumPy calls
it and NumPy's own formulas where it has them (exp2, expm1, log2, log10, log1p).
"""

import math

from cupylike._core._ufunc_defs.common import COMPLEX, COMPLEX_MATH, FLOATS, same, ufunc


def _unary(name, real_fn, complex_fn, doc):
    # cupylike::vec: the C function, vectorised with libmvec on the cpu device where enabled
    # (kernels/cupylike/ufunc/transcendental.cuh); sqrt is an instruction everywhere.
    real = real_fn if real_fn == "sqrt" else f"cupylike::vec::{real_fn}"
    loops = same(FLOATS, f"out0 = {real}(in0)", nin=1)
    if complex_fn:
        loops += same(COMPLEX, f"out0 = cupylike::{complex_fn}(in0)", nin=1)
    return ufunc(name, 1, 1, loops, doc, preamble=COMPLEX_MATH if complex_fn else "")


ENTRIES = [
    _unary("exp", "exp", "cexp", "Calculate the exponential of all elements in the input array."),
    _unary("exp2", "exp2", "cexp2", "Calculate `2**p` for all `p` in the input array."),
    _unary("expm1", "expm1", "cexpm1",
           "Calculate ``exp(x) - 1`` for all elements in the array."),
    _unary("log", "log", "clog", "Natural logarithm, element-wise."),
    _unary("log2", "log2", "clog2", "Base-2 logarithm of `x`."),
    _unary("log10", "log10", "clog10",
           "Return the base 10 logarithm of the input array, element-wise."),
    _unary("log1p", "log1p", "clog1p",
           "Return the natural logarithm of one plus the input array, element-wise."),
    ufunc("logaddexp", 2, 1, same(FLOATS, "out0 = cupylike::logaddexp(in0, in1)"),
          "Logarithm of the sum of exponentiations of the inputs.", identity=-math.inf,
          reorderable=True),
    ufunc("logaddexp2", 2, 1, same(FLOATS, "out0 = cupylike::logaddexp2(in0, in1)"),
          "Logarithm of the sum of exponentiations of the inputs in base-2.",
          identity=-math.inf, reorderable=True),
    _unary("sqrt", "sqrt", "csqrt", "Return the non-negative square-root of an array, "
           "element-wise."),
    _unary("cbrt", "cbrt", None, "Return the cube-root of an array, element-wise."),
    # CuPy's cupyx.rsqrt (not in NumPy): 1 / sqrt(x), with CuPy's loops.
    ufunc("rsqrt", 1, 1, same(FLOATS, "out0 = 1 / sqrt(in0)", nin=1)
          + same(COMPLEX, "out0 = cupylike::creciprocal(cupylike::csqrt(in0))", nin=1),
          "Returns the reciprocal square root, ``1 / sqrt(x)``, element-wise (CuPy's "
          "cupyx.rsqrt).", preamble=COMPLEX_MATH),
]
