"""cupylike.random's API: shapes and dtypes as NumPy's (size=None gives a 0-d array, as CuPy),
integer bounds, choice / shuffle / permutation, and NumPy's errors for bad arguments."""

import numpy
import pytest

import cupylike
import cupylike.random as cr


def host(x):
    return cupylike.asnumpy(x)


@pytest.mark.parametrize(("size", "shape"), [(None, ()), (5, (5,)), ((2, 3), (2, 3)),
                                             ((0, 4), (0, 4)), (numpy.int64(3), (3,))])
def test_size_gives_the_shape(size, shape):
    g = cr.default_rng(0)
    for x in (g.random(size), g.integers(0, 5, size), g.normal(size=size),
              g.exponential(size=size), g.choice(4, size)):
        assert isinstance(x, cupylike.ndarray) and x.shape == shape


def test_legacy_functions_take_dims_and_dtypes():
    rs = cr.RandomState(1)
    assert rs.rand(2, 3).shape == (2, 3) and rs.rand().shape == ()
    assert rs.randn(4).dtype == numpy.float64
    assert rs.rand(3, dtype=numpy.float32).dtype == numpy.float32
    assert rs.random_sample((2,)).shape == rs.ranf(2).shape == rs.sample(2).shape == (2,)
    assert rs.randint(5, size=3).dtype == numpy.int64
    assert rs.randint(0, 5, 3, dtype=numpy.int8).dtype == numpy.int8
    assert rs.uniform(size=2, dtype=numpy.float32).dtype == numpy.float32
    assert rs.binomial(5, 0.5, 2).dtype == rs.poisson(2.0, 2).dtype == numpy.int64
    for name in ("rand", "randn", "random", "random_sample", "uniform", "normal",
                 "standard_normal", "exponential", "lognormal"):
        assert getattr(cr, name)().shape == ()


def test_integers_stay_in_range_and_reach_both_ends():
    g = cr.default_rng(2)
    x = host(g.integers(-2, 3, 2000))
    assert set(numpy.unique(x)) == {-2, -1, 0, 1, 2}
    x = host(g.integers(-2, 3, 2000, endpoint=True))
    assert set(numpy.unique(x)) == {-2, -1, 0, 1, 2, 3}
    x = host(g.integers(5, size=100))
    assert x.min() >= 0 and x.max() < 5


def test_integers_cover_whole_dtype_ranges():
    g = cr.default_rng(3)
    x = host(g.integers(-128, 127, 4000, dtype=numpy.int8, endpoint=True))
    assert x.dtype == numpy.int8 and x.min() == -128 and x.max() == 127
    x = host(g.integers(0, 2**64, 1000, dtype=numpy.uint64))
    assert x.dtype == numpy.uint64 and x.max() > 2**63  # the full 2**64 range (r == 0)
    x = host(g.integers(0, 2, 100, dtype=numpy.bool_))
    assert x.dtype == numpy.bool_ and x.any() and not x.all()


def test_choice_of_an_array_takes_its_elements():
    g = cr.default_rng(4)
    a = cupylike.asarray([10, 20, 30])
    x = host(g.choice(a, 50))
    assert set(numpy.unique(x)) <= {10, 20, 30}
    m = cupylike.arange(12).reshape(4, 3)
    assert g.choice(m, 2, axis=1).shape == (4, 2)
    assert g.choice([5, 6], None).shape == ()


def test_choice_without_replacement_has_no_repeats():
    g = cr.default_rng(5)
    x = host(g.choice(10, 10, replace=False))
    assert sorted(x.tolist()) == list(range(10))
    x = host(g.choice(6, 3, replace=False, p=[0.2, 0.2, 0.2, 0.0, 0.2, 0.2]))
    assert len(set(x.tolist())) == 3 and 3 not in x


def test_permutation_and_shuffle():
    g = cr.default_rng(6)
    p = host(g.permutation(20))
    assert sorted(p.tolist()) == list(range(20)) and p.tolist() != list(range(20))
    a = cupylike.arange(12).reshape(6, 2)
    b = g.permutation(a)
    assert sorted(host(b)[:, 0].tolist()) == [0, 2, 4, 6, 8, 10]
    numpy.testing.assert_array_equal(host(b)[:, 1], host(b)[:, 0] + 1)  # rows move whole
    numpy.testing.assert_array_equal(host(a), numpy.arange(12).reshape(6, 2))  # a copy
    c = cupylike.arange(10)
    cr.RandomState(7).shuffle(c)
    assert sorted(host(c).tolist()) == list(range(10)) and host(c).tolist() != list(range(10))


@pytest.mark.parametrize(("call", "error"), [
    (lambda g: g.random(-1), ValueError),
    (lambda g: g.random(2.5), TypeError),
    (lambda g: g.random(3, dtype=numpy.int32), TypeError),
    (lambda g: g.standard_normal(3, dtype=numpy.float16), TypeError),
    (lambda g: g.integers(5, 5), ValueError),
    (lambda g: g.integers(0, 2**64), ValueError),
    (lambda g: g.integers(-1, 5, dtype=numpy.uint8), ValueError),
    (lambda g: g.integers(0, 5, dtype=numpy.float64), TypeError),
    (lambda g: g.normal(0, -1), ValueError),
    (lambda g: g.exponential(-1), ValueError),
    (lambda g: g.gamma(-1), ValueError),
    (lambda g: g.beta(0, 1), ValueError),
    (lambda g: g.binomial(-1, 0.5), ValueError),
    (lambda g: g.binomial(3, 1.5), ValueError),
    (lambda g: g.poisson(-1), ValueError),
    (lambda g: g.lognormal(0, -1), ValueError),
    (lambda g: g.uniform(1, 0), ValueError),
    (lambda g: g.choice(0, 3), ValueError),
    (lambda g: g.choice([], 3), ValueError),
    (lambda g: g.choice(3, 5, replace=False), ValueError),
    (lambda g: g.choice(3, p=[0.5, 0.6, -0.1]), ValueError),
    (lambda g: g.choice(3, p=[0.5, 0.6, 0.1]), ValueError),
    (lambda g: g.choice(3, p=[0.5, 0.5]), ValueError),
    (lambda g: g.choice(3, 2, p=[1, 0, 0], replace=False), ValueError),
    (lambda g: g.choice(3, p=[[0.5, 0.5, 0]]), ValueError),
])
def test_bad_arguments_raise_as_numpy(call, error):
    with pytest.raises(error):
        call(cr.default_rng(0))
    with pytest.raises(error):  # the same call is an error in NumPy too
        call(numpy.random.default_rng(0))


def test_shuffle_needs_a_cupylike_array():
    with pytest.raises(TypeError):
        cr.default_rng(0).shuffle(numpy.arange(3))


@pytest.mark.parametrize(("seed", "error"), [(-1, ValueError), (1.5, TypeError)])
def test_bad_seeds_raise(seed, error):
    with pytest.raises(error):
        cr.default_rng(seed)
    with pytest.raises(error):
        cr.RandomState(seed)


def test_legacy_choice_needs_a_1d_array():
    with pytest.raises(ValueError):
        cr.RandomState(0).choice(cupylike.zeros((2, 2)), 1)


def test_the_rand_facade_checks_its_calls():
    from cupylike import _core

    with pytest.raises(TypeError):  # raw words are uint32
        _core._rand_generate(cupylike.empty(4, numpy.int32), "raw32", 1, 0)
    with pytest.raises(ValueError):  # normals come in pairs
        _core._rand_generate(cupylike.empty(3, numpy.float32), "normal", 1, 0, 0.0, 1.0)
    with pytest.raises(ValueError):
        _core._rand_generate(cupylike.empty(4, numpy.float32), "normal", 1, 0, 0.0, 0.0)
    with pytest.raises(ValueError):
        _core._rand_generate(cupylike.empty((4, 2), numpy.uint32)[:, 0], "raw32", 1, 0)
    with pytest.raises(ValueError):
        _core._rand_generate(cupylike.empty(4, numpy.uint32), "gumbel", 1, 0)
    _core._rand_log(True)
    try:
        _core._rand_generate(cupylike.empty(2, numpy.uint32), "poisson", 9, 4, 1.5)
        assert _core._take_rand_log() == [
            "rand philox4_32_10 seed=9 offset=4 poisson uint32 count=2 lambda=1.500000"]
    finally:
        _core._rand_log(False)
