"""Goodness-of-fit helpers for tests/test_random_*.py, NumPy only (scipy is no dependency):
the Kolmogorov-Smirnov statistic against a CDF, Pearson's chi-square against a pmf, and
critical values at a small significance level, so a correct generator at a fixed seed passes
and a wrong distribution fails."""

import math

import numpy

import cupylike

ALPHA = 1e-3


def ks_statistic(samples, cdf):
    """sup |F_n(x) - F(x)| of the samples against the vectorised `cdf`."""
    x = numpy.sort(numpy.asarray(samples, dtype=numpy.float64).ravel())
    n = x.size
    f = cdf(x)
    return max(numpy.max(numpy.arange(1, n + 1) / n - f), numpy.max(f - numpy.arange(n) / n))


def assert_ks(samples, cdf):
    """The KS statistic below its asymptotic critical value sqrt(-ln(alpha / 2) / 2) / sqrt(n)."""
    samples = cupylike.asnumpy(samples)
    d = ks_statistic(samples, cdf)
    limit = math.sqrt(-math.log(ALPHA / 2) / 2) / math.sqrt(samples.size)
    assert d < limit, f"KS statistic {d:.5f} >= {limit:.5f}"


def chi2_critical(dof, alpha=ALPHA):
    """The chi-square quantile 1 - alpha by Wilson-Hilferty (z = 3.09 for alpha = 1e-3)."""
    z = {1e-3: 3.0902}[alpha]
    return dof * (1 - 2 / (9 * dof) + z * math.sqrt(2 / (9 * dof))) ** 3


def assert_chi2(samples, pmf, support):
    """Pearson's chi-square over `support` (values with expected counts >= 5; the rest pooled
    into one cell) below its critical value."""
    samples = cupylike.asnumpy(samples).ravel()
    n = samples.size
    support = numpy.asarray(support)
    expected = n * numpy.array([pmf(k) for k in support])
    keep = expected >= 5
    observed = numpy.array([numpy.count_nonzero(samples == k) for k in support[keep]])
    exp_kept = expected[keep]
    rest_obs = n - observed.sum()
    rest_exp = n - exp_kept.sum()
    stat = float(numpy.sum((observed - exp_kept) ** 2 / exp_kept))
    cells = observed.size
    if rest_exp >= 5:
        stat += (rest_obs - rest_exp) ** 2 / rest_exp
        cells += 1
    else:
        assert rest_obs <= max(10, 5 * rest_exp), f"{rest_obs} samples outside the support"
    limit = chi2_critical(cells - 1)
    assert stat < limit, f"chi-square {stat:.2f} >= {limit:.2f} ({cells} cells)"


def assert_moments(samples, mean, var, sigmas=4):
    """Sample mean within `sigmas` standard errors of `mean`, and the variance within 10%."""
    x = cupylike.asnumpy(samples).astype(numpy.float64).ravel()
    se = math.sqrt(var / x.size)
    assert abs(x.mean() - mean) < sigmas * se, (x.mean(), mean, se)
    assert abs(x.var() - var) < 0.1 * var, (x.var(), var)


_erf = numpy.frompyfunc(math.erf, 1, 1)


def normal_cdf(x, loc=0.0, scale=1.0):
    return 0.5 * (1 + _erf((numpy.asarray(x) - loc) / (scale * math.sqrt(2))).astype(float))


def binomial_pmf(n, p):
    return lambda k: math.comb(n, int(k)) * p ** int(k) * (1 - p) ** (n - int(k))


def poisson_pmf(lam):
    return lambda k: math.exp(-lam + k * math.log(lam) - math.lgamma(k + 1))
