"""The elementwise kernels of the discrete distributions of _discrete.py (geometric, logseries,
zipf, hypergeometric, negative binomial's Poisson rate). Each draws from uniforms on [0, 1)
made from the raw words; those that may reject return a `rejected` flag for _rounds."""

import functools

from cupylike._core import _native


@functools.cache
def kernel(name):
    """The kernel `name`, made on first use (named cupylike_random_* as _kernels.py's are, so
    the NVRTC check finds both)."""
    params, outputs, body = _SOURCES[name]
    return _native.ElementwiseKernel(params, outputs, body, f"cupylike_random_{name}")


_SOURCES = {
    # Inversion: P(K > k) = (1 - p)**k, so K = 1 + floor(log(1 - u) / log(1 - p)); counts past
    # the int64 range (p below about 1e-17) saturate at its maximum.
    "geometric": (
        "float64 u, float64 p",
        "int64 out",
        "double k = floor(log1p(-u) / log1p(-p));\n"
        "out = k >= 0x1p63 ? 0x7fffffffffffffffLL : (long long)k + 1;",
    ),
    # Negative binomial as a gamma-Poisson mixture: the Poisson rate g (1 - p) / p of a
    # gamma(n) draw g, held below the range the Poisson kernel draws in (reached only with
    # NumPy's "n too large or p too small" parameters, refused before).
    "negative_binomial_rate": (
        "float64 g, float64 p",
        "float64 lam",
        "lam = fmin(g * ((1 - p) / p), 0x1p61)",
    ),
    # Kemp's LK algorithm for the logarithmic series (v and u uniforms): 1 when v >= p; else
    # with q = 1 - (1 - p)**u, floor(1 + log v / log q) when v <= q**2, 2 when v <= q, else 1.
    # v = 0 (no finite count) is drawn again.
    "logseries_candidate": (
        "float64 v, float64 u, float64 p",
        "int64 out, bool rejected",
        "rejected = false;\n"
        "out = 1;\n"
        "if (v < p) {\n"
        "  double q = -expm1(log1p(-p) * u);\n"
        "  if (v <= q * q) {\n"
        "    double k = floor(1 + log(v) / log(q));\n"
        "    rejected = !(k >= 1 && k < 0x1p63);\n"
        "    out = rejected ? 1 : (long long)k;\n"
        "  } else {\n"
        "    out = v <= q ? 2 : 1;\n"
        "  }\n"
        "}",
    ),
    # Devroye's rejection for Zipf(a): x = floor((1 - u)**(-1 / (a - 1))), accepted when
    # v x (t - 1) / (b - 1) <= t / b with t = (1 + 1/x)**(a - 1), b = 2**(a - 1); candidates
    # beyond the int64 range are rejected, so draws follow the pmf conditioned on that range.
    "zipf_candidate": (
        "float64 u, float64 v, float64 a",
        "int64 out, bool rejected",
        "double am1 = a - 1, b = exp2(am1);\n"
        "double x = floor(pow(1 - u, -1 / am1));\n"
        "rejected = !(x >= 1 && x < 0x1p63);\n"
        "out = 1;\n"
        "if (!rejected) {\n"
        "  double t = pow(1 + 1 / x, am1);\n"
        "  rejected = v * x * (t - 1) / (b - 1) > t / b;\n"
        "  out = (long long)x;\n"
        "}",
    ),
    # Hypergeometric (g good, b bad, s drawn) by inversion searched outward from the mode:
    # u takes off the pmf at the mode, then alternately the next value above and below (pmf
    # ratios), until it runs out; about a standard deviation of steps. Rounding can leave the
    # summed pmf just below 1: a u beyond it (or past where both sides underflow) is drawn
    # again.
    "hypergeometric_candidate": (
        "float64 u, int64 g, int64 b, int64 s",
        "int64 out, bool rejected",
        "double G = (double)g, B = (double)b, S = (double)s, N = G + B;\n"
        "double lo = fmax(0.0, S - B), hi = fmin(S, G);\n"
        "double m = fmin(hi, fmax(lo, floor((S + 1) * (G + 1) / (N + 2))));\n"
        "double pm = exp(lgamma(G + 1) - lgamma(m + 1) - lgamma(G - m + 1)\n"
        "                + lgamma(B + 1) - lgamma(S - m + 1) - lgamma(B - S + m + 1)\n"
        "                - lgamma(N + 1) + lgamma(S + 1) + lgamma(N - S + 1));\n"
        "double left = u - pm, ku = m, kd = m, pu = pm, pd = pm;\n"
        "rejected = false;\n"
        "while (left >= 0) {\n"
        "  bool up = ku < hi && pu > 0, down = kd > lo && pd > 0;\n"
        "  if (!up && !down) { rejected = true; break; }\n"
        "  if (up) {\n"
        "    pu *= (G - ku) * (S - ku) / ((ku + 1) * (B - S + ku + 1));\n"
        "    ku += 1;\n"
        "    left -= pu;\n"
        "    if (left < 0) { m = ku; break; }\n"
        "  }\n"
        "  if (down) {\n"
        "    pd *= kd * (B - S + kd) / ((G - kd + 1) * (S - kd + 1));\n"
        "    kd -= 1;\n"
        "    left -= pd;\n"
        "    if (left < 0) { m = kd; break; }\n"
        "  }\n"
        "}\n"
        "out = (long long)m;",
    ),
}
