"""Arithmetic ufuncs.

Integer loops wrap around as NumPy's do; division and remainder by zero give 0 (NumPy warns
and gives 0 too). Float floor division, remainder and divmod follow NumPy's npy_divmod
(Python's rules). Helpers: kernels/cupylike/ufunc/{integer,floating,complex}.cuh.
"""

from cupylike._core._ufunc_defs.common import (
    COMPLEX,
    COMPLEX_MATH,
    FLOATS,
    INTS,
    SIGNED,
    UNSIGNED,
    same,
    ufunc,
)

_REAL = INTS + FLOATS


def _unary(chars, op):
    return same(chars, op, nin=1)


def _bool_type_error(name):
    return (f"ufunc '{name}' did not contain a loop with signature matching types "
            "<class 'numpy.dtypes.BoolDType'> -> None")


ENTRIES = [
    ufunc("add", 2, 1, same("?", "out0 = in0 || in1") + same(_REAL, "out0 = in0 + in1")
          + same(COMPLEX, "out0 = cupylike::cadd(in0, in1)"),
          "Add arguments element-wise.", identity=0, reorderable=True, associative=True),
    ufunc("subtract", 2, 1, same(_REAL, "out0 = in0 - in1")
          + same(COMPLEX, "out0 = cupylike::csub(in0, in1)"),
          "Subtract arguments, element-wise.",
          bool_error="numpy boolean subtract, the `-` operator, is not supported, use the "
                     "bitwise_xor, the `^` operator, or the logical_xor function instead."),
    ufunc("multiply", 2, 1, same("?", "out0 = in0 && in1")
          + same(INTS, "out0 = cupylike::wrap_mul(in0, in1)") + same(FLOATS, "out0 = in0 * in1")
          + same(COMPLEX, "out0 = cupylike::cmul_fma(in0, in1)"),
          "Multiply arguments element-wise.", identity=1, reorderable=True, associative=True),
    # Integer inputs divide as float64 (NumPy's type resolver; CuPy spells it as these loops).
    ufunc("divide", 2, 1, same(INTS, "out0 = (double)in0 / (double)in1", out="d")
          + same(FLOATS, "out0 = in0 / in1") + same(COMPLEX, "out0 = cupylike::cdiv(in0, in1)"),
          "Divide arguments element-wise.", aliases=("true_divide",), weak_ints="value",
          ints_as_float64=True),
    ufunc("floor_divide", 2, 1, same(INTS, "out0 = cupylike::floor_div(in0, in1)")
          + same(FLOATS, "out0 = cupylike::floor_divide(in0, in1)"),
          "Return the largest integer smaller or equal to the division of the inputs."),
    ufunc("remainder", 2, 1, same(INTS, "out0 = cupylike::py_mod(in0, in1)")
          + same(FLOATS, "out0 = cupylike::remainder(in0, in1)"),
          "Returns the element-wise remainder of division.", aliases=("mod",)),
    ufunc("fmod", 2, 1, same(INTS, "out0 = cupylike::fmod_int(in0, in1)")
          + same(FLOATS, "out0 = fmod(in0, in1)"),
          "Returns the element-wise remainder of division."),
    ufunc("divmod", 2, 2, [(c * 2 + "->" + c * 2, "cupylike::divmod_int(in0, in1, out0, out1)")
                           for c in INTS]
          + [(c * 2 + "->" + c * 2, "out0 = cupylike::py_divmod(in0, in1, out1)")
             for c in FLOATS],
          "Return element-wise quotient and remainder simultaneously."),
    ufunc("power", 2, 1, same(INTS, "out0 = cupylike::int_power(in0, in1)")
          + same(FLOATS, "out0 = cupylike::real_power(in0, in1)")
          + same(COMPLEX, "out0 = cupylike::cpow(in0, in1)"),
          "First array elements raised to powers from second array, element-wise.",
          aliases=("pow",), preamble=COMPLEX_MATH, negative_exponent_error=True),
    ufunc("float_power", 2, 1, same("d", "out0 = cupylike::real_power(in0, in1)")
          + same("D", "out0 = cupylike::cpow(in0, in1)"),
          "First array elements raised to powers from second array, element-wise.",
          preamble=COMPLEX_MATH),
    ufunc("negative", 1, 1, _unary(INTS, "out0 = cupylike::wrap_neg(in0)")
          + _unary(FLOATS, "out0 = -in0") + _unary(COMPLEX, "out0 = cupylike::cneg(in0)"),
          "Numerical negative, element-wise.",
          bool_error="The numpy boolean negative, the `-` operator, is not supported, use the "
                     "`~` operator or the logical_not function instead."),
    ufunc("positive", 1, 1, _unary(INTS + FLOATS + COMPLEX, "out0 = in0"),
          "Numerical positive, element-wise.", bool_error=_bool_type_error("positive")),
    ufunc("absolute", 1, 1, _unary("?" + UNSIGNED, "out0 = in0")
          + _unary(SIGNED, "out0 = cupylike::wrap_abs(in0)") + _unary(FLOATS, "out0 = fabs(in0)")
          + [("F->f", "out0 = cupylike::cabs(in0)"), ("D->d", "out0 = cupylike::cabs(in0)")],
          "Calculate the absolute value element-wise.", aliases=("abs",)),
    ufunc("fabs", 1, 1, _unary(FLOATS, "out0 = fabs(in0)"),
          "Compute the absolute values element-wise."),
    # NumPy's integer reciprocal divides in floating point and converts back (1/0 gives
    # x86's conversion of inf, which cupylike::cast spells out).
    ufunc("reciprocal", 1, 1, [(c + "->" + c, "out0 = cupylike::cast<C1>(1.0 / (double)in0)")
                               for c in INTS]
          + _unary(FLOATS, "out0 = C1(1) / in0")
          + _unary(COMPLEX, "out0 = cupylike::creciprocal(in0)"),
          "Return the reciprocal of the argument, element-wise."),
    ufunc("sign", 1, 1, _unary(INTS, "out0 = cupylike::int_sign(in0)")
          + _unary(FLOATS, "out0 = cupylike::real_sign(in0)")
          + _unary(COMPLEX, "out0 = cupylike::csign(in0)"),
          "Returns an element-wise indication of the sign of a number.",
          bool_error=_bool_type_error("sign")),
    ufunc("square", 1, 1, _unary(INTS, "out0 = cupylike::wrap_mul(in0, in0)")
          + _unary(FLOATS, "out0 = in0 * in0") + _unary(COMPLEX, "out0 = cupylike::csquare(in0)"),
          "Return the element-wise square of the input."),
    ufunc("conjugate", 1, 1, _unary(INTS + FLOATS, "out0 = in0")
          + _unary(COMPLEX, "out0 = cupylike::cconj(in0)"),
          "Return the complex conjugate, element-wise.", aliases=("conj",)),
]
