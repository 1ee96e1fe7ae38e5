"""cupylike.random's distributions at fixed seeds: Kolmogorov-Smirnov statistics against the
CDF for continuous ones, chi-square against the pmf for discrete ones, and moments within a
few standard errors (tests/helpers/random_stats.py; NumPy only)."""

import math

import numpy
import pytest
from helpers.random_stats import (
    assert_chi2,
    assert_ks,
    assert_moments,
    binomial_pmf,
    normal_cdf,
    poisson_pmf,
)

import cupylike
import cupylike.random as cr

N = 50_000


def rng(seed=1234):
    return cr.default_rng(seed)


@pytest.mark.vendor_library
@pytest.mark.parametrize("dtype", [numpy.float32, numpy.float64])
def test_random_is_uniform_on_half_open_unit_interval(dtype):
    x = rng().random(N, dtype=dtype)
    assert x.dtype == dtype
    h = cupylike.asnumpy(x)
    assert h.min() >= 0 and h.max() < 1
    assert_ks(h, lambda t: numpy.clip(t, 0, 1))
    assert_moments(h, 0.5, 1 / 12)


@pytest.mark.vendor_library
def test_float32_random_uses_24_bits_and_float64_53():
    # Every float32 draw is a multiple of 2**-24, and float64 draws are not all multiples of
    # 2**-32 (they carry 53 bits).
    f32 = cupylike.asnumpy(rng(1).random(1000, dtype=numpy.float32)).astype(numpy.float64)
    assert numpy.all(f32 * 2**24 == numpy.floor(f32 * 2**24))
    f64 = cupylike.asnumpy(rng(1).random(1000))
    assert numpy.any(f64 * 2**32 != numpy.floor(f64 * 2**32))


@pytest.mark.vendor_library
@pytest.mark.parametrize("dtype", [numpy.float32, numpy.float64])
def test_standard_normal_follows_the_normal_cdf(dtype):
    x = rng(7).standard_normal(N, dtype=dtype)
    assert x.dtype == dtype
    assert_ks(x, normal_cdf)
    assert_moments(x, 0, 1)


@pytest.mark.vendor_library
def test_normal_with_loc_and_scale():
    x = rng(8).normal(3.0, 2.0, N)
    assert_ks(x, lambda t: normal_cdf(t, 3.0, 2.0))


@pytest.mark.vendor_library
def test_normal_broadcasts_array_parameters():
    loc = cupylike.asarray([0.0, 100.0])
    x = cupylike.asnumpy(rng(9).normal(loc, 1.0, (N // 2, 2)))
    assert_ks(x[:, 1], lambda t: normal_cdf(t, 100.0))


@pytest.mark.vendor_library
def test_uniform_with_bounds():
    x = rng(10).uniform(-2.0, 3.0, N)
    h = cupylike.asnumpy(x)
    assert h.min() >= -2 and h.max() < 3
    assert_ks(h, lambda t: numpy.clip((t + 2) / 5, 0, 1))


@pytest.mark.vendor_library
def test_exponential_follows_its_cdf():
    x = rng(11).exponential(2.0, N)
    assert_ks(x, lambda t: 1 - numpy.exp(-numpy.maximum(t, 0) / 2.0))
    assert_moments(x, 2.0, 4.0)


@pytest.mark.vendor_library
def test_lognormal_is_exp_of_a_normal():
    x = cupylike.asnumpy(rng(12).lognormal(0.5, 0.75, N))
    assert x.min() > 0
    assert_ks(numpy.log(x), lambda t: normal_cdf(t, 0.5, 0.75))


@pytest.mark.vendor_library
def test_gamma_of_integer_shape_is_erlang():
    x = rng(13).gamma(3.0, 2.0, N)

    def cdf(t):
        y = numpy.maximum(t, 0) / 2.0
        return 1 - numpy.exp(-y) * (1 + y + y * y / 2)

    assert_ks(x, cdf)
    assert_moments(x, 6.0, 12.0)


@pytest.mark.vendor_library
def test_gamma_of_shape_below_one_uses_the_boost():
    # 2 gamma(1/2, 1) is chi-square with one degree of freedom: Z**2.
    x = cupylike.asnumpy(rng(14).gamma(0.5, 2.0, N))
    assert_ks(x, lambda t: 2 * normal_cdf(numpy.sqrt(numpy.maximum(t, 0))) - 1)


@pytest.mark.vendor_library
def test_beta_follows_its_cdf():
    x = cupylike.asnumpy(rng(15).beta(2.0, 5.0, N))
    assert x.min() >= 0 and x.max() <= 1

    def cdf(t):
        t = numpy.clip(t, 0, 1)
        return sum(math.comb(6, j) * t**j * (1 - t) ** (6 - j) for j in range(2, 7))

    assert_ks(x, cdf)


@pytest.mark.vendor_library
@pytest.mark.parametrize(("n", "p"), [(20, 0.2), (1000, 0.7), (5, 0.97)])
def test_binomial_by_inversion_and_by_rejection(n, p):
    # n p < 10 draws by inversion, n p >= 10 by BTRS rejection, p > 1/2 mirrored.
    x = rng(16).binomial(n, p, N)
    assert x.dtype == numpy.int64
    assert_chi2(x, binomial_pmf(n, p), range(n + 1))
    assert_moments(x, n * p, n * p * (1 - p))


@pytest.mark.vendor_library
def test_binomial_edges():
    assert numpy.all(cupylike.asnumpy(rng().binomial(7, 0.0, 10)) == 0)
    assert numpy.all(cupylike.asnumpy(rng().binomial(7, 1.0, 10)) == 7)
    assert numpy.all(cupylike.asnumpy(rng().binomial(0, 0.5, 10)) == 0)


@pytest.mark.vendor_library
@pytest.mark.parametrize("lam", [3.5, 250.0])
def test_poisson_follows_its_pmf(lam):
    x = rng(17).poisson(lam, N)
    assert x.dtype == numpy.int64
    lo, hi = int(max(0, lam - 8 * lam**0.5)), int(lam + 8 * lam**0.5) + 2
    assert_chi2(x, poisson_pmf(lam), range(lo, hi))
    assert_moments(x, lam, lam)


@pytest.mark.vendor_library
@pytest.mark.parametrize("lam", [0.7, 9.5, 10.0, 60.0, 5000.0])
def test_poisson_with_array_lam_follows_each_pmf(lam):
    # An array lam takes cupylike's own kernel (inversion below 10, PTRS from 10 on), one lam
    # per element: each column follows its own pmf.
    x = cupylike.asnumpy(rng(19).poisson(numpy.array([lam, 2.0]), (N, 2)))
    assert x.dtype == numpy.int64
    for column, m in ((x[:, 0], lam), (x[:, 1], 2.0)):
        lo, hi = int(max(0, m - 8 * m**0.5)), int(m + 8 * m**0.5) + 2
        assert_chi2(column, poisson_pmf(m), range(lo, hi))
        assert_moments(column, m, m)


@pytest.mark.vendor_library
def test_poisson_with_array_lam_edges_and_shapes():
    x = rng(20).poisson(cupylike.asarray([[0.0], [1e9]]), (2, 3))
    h = cupylike.asnumpy(x)
    assert h.shape == (2, 3) and (h[0] == 0).all() and (abs(h[1] - 1e9) < 8 * 1e9**0.5).all()
    assert rng(20).poisson([1.0, 2.0]).shape == (2,)
    with pytest.raises(ValueError):
        rng(20).poisson([1.0, -2.0])
    with pytest.raises(ValueError):  # shapes that do not broadcast, as in NumPy
        rng(20).poisson([1.0, 2.0], 3)
    with pytest.raises(ValueError):
        numpy.random.default_rng(20).poisson([1.0, 2.0], 3)


@pytest.mark.vendor_library
def test_integers_are_uniform():
    x = rng(18).integers(-3, 7, N)
    assert x.dtype == numpy.int64
    assert_chi2(x, lambda k: 0.1, range(-3, 7))


@pytest.mark.vendor_library
def test_integers_of_a_range_near_2_to_the_64_are_unbiased():
    # Lemire's threshold rejects about half the words here: the low and high halves of the
    # range stay equally likely and every value lies in range.
    hi = 2**63 + 2**62
    x = cupylike.asnumpy(rng(19).integers(0, hi, 20_000, dtype=numpy.uint64))
    assert x.max() < hi
    frac = numpy.count_nonzero(x < numpy.uint64(hi // 2)) / x.size
    assert abs(frac - 0.5) < 4 * 0.5 / math.sqrt(x.size)


@pytest.mark.vendor_library
def test_choice_with_weights_follows_them():
    p = [0.1, 0.0, 0.2, 0.3, 0.4]
    x = rng(20).choice(5, N, p=p)
    assert_chi2(x, lambda k: p[k], [0, 2, 3, 4])
    assert not numpy.any(cupylike.asnumpy(x) == 1)


@pytest.mark.vendor_library
def test_choice_without_replacement_with_weights_picks_heavy_items_first():
    # The first pick of a weighted draw without replacement follows p.
    g = rng(21)
    p = numpy.array([0.5, 0.3, 0.2, 0.0])
    first = [int(g.choice(4, 2, replace=False, p=p)[0]) for _ in range(600)]
    assert_chi2(numpy.array(first), lambda k: p[k], [0, 1, 2])


@pytest.mark.vendor_library
def test_permutation_positions_are_uniform():
    g = rng(22)
    where0 = [int(cupylike.asnumpy(g.permutation(6)).tolist().index(0)) for _ in range(600)]
    assert_chi2(numpy.array(where0), lambda k: 1 / 6, range(6))


@pytest.mark.vendor_library
def test_the_fit_tests_reject_a_slightly_wrong_distribution():
    # The checks above have power: 5% too wide a normal, or p off by 0.01, fails them.
    with pytest.raises(AssertionError):
        assert_ks(rng(23).normal(0.0, 1.05, N), normal_cdf)
    with pytest.raises(AssertionError):
        assert_chi2(rng(24).binomial(20, 0.21, N), binomial_pmf(20, 0.2), range(21))
