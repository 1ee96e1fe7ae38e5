"""Trigonometric and hyperbolic ufuncs, their inverses, arctan2, hypot and angle conversions.

Real loops call the C math functions (CUDA's on a GPU, the C library's on the cpu device);
float16 computes in float and rounds once, as NumPy does. Complex loops call the C library's
complex functions through kernels/cupylike/ufunc/complex_math.cuh, as NumPy does (on a GPU,
which has no C library, the kernels' own implementations of them).
"""

from cupylike._core._ufunc_defs.common import COMPLEX, COMPLEX_MATH, FLOATS, same, ufunc


def _unary(name, real_fn, complex_fn, doc, aliases=()):
    # cupylike::vec: the C function, vectorised with libmvec on the cpu device where enabled
    # (kernels/cupylike/ufunc/transcendental.cuh).
    loops = same(FLOATS, f"out0 = cupylike::vec::{real_fn}(in0)", nin=1)
    loops += same(COMPLEX, f"out0 = cupylike::{complex_fn}(in0)", nin=1)
    return ufunc(name, 1, 1, loops, doc, aliases, preamble=COMPLEX_MATH)


def _scale(name, helper, doc, aliases=()):
    return ufunc(name, 1, 1, same(FLOATS, f"out0 = cupylike::{helper}(in0)", nin=1), doc,
                 aliases)


# The Array API's names (acos, ..., atan2) are aliases: the same ufunc objects, as in NumPy 2.
ENTRIES = [
    _unary("sin", "sin", "csin", "Trigonometric sine, element-wise."),
    _unary("cos", "cos", "ccos", "Cosine element-wise."),
    _unary("tan", "tan", "ctan", "Compute tangent element-wise."),
    _unary("arcsin", "asin", "casin", "Inverse sine, element-wise.",
           aliases=("asin",)),
    _unary("arccos", "acos", "cacos", "Trigonometric inverse cosine, element-wise.",
           aliases=("acos",)),
    _unary("arctan", "atan", "catan", "Trigonometric inverse tangent, element-wise.",
           aliases=("atan",)),
    _unary("sinh", "sinh", "csinh", "Hyperbolic sine, element-wise."),
    _unary("cosh", "cosh", "ccosh", "Hyperbolic cosine, element-wise."),
    _unary("tanh", "tanh", "ctanh", "Compute hyperbolic tangent element-wise."),
    _unary("arcsinh", "asinh", "casinh", "Inverse hyperbolic sine element-wise.",
           aliases=("asinh",)),
    _unary("arccosh", "acosh", "cacosh", "Inverse hyperbolic cosine, element-wise.",
           aliases=("acosh",)),
    _unary("arctanh", "atanh", "catanh", "Inverse hyperbolic tangent element-wise.",
           aliases=("atanh",)),
    ufunc("arctan2", 2, 1, same(FLOATS, "out0 = cupylike::vec::atan2(in0, in1)"),
          "Element-wise arc tangent of ``x1/x2`` choosing the quadrant correctly.",
          aliases=("atan2",)),
    ufunc("hypot", 2, 1, same(FLOATS, "out0 = cupylike::vec::hypot(in0, in1)"),
          "Given the \"legs\" of a right triangle, return its hypotenuse.", identity=0,
          reorderable=True),
    # NumPy has four ufuncs here, degrees/rad2deg and radians/deg2rad computing the same.
    _scale("degrees", "rad2deg", "Convert angles from radians to degrees."),
    _scale("rad2deg", "rad2deg", "Convert angles from radians to degrees."),
    _scale("radians", "deg2rad", "Convert angles from degrees to radians."),
    _scale("deg2rad", "deg2rad", "Convert angles from degrees to radians."),
]
