"""cupylike.random's API: shapes and dtypes as NumPy's (size=None gives a 0-d array, as CuPy),
integer bounds, choice / shuffle / permutation, and NumPy's errors for bad arguments."""

import inspect

import numpy
import pytest

import cupylike
import cupylike.random as cr


def host(x):
    return cupylike.asnumpy(x)


@pytest.mark.vendor_library
@pytest.mark.parametrize(("size", "shape"), [(None, ()), (5, (5,)), ((2, 3), (2, 3)),
                                             ((0, 4), (0, 4)), (numpy.int64(3), (3,))])
def test_size_gives_the_shape(size, shape):
    g = cr.default_rng(0)
    for x in (g.random(size), g.integers(0, 5, size), g.normal(size=size),
              g.exponential(size=size), g.choice(4, size)):
        assert isinstance(x, cupylike.ndarray) and x.shape == shape


@pytest.mark.vendor_library
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


@pytest.mark.vendor_library
def test_integers_stay_in_range_and_reach_both_ends():
    g = cr.default_rng(2)
    x = host(g.integers(-2, 3, 2000))
    assert set(numpy.unique(x)) == {-2, -1, 0, 1, 2}
    x = host(g.integers(-2, 3, 2000, endpoint=True))
    assert set(numpy.unique(x)) == {-2, -1, 0, 1, 2, 3}
    x = host(g.integers(5, size=100))
    assert x.min() >= 0 and x.max() < 5


@pytest.mark.vendor_library
def test_integers_cover_whole_dtype_ranges():
    g = cr.default_rng(3)
    x = host(g.integers(-128, 127, 4000, dtype=numpy.int8, endpoint=True))
    assert x.dtype == numpy.int8 and x.min() == -128 and x.max() == 127
    x = host(g.integers(0, 2**64, 1000, dtype=numpy.uint64))
    assert x.dtype == numpy.uint64 and x.max() > 2**63  # the full 2**64 range (r == 0)
    x = host(g.integers(0, 2, 100, dtype=numpy.bool_))
    assert x.dtype == numpy.bool_ and x.any() and not x.all()


@pytest.mark.vendor_library
@pytest.mark.parametrize("as_array", [numpy.asarray, cupylike.asarray], ids=["numpy", "cupylike"])
def test_integers_with_array_bounds_give_each_element_its_range(as_array):
    g = cr.default_rng(11)
    low, high = as_array([-3, 0, 10]), as_array([[10], [11], [25], [12]])
    x = host(g.integers(low, high, (2000, 4, 3), endpoint=True))
    lo, hi = numpy.broadcast_arrays([-3, 0, 10], [[10], [11], [25], [12]])
    for i, j in numpy.ndindex(4, 3):
        seen = numpy.unique(x[:, i, j])
        numpy.testing.assert_array_equal(seen, numpy.arange(lo[i, j], hi[i, j] + 1))


@pytest.mark.vendor_library
def test_integers_with_array_bounds_check_like_numpy_and_broadcast():
    g = cr.default_rng(12)
    assert g.integers([0, 5], [3, 10]).shape == (2,)
    assert g.integers([0, 5], [[6], [10]], dtype=numpy.int16).shape == (2, 2)
    x = host(g.integers(numpy.array([0.7, 2.0]), 10, (500, 2)))  # floats truncate, as in NumPy
    assert x[:, 0].min() == 0 and x[:, 1].min() == 2 and x.max() == 9
    x = host(g.integers(0, [2**64, 2**63], (200, 2), dtype=numpy.uint64))
    assert x[:, 0].max() > 2**63 and x[:, 1].max() < 2**63
    x = host(g.integers([-2**63, -5], [2**63, -4], (100, 2)))
    assert x[:, 0].min() < 0 < x[:, 0].max() and (x[:, 1] == -5).all()
    assert g.integers(numpy.zeros((0, 3), int), 5).shape == (0, 3)
    x = host(cr.RandomState(3).randint(numpy.array([5, 7]), size=(300, 2), dtype=numpy.uint8))
    assert x.dtype == numpy.uint8 and x[:, 0].max() == 4 and x[:, 1].max() == 6


@pytest.mark.vendor_library
def test_constant_array_bounds_draw_what_scalar_bounds_draw():
    # The same words, ranges and rejections: only the bounds' form differs.
    a = cr.default_rng(9).integers(3, 17, 5000)
    b = cr.default_rng(9).integers(numpy.full(5000, 3), cupylike.full(5000, 17))
    numpy.testing.assert_array_equal(host(a), host(b))
    a = cr.default_rng(10).integers(0, 3 * 2**62, 5000, dtype=numpy.uint64)  # ~25% rejected
    b = cr.default_rng(10).integers([0], [3 * 2**62], 5000, dtype=numpy.uint64)
    numpy.testing.assert_array_equal(host(a), host(b))


@pytest.mark.vendor_library
def test_permutation_and_shuffle_along_an_axis():
    g = cr.default_rng(13)
    a = cupylike.arange(24).reshape(2, 3, 4)
    for axis in (1, -1, 2):
        p = host(g.permutation(a, axis=axis))
        moved = numpy.moveaxis(p, axis, 0)
        # whole slices move: each keeps the elements of one original slice
        originals = numpy.moveaxis(numpy.arange(24).reshape(2, 3, 4), axis, 0)
        assert sorted(map(bytes, moved)) == sorted(map(bytes, originals))
    assert host(g.permutation(7, axis=3)).shape == (7,)  # NumPy ignores axis for an int
    b = cupylike.arange(200).reshape(2, 100)
    g.shuffle(b, axis=1)
    h = host(b)
    numpy.testing.assert_array_equal(h[1], h[0] + 100)  # columns move whole
    assert sorted(h[0].tolist()) == list(range(100)) and h[0].tolist() != list(range(100))
    c = cupylike.arange(12).reshape(3, 4)[:, ::-1]  # a non-contiguous view shuffles in place
    g.shuffle(c, axis=-1)
    assert sorted(host(c)[0].tolist()) == [0, 1, 2, 3]
    numpy.testing.assert_array_equal(host(c)[2], host(c)[0] + 8)


@pytest.mark.vendor_library
@pytest.mark.parametrize(("name", "dtype"), [("random", numpy.float32), ("random", numpy.float64),
                                           ("standard_normal", numpy.float32),
                                           ("standard_normal", numpy.float64),
                                           ("standard_exponential", numpy.float32),
                                           ("standard_exponential", numpy.float64)])
def test_out_is_filled_in_memory_order_with_the_numbers_of_a_draw(name, dtype):
    expected = host(getattr(cr.default_rng(21), name)(6, dtype=dtype))
    c = cupylike.empty((2, 3), dtype)
    assert getattr(cr.default_rng(21), name)(dtype=dtype, out=c) is c
    numpy.testing.assert_array_equal(host(c).ravel(), expected)
    f = cupylike.empty((3, 2), dtype).T  # F-contiguous: NumPy fills its memory in order
    assert getattr(cr.default_rng(21), name)((2, 3), dtype=dtype, out=f) is f
    numpy.testing.assert_array_equal(host(f).ravel(order="F"), expected)


@pytest.mark.parametrize(("kwargs", "error"), [
    ({"out": "float32"}, TypeError),  # the default dtype is float64
    ({"out": "gaps"}, ValueError),
    ({"size": 4, "out": "float64"}, ValueError),
])
def test_bad_out_raises_as_numpy(kwargs, error):
    for xp, g in ((cupylike, cr.default_rng(0)), (numpy, numpy.random.default_rng(0))):
        out = {"float32": xp.empty(3, numpy.float32), "float64": xp.empty(3),
               "gaps": xp.empty((3, 4))[:, ::2]}[kwargs["out"]]
        with pytest.raises(error):
            g.random(**dict(kwargs, out=out))
    with pytest.raises(TypeError):  # a host array is not filled in place on the device
        cr.default_rng(0).random(out=numpy.empty(3))


@pytest.mark.vendor_library
def test_choice_of_an_array_takes_its_elements():
    g = cr.default_rng(4)
    a = cupylike.asarray([10, 20, 30])
    x = host(g.choice(a, 50))
    assert set(numpy.unique(x)) <= {10, 20, 30}
    m = cupylike.arange(12).reshape(4, 3)
    assert g.choice(m, 2, axis=1).shape == (4, 2)
    assert g.choice([5, 6], None).shape == ()


@pytest.mark.vendor_library
def test_choice_without_replacement_has_no_repeats():
    g = cr.default_rng(5)
    x = host(g.choice(10, 10, replace=False))
    assert sorted(x.tolist()) == list(range(10))
    x = host(g.choice(6, 3, replace=False, p=[0.2, 0.2, 0.2, 0.0, 0.2, 0.2]))
    assert len(set(x.tolist())) == 3 and 3 not in x


@pytest.mark.vendor_library
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
    (lambda g: g.integers([0, 5], [3, 5]), ValueError),
    (lambda g: g.integers([0, 5], [3, 5], endpoint=True), None),
    (lambda g: g.integers([[0], [5]], [3, 300]), ValueError),
    (lambda g: g.integers([0, 5]), ValueError),
    (lambda g: g.integers(0), ValueError),
    (lambda g: g.integers([0, 5], [3, 10], size=5), ValueError),
    (lambda g: g.integers([0, 5], [3, 10], size=(4, 3)), ValueError),
    (lambda g: g.integers([-1, 5], [3, 6], dtype=numpy.uint8), ValueError),
    (lambda g: g.integers([0, 5], [3, 257], dtype=numpy.uint8), ValueError),
    (lambda g: g.integers([0, 5], [3, 256], dtype=numpy.uint8), None),
    (lambda g: g.permutation(numpy.arange(6).reshape(2, 3), axis=2), numpy.exceptions.AxisError),
    (lambda g: g.permutation(numpy.array(3)), numpy.exceptions.AxisError),
    (lambda g: g.permutation(3.0), numpy.exceptions.AxisError),
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
@pytest.mark.vendor_library
def test_bad_arguments_raise_as_numpy(call, error):
    if error is None:  # an edge that is valid, in both
        call(cr.default_rng(0))
        call(numpy.random.default_rng(0))
        return
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


@pytest.mark.vendor_library
def test_the_rand_facade_checks_its_calls():
    from cupylike._core import _native

    with pytest.raises(TypeError):  # raw words are uint32
        _native._rand_generate(cupylike.empty(4, numpy.int32), "raw32", 1, 0)
    with pytest.raises(ValueError):  # normals come in pairs
        _native._rand_generate(cupylike.empty(3, numpy.float32), "normal", 1, 0, 0.0, 1.0)
    with pytest.raises(ValueError):
        _native._rand_generate(cupylike.empty(4, numpy.float32), "normal", 1, 0, 0.0, 0.0)
    with pytest.raises(ValueError):
        _native._rand_generate(cupylike.empty((4, 2), numpy.uint32)[:, 0], "raw32", 1, 0)
    with pytest.raises(ValueError):
        _native._rand_generate(cupylike.empty(4, numpy.uint32), "gumbel", 1, 0)
    _native._rand_log(True)
    try:
        _native._rand_generate(cupylike.empty(2, numpy.uint32), "poisson", 9, 4, 1.5)
        assert _native._take_rand_log() == [
            "rand philox4_32_10 seed=9 offset=4 poisson uint32 count=2 lambda=1.500000"]
    finally:
        _native._rand_log(False)


@pytest.mark.parametrize("name", cr._random_state.LEGACY_FUNCTIONS)
def test_module_functions_show_their_methods_parameters(name):
    # The method's parameters, not (*args, **kwargs): NumPy's, then CuPy's dtype= where
    # RandomState takes it.
    ours = list(inspect.signature(getattr(cr, name)).parameters)
    assert ours == list(inspect.signature(getattr(cr.RandomState, name)).parameters)[1:]
    method = getattr(numpy.random.RandomState, name, None)  # ranf, sample: module aliases
    theirs = list(inspect.signature(method or numpy.random.random).parameters)[1:]
    if method is not None and "args" not in theirs:
        assert ours[:len(theirs)] == theirs and ours[len(theirs):] in ([], ["dtype"])
