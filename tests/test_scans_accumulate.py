"""ufunc.accumulate against NumPy: every binary ufunc of the table over every dtype (accumulator
types, values, NumPy's errors), NumPy's own ufuncs on cupylike arrays (NEP 13), and the
ordering guarantees of the scan kernel's cut modes."""

import warnings
from concurrent.futures import ThreadPoolExecutor

import numpy
import pytest
from helpers.forced_modes import BLOCK, CHUNK, THREAD, TILE, forced_scan
from helpers.ufunc_accuracy import CUDA_ULPS, ON_REAL_GPU, assert_equal_on_host

import cupylike
from cupylike._core._scan_defs import ASSOCIATIVE, BINARY
from cupylike.testing import (
    ALL_DTYPES,
    assert_array_equal,
    numpy_cupylike_equal,
    same_error,
    sample_values,
)

NAMES = sorted(name for name in BINARY if isinstance(getattr(numpy, name, None), numpy.ufunc))




@pytest.fixture(scope="module", autouse=True)
def compiled_families():
    """Compile every family up front, two at a time (compiles run without the GIL)."""
    def warm(name):
        try:
            getattr(cupylike, name).accumulate(cupylike.ones(2, numpy.float64))
        except TypeError:
            pass  # no float64 loop (bitwise ops): compiled by the test itself

    with ThreadPoolExecutor(max_workers=2) as pool:
        list(pool.map(warm, NAMES))


def _inputs(dtype):
    """A 3-D array of values that every ufunc takes: small positive integers (no negative
    powers, no overflow of the shifts), NumPy's sample values for bool and inexact types."""
    if dtype.kind in "iu":
        return (numpy.arange(60).reshape(3, 4, 5) % 3 + 1).astype(dtype)
    return sample_values(dtype, (3, 4, 5), seed=5)


def _chain_scale(expected, host, axis):
    """The magnitudes each step's error is relative to: its result, its input and the previous
    result (logaddexp's terms cancel; see helpers/ufunc_accuracy.terms_scale)."""
    with numpy.errstate(all="ignore"):
        d = numpy.abs(numpy.asarray(expected)).astype(numpy.float64)
        previous = numpy.roll(d, 1, axis=axis)
        numpy.moveaxis(previous, axis, 0)[0] = 0
        x = numpy.abs(numpy.broadcast_to(host, d.shape)).astype(numpy.float64)
        scale = numpy.fmax(numpy.fmax(d, previous), x)
    return numpy.where(numpy.isfinite(scale), scale, 0)


def _run(accumulate, *args, **kwargs):
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return accumulate(*args, **kwargs), None
    except Exception as e:
        return None, e


@pytest.mark.parametrize("name", NAMES)
def test_accumulate_matches_numpy_for_every_dtype(name):
    for dtype in ALL_DTYPES:
        host = _inputs(dtype)
        dev = cupylike.asarray(host)
        for h, d, axis in [(host, dev, 0), (host, dev, 1), (host, dev, -1),
                           (host[::-1, 1:, ::2], dev[::-1, 1:, ::2], 2), (host[1], dev[1], 0)]:
            expected, np_error = _run(getattr(numpy, name).accumulate, h, axis=axis)
            actual, cp_error = _run(getattr(cupylike, name).accumulate, d, axis=axis)
            where = f"{name} {dtype} axis={axis}"
            if np_error is not None or cp_error is not None:
                assert np_error is not None and cp_error is not None, (where, np_error, cp_error)
                assert same_error(cp_error, np_error), (where, np_error, cp_error)
                continue
            if name == "multiply" and dtype.kind == "c":  # see test_scans.compare
                assert actual.dtype == expected.dtype
                numpy.testing.assert_allclose(actual.get(), expected, rtol=1e-6)
            else:
                # Exact on the cpu device and the emulated GPU; on a real GPU each of the
                # chain's steps adds CUDA's error for the math library's functions.
                steps, scale = h.shape[axis], _chain_scale(expected, h, axis)
                assert_equal_on_host(name, actual, expected, where, steps=steps, scale=scale)


@numpy_cupylike_equal()
def test_accumulator_types_follow_numpy(xp):
    small = xp.asarray(numpy.array([100, 100, 100], numpy.int8))
    floats = xp.asarray(numpy.array([0.0, 2.5, 1.0]))
    return (xp.add.accumulate(small), xp.multiply.accumulate(small),
            xp.subtract.accumulate(small), xp.maximum.accumulate(small),
            xp.add.accumulate(small, dtype=numpy.int8), xp.divide.accumulate(small),
            xp.logical_and.accumulate(floats), xp.add.accumulate(floats, dtype=numpy.float16))


@numpy_cupylike_equal()
def test_axis_forms_and_out(xp):
    x = xp.asarray(numpy.arange(1.0, 7.0).reshape(2, 3))
    out = xp.zeros((2, 3), numpy.int32)
    xp.multiply.accumulate(x, 1, None, out)
    return (xp.add.accumulate(x, axis=(1,)), xp.add.accumulate(x[0], axis=None),
            xp.minimum.accumulate(x, axis=-2), out, xp.add.accumulate(x, out=(xp.zeros((2, 3)),)))


@pytest.mark.parametrize("call", [
    lambda xp, x: xp.sin.accumulate(x),
    lambda xp, x: xp.divmod.accumulate(x),
    lambda xp, x: xp.add.accumulate(x[0, 0]),
    lambda xp, x: xp.add.accumulate(x, axis=None),
    lambda xp, x: xp.add.accumulate(x, axis=(0, 1)),
    lambda xp, x: xp.add.accumulate(x, axis=()),
    lambda xp, x: xp.add.accumulate(x, axis=2),
    lambda xp, x: xp.add.accumulate(x, out=xp.zeros((3, 2))),
    lambda xp, x: xp.divide.accumulate(x, dtype=numpy.int32),
    lambda xp, x: xp.equal.accumulate(x.astype(numpy.int8)),
    lambda xp, x: xp.subtract.accumulate(x.astype(bool)),
    lambda xp, x: xp.ldexp.accumulate(x),
], ids=["unary", "two-outputs", "zero-d", "axis-none-2d", "two-axes", "no-axes", "axis-2",
        "out-shape", "no-loop-for-dtype", "bool-output", "bool-subtract", "mixed-loops"])
@numpy_cupylike_equal(accept_error=(TypeError, ValueError, numpy.exceptions.AxisError))
def test_bad_accumulations_raise_numpys_errors(xp, call):
    return call(xp, xp.asarray(numpy.ones((2, 3))))


def test_numpys_ufuncs_accumulate_cupylike_arrays():
    host = numpy.arange(1, 13, dtype=numpy.int16).reshape(3, 4)
    dev = cupylike.asarray(host)
    result = numpy.add.accumulate(dev, axis=1)
    assert isinstance(result, cupylike.ndarray)
    assert_array_equal(result, numpy.add.accumulate(host, axis=1))
    out = cupylike.zeros((3, 4), numpy.float32)
    assert numpy.maximum.accumulate(dev, axis=0, dtype=numpy.float32, out=out) is out
    assert_array_equal(out, numpy.maximum.accumulate(host, axis=0, dtype=numpy.float32))


@pytest.mark.parametrize("mode", [None, THREAD, TILE, CHUNK, BLOCK])
def test_ordered_ops_run_left_to_right_in_every_mode(mode):
    # Not associative: chunked modes fall back to a thread per slice, so results are exact.
    rng = numpy.random.default_rng(7)
    floats = rng.random(20_011) + 0.5
    ints = rng.integers(1, 4, 20_011).astype(numpy.int64)
    cases = [("subtract", floats), ("divide", floats), ("power", ints), ("subtract", ints),
             ("arctan2", floats)]
    shapes = [(name, h) for name, host in cases for h in (host, host.reshape(-1, 1).repeat(9, 1))]
    # On a real GPU, CUDA's atan2 rounds unlike the C library and each step of the chain
    # carries the error on: the order is checked against this device's own thread per slice
    # running left to right (bit for bit), and NumPy's values within the chain's bound.
    sequential = {}
    if ON_REAL_GPU:
        with forced_scan(THREAD, 1):
            sequential = {(name, h.ndim): getattr(cupylike, name).accumulate(cupylike.asarray(h))
                          for name, h in shapes if name in CUDA_ULPS}
    with forced_scan(mode, 6):
        for name, h in shapes:
            assert name not in ASSOCIATIVE
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                expected = getattr(numpy, name).accumulate(h)
            actual = getattr(cupylike, name).accumulate(cupylike.asarray(h))
            where = f"{name} {h.shape}"
            if (name, h.ndim) in sequential:
                assert_array_equal(actual, sequential[name, h.ndim], err_msg=where)
                assert_equal_on_host(name, actual, expected, where, steps=h.shape[0])
            else:
                assert_array_equal(actual, expected, err_msg=where)


@pytest.mark.parametrize("mode", [None, THREAD, TILE, CHUNK, BLOCK])
def test_exact_associative_ops_match_in_every_mode(mode):
    rng = numpy.random.default_rng(8)
    floats = rng.standard_normal(50_001)
    floats[::97] = numpy.nan
    ints = rng.integers(0, 2**40, 50_001)
    flags = rng.random(50_001) < 0.99
    cases = [("maximum", floats), ("minimum", floats), ("fmax", floats), ("fmin", floats),
             ("maximum", ints), ("bitwise_or", ints), ("bitwise_xor", ints), ("gcd", ints),
             ("logical_and", flags), ("logical_xor", flags), ("not_equal", flags)]
    with forced_scan(mode, 5):
        for name, host in cases:
            for h in (host, host[:-1].reshape(-1, 50).T):
                expected = getattr(numpy, name).accumulate(h)
                actual = getattr(cupylike, name).accumulate(cupylike.asarray(h))
                assert_array_equal(actual, expected, err_msg=f"{name} {h.dtype} {h.shape}")
