"""cupylike.random's bit generators: NumPy's raw words, states and seeds for the host-made
ones (MT19937, PCG64, PCG64DXSM, SFC64), Philox's state and spawning, the legacy and module
state functions, NumPy's errors, and quick goodness-of-fit checks of Generator over each bit
generator (on whichever device the run selects)."""

import copy
import ctypes
import inspect
import math
import os
import pickle

import numpy
import pytest
from helpers.random_stats import assert_ks, normal_cdf

import cupylike
import cupylike.random as cr
from cupylike._core import _cuda_search, _native

HOST_MADE = ["MT19937", "PCG64", "PCG64DXSM", "SFC64"]


def host(x):
    return cupylike.asnumpy(x)


def same_state(a, b):
    """States compared key by key (MT19937's and SFC64's hold arrays)."""
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same_state(a[k], b[k]) for k in a)
    return numpy.array_equal(a, b)


def both(name, seed):
    return getattr(cr, name)(seed), getattr(numpy.random, name)(seed)


@pytest.mark.parametrize("name", HOST_MADE)
@pytest.mark.parametrize("seed", [0, 12345, 2**70, [1, 2, 3], numpy.random.SeedSequence(9)])
def test_raw_words_are_numpys(name, seed):
    ours, theirs = both(name, seed)
    a = ours.random_raw((3, 4))
    assert isinstance(a, cupylike.ndarray) and a.dtype == numpy.uint64 and a.shape == (3, 4)
    numpy.testing.assert_array_equal(host(a), theirs.random_raw((3, 4)))
    assert host(ours.random_raw()) == theirs.random_raw()
    assert ours.random_raw(5, output=False) is None
    theirs.random_raw(5)
    numpy.testing.assert_array_equal(host(ours.random_raw(7)), theirs.random_raw(7))
    assert same_state(ours.state, theirs.state)


@pytest.mark.parametrize("name", ["PCG64", "PCG64DXSM", "SFC64"])
def test_generator_random_is_numpys_over_64_bit_generators(name):
    # The same formulas on the same words: NumPy's doubles (top 53 bits of a word) and floats
    # (top 24 bits of a 32-bit half, halves buffered as NumPy does).
    ours, theirs = cr.Generator(getattr(cr, name)(3)), numpy.random.Generator(
        getattr(numpy.random, name)(3))
    numpy.testing.assert_array_equal(host(ours.random(101)), theirs.random(101))
    numpy.testing.assert_array_equal(host(ours.random(9, dtype=numpy.float32)),
                                     theirs.random(9, dtype=numpy.float32))
    numpy.testing.assert_array_equal(host(ours.random(4)), theirs.random(4))
    assert same_state(ours.bit_generator.state, theirs.bit_generator.state)


@pytest.mark.parametrize("name", HOST_MADE)
def test_state_round_trips_and_replays(name):
    bg = getattr(cr, name)(4)
    saved = bg.state
    a = host(bg.random_raw(10))
    bg.state = saved
    numpy.testing.assert_array_equal(host(bg.random_raw(10)), a)
    other = getattr(numpy.random, name)(4)
    other.state = saved
    numpy.testing.assert_array_equal(other.random_raw(10), a)


@pytest.mark.parametrize("name", [*HOST_MADE, "Philox"])
def test_state_setter_errors_are_numpys(name):
    ours, theirs = both(name, 1)
    for bad, error in ((5, TypeError), ({"bit_generator": "Nope", "state": {}}, ValueError)):
        with pytest.raises(error, match="state must be"):
            ours.state = bad
        with pytest.raises(error, match="state must be"):
            theirs.state = bad


@pytest.mark.parametrize("name", [*HOST_MADE, "Philox"])
def test_seeds_and_seed_errors_are_numpys(name):
    cls, ref = getattr(cr, name), getattr(numpy.random, name)
    assert isinstance(cls(None).seed_seq, numpy.random.SeedSequence)
    ss = numpy.random.SeedSequence(77)
    assert cls(ss).seed_seq is ss
    assert cls([1, 2]).seed_seq.entropy == ref([1, 2]).seed_seq.entropy == [1, 2]
    for bad, error in ((-1, ValueError), (1.5, TypeError), ("a", TypeError),
                       ([1, -2], ValueError)):
        with pytest.raises(error):
            ref(bad)
        with pytest.raises(error):
            cls(bad)
    assert inspect.signature(cls) == inspect.signature(ref) or name == "Philox"


@pytest.mark.vendor_library
def test_philox_keeps_int_seeds_and_hashes_others():
    assert cr.Philox(5).seed == 5
    assert cr.Philox(numpy.random.SeedSequence(5)).seed == cr.Philox([5]).seed != 5
    numpy.testing.assert_array_equal(host(cr.Philox(8).random_raw(6)),
                                     host(cr.Philox(8).words64((6,))))
    assert cr.Philox(None).seed != cr.Philox(None).seed


@pytest.mark.vendor_library
@pytest.mark.parametrize("name", [*HOST_MADE, "Philox"])
def test_spawned_streams_differ_and_reproduce(name):
    children = getattr(cr, name)(21).spawn(3)
    again = getattr(cr, name)(21).spawn(3)
    words = [host(c.random_raw(64)) for c in children]
    for i, w in enumerate(words):
        numpy.testing.assert_array_equal(w, host(again[i].random_raw(64)))
        for v in words[:i]:
            assert not numpy.array_equal(w, v)
    parent = getattr(cr, name)(21)
    first, second = parent.spawn(1), parent.spawn(1)  # each call gives new children
    assert not numpy.array_equal(host(first[0].random_raw(8)), host(second[0].random_raw(8)))
    if name != "Philox":  # the children are NumPy's children
        ref = getattr(numpy.random, name)(21).spawn(3)
        numpy.testing.assert_array_equal(words[1], ref[1].random_raw(64))
    else:  # distinct keys, each from its child SeedSequence
        assert len({c.seed for c in children}) == 3
    gens = cr.Generator(getattr(cr, name)(21)).spawn(2)
    assert all(type(g) is cr.Generator for g in gens)
    numpy.testing.assert_array_equal(host(gens[0].bit_generator.random_raw(64)), words[0])


def test_spawn_needs_a_spawnable_seed_sequence():
    class Fixed(numpy.random.bit_generator.ISeedSequence):
        def generate_state(self, n_words, dtype=numpy.uint32):
            return numpy.arange(1, n_words + 1, dtype=dtype)

    bg = cr.PCG64(Fixed())
    with pytest.raises(TypeError, match="does not implement spawning"):
        bg.spawn(1)
    with pytest.raises(TypeError, match="does not implement spawning"):
        numpy.random.PCG64(Fixed()).spawn(1)


@pytest.mark.parametrize("name", ["MT19937", "PCG64", "PCG64DXSM"])
def test_jumped_and_advance_are_numpys(name):
    ours, theirs = both(name, 6)
    numpy.testing.assert_array_equal(host(ours.jumped(2).random_raw(5)),
                                     theirs.jumped(2).random_raw(5))
    if name != "MT19937":
        assert ours.advance(1000) is ours
        theirs.advance(1000)
        numpy.testing.assert_array_equal(host(ours.random_raw(5)), theirs.random_raw(5))


def test_generator_and_default_rng_take_every_bit_generator():
    for name in [*HOST_MADE, "Philox"]:
        bg = getattr(cr, name)(1)
        assert cr.Generator(bg).bit_generator is bg
        assert cr.default_rng(bg).bit_generator is bg
    assert isinstance(cr.default_rng(numpy.random.SeedSequence(3)).bit_generator, cr.Philox)
    assert cr.default_rng(cr.XORWOW(2)).bit_generator.state["bit_generator"] == "XORWOW"
    for bad in (numpy.random.PCG64(1), 5):
        with pytest.raises(TypeError, match="bit generator"):
            cr.Generator(bad)
    assert issubclass(cr.Philox, cr.BitGenerator) and cr.SeedSequence is numpy.random.SeedSequence


def test_random_state_over_mt19937_is_numpys_legacy_stream():
    rs = cr.RandomState(cr.MT19937())
    rs.seed(5)
    ref = numpy.random.RandomState(5)
    state = rs.get_state()
    expected = ref.get_state()
    assert state[0] == "MT19937" and state[2] == expected[2] and state[3:] == (0, 0.0)
    numpy.testing.assert_array_equal(state[1], expected[1])
    numpy.testing.assert_array_equal(host(rs._bit_generator.random_raw(8)),
                                     ref._bit_generator.random_raw(8))
    rs.set_state(ref.get_state())  # NumPy's tuple, and NumPy's dict
    numpy.testing.assert_array_equal(host(rs._bit_generator.random_raw(3)),
                                     ref._bit_generator.random_raw(3))
    rs.set_state(ref.get_state(legacy=False))
    assert rs.get_state(legacy=False)["state"]["pos"] == ref.get_state(legacy=False)["state"][
        "pos"]


@pytest.mark.parametrize("make", [lambda: cr.RandomState(cr.PCG64(1)),
                                  lambda: numpy.random.RandomState(numpy.random.PCG64(1))])
def test_random_state_state_errors_are_numpys(make):
    rs = make()
    with pytest.raises(TypeError, match="can only re-seed a MT19937 BitGenerator"):
        rs.seed(3)
    with pytest.warns(RuntimeWarning, match="legacy can only be used with the MT19937"):
        st = rs.get_state()
    assert st["bit_generator"] == "PCG64" and st["has_gauss"] == 0
    with pytest.raises(ValueError, match="legacy MT19937 state"):
        rs.set_state(("PCG64", 1, 2))
    with pytest.raises(TypeError, match="state must be a dict or a tuple"):
        rs.set_state(5)
    with pytest.raises(ValueError, match="state dictionary is not valid"):
        rs.set_state({"state": {}})
    rs.set_state(st)
    assert same_state(rs.get_state(legacy=False), st)


@pytest.mark.vendor_library
def test_module_state_functions_replay_and_reset():
    cr.seed(31)
    state = cr.get_state()
    assert state["bit_generator"] == "Philox" and state["state"]["seed"] == 31
    a = host(cr.rand(5))
    cr.set_state(state)
    numpy.testing.assert_array_equal(host(cr.rand(5)), a)
    before = cr.get_random_state()
    cr.reset_states()
    assert cr.get_random_state() is not before
    for fn in (cr.get_state, cr.set_state, cr.RandomState.get_state, cr.BitGenerator.random_raw,
               cr.BitGenerator.spawn, cr.Generator.spawn):
        ref = getattr(numpy.random, fn.__qualname__.split(".")[0], None)
        ref = getattr(ref, fn.__name__) if "." in fn.__qualname__ else getattr(numpy.random,
                                                                               fn.__name__)
        assert inspect.signature(fn) == inspect.signature(ref)


@pytest.mark.vendor_library
@pytest.mark.parametrize("name", [*HOST_MADE, "Philox"])
def test_generator_over_each_bit_generator_draws_right_distributions(name):
    g = cr.Generator(getattr(cr, name)(2024))
    assert_ks(g.random(20_000), lambda x: numpy.clip(x, 0, 1))
    assert_ks(g.standard_normal(20_000), normal_cdf)
    assert_ks(g.standard_normal(20_000, dtype=numpy.float32), normal_cdf)
    counts = host(g.poisson(3.0, 20_000))
    assert counts.dtype == numpy.int64
    assert abs(counts.mean() - 3.0) < 4 * math.sqrt(3.0 / counts.size)


CURAND_TYPES = {"XORWOW": 101, "MRG32k3a": 121, "Philox4x3210": 161}


def curand_host_words(name, seed, offset, n):
    """cuRAND's host generator's raw words, called directly (the library the facade opens:
    CUPYLIKE_LIBCURAND's, else the one cuda-pathfinder finds)."""
    path = os.environ.get("CUPYLIKE_LIBCURAND") or _cuda_search.locate("library", "curand")[0]
    if not path:
        pytest.skip("no cuRAND library to compare with")
    lib = ctypes.CDLL(path)
    gen = ctypes.c_void_p()
    assert lib.curandCreateGeneratorHost(ctypes.byref(gen), CURAND_TYPES[name]) == 0
    try:
        assert lib.curandSetPseudoRandomGeneratorSeed(gen, ctypes.c_ulonglong(seed)) == 0
        assert lib.curandSetGeneratorOffset(gen, ctypes.c_ulonglong(offset)) == 0
        out = numpy.empty(n, numpy.uint32)
        assert lib.curandGenerate(gen, out.ctypes.data_as(ctypes.c_void_p), ctypes.c_size_t(n)) == 0
    finally:
        lib.curandDestroyGenerator(gen)
    return out


@pytest.mark.vendor_library
@pytest.mark.parametrize("name", ["XORWOW", "MRG32k3a", "Philox4x3210"])
def test_cupys_generators_draw_curands_streams(name):
    # Two draws that continue each other (MRG32k3a seeks cost seconds: one stream, no seek).
    bg = getattr(cr, name)(1234, size=100)
    first = host(bg.random_raw(6))
    assert first.dtype == numpy.uint64 and first.max() < 2**32  # CuPy's: 32-bit words
    words = host(bg.draw("raw32", (10,), numpy.uint32))
    expected = curand_host_words(name, 1234, 0, 16)
    numpy.testing.assert_array_equal(numpy.concatenate([first, words]), expected)
    assert bg.state == {"bit_generator": name, "state": {"seed": 1234, "offset": 16}}
    if name == "Philox4x3210":
        numpy.testing.assert_array_equal(host(cr.Philox(1234).draw("raw32", (16,),
                                                                    numpy.uint32)), expected)


@pytest.mark.vendor_library
def test_xorwow_state_spawn_and_distributions():
    bg = cr.XORWOW(5)
    saved = bg.state
    a = host(bg.random_raw(7))
    bg.state = saved
    numpy.testing.assert_array_equal(host(bg.random_raw(7)), a)
    with pytest.raises(ValueError, match="state must be for a XORWOW RNG"):
        bg.state = cr.Philox(5).state
    kids = bg.spawn(2)
    assert type(kids[0]) is cr.XORWOW and kids[0].seed != kids[1].seed
    with pytest.raises(TypeError):
        cr.XORWOW(1, size=1.5)
    g = cr.Generator(cr.XORWOW(99))
    assert_ks(g.random(20_000), lambda x: numpy.clip(x, 0, 1))
    assert_ks(g.standard_normal(20_000, dtype=numpy.float32), normal_cdf)
    counts = host(g.poisson(3.0, 20_000))
    assert abs(counts.mean() - 3.0) < 4 * math.sqrt(3.0 / counts.size)


@pytest.mark.vendor_library
@pytest.mark.parametrize("name", ["PCG64", "MT19937", "Philox", "XORWOW"])
def test_copies_and_pickles_continue_the_stream(name):
    g = cr.Generator(getattr(cr, name)(17))
    g.random(3)
    copies = [copy.deepcopy(g), pickle.loads(pickle.dumps(g))]
    expected = host(g.random(5))  # the original, after the copies were made
    for copied in copies:
        numpy.testing.assert_array_equal(host(copied.random(5)), expected)
        assert copied.bit_generator.lock is not g.bit_generator.lock


def test_the_facade_is_told_the_generator():
    # A dry run of the rand facade's log: each cuRAND generator's draws name it.
    _native._rand_log(True, True)
    try:
        for cls in (cr.XORWOW, cr.MRG32k3a, cr.Philox4x3210):
            cls(5).draw("raw32", (3,), numpy.uint32)
        log = _native._take_rand_log()
    finally:
        _native._rand_log(False)
    assert [entry.split()[1] for entry in log] == ["xorwow", "mrg32k3a", "philox4_32_10"]
    assert log[0] == "rand xorwow seed=5 offset=0 raw32 uint32 count=3"
    with pytest.raises(ValueError, match="unknown generator 'nope'"):
        _native._rand_generate(_native.empty((2,), numpy.uint32), "raw32", 1, 0, 0.0, 0.0,
                               "nope")
