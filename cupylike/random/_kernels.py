"""The few elementwise kernels cupylike.random adds on top of cuRAND's draws (each distinct
kernel costs a compile on a cold cache, so the distributions share them)."""

import functools

import numpy

from cupylike._core import _native


@functools.cache
def kernel(name):
    """The kernel `name`, made on first use."""
    params, outputs, body = _SOURCES[name]
    return _native.ElementwiseKernel(params, outputs, body, f"cupylike_random_{name}",
                                     preamble=VECTOR_MATH)


def normals_from_words(words, n, dtype, loc=0.0, scale=1.0):
    """n normals as `dtype` from the 2 * ceil(n / 2) 64-bit `words`: Box-Muller pairs, each from
    two consecutive words, in the order of the words (a draw of n then m is a draw of n + m
    for even n). The words of each kind are gathered into a row of their own first, and the
    pairs' halves interleaved after, so that the kernel's loop is over contiguous operands,
    which the cpu device vectorises (2.6x faster than a loop over the pairs in place)."""
    pairs = -(-n // 2)
    if not pairs:
        return _native.empty((n,), dtype)
    rows = words.reshape(pairs, 2).T.copy()  # radius words, angle words
    halves = _native.empty((2, pairs), dtype)
    kernel("normal_from_words")(rows[0], rows[1], numpy.float64(loc), numpy.float64(scale),
                                halves[0], halves[1])
    out = halves.T.copy().reshape(2 * pairs)
    return out[:n] if 2 * pairs != n else out


# CL_M(fn): libmvec's vector variant of fn on the cpu device where the host compiler has it
# (kernels/cpu/mvec.h), for loops that GCC vectorises; fn itself elsewhere.
VECTOR_MATH = """
#if defined(__CPUK_VECTOR_MATH)
#define CL_M(fn) __CPUK_VECTOR_MATH(fn)
#else
#define CL_M(fn) fn
#endif
"""


_SOURCES = {
    # [0, 1) as NumPy draws it: the top 24 bits of a word for float32, the top 53 of two words
    # for float64, times 2**-24 / 2**-53 (cuRAND's own uniform is (0, 1]).
    "float32_from_word": ("uint32 w", "float32 out", "out = (float)(w >> 8) * 0x1.0p-24f"),
    "float64_from_words": ("uint64 w", "float64 out", "out = (double)(w >> 11) * 0x1.0p-53"),
    # Box-Muller from 53-bit uniforms: the radius from w0 (in (0, 1]), the angle from w1, a
    # cosine and a sine output. float64 normals are made here, not by cuRAND: its host
    # generator's offsets for double draws are not consistent (docs/gpu_status.md), its
    # word-sized draws are. On the cpu device the loop vectorises with libmvec's log, cos and
    # sin (CL_M). The radius first: its square root's latency passes while the angle's
    # functions run.
    "normal_from_words": (
        "uint64 w0, uint64 w1, float64 loc, float64 scale",
        "T c, T s",
        "double u1 = (double)((w0 >> 11) + 1) * 0x1.0p-53;\n"
        "double r = scale * sqrt(-2 * CL_M(log)(u1));\n"
        "double t = 6.283185307179586 * ((double)(w1 >> 11) * 0x1.0p-53);\n"
        "c = (T)(loc + r * CL_M(cos)(t));\n"
        "s = (T)(loc + r * CL_M(sin)(t));",
    ),
    "affine": ("T u, T low, T high", "T out", "out = low + (high - low) * u"),
    "exponential": ("T u, T scale", "T out", "out = -log1p(-u) * scale"),
    # Lemire's unbiased bounded integers: the high word of w * r, rejected when the low word
    # falls below 2**64 mod r (passed in as `threshold`); r == 0 stands for the whole 2**64.
    "bounded": (
        "uint64 w, uint64 r, uint64 threshold, uint64 low",
        "T out, bool rejected",
        "unsigned long long high = r == 0 ? w : __umul64hi(w, r);\n"
        "rejected = r != 0 && w * r < threshold;\n"
        "out = (T)(low + high);",
    ),
    # One Marsaglia-Tsang candidate for gamma(k) (gamma(k + 1) for k < 1, boosted later):
    # x standard normal, u uniform on [0, 1). An infinite k gives inf, as in NumPy (its
    # acceptance test would be NaN, rejecting for ever).
    "gamma_candidate": (
        "float64 x, float64 u, float64 k",
        "float64 out, bool rejected",
        "double d = (k < 1 ? k + 1 : k) - 1.0 / 3.0;\n"
        "double v = 1 + x / sqrt(9 * d);\n"
        "if (isinf(k)) { out = k; rejected = false; } else\n"
        "if (v <= 0) { out = 0; rejected = true; } else {\n"
        "  v = v * v * v;\n"
        "  out = d * v;\n"
        "  rejected = !(log(u) < 0.5 * x * x + d - d * v + d * log(v));\n"
        "}",
    ),
    # gamma(k) = gamma(k + 1) * u**(1/k) for k < 1 (Marsaglia-Tsang's boost), then the scale.
    "gamma_finish": (
        "float64 g, float64 u, float64 k, float64 scale",
        "float64 out",
        "out = (k < 1 ? g * pow(u, 1.0 / k) : g) * scale",
    ),
    # Poisson(lam) from two uniforms, for array-valued lam (a scalar lam is cuRAND's own):
    # inversion from k = 0 when lam < 10 (rejected in the far tail, where the running sum of
    # the pmf stops growing before it reaches u), else one candidate of Hormann's PTRS.
    "poisson_candidate": (
        "float64 u, float64 v, float64 lam",
        "int64 out, bool rejected",
        "long long k = 0;\n"
        "rejected = false;\n"
        "if (lam < 10) {\n"
        "  double p = exp(-lam), cdf = p;\n"
        "  while (u > cdf && k < 200) { ++k; p *= lam / k; cdf += p; }\n"
        "  rejected = u > cdf;\n"
        "} else {\n"
        "  double slam = sqrt(lam), b = 0.931 + 2.53 * slam, a = -0.059 + 0.02483 * b;\n"
        "  double inv_alpha = 1.1239 + 1.1328 / (b - 3.4), vr = 0.9277 - 3.6224 / (b - 2);\n"
        "  double us = 0.5 - fabs(u - 0.5);\n"
        "  double kd = floor((2 * a / us + b) * (u - 0.5) + lam + 0.43);\n"
        "  if (kd < 0 || kd > 0x1p62 || us <= 0) {  // (its pmf is 0 in double far out)\n"
        "    rejected = true;\n"
        "  } else {\n"
        "    k = (long long)kd;\n"
        "    if (!(us >= 0.07 && v <= vr)) {  // outside the squeeze: the exact test\n"
        "      rejected = (us < 0.013 && v > us) ||\n"
        "                 log(v * inv_alpha / (a / (us * us) + b)) >\n"
        "                     -lam + kd * log(lam) - lgamma(kd + 1);\n"
        "    }\n"
        "  }\n"
        "}\n"
        "out = k;",
    ),
    # Binomial(n, p) from two uniforms: inversion (a sequential search from k = 0) when
    # n min(p, 1-p) < 10, else one candidate of Hormann's BTRS transformed rejection, valid
    # there. p > 1/2 draws for 1 - p and mirrors.
    "binomial_candidate": (
        "float64 u, float64 v, int64 n, float64 p",
        "int64 out, bool rejected",
        "double q = p > 0.5 ? 1 - p : p;\n"
        "long long k = 0;\n"
        "rejected = false;\n"
        "if (n * q < 10) {\n"
        "  double s = q / (1 - q), a = (n + 1) * s, r = exp(n * log1p(-q)), left = u;\n"
        "  while (left > r && k < n) { left -= r; ++k; r *= a / k - s; }\n"
        "} else {\n"
        "  double spq = sqrt(n * q * (1 - q)), b = 1.15 + 2.53 * spq;\n"
        "  double a = -0.0873 + 0.0248 * b + 0.01 * q, c = n * q + 0.5, vr = 0.92 - 4.2 / b;\n"
        "  double us = 0.5 - fabs(u - 0.5);\n"
        "  double kd = us > 0 ? floor((2 * a / us + b) * (u - 0.5) + c) : -1;\n"
        "  if (kd < 0 || kd > n) {\n"
        "    rejected = true;\n"
        "  } else {\n"
        "    k = (long long)kd;\n"
        "    if (!(us >= 0.07 && v <= vr)) {  // outside the squeeze: the exact test\n"
        "      double alpha = (2.83 + 5.1 / b) * spq, lpq = log(q / (1 - q));\n"
        "      double m = floor((n + 1) * q);\n"
        "      double h = lgamma(m + 1) + lgamma(n - m + 1);\n"
        "      double lv = log(v * alpha / (a / (us * us) + b));\n"
        "      rejected = !(lv <= h - lgamma(k + 1.0) - lgamma(n - k + 1.0) + (k - m) * lpq);\n"
        "    }\n"
        "  }\n"
        "}\n"
        "out = p > 0.5 ? n - k : k;",
    ),
}
