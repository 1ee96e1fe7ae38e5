"""cupylike.random's streams: a seed gives the same numbers every time, consecutive draws
continue the stream (n then m equals n + m), RandomState and the module functions reseed,
separate seeds are independent, and the cpu device's two-thread draws equal one-thread ones."""

import numpy
import pytest

import cupylike
import cupylike.random as cr
from cupylike._core import _native


def host(x):
    return cupylike.asnumpy(x)


@pytest.mark.parametrize("draw", [
    lambda g: g.random(1000),
    lambda g: g.random(1000, dtype=numpy.float32),
    lambda g: g.standard_normal(1000),
    lambda g: g.standard_normal(1000, dtype=numpy.float32),
    lambda g: g.integers(0, 1000, 1000),
    lambda g: g.gamma(0.7, 1.0, 1000),
    lambda g: g.binomial(100, 0.4, 1000),
    lambda g: g.poisson(5.0, 1000),
    lambda g: g.permutation(1000),
], ids=["random64", "random32", "normal64", "normal32", "integers", "gamma", "binomial",
        "poisson", "permutation"])
@pytest.mark.vendor_library
def test_same_seed_gives_the_same_numbers(draw):
    a, b, c = draw(cr.default_rng(42)), draw(cr.default_rng(42)), draw(cr.default_rng(43))
    numpy.testing.assert_array_equal(host(a), host(b))
    assert not numpy.array_equal(host(a), host(c))


@pytest.mark.vendor_library
@pytest.mark.parametrize("draw", [
    lambda g, n: g.random(n),
    lambda g, n: g.random(n, dtype=numpy.float32),
    lambda g, n: g.integers(-50, 50, n),
    lambda g, n: g.standard_normal(n),
    lambda g, n: g.standard_normal(n, dtype=numpy.float32),
], ids=["random64", "random32", "integers", "normal64", "normal32"])
def test_drawing_n_then_m_equals_drawing_n_plus_m(draw, request):
    # Normals come in pairs, so n is even for them.
    g = cr.default_rng(5)
    parts = numpy.concatenate([host(draw(g, 10)), host(draw(g, 7))])
    whole = host(draw(cr.default_rng(5), 17))
    if request.node.callspec.id == "normal64":
        # The same words; on the cpu device log, cos and sin of the vectorised loop are
        # libmvec's, whose results differ from the scalar functions' (the loop's remainder)
        # by an ULP or so, and which elements go through which depends on the draw's length.
        numpy.testing.assert_array_max_ulp(parts, whole, maxulp=4)
    else:
        numpy.testing.assert_array_equal(parts, whole)


@pytest.mark.vendor_library
def test_different_kinds_of_draws_do_not_reuse_words():
    # A float32 draw after float64 ones starts past every word they used.
    g = cr.default_rng(6)
    a = host(g.random(3))
    b = host(g.random(4, dtype=numpy.float32))
    words = host(cr.Philox(6).draw("raw32", (10,), numpy.uint32))
    numpy.testing.assert_array_equal(b, (words[6:10] >> 8) * numpy.float32(2**-24))
    lo, hi = words[0:6:2].astype(numpy.uint64), words[1:6:2].astype(numpy.uint64)
    numpy.testing.assert_array_equal(a, (((hi << numpy.uint64(32)) | lo) >> numpy.uint64(11))
                                     * 2.0**-53)


@pytest.mark.vendor_library
def test_random_state_reseeds_to_its_first_stream():
    rs = cr.RandomState(11)
    first = host(rs.rand(5))
    host(rs.randn(3))
    rs.seed(11)
    numpy.testing.assert_array_equal(host(rs.rand(5)), first)
    numpy.testing.assert_array_equal(host(cr.RandomState(11).rand(5)), first)


@pytest.mark.vendor_library
def test_get_and_set_state_replay_draws():
    rs = cr.RandomState(12)
    state = rs.get_state()
    a = host(rs.randint(0, 100, 20))
    rs.set_state(state)
    numpy.testing.assert_array_equal(host(rs.randint(0, 100, 20)), a)


@pytest.mark.vendor_library
def test_module_functions_follow_seed():
    cr.seed(13)
    a = host(cr.rand(4)), host(cr.randn(2)), host(cr.randint(0, 9, 3))
    cr.seed(13)
    b = host(cr.rand(4)), host(cr.randn(2)), host(cr.randint(0, 9, 3))
    for x, y in zip(a, b, strict=True):
        numpy.testing.assert_array_equal(x, y)
    assert cr.get_random_state() is cr.get_random_state()


@pytest.mark.vendor_library
def test_set_random_state_replaces_the_default():
    old = cr.get_random_state()
    try:
        cr.set_random_state(cr.RandomState(14))
        numpy.testing.assert_array_equal(host(cr.random_sample(3)),
                                         host(cr.RandomState(14).random_sample(3)))
    finally:
        cr.set_random_state(old)
    with pytest.raises(TypeError):
        cr.set_random_state(object())


@pytest.mark.vendor_library
def test_separate_seeds_are_uncorrelated():
    n = 20_000
    a = host(cr.default_rng(1).standard_normal(n))
    b = host(cr.default_rng(2).standard_normal(n))
    assert abs(numpy.corrcoef(a, b)[0, 1]) < 4 / n**0.5
    # Neighbouring draws of one stream too.
    assert abs(numpy.corrcoef(a[:-1], a[1:])[0, 1]) < 4 / n**0.5


@pytest.mark.vendor_library
def test_default_rng_passes_generators_through_and_shares_bit_generators():
    g = cr.default_rng(3)
    assert cr.default_rng(g) is g
    bg = cr.Philox(3)
    assert cr.Generator(bg).bit_generator is bg
    numpy.testing.assert_array_equal(host(cr.default_rng(bg).random(3)), host(g.random(3)))


@pytest.mark.vendor_library
def test_large_seeds_and_seed_sequences_are_accepted():
    for seed in (2**64 - 1, 2**70, [1, 2, 3]):
        a = host(cr.default_rng(seed).random(3))
        numpy.testing.assert_array_equal(a, host(cr.default_rng(seed).random(3)))


def _cpu_draw(kind, dtype, n, seed, offset, threads, direct=True):
    _native._rand_host_threads(threads)
    _native._rand_host_direct(direct)
    try:
        x = _native.empty((n,), dtype)
        _native._rand_generate(x, kind, seed, offset, 0.0, 1.0)
        return host(x)
    finally:
        _native._rand_host_threads(0)
        _native._rand_host_direct(True)


@pytest.mark.vendor_library
@pytest.mark.parametrize(("seed", "offset", "n"), [
    (0, 0, 10), (5, 3, (1 << 19) + 5), (2**40 + 17, 262141, 11), (2**64 - 1, 2**33 + 7, 1000),
    (9, 2**50 + 3, 9)])
def test_cpu_raw_words_are_curands_host_generator_words(seed, offset, n):
    # The cpu device computes raw words itself (csrc/libs/philox.cpp); cuRAND's host
    # generator gives the same words, across its 65536-subsequence layout and large offsets.
    ours = _cpu_draw("raw32", numpy.uint32, n, seed, offset, 0)
    numpy.testing.assert_array_equal(ours, _cpu_draw("raw32", numpy.uint32, n, seed, offset, 1,
                                                     direct=False))


@pytest.mark.vendor_library
def test_cpu_draws_split_over_threads_give_the_same_numbers():
    # Large cpu draws run on two threads (raw words from 2**18 a thread, cuRAND's host
    # generator from 2**23 words, each thread's generator at its own offset); the numbers must
    # not depend on that.
    n = (1 << 23) + 10
    for kind, dtype, direct in (("raw32", numpy.uint32, True), ("raw32", numpy.uint32, False),
                                ("normal", numpy.float32, False)):
        numpy.testing.assert_array_equal(_cpu_draw(kind, dtype, n, 77, 6, 1, direct),
                                         _cpu_draw(kind, dtype, n, 77, 6, 2, direct))


@pytest.mark.vendor_library
def test_generators_reading_one_stream_in_turns_stay_exact():
    # Two generators of one seed alternate, so the cached cuRAND generator must seek.
    a, b = cr.default_rng(8), cr.default_rng(8)
    xa, xb = [], []
    for _ in range(2):
        xa.append(host(a.random(5)))
        xb.append(host(b.random(5)))
    numpy.testing.assert_array_equal(numpy.concatenate(xa), numpy.concatenate(xb))
