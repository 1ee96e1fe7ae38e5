"""cupylike.random's discrete distributions (geometric, negative_binomial, logseries, zipf,
hypergeometric, multinomial, multivariate_hypergeometric) and the remaining draws (permuted,
bytes, tomaxint, random_integers): chi-square against the exact pmf at fixed seeds
(tests/helpers/random_stats.py; no scipy), the invariants of each draw, shapes and errors as
NumPy's, and the same numbers for a seed on every device."""

import inspect
import itertools
import math
import re

import numpy
import pytest
from helpers.random_stats import assert_chi2, assert_moments, binomial_pmf

import cupylike
import cupylike.random as cr

N = 20_000


def rng(seed=1234):
    return cr.default_rng(seed)


def host(x):
    return cupylike.asnumpy(x)


def _zeta(a, terms=10_000):
    """The Riemann zeta function for a > 1: the sum of the first terms, then Euler-Maclaurin's
    tail."""
    k = numpy.arange(1, terms, dtype=numpy.float64)
    return float(numpy.sum(k**-a)) + terms ** (1 - a) / (a - 1) + terms**-a / 2


@pytest.mark.vendor_library
@pytest.mark.parametrize("p", [0.03, 0.35, 0.9])
def test_geometric_follows_its_pmf(p):
    x = rng(1).geometric(p, N)
    assert x.dtype == numpy.int64 and host(x).min() >= 1
    assert_chi2(x, lambda k: p * (1 - p) ** (k - 1), range(1, int(40 / p)))
    assert_moments(x, 1 / p, (1 - p) / p**2)


@pytest.mark.vendor_library
@pytest.mark.parametrize(("n", "p"), [(1.5, 0.3), (20, 0.8), (0.4, 0.05)])
def test_negative_binomial_follows_its_pmf(n, p):
    x = rng(2).negative_binomial(n, p, N)
    assert x.dtype == numpy.int64

    def pmf(k):
        return math.exp(math.lgamma(k + n) - math.lgamma(n) - math.lgamma(k + 1)
                        + n * math.log(p) + k * math.log1p(-p))

    mean, var = n * (1 - p) / p, n * (1 - p) / p**2
    assert_chi2(x, pmf, range(int(mean + 12 * var**0.5) + 2))
    assert_moments(x, mean, var)


@pytest.mark.vendor_library
@pytest.mark.parametrize("p", [0.2, 0.9, 0.995])
def test_logseries_follows_its_pmf(p):
    x = rng(3).logseries(p, N)
    assert x.dtype == numpy.int64 and host(x).min() >= 1
    c = -1 / math.log1p(-p)
    assert_chi2(x, lambda k: c * p**k / k, range(1, 2000))


@pytest.mark.vendor_library
@pytest.mark.parametrize("a", [1.6, 2.0, 4.5])
def test_zipf_follows_its_pmf(a):
    x = rng(4).zipf(a, N)
    assert x.dtype == numpy.int64 and host(x).min() >= 1
    z = _zeta(a)
    assert_chi2(x, lambda k: k**-a / z, range(1, 500))


def _hypergeometric_pmf(good, bad, nsample):
    def log_comb(n, k):
        return math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1)

    log_total = log_comb(good + bad, nsample)
    return lambda k: math.exp(log_comb(good, k) + log_comb(bad, nsample - k) - log_total)


@pytest.mark.vendor_library
@pytest.mark.parametrize(("good", "bad", "nsample"), [
    # variances below 64: inversion from the mode; above: ratio of uniforms
    (10, 20, 12), (7, 3, 9), (1, 1, 1), (3, 50, 40), (500, 600, 400),
    (5000, 5000, 500), (3000, 1000, 2500), (10**8, 2 * 10**8, 10**6),
])
def test_hypergeometric_follows_its_pmf_within_its_bounds(good, bad, nsample):
    x = host(rng(5).hypergeometric(good, bad, nsample, N))
    lo, hi = max(0, nsample - bad), min(nsample, good)
    assert x.dtype == numpy.int64 and x.min() >= lo and x.max() <= hi
    assert_chi2(x, _hypergeometric_pmf(good, bad, nsample), range(lo, hi + 1))


@pytest.mark.vendor_library
@pytest.mark.parametrize("population", [10**9 - 1, 10**12, 2**61])
def test_hypergeometric_of_huge_populations_has_the_right_moments(population):
    # Populations past 2**53 (RandomState has no limit) keep their mean and variance.
    half = population // 2
    x = host(cr.RandomState(6).hypergeometric(half, half, half, N))
    assert x.min() >= 0 and x.max() <= half
    n = 2 * half
    assert_moments(x, half / 2, half * 0.25 * (n - half) / (n - 1))


def _compositions(n, k):
    """Every k-tuple of non-negative ints that sums to n."""
    for cut in itertools.combinations(range(n + k - 1), k - 1):
        edges = (-1, *cut, n + k - 1)
        yield tuple(edges[i + 1] - edges[i] - 1 for i in range(k))


def _assert_joint_chi2(rows, pmf, n, k):
    """Chi-square of the rows (each a composition of n into k parts) against `pmf`."""
    table = list(_compositions(n, k))
    codes = {c: i for i, c in enumerate(table)}
    index = numpy.array([codes[tuple(r)] for r in rows.tolist()])
    assert_chi2(index, lambda i: pmf(table[i]), range(len(table)))


@pytest.mark.vendor_library
def test_multinomial_rows_sum_to_n_and_follow_the_joint_pmf():
    p = [0.1, 0.25, 0.0, 0.65]
    x = host(rng(7).multinomial(5, p, N))
    assert x.dtype == numpy.int64 and x.shape == (N, 4)
    assert (x.sum(axis=1) == 5).all() and (x[:, 2] == 0).all()

    def pmf(c):
        terms = (q**m / math.factorial(m) for q, m in zip(p, c, strict=True))
        return math.factorial(5) * math.prod(terms)

    _assert_joint_chi2(x, pmf, 5, 4)


@pytest.mark.vendor_library
def test_multinomial_last_category_takes_the_rest_and_n_broadcasts():
    # pvals summing below 1 leave the rest to the last category, as NumPy's do.
    x = host(rng(8).multinomial([[1000], [30]], [[0.2, 0.3, 0.1], [0.5, 0.25, 0.25]], (2, 2)))
    assert x.shape == (2, 2, 3)
    numpy.testing.assert_array_equal(x.sum(axis=-1), [[1000, 1000], [30, 30]])
    big = host(rng(9).multinomial(1000, [0.2, 0.3, 0.1], N))
    assert_chi2(big[:, 1], binomial_pmf(1000, 0.3), range(1001))
    assert_chi2(big[:, 2], binomial_pmf(1000, 0.5), range(1001))


@pytest.mark.vendor_library
@pytest.mark.parametrize("method", ["marginals", "count"])
def test_multivariate_hypergeometric_follows_the_joint_pmf(method):
    colors = [2, 3, 4]
    x = host(rng(10).multivariate_hypergeometric(colors, 4, N, method=method))
    assert x.dtype == numpy.int64 and x.shape == (N, 3)
    assert (x.sum(axis=1) == 4).all() and (x <= colors).all()
    total = math.comb(9, 4)
    _assert_joint_chi2(x, lambda c: math.prod(map(math.comb, colors, c)) / total, 4, 3)


@pytest.mark.vendor_library
@pytest.mark.parametrize(("shape", "axis"), [((6,), None), ((5, 7), 1), ((5, 7), 0),
                                             ((4, 3, 5), -2), ((3, 4), None)])
def test_permuted_permutes_each_slice_along_the_axis(shape, axis):
    a = numpy.arange(math.prod(shape)).reshape(shape)
    x = host(rng(11).permuted(cupylike.asarray(a), axis=axis))
    assert x.shape == a.shape and x.dtype == a.dtype
    if axis is None:
        numpy.testing.assert_array_equal(numpy.sort(x.ravel()), a.ravel())
    else:
        numpy.testing.assert_array_equal(numpy.sort(x, axis=axis), a)
    assert not numpy.array_equal(x, a)


@pytest.mark.vendor_library
def test_permuted_slices_are_independent_and_uniform():
    x = host(rng(12).permuted(cupylike.zeros((3000, 4), numpy.int64) + cupylike.arange(4),
                              axis=1))
    where0 = numpy.argmax(x == 0, axis=1)
    assert_chi2(where0, lambda k: 0.25, range(4))
    assert len({tuple(r) for r in x[:100].tolist()}) > 10  # rows differ from each other


@pytest.mark.vendor_library
def test_permuted_into_out_and_in_place():
    g = rng(13)
    x = cupylike.arange(12.0).reshape(3, 4)[:, ::-1]  # non-contiguous, negative strides
    out = cupylike.zeros((4, 3)).T  # F-contiguous
    assert g.permuted(x, axis=1, out=out) is out
    numpy.testing.assert_array_equal(numpy.sort(host(out), axis=1), numpy.sort(host(x), axis=1))
    y = cupylike.arange(10)
    assert g.permuted(y, out=y) is y
    assert sorted(host(y).tolist()) == list(range(10))
    assert g.permuted(cupylike.zeros((0, 3)), axis=1).shape == (0, 3)


@pytest.mark.parametrize(("call", "error", "message"), [
    (lambda g, m: g.permuted(m.arange(6), out=m.zeros(6, numpy.int32)), TypeError, "safe"),
    (lambda g, m: g.permuted(m.arange(6), out=m.zeros(5)), ValueError,
     "out must have the same shape as x"),
    (lambda g, m: g.permuted(m.arange(6).reshape(2, 3), axis=2), numpy.exceptions.AxisError,
     "axis 2 is out of bounds"),
    (lambda g, m: g.permuted(m.asarray(5)), TypeError, "len\\(\\) of unsized object"),
    (lambda g, m: g.permuted(m.arange(3), out=[0, 0, 0]), TypeError, "out must be a"),
])
@pytest.mark.vendor_library
def test_permuted_errors_are_numpys(call, error, message):
    with pytest.raises(error, match=message):
        call(numpy.random.default_rng(0), numpy)
    with pytest.raises(error, match=message):
        call(rng(), cupylike)


def _calls(*rows):
    return [pytest.param(name, args, id=f"{name}{args}") for name, args in rows]


ERRORS = _calls(
    ("geometric", (0.0,)), ("geometric", (1.5,)), ("geometric", (numpy.nan,)),
    ("geometric", ([0.5, -0.1],)), ("geometric", ([0.2, 0.5], (3, 1))),
    ("zipf", ([2.0, 3.0], 3)), ("negative_binomial", ([1, 2], 0.5, (3, 1))),
    ("hypergeometric", ([5, 6], 3, 1, (2, 2, 1))), ("logseries", ([0.1, 0.2], (3,))),
    ("negative_binomial", (0, 0.5)), ("negative_binomial", (1, 0.0)),
    ("negative_binomial", (1, 1.5)), ("negative_binomial", (numpy.nan, 0.5)),
    ("negative_binomial", (1.5, 1e-20)),
    ("logseries", (1.0,)), ("logseries", (-0.1,)), ("logseries", (numpy.nan,)),
    ("logseries", ([0.5, 1.0],)), ("negative_binomial", ([1, 0], 0.5)),
    ("zipf", (1.0,)), ("zipf", (numpy.nan,)), ("zipf", ([2.0, 0.5],)),
    ("hypergeometric", (-1, 2, 1)), ("hypergeometric", (1, -2, 1)),
    ("hypergeometric", (1, 2, -1)), ("hypergeometric", (1, 2, 4)),
    ("hypergeometric", (-1, -2, 1)), ("hypergeometric", (5, -2, 1)),
    ("hypergeometric", (1, -2, -1)), ("hypergeometric", (10**9, 1, 1)),
    ("hypergeometric", (1, 2, [0, 4])), ("hypergeometric", (numpy.nan, 2, 2)),
    ("multinomial", (5, [0.7, 0.7, 0.1])), ("multinomial", (5, [-0.1, 1.1])),
    ("multinomial", (-1, [0.5, 0.5])), ("multinomial", (5, 0.5)),
    ("multinomial", (5, [])), ("multinomial", (5, [numpy.nan, 0.5])),
    ("multinomial", (5, [0.5, 0.5 + 1e-11, 0.0])), ("multinomial", ([5, 6], [0.5, 0.5], 3)),
    ("multivariate_hypergeometric", ([3, 4, 5], 13)),
    ("multivariate_hypergeometric", ([3, -4, 5], 6)),
    ("multivariate_hypergeometric", ([3, 4, 5], 6, None, "x")),
    ("multivariate_hypergeometric", ([3, 4, 5], -1)),
    ("multivariate_hypergeometric", ([[3, 4, 5]], 1)),
    ("multivariate_hypergeometric", ([3.5, 4, 5], 1)),
    ("multivariate_hypergeometric", ([3, 4], [1, 2])),
    ("multivariate_hypergeometric", ([3, 4], 2.0)),
    ("multivariate_hypergeometric", ([2**62, 2**62], 1)),
)
LEGACY_ERRORS = _calls(
    ("geometric", (0.0,)), ("negative_binomial", (0, 0.5)), ("negative_binomial", (1, 1.5)),
    ("negative_binomial", (1, numpy.nan)), ("negative_binomial", (1, [0.5, 2.0])),
    ("logseries", (1.0,)), ("logseries", ([0.5, 1.0],)), ("zipf", (0.5,)), ("zipf", ([2, 0.5],)),
    ("hypergeometric", (1, 2, 0)), ("hypergeometric", (1, 2, 4)),
    ("hypergeometric", (5, -2, 1)), ("multinomial", (5, [0.7, 0.7, 0.1])),
    ("multinomial", ([5, 6], [0.5, 0.5])), ("multinomial", (5, [[0.5, 0.5]])),
    ("multinomial", (5, 0.5)), ("multinomial", (-1, [0.5, 0.5])),
)


def _numpy_error(call):
    with pytest.raises(Exception) as info:  # noqa: PT011 (whatever NumPy raises, matched below)
        call()
    return info.value


@pytest.mark.vendor_library
@pytest.mark.parametrize(("name", "args"), ERRORS)
def test_generator_errors_are_numpys(name, args):
    expected = _numpy_error(lambda: getattr(numpy.random.default_rng(0), name)(*args))
    with pytest.raises(type(expected), match=re.escape(str(expected).split(".  ")[0])):
        getattr(rng(), name)(*args)


@pytest.mark.vendor_library
@pytest.mark.parametrize(("name", "args"), LEGACY_ERRORS)
def test_random_state_errors_are_numpys(name, args):
    expected = _numpy_error(lambda: getattr(numpy.random.RandomState(0), name)(*args))
    with pytest.raises(type(expected), match=re.escape(str(expected))):
        getattr(cr.RandomState(0), name)(*args)


@pytest.mark.vendor_library
def test_random_state_refuses_what_numpy_turns_into_garbage():
    # NumPy's RandomState gives -2**63 for p == 0 and 0 for n NaN: refused here.
    with pytest.raises(ValueError, match="p == 0"):
        cr.RandomState(0).negative_binomial(1, 0.0)
    with pytest.raises(ValueError, match="n must not be NaN"):
        cr.RandomState(0).negative_binomial(numpy.nan, 0.5)


SHAPES = _calls(
    ("geometric", (0.5,)), ("geometric", ([[0.2], [0.5]], (2, 3))),
    ("geometric", ([0.2, 0.5, 0.9],)), ("negative_binomial", ([1, 2], [[0.5], [0.2]])),
    ("logseries", ([0.5, 0.2], (3, 2))), ("zipf", ([2, 3], (4, 2))), ("zipf", (2.0, 0)),
    ("hypergeometric", ([5, 6], 3, [[1], [2]])), ("hypergeometric", (2, 2, 1, (0,))),
    ("multinomial", (5, [0.5, 0.5])), ("multinomial", ([5, 6], [0.5, 0.5])),
    ("multinomial", (5, [[0.5, 0.5], [0.1, 0.9]], (4, 2))), ("multinomial", (5, [0.5, 0.5], 0)),
    ("multivariate_hypergeometric", ([3, 4, 5], 6)),
    ("multivariate_hypergeometric", ([3, 4, 5], 6, (2, 3))),
    ("multivariate_hypergeometric", ([], 0)), ("geometric", ([],)),
    ("zipf", ([2.0, 3.0], (0, 2))), ("hypergeometric", ([], [], [])),
    ("multinomial", ([], [0.5, 0.5])), ("multivariate_hypergeometric", ([1, 2], 1, (0, 3))),
)


@pytest.mark.vendor_library
@pytest.mark.parametrize(("name", "args"), SHAPES)
def test_shapes_and_dtypes_are_numpys(name, args):
    expected = numpy.asarray(getattr(numpy.random.default_rng(0), name)(*args))
    x = getattr(rng(), name)(*args)
    assert isinstance(x, cupylike.ndarray)
    assert x.shape == expected.shape and x.dtype == expected.dtype == numpy.int64
    legacy = name != "multivariate_hypergeometric" and not (
        name == "multinomial" and (numpy.ndim(args[0]) > 0 or numpy.ndim(args[1]) > 1))
    if legacy:
        expected = numpy.asarray(getattr(numpy.random.RandomState(0), name)(*args))
        x = getattr(cr.RandomState(0), name)(*args)
        assert x.shape == expected.shape and x.dtype == expected.dtype
        assert getattr(cr, name)(*args).shape == expected.shape


@pytest.mark.vendor_library
def test_edges_of_the_parameter_ranges():
    g = rng(14)
    assert (host(g.geometric(1.0, 20)) == 1).all()
    assert (host(g.geometric(1e-300, 5)) == 2**63 - 1).all()  # saturates, as NumPy's
    assert (host(g.logseries(0.0, 20)) == 1).all()
    assert (host(g.negative_binomial(3, 1.0, 20)) == 0).all()
    assert (host(g.hypergeometric(5, 5, 0, 20)) == 0).all()
    assert (host(g.hypergeometric(5, 5, 10, 20)) == 5).all()
    assert (host(g.hypergeometric(0, 5, 3, 20)) == 0).all()
    assert (host(g.hypergeometric(6, 0, 4, 20)) == 4).all()
    assert (host(g.multinomial(0, [0.5, 0.5], 3)) == 0).all()
    assert host(g.multinomial(7, [0.0, 1.0])).tolist() == [0, 7]
    assert host(g.multivariate_hypergeometric([3, 0, 2], 5)).tolist() == [3, 0, 2]
    assert (host(cr.RandomState(0).geometric(0.5, 10, dtype=numpy.int32)) >= 1).all()
    for size in (None, 3):  # RandomState takes an empty pvals, as NumPy's
        expected = numpy.random.RandomState(0).multinomial(5, [], size)
        x = cr.RandomState(0).multinomial(5, [], size)
        assert x.shape == expected.shape and x.dtype == expected.dtype


@pytest.mark.vendor_library
def test_bytes_tomaxint_and_random_integers():
    b = rng(15).bytes(10)
    assert isinstance(b, bytes) and len(b) == 10
    assert rng(15).bytes(7) == b[:7] and rng(15).bytes(0) == b""
    assert cr.RandomState(1).bytes(3) != cr.RandomState(2).bytes(3)
    t = host(cr.RandomState(16).tomaxint((N,)))
    assert t.dtype == numpy.int64 and t.min() >= 0 and t.max() > 2**62
    assert cr.RandomState(16).tomaxint().shape == ()
    rs = cr.RandomState(17)
    with pytest.warns(DeprecationWarning, match=re.escape("randint(1, 5 + 1)")):
        x = host(rs.random_integers(5, size=N))
    assert x.dtype == numpy.int64
    assert_chi2(x, lambda k: 0.2, range(1, 6))
    with pytest.warns(DeprecationWarning, match=re.escape("randint(-2, 2 + 1)")):
        assert set(host(cr.random_integers(-2, 2, 500)).tolist()) == {-2, -1, 0, 1, 2}
    with pytest.warns(DeprecationWarning), pytest.raises(ValueError, match="low >= high"):
        rs.random_integers(5, 2)


# The first draws of seed 99 on the cpu device: every device must give these numbers.
GOLDEN = {
    "geometric": (lambda g: g.geometric(0.3, 6), [5, 9, 11, 1, 6, 1]),
    "negative_binomial": (lambda g: g.negative_binomial(2.5, 0.4, 6), [9, 3, 1, 2, 5, 2]),
    "logseries": (lambda g: g.logseries(0.9, 6), [2, 1, 1, 9, 2, 21]),
    "zipf": (lambda g: g.zipf(1.8, 6), [1, 54, 107, 1, 3, 1]),
    "hypergeometric": (lambda g: g.hypergeometric([10, 3000], 2000, 900, (3, 2)),
                       [2, 493, 8, 551, 2, 544]),
    "multinomial": (lambda g: g.multinomial(40, [0.2, 0.5, 0.3], 2),
                    [10, 19, 11, 13, 21, 6]),
    "multivariate_hypergeometric": (
        lambda g: g.multivariate_hypergeometric([5, 9, 2], 8, 2), [2, 4, 2, 1, 6, 1]),
    "permuted": (lambda g: g.permuted(cupylike.arange(8).reshape(2, 4), axis=1),
                 [3, 0, 1, 2, 5, 7, 6, 4]),
}


@pytest.mark.vendor_library
@pytest.mark.parametrize("name", list(GOLDEN))
def test_a_seed_gives_the_same_numbers_on_every_device(name):
    draw, expected = GOLDEN[name]
    first = host(draw(rng(99)))
    numpy.testing.assert_array_equal(first, host(draw(rng(99))))
    numpy.testing.assert_array_equal(first.ravel(), expected)


@pytest.mark.parametrize("name", ["geometric", "negative_binomial", "logseries", "zipf",
                                  "hypergeometric", "multinomial", "multivariate_hypergeometric",
                                  "permuted", "bytes"])
def test_generator_signatures_are_numpys(name):
    assert (inspect.signature(getattr(cr.Generator, name))
            == inspect.signature(getattr(numpy.random.Generator, name)))


@pytest.mark.parametrize("name", ["geometric", "negative_binomial", "logseries", "zipf",
                                  "hypergeometric", "multinomial", "bytes", "tomaxint",
                                  "random_integers"])
def test_random_state_signatures_are_numpys_with_cupys_dtype(name):
    ours = inspect.signature(getattr(cr.RandomState, name)).parameters
    theirs = inspect.signature(getattr(numpy.random.RandomState, name)).parameters
    assert [p for p in ours if p != "dtype"] == list(theirs)
    assert [str(ours[p]) for p in theirs] == [str(p) for p in theirs.values()]
