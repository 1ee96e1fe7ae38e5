"""cupylike.random's continuous distributions (chisquare ... weibull, dirichlet,
multivariate_normal): Kolmogorov-Smirnov statistics at fixed seeds against the exact CDF
(tests/helpers/random_cdfs.py), moments, edge parameters and multivariate_normal's checks
(test_random_continuous_api.py has the shapes, errors and signatures)."""

import math
import warnings

import numpy
import pytest
from helpers.random_cdfs import (
    chi2_cdf,
    noncentral_chi2_cdf,
    noncentral_f_pdf,
    t_pdf,
    tabulated,
    triangular_cdf,
    vonmises_pdf,
    wald_cdf,
)
from helpers.random_stats import assert_ks, assert_moments, normal_cdf

import cupylike
import cupylike.random as cr

N = 50_000
pytestmark = pytest.mark.vendor_library


def rng(seed=1234):
    return cr.default_rng(seed)


def _exp(t):
    return numpy.exp(numpy.minimum(t, 700))


# (method, arguments, CDF of the draws)
FITS = [
    ("standard_cauchy", (), lambda t: 0.5 + numpy.arctan(t) / math.pi),
    ("weibull", (1.5,), lambda t: 1 - _exp(-numpy.maximum(t, 0) ** 1.5)),
    ("weibull", (0.4,), lambda t: 1 - _exp(-numpy.maximum(t, 0) ** 0.4)),
    ("pareto", (3.0,), lambda t: 1 - (1 + numpy.maximum(t, 0)) ** -3.0),
    ("power", (0.5,), lambda t: numpy.clip(t, 0, 1) ** 0.5),
    ("power", (4.0,), lambda t: numpy.clip(t, 0, 1) ** 4.0),
    ("rayleigh", (2.0,), lambda t: 1 - _exp(-numpy.maximum(t, 0) ** 2 / 8)),
    ("gumbel", (1.0, 2.0), lambda t: numpy.exp(-_exp(-(t - 1) / 2))),
    ("laplace", (1.0, 2.0),
     lambda t: numpy.where(t < 1, 0.5 * _exp((t - 1) / 2), 1 - 0.5 * _exp(-(t - 1) / 2))),
    ("logistic", (1.0, 2.0), lambda t: 1 / (1 + _exp(-(t - 1) / 2))),
    ("triangular", (-1.0, 0.5, 3.0), triangular_cdf(-1.0, 0.5, 3.0)),
    ("triangular", (0.0, 0.0, 1.0), triangular_cdf(0.0, 1e-300, 1.0)),
    ("standard_t", (1.0,), lambda t: 0.5 + numpy.arctan(t) / math.pi),
    ("standard_t", (2.0,), lambda t: 0.5 + t / (2 * numpy.sqrt(2 + t * t))),
    ("standard_t", (3.5,), tabulated(t_pdf(3.5), -300, 300)),
    ("standard_t", (numpy.inf,), normal_cdf),
    ("wald", (1.5, 2.0), wald_cdf(1.5, 2.0)),
    ("wald", (3.0, 200.0), wald_cdf(3.0, 200.0)),
    ("vonmises", (1.0, 2.0), tabulated(vonmises_pdf(1.0, 2.0), -math.pi, math.pi)),
    ("vonmises", (3.0, 4.0), tabulated(vonmises_pdf(3.0, 4.0), -math.pi, math.pi)),
    ("vonmises", (0.0, 3e-6), lambda t: numpy.clip((t + math.pi) / (2 * math.pi), 0, 1)),
    ("chisquare", (2.5,), lambda t: chi2_cdf(2.5, t)),
    ("chisquare", (0.3,), lambda t: chi2_cdf(0.3, t)),
    ("f", (2.0, 5.0), lambda t: 1 - (1 + 2 * numpy.maximum(t, 0) / 5) ** -2.5),
    ("noncentral_chisquare", (4.0, 2.0), lambda t: noncentral_chi2_cdf(4.0, 2.0, t)),
    ("noncentral_chisquare", (0.7, 3.0), lambda t: noncentral_chi2_cdf(0.7, 3.0, t)),
    ("noncentral_f", (4.0, 6.0, 3.0), tabulated(noncentral_f_pdf(4.0, 6.0, 3.0), 0, 3000)),
]


@pytest.mark.parametrize(("seed", "name", "args", "cdf"),
                         [(i, *fit) for i, fit in enumerate(FITS)],
                         ids=[f"{n}{a}" for n, a, _ in FITS])
def test_draws_follow_the_cdf(seed, name, args, cdf):
    x = getattr(rng(seed), name)(*args, N)
    assert x.dtype == numpy.float64 and x.shape == (N,)
    assert_ks(x, cdf)


def test_the_fits_reject_a_slightly_wrong_parameter():
    with pytest.raises(AssertionError):
        assert_ks(rng(1).standard_t(3.0, N), tabulated(t_pdf(3.5), -300, 300))
    with pytest.raises(AssertionError):
        assert_ks(rng(2).weibull(1.45, N), FITS[1][2])


@pytest.mark.parametrize(("name", "args", "mean", "var"), [
    ("standard_t", (5.0,), 0.0, 5 / 3),
    ("f", (6.0, 20.0), 20 / 18, 2 * 20**2 * 24 / (6 * 18**2 * 16)),
    ("noncentral_f", (3.0, 20.0, 2.0), 20 * 5 / (3 * 18),
     2 * (20 / 3) ** 2 * (25 + 7 * 18) / (18**2 * 16)),
    ("vonmises", (0.0, 1e7), 0.0, 1e-7),
    ("wald", (2.0, 3.0), 2.0, 8 / 3),
])
def test_moments(name, args, mean, var):
    assert_moments(getattr(rng(5), name)(*args, N), mean, var)


def test_weibull_of_zero_and_nan_parameters_as_numpy():
    x = cupylike.asnumpy(rng().weibull([0.0, 1.0, numpy.nan], (4, 3)))
    assert numpy.all(x[:, 0] == 0) and numpy.all(x[:, 1] > 0) and numpy.all(numpy.isnan(x[:, 2]))
    assert numpy.isnan(cupylike.asnumpy(rng().chisquare([numpy.nan, 2.0]))[0])
    assert numpy.isnan(cupylike.asnumpy(rng().noncentral_chisquare(2.0, numpy.nan)))


def test_infinite_parameters_as_numpy():
    # (gamma(inf) drew candidates for ever before: its acceptance test is NaN.)
    g = rng()
    assert numpy.all(cupylike.asnumpy(g.gamma(numpy.inf, 1.0, 3)) == numpy.inf)
    assert numpy.all(cupylike.asnumpy(g.chisquare(numpy.inf, 3)) == numpy.inf)
    assert numpy.all(numpy.isnan(cupylike.asnumpy(g.f([numpy.inf, 2.0], [2.0, numpy.inf]))))
    assert numpy.all(cupylike.asnumpy(g.noncentral_chisquare([numpy.inf, 2.0],
                                                             [1.0, numpy.inf])) == numpy.inf)
    assert numpy.all(cupylike.asnumpy(g.vonmises(0.5, numpy.inf, 3)) == 0.5)


def test_array_parameters_broadcast_per_element():
    # Each column follows its own parameters.
    x = cupylike.asnumpy(rng(3).gumbel(cupylike.asarray([0.0, 10.0]), [1.0, 3.0], (N // 2, 2)))
    assert_ks(x[:, 1], lambda t: numpy.exp(-_exp(-(t - 10) / 3)))
    y = cupylike.asnumpy(rng(4).noncentral_chisquare(numpy.array([[4.0], [0.7]]), 2.0,
                                                     (2, N // 2)))
    assert_ks(y[1], lambda t: noncentral_chi2_cdf(0.7, 2.0, t))
    assert_ks(y[0], lambda t: noncentral_chi2_cdf(4.0, 2.0, t))


def test_dirichlet_rows_sum_to_one_with_beta_marginals():
    alpha = numpy.array([0.5, 2.0, 3.5])
    x = cupylike.asnumpy(rng(6).dirichlet(alpha, N))
    assert x.shape == (N, 3)
    numpy.testing.assert_allclose(x.sum(axis=1), 1.0, rtol=1e-12)
    a0 = alpha.sum()
    for i, a in enumerate(alpha):
        assert_moments(x[:, i], a / a0, a * (a0 - a) / (a0**2 * (a0 + 1)))


def test_dirichlet_of_tiny_alphas_stays_on_the_simplex():
    # gamma(1e-3) draws underflow to 0 most of the time; the draws are still points of the
    # simplex with the right moments (kept in logs until normalised).
    x = cupylike.asnumpy(rng(7).dirichlet([1e-3, 1e-3, 1e-3], N))
    numpy.testing.assert_allclose(x.sum(axis=1), 1.0, rtol=1e-12)
    a, a0 = 1e-3, 3e-3
    assert_moments(x[:, 0], 1 / 3, a * (a0 - a) / (a0**2 * (a0 + 1)))


def test_dirichlet_zero_and_nan_alpha():
    x = cupylike.asnumpy(rng().dirichlet([0.0, 1.0, 2.0], 5))
    assert numpy.all(x[:, 0] == 0)
    numpy.testing.assert_allclose(x.sum(axis=1), 1.0)
    assert numpy.all(numpy.isnan(cupylike.asnumpy(rng().dirichlet([numpy.nan, 1.0]))))


@pytest.mark.parametrize("method", ["svd", "eigh", "cholesky"])
def test_multivariate_normal_moments(method):
    mean = numpy.array([1.0, -2.0, 0.5])
    cov = numpy.array([[2.0, 0.6, -0.3], [0.6, 1.0, 0.2], [-0.3, 0.2, 0.5]])
    x = cupylike.asnumpy(rng(8).multivariate_normal(mean, cupylike.asarray(cov), N,
                                                    method=method))
    assert x.shape == (N, 3)
    numpy.testing.assert_allclose(x.mean(axis=0), mean, atol=4 * math.sqrt(2 / N))
    numpy.testing.assert_allclose(numpy.cov(x.T), cov, atol=0.05)
    assert_ks((x[:, 1] + 2.0), normal_cdf)


def test_multivariate_normal_of_a_singular_covariance():
    # A PSD covariance of rank 1: every draw lies on the line x1 = 2 x0.
    x = cupylike.asnumpy(rng(9).multivariate_normal([0.0, 0.0], [[1.0, 2.0], [2.0, 4.0]], 100))
    numpy.testing.assert_allclose(x[:, 1], 2 * x[:, 0], atol=1e-7)


@pytest.mark.parametrize("xp", [numpy, cupylike])
def test_multivariate_normal_check_valid(xp):
    g = xp.random.default_rng(0)
    bad = [[1.0, 2.0], [2.0, 1.0]]
    with pytest.warns(RuntimeWarning, match="not symmetric positive-semidefinite"):
        g.multivariate_normal([0.0, 0.0], bad, 3)
    for method in ("svd", "eigh"):
        with pytest.raises(ValueError, match="not symmetric positive-semidefinite"):
            g.multivariate_normal([0.0, 0.0], bad, 3, check_valid="raise", method=method)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert g.multivariate_normal([0.0, 0.0], bad, 3, check_valid="ignore").shape == (3, 2)
    with pytest.raises(numpy.linalg.LinAlgError if xp is numpy else cupylike.linalg.LinAlgError):
        g.multivariate_normal([0.0, 0.0], bad, 3, method="cholesky")
    with pytest.raises(ValueError, match="check_valid must equal"):
        g.multivariate_normal([0.0, 0.0], bad, check_valid="nope")
    with pytest.raises(ValueError, match="method must be one of"):
        g.multivariate_normal([0.0, 0.0], bad, method="qr")
    with pytest.raises(ValueError, match="covariance is not"):
        xp.random.RandomState(0).multivariate_normal([0.0, 0.0], bad, check_valid="raise")
