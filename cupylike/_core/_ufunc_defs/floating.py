"""Floating-point ufuncs: classification (all types), sign bits, nextafter and spacing (on
float16's own bits for float16, as NumPy), ldexp with NumPy's mixed loops, frexp and modf."""

from cupylike._core._ufunc_defs.common import COMPLEX, FLOATS, INTS, same, typed, ufunc

_EXACT = "?" + INTS  # types with no NaN or infinity


def _classify(name, real_fn, complex_join, constant, doc):
    loops = same(_EXACT, f"out0 = {constant}", nin=1, out="?")
    loops += same(FLOATS, f"out0 = {real_fn}(in0)", nin=1, out="?")
    loops += same(COMPLEX, f"out0 = {real_fn}(in0.re) {complex_join} {real_fn}(in0.im)", nin=1,
                  out="?")
    return ufunc(name, 1, 1, loops, doc)


ENTRIES = [
    _classify("isnan", "isnan", "||", "false", "Test element-wise for NaN."),
    _classify("isinf", "isinf", "||", "false", "Test element-wise for positive or negative "
              "infinity."),
    _classify("isfinite", "isfinite", "&&", "true", "Test element-wise for finiteness (not "
              "infinity and not Not a Number)."),
    ufunc("signbit", 1, 1, same(FLOATS, "out0 = signbit(in0)", nin=1, out="?"),
          "Returns element-wise True where signbit is set (less than zero)."),
    ufunc("copysign", 2, 1, same(FLOATS, "out0 = copysign(in0, in1)"),
          "Change the sign of x1 to that of x2, element-wise."),
    ufunc("nextafter", 2, 1, same("e", "out0 = cupylike::half_nextafter(in0, in1)")
          + same("fd", "out0 = nextafter(in0, in1)"),
          "Return the next floating-point value after x1 towards x2, element-wise."),
    ufunc("spacing", 1, 1, same("e", "out0 = cupylike::half_spacing(in0)", nin=1)
          + same("fd", "out0 = cupylike::spacing(in0)", nin=1),
          "Return the distance between x and the nearest adjacent number."),
    ufunc("ldexp", 2, 1, typed(["ei->e", "fi->f"], "out0 = ldexp(in0, in1)")
          + typed(["el->e", "fl->f"], "out0 = cupylike::ldexp_long(in0, in1)")
          + typed(["di->d"], "out0 = ldexp(in0, in1)")
          + typed(["dl->d"], "out0 = cupylike::ldexp_long(in0, in1)"),
          "Returns x1 * 2**x2, element-wise.", legacy_scalars=True),
    ufunc("frexp", 1, 2, typed(["e->ei", "f->fi", "d->di"], "out0 = cupylike::frexp_(in0, out1)"),
          "Decompose the elements of x into mantissa and twos exponent."),
    ufunc("modf", 1, 2, typed(["e->ee", "f->ff", "d->dd"], "out0 = cupylike::modf_(in0, out1)"),
          "Return the fractional and integral parts of an array, element-wise."),
]
