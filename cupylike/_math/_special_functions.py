"""NumPy's special functions of its main namespace: sinc and i0, one elementwise kernel each."""

import functools

import numpy

from cupylike._core import _native
from cupylike._core._device_arrays import device_array

# Cephes' Chebyshev coefficients for I0 (Moshier), the series NumPy's i0 evaluates:
# exp(-x) I0(x) over [0, 8] in x/2 - 2, and exp(-x) sqrt(x) I0(x) over (8, inf) in 32/x - 2.
_I0_NEAR = (
    -4.4153416464793395e-18, 3.3307945188222384e-17, -2.431279846547955e-16,
    1.715391285555133e-15, -1.1685332877993451e-14, 7.676185498604936e-14,
    -4.856446783111929e-13, 2.95505266312964e-12, -1.726826291441556e-11,
    9.675809035373237e-11, -5.189795601635263e-10, 2.6598237246823866e-09,
    -1.300025009986248e-08, 6.046995022541919e-08, -2.670793853940612e-07,
    1.1173875391201037e-06, -4.4167383584587505e-06, 1.6448448070728896e-05,
    -5.754195010082104e-05, 0.00018850288509584165, -0.0005763755745385824,
    0.0016394756169413357, -0.004324309995050576, 0.010546460394594998,
    -0.02373741480589947, 0.04930528423967071, -0.09490109704804764,
    0.17162090152220877, -0.3046826723431984, 0.6767952744094761,
)
_I0_FAR = (
    -7.233180487874754e-18, -4.830504485944182e-18, 4.46562142029676e-17,
    3.461222867697461e-17, -2.8276239805165836e-16, -3.425485619677219e-16,
    1.7725601330565263e-15, 3.8116806693526224e-15, -9.554846698828307e-15,
    -4.150569347287222e-14, 1.54008621752141e-14, 3.8527783827421426e-13,
    7.180124451383666e-13, -1.7941785315068062e-12, -1.3215811840447713e-11,
    -3.1499165279632416e-11, 1.1889147107846439e-11, 4.94060238822497e-10,
    3.3962320257083865e-09, 2.266668990498178e-08, 2.0489185894690638e-07,
    2.8913705208347567e-06, 6.889758346916825e-05, 0.0033691164782556943,
    0.8044904110141088,
)


def _coefficients(name, values):
    return f"__device__ const double {name}[{len(values)}] = {{{', '.join(map(repr, values))}}};\n"


# Clenshaw's recurrence as NumPy's _chbevl writes it, in double for every input type.
_I0_PREAMBLE = (
    _coefficients("cupylike_i0_near", _I0_NEAR)
    + _coefficients("cupylike_i0_far", _I0_FAR)
    + "__device__ inline double cupylike_chbevl(double x, const double* c, int n) {\n"
      "  double b0 = c[0], b1 = 0, b2 = 0;\n"
      "  for (int k = 1; k < n; ++k) { b2 = b1; b1 = b0; b0 = x * b1 - b2 + c[k]; }\n"
      "  return 0.5 * (b0 - b2);\n"
      "}\n"
)


@functools.cache
def _kernel(name):
    params, outputs, body, preamble = _SOURCES[name]
    return _native.ElementwiseKernel(params, outputs, body, f"cupylike_{name}",
                                     preamble=preamble)


_SOURCES = {
    "i0": ("T x", "T y",
           "double a = fabs((double)x);\n"
           "y = (T)(a <= 8.0 ? exp(a) * cupylike_chbevl(a / 2.0 - 2, cupylike_i0_near, 30)\n"
           "                 : exp(a) * cupylike_chbevl(32.0 / a - 2.0, cupylike_i0_far, 25)"
           " / sqrt(a))",
           _I0_PREAMBLE),
    # NumPy's sin(pi x) / (pi x), with x == 0 giving 1 (NumPy puts 1e-20 there, whose quotient
    # rounds to 1): pi is rounded to T first, as NumPy's weak Python float is.
    "sinc_real": ("T x", "T y",
                  "if (x == T(0)) { y = T(1); } else { T t = T(3.141592653589793) * x;"
                  " y = sin(t) / t; }", ""),
    "sinc_complex": ("T x", "T y",
                     "if (x.re == 0 && x.im == 0) { y = T(1); } else {\n"
                     "  T t = cupylike::cmul(T(3.141592653589793), x);\n"
                     "  y = cupylike::cdiv(cupylike::csin(t), t);\n"
                     "}", "#include <cupylike/ufunc/complex_math.cuh>\n"),
}


def _floating(x, function):
    """x as a floating array: integers and bool as float64, float16 computed in float32 (the
    kernels' math is float and double)."""
    x = device_array(x, function)
    if x.dtype.kind in "biu":
        return x.astype(numpy.float64), None
    if x.dtype == numpy.float16:
        return x.astype(numpy.float32), numpy.float16
    return x, None


def sinc(x):
    """The normalized sinc function sin(pi x) / (pi x), 1 at 0 (see numpy.sinc): float64 for
    integer input, else x's dtype (complex too)."""
    x, back = _floating(x, "sinc")
    y = _kernel("sinc_complex" if x.dtype.kind == "c" else "sinc_real")(x)
    return y if back is None else y.astype(back)


def i0(x):
    """The modified Bessel function of the first kind, order 0 (see numpy.i0), from the same
    Chebyshev series as NumPy's, evaluated in double: float64 for integer input, else x's
    dtype; complex input raises TypeError as NumPy's."""
    x = device_array(x, "i0")
    if x.dtype.kind == "c":
        raise TypeError("i0 not supported for complex values")
    x, back = _floating(x, "i0")
    y = _kernel("i0")(x)
    return y if back is None else y.astype(back)
