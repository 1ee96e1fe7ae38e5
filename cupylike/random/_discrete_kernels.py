"""The elementwise kernels of the discrete distributions of _discrete.py (geometric, logseries,
zipf, hypergeometric, negative binomial's Poisson rate). Each draws from uniforms on [0, 1)
made from the raw words; those that may reject return a `rejected` flag for _rounds."""

import functools

from cupylike._core import _native


@functools.cache
def kernel(name):
    """The kernel `name`, made on first use (named cupylike_random_* as _kernels.py's are, so
    the NVRTC check finds both)."""
    params, outputs, body, *preamble = _SOURCES[name]
    return _native.ElementwiseKernel(params, outputs, body, f"cupylike_random_{name}",
                                     preamble=preamble[0] if preamble else "")


# log of the binomial pmf at x (n trials, p = 1 - q) in Loader's saddle-point form: Stirling's
# error terms and the deviance bd0(x, np) = x log(x / np) + np - x (a series where x is near
# np, which cancels otherwise), with no difference of huge lgamma values.
_LOG_BINOMIAL_PMF = """
__device__ inline double cupylike_stirlerr(double n) {
  // log(n!) - log(sqrt(2 pi n) (n / e)**n): from lgamma while it is small, else the series.
  if (n <= 15) return lgamma(n + 1) - (n + 0.5) * log(n) + n - 0.9189385332046728;
  double nn = n * n;
  return (1.0 / 12 - (1.0 / 360 - (1.0 / 1260 - (1.0 / 1680 - 1.0 / (1188 * nn)) / nn) / nn)
          / nn) / n;
}
__device__ inline double cupylike_bd0(double x, double np) {
  if (fabs(x - np) < 0.1 * (x + np)) {
    double v = (x - np) / (x + np), s = (x - np) * v, ej = 2 * x * v;
    v *= v;
    for (int j = 1; j < 1000; ++j) {
      ej *= v;
      double next = s + ej / (2 * j + 1);
      if (next == s) break;
      s = next;
    }
    return s;
  }
  return x * log(x / np) + np - x;
}
__device__ inline double cupylike_log_binomial_pmf(double x, double n, double p, double q) {
  if (n == 0) return 0;
  if (x == 0) return p < 0.1 ? -cupylike_bd0(n, n * q) - n * p : n * log(q);
  if (x == n) return q < 0.1 ? -cupylike_bd0(n, n * p) - n * q : n * log(p);
  double lc = cupylike_stirlerr(n) - cupylike_stirlerr(x) - cupylike_stirlerr(n - x)
              - cupylike_bd0(x, n * p) - cupylike_bd0(n - x, n * q);
  return lc - 0.5 * (1.8378770664093453 + log(x) + log1p(-x / n));  // log(2 pi x (n - x) / n)
}
"""

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
    # The hypergeometric pmf at its mode, the part of each draw that depends on the parameters
    # only (made once for scalar parameters): lpm, its log without the normalising
    # -log binomial_pmf(s; g + b), and pm, the pmf itself. Loader's log pmf
    # (_LOG_BINOMIAL_PMF) stays exact for populations near 2**63, where differences of lgamma
    # lose every digit.
    "hypergeometric_mode": (
        "int64 g, int64 b, int64 s",
        "float64 lpm, float64 pm",
        "double G = (double)g, B = (double)b, S = (double)s, N = G + B;\n"
        "double lo = fmax(0.0, S - B), hi = fmin(S, G);\n"
        "double m = fmin(hi, fmax(lo, floor((S + 1) * (G + 1) / (N + 2))));\n"
        "lpm = 0;\n"
        "pm = 1;\n"
        "if (lo < hi) {\n"
        "  double p = S / N, q = (N - S) / N;\n"
        "  lpm = cupylike_log_binomial_pmf(m, G, p, q)\n"
        "        + cupylike_log_binomial_pmf(S - m, B, p, q);\n"
        "  pm = exp(lpm - cupylike_log_binomial_pmf(S, N, p, q));\n"
        "}",
        _LOG_BINOMIAL_PMF,
    ),
    # Hypergeometric (g good, b bad, s drawn), from uniforms u and v and the mode's lpm and
    # pm above. A small variance (below 64) draws by inversion searched outward from the mode:
    # u takes off pm, then alternately the next value above and below (pmf ratios) until it
    # runs out, a few standard deviations of steps; rounding can leave the summed pmf just
    # below 1, and a u beyond it is drawn again (so is one past where both sides fall under
    # 2**-100: a denormal pmf times a ratio near 1 would not shrink). A larger one takes one
    # candidate of the ratio-of-uniforms method for log-concave pmfs (Stadlober's hat: centre
    # mean + 1/2, half-width 2 sqrt(2/e) sqrt(var + 1/2) + 3 - 2 sqrt(3/e)):
    # k = floor(centre + width (v - 1/2) / x) with x = 1 - u, kept when
    # x**2 <= pmf(k) / pmf(mode).
    "hypergeometric_candidate": (
        "float64 u, float64 v, int64 g, int64 b, int64 s, float64 lpm, float64 pm",
        "int64 out, bool rejected",
        "double G = (double)g, B = (double)b, S = (double)s, N = G + B;\n"
        "double lo = fmax(0.0, S - B), hi = fmin(S, G);\n"
        "double m = fmin(hi, fmax(lo, floor((S + 1) * (G + 1) / (N + 2))));\n"
        "rejected = false;\n"
        "if (lo < hi) {\n"
        "  double var = S * (G / N) * (B / N) * ((N - S) / fmax(N - 1, 1.0));\n"
        "  if (var >= 64) {\n"
        "    double p = S / N, q = (N - S) / N, x = 1 - u;\n"
        "    double w = S * (G / N) + 0.5 + (1.7155277699214135 * sqrt(var + 0.5)\n"
        "                                    + 0.8989161620588988) * (v - 0.5) / x;\n"
        "    double k = floor(w);\n"
        "    rejected = !(k >= lo && k <= hi);\n"
        "    if (!rejected) {\n"
        "      double t = cupylike_log_binomial_pmf(k, G, p, q)\n"
        "                 + cupylike_log_binomial_pmf(S - k, B, p, q) - lpm;\n"
        "      rejected = !(2 * log(x) <= t);\n"
        "      m = k;\n"
        "    }\n"
        "  } else {\n"
        "    double left = u - pm, ku = m, kd = m, pu = pm, pd = pm;\n"
        "    while (left >= 0) {\n"
        "      bool up = ku < hi && pu > 0x1p-100, down = kd > lo && pd > 0x1p-100;\n"
        "      if (!up && !down) { rejected = true; break; }\n"
        "      if (up) {\n"
        "        pu *= (G - ku) * (S - ku) / ((ku + 1) * (B - S + ku + 1));\n"
        "        ku += 1;\n"
        "        left -= pu;\n"
        "        if (left < 0) { m = ku; break; }\n"
        "      }\n"
        "      if (down) {\n"
        "        pd *= kd * (B - S + kd) / ((G - kd + 1) * (S - kd + 1));\n"
        "        kd -= 1;\n"
        "        left -= pd;\n"
        "        if (left < 0) { m = kd; break; }\n"
        "      }\n"
        "    }\n"
        "  }\n"
        "}\n"
        "out = (long long)m;",
        _LOG_BINOMIAL_PMF,
    ),
}
