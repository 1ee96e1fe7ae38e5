"""CDFs of the continuous distributions for tests/test_random_continuous.py, with NumPy and math
only (SciPy is no dependency): closed forms where they exist, the regularized lower incomplete
gamma by its power series, and otherwise a CDF tabulated from the exact density by the
trapezoid rule on a fine grid."""

import math

import numpy

from helpers.random_stats import normal_cdf

_erfc = numpy.frompyfunc(math.erfc, 1, 1)


def gamma_p(s, x):
    """The regularized lower incomplete gamma P(s, x) = x**s e**-x sum x**n / Gamma(s + n + 1),
    summed until the terms stop mattering (x up to a few hundred)."""
    x = numpy.maximum(numpy.asarray(x, dtype=numpy.float64), 0)
    with numpy.errstate(divide="ignore"):
        term = numpy.exp(s * numpy.log(x) - x - math.lgamma(s + 1))
    total = term.copy()
    n = 0
    while numpy.any(term > 1e-17 * total) and n < 5000:
        n += 1
        term = term * x / (s + n)
        total += term
    return numpy.minimum(total, 1.0)


def chi2_cdf(df, x):
    return gamma_p(df / 2, numpy.asarray(x) / 2)


def noncentral_chi2_cdf(df, nonc, x, terms=40):
    """The Poisson(nonc / 2) mixture of chi-square(df + 2j) CDFs."""
    lam = nonc / 2
    return sum(math.exp(-lam + j * math.log(lam) - math.lgamma(j + 1)) * chi2_cdf(df + 2 * j, x)
               for j in range(terms))


def tabulated(pdf, lo, hi, points=400_001):
    """The CDF of the density `pdf` (vectorised; all its mass in [lo, hi]) by cumulative
    trapezoids on a grid, read by linear interpolation."""
    grid = numpy.linspace(lo, hi, points)
    dens = pdf(grid)
    cdf = numpy.concatenate([[0.0], numpy.cumsum((dens[1:] + dens[:-1]) / 2 * numpy.diff(grid))])
    return lambda t: numpy.interp(t, grid, cdf, left=0.0, right=1.0)


def t_pdf(df):
    c = math.exp(math.lgamma((df + 1) / 2) - math.lgamma(df / 2)) / math.sqrt(df * math.pi)
    return lambda x: c * (1 + x * x / df) ** (-(df + 1) / 2)


def noncentral_f_pdf(dfnum, dfden, nonc, terms=80):
    """X = (chi'2(dfnum, nonc) / dfnum) / (chi2(dfden) / dfden): given the Poisson count j it
    is (dfnum + 2j) / dfnum times an F(dfnum + 2j, dfden) variable."""

    def f_pdf(d1, d2, x):
        x = numpy.maximum(x, 1e-300)
        log_b = math.lgamma(d1 / 2) + math.lgamma(d2 / 2) - math.lgamma((d1 + d2) / 2)
        return numpy.exp((d1 / 2) * math.log(d1 / d2) + (d1 / 2 - 1) * numpy.log(x)
                         - ((d1 + d2) / 2) * numpy.log1p(d1 * x / d2) - log_b)

    lam = nonc / 2

    def pdf(x):
        total = numpy.zeros_like(x)
        for j in range(terms):
            c = (dfnum + 2 * j) / dfnum
            w = math.exp(-lam + j * math.log(lam) - math.lgamma(j + 1))
            total += w * f_pdf(dfnum + 2 * j, dfden, x / c) / c
        return total

    return pdf


def vonmises_pdf(mu, kappa):
    return lambda x: numpy.exp(kappa * numpy.cos(x - mu)) / (2 * math.pi * numpy.i0(kappa))


def wald_cdf(mean, scale):
    def cdf(x):
        x = numpy.maximum(x, 1e-300)
        r = numpy.sqrt(scale / x)
        # The upper tail by erfc: 1 + erf(-z) would lose it, and exp(2 scale / mean) is large.
        tail = 0.5 * _erfc(r * (x / mean + 1) / math.sqrt(2)).astype(float)
        return normal_cdf(r * (x / mean - 1)) + math.exp(2 * scale / mean) * tail

    return cdf


def triangular_cdf(left, mode, right):
    def cdf(x):
        x = numpy.clip(x, left, right)
        below = (x - left) ** 2 / ((right - left) * (mode - left))
        above = 1 - (right - x) ** 2 / ((right - left) * (right - mode))
        return numpy.where(x <= mode, below, above)

    return cdf
