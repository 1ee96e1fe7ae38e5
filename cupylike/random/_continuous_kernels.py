"""The kernels of the continuous distributions (_continuous.py): each turns raw 64-bit words of
the Philox stream into draws in one pass, by a direct transform where one exists.

A kernel taking K words per draw reads them as K arrays `uint64 w0, w1, ...` of the draws'
shape (K contiguous blocks of the words drawn), so one launch makes a draw of any shape with
broadcast parameters, and on the cpu device the loop vectorises: the math functions go through
CL_M, libmvec's vector variants there (kernels/cpu/mvec.h), and no call sits inside a branch
(which keeps GCC from vectorising the loop): choices select between values instead."""

import functools

from cupylike._core import _native
from cupylike.random._kernels import VECTOR_MATH

# Uniforms on the open interval (0, 1): 52 bits plus a half, exact in a double (as is 1 - u),
# so that log(u), log(1 - u) and tan(pi (u - 1/2)) are finite. A standard normal from two
# words by Box-Muller (the cosine half).
_PREAMBLE = VECTOR_MATH + """
__device__ inline double cl_open_u(unsigned long long w) {
  return ((double)(w >> 12) + 0.5) * 0x1.0p-52;
}
__device__ inline double cl_normal(unsigned long long w1, unsigned long long w2) {
  return sqrt(-2 * CL_M(log)(cl_open_u(w1))) * CL_M(cos)(6.283185307179586 * cl_open_u(w2));
}
"""


@functools.cache
def kernel(name):
    """The kernel `name`, made on first use."""
    params, body = _SOURCES[name]
    words = ", ".join(f"uint64 w{k}" for k in range(words_per_draw(name)))
    return _native.ElementwiseKernel(f"{words}, {params}" if params else words, "float64 out",
                                     body, f"cupylike_random_{name}", preamble=_PREAMBLE)


def words_per_draw(name):
    """How many 64-bit words kernel `name` reads for each draw."""
    return _WORDS.get(name, 1)


_WORDS = {"standard_t": 2, "wald": 3}

_SOURCES = {
    "standard_cauchy": ("", "out = CL_M(tan)(3.141592653589793 * (cl_open_u(w0) - 0.5))"),
    # (-log u)**(1/a), an exponential to the power 1/a, as exp(log(E) / a); a == 0 gives 0,
    # as in NumPy (through u = 1/2: E < 1, so log(E) / 0 = -inf; blended, not selected,
    # which GCC would not vectorise).
    "weibull": ("float64 a",
                "double u = cl_open_u(w0);\n"
                "u += (double)(a == 0) * (0.5 - u);\n"
                "out = CL_M(exp)(CL_M(log)(-CL_M(log)(u)) / a);"),
    # exp(E / a) - 1 of an exponential E (Lomax, NumPy's Pareto II).
    "pareto": ("float64 a", "out = CL_M(expm1)(-CL_M(log)(cl_open_u(w0)) / a)"),
    # The inverse of the CDF x**a.
    "power": ("float64 a", "out = CL_M(exp)(CL_M(log)(cl_open_u(w0)) / a)"),
    "rayleigh": ("float64 scale", "out = scale * sqrt(-2 * CL_M(log)(cl_open_u(w0)))"),
    "gumbel": ("float64 loc, float64 scale",
               "out = loc - scale * CL_M(log)(-CL_M(log)(cl_open_u(w0)))"),
    # loc -/+ scale log(2 min(u, 1 - u)), the sign by the side of 1/2.
    "laplace": ("float64 loc, float64 scale",
                "double u = cl_open_u(w0), low = u < 0.5 ? u : 1 - u;\n"
                "double x = scale * CL_M(log)(2 * low);\n"
                "out = loc + (u < 0.5 ? x : -x);"),
    "logistic": ("float64 loc, float64 scale",
                 "double u = cl_open_u(w0);\n"
                 "out = loc + scale * CL_M(log)(u / (1 - u));"),
    # The inverse of the CDF, each side of the mode.
    "triangular": ("float64 left, float64 mode, float64 right",
                   "double u = cl_open_u(w0), width = right - left;\n"
                   "out = u * width <= mode - left\n"
                   "    ? left + sqrt(u * width * (mode - left))\n"
                   "    : right - sqrt((1 - u) * width * (right - mode));"),
    # Bailey's polar transform without its rejection: the polar method's W = U**2 + V**2 is
    # uniform on (0, 1) and its angle uniform and independent, so
    # T = cos(angle) sqrt(df (W**(-2/df) - 1)) is Student's t(df) from two uniforms. An
    # infinite df is taken as 1e300, where the same formula is the Box-Muller normal.
    "standard_t": ("float64 df",
                   "double d = df > 1e300 ? 1e300 : df;\n"
                   "double r2 = d * CL_M(expm1)(-2 * CL_M(log)(cl_open_u(w0)) / d);\n"
                   "out = sqrt(r2) * CL_M(cos)(6.283185307179586 * cl_open_u(w1));"),
    # Michael, Schucany and Haas: the two roots x1 <= x2 of the chi-square(1) transform
    # (x1 x2 = mean**2, so x1 is taken as mean**2 / x2, free of cancellation), x1 with
    # probability mean / (mean + x1).
    "wald": ("float64 mean, float64 scale",
             "double z = cl_normal(w0, w1), y = mean * z * z;\n"
             "double x2 = mean + mean / (2 * scale) * (y + sqrt(4 * scale * y + y * y));\n"
             "double x1 = mean * (mean / x2);\n"
             "out = cl_open_u(w2) * (mean + x1) <= mean ? x1 : x2;"),
}


# Best and Fisher's candidate for von Mises(mu, kappa) from two words: u on (-1, 1) gives
# z = cos(pi u) and, by its sign, the side of mu; v is the acceptance uniform. kappa below
# 1e-8 is uniform on the circle; above 1e6, the wrapped normal of variance 1/kappa (both
# accepted at once). Results wrap into [-pi, pi).
VONMISES = _native.ElementwiseKernel(
    "uint64 w1, uint64 w2, float64 mu, float64 kappa",
    "float64 out, bool rejected",
    "const double pi = 3.141592653589793;\n"
    "double u = 2 * cl_open_u(w1) - 1, v = cl_open_u(w2), x;\n"
    "rejected = false;\n"
    "if (isnan(kappa) || isnan(mu)) {\n"
    "  x = kappa + mu;\n"
    "} else if (kappa < 1e-8) {\n"
    "  x = mu + pi * u;\n"
    "} else if (kappa > 1e6) {\n"
    "  x = mu + cl_normal(w1, w2) / sqrt(kappa);\n"
    "} else {\n"
    "  double s;\n"
    "  if (kappa < 1e-5) {\n"
    "    s = 1 / kappa + kappa;  // (1 + rho**2) / (2 rho) to second order in kappa\n"
    "  } else {\n"
    "    double r = 1 + sqrt(1 + 4 * kappa * kappa), rho = (r - sqrt(2 * r)) / (2 * kappa);\n"
    "    s = (1 + rho * rho) / (2 * rho);\n"
    "  }\n"
    "  double z = cos(pi * u), c = (1 + s * z) / (s + z), y = kappa * (s - c);\n"
    "  rejected = !(y * (2 - y) - v >= 0 || log(y / v) + 1 - y >= 0);\n"
    "  double a = acos(c > 1 ? 1.0 : (c < -1 ? -1.0 : c));\n"
    "  x = mu + (u < 0 ? -a : a);\n"
    "}\n"
    "out = x - 2 * pi * floor((x + pi) / (2 * pi));",
    "cupylike_random_vonmises_candidate", preamble=_PREAMBLE)

# The gamma-based distributions' last steps.
FINISH = {
    # noncentral chi-square: 2 gamma(k) plus, where df > 1, (z + sqrt(nonc))**2.
    "noncentral_chisquare": _native.ElementwiseKernel(
        "float64 g, float64 z, float64 df, float64 nonc", "float64 out",
        "double t = z + sqrt(nonc);\n"
        "out = 2 * g + (df > 1 ? t * t : 0.0);",
        "cupylike_random_noncentral_chisquare_finish"),
    # x / y scaled: F and noncentral F from their chi-squares (or gammas).
    "ratio": _native.ElementwiseKernel(
        "float64 x, float64 y, float64 scale", "float64 out", "out = x / y * scale",
        "cupylike_random_ratio"),
    # Dirichlet: the log of a gamma(a) draw from g ~ gamma(a + 1 if a < 1 else a) and a
    # uniform, log(g) + log(u) / a for a < 1 (Marsaglia-Tsang's boost, in logs: tiny alphas'
    # gammas underflow to 0 otherwise); then exp(l - m) of a row's largest log m (a row of
    # alpha 0 has m = -inf and stays 0), and each over its row's total.
    "log_gamma": _native.ElementwiseKernel(
        "float64 g, float64 u, float64 a", "float64 out",
        "out = log(g) + (a < 1 ? log(u) / a : 0.0)", "cupylike_random_log_gamma"),
    "exp_shifted": _native.ElementwiseKernel(
        "float64 l, float64 m", "float64 out", "out = isinf(m) && m < 0 ? 0.0 : exp(l - m)",
        "cupylike_random_exp_shifted"),
    "normalize": _native.ElementwiseKernel(
        "float64 g, float64 total", "float64 out", "out = total == 0 ? 0.0 : g / total",
        "cupylike_random_normalize"),
}
