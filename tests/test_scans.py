"""cumsum, cumprod, nancumsum, nancumprod, diff and ediff1d against NumPy: every dtype, the
layouts of tests/helpers/layouts.py, each axis, dtype= and out=, errors, and every way the scan
kernel cuts its work (forced on the cpu device, the GPU's block-per-chunk scan included)."""

import warnings

import numpy
import pytest
from helpers.forced_modes import BLOCK, CHUNK, THREAD, TILE, forced_scan
from helpers.layouts import layout_pairs

import cupylike
from cupylike.testing import (
    ALL_DTYPES,
    assert_array_equal,
    for_all_dtypes,
    numpy_cupylike_equal,
    same_error,
    sample_values,
)

MODES = [None, THREAD, TILE, CHUNK, BLOCK]
SIZES = [1, 31, 32, 33, 1023, 1025, 10**6 + 1]




def compare(name, host, dev, *args, **kwargs):
    """numpy.<name>(host, ...) and cupylike.<name>(dev, ...): equal results (sequential scans
    match NumPy's to the bit), or errors of the same type."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # overflow in integer and float products
            expected, np_error = getattr(numpy, name)(host, *args, **kwargs), None
    except Exception as e:
        expected, np_error = None, e
    try:
        actual, cp_error = getattr(cupylike, name)(dev, *args, **kwargs), None
    except Exception as e:
        actual, cp_error = None, e
    if np_error is not None or cp_error is not None:
        assert np_error is not None and cp_error is not None, (name, args, np_error, cp_error)
        assert same_error(cp_error, np_error), (name, args, np_error, cp_error)
        return
    if "prod" in name and expected.dtype.kind == "c":
        # NumPy multiplies with fused multiply-adds along axes of length 2 (its SIMD loop,
        # which it skips when the accumulation's operands overlap): one rounding apart.
        assert actual.dtype == expected.dtype
        numpy.testing.assert_allclose(actual.get(), expected,
                                      rtol=1e-6 if expected.dtype.itemsize == 8 else 1e-15)
        return
    assert_array_equal(actual, expected, err_msg=f"{name} {args} {kwargs}")


def assert_close(actual, desired, rtol, scale=None):
    """Values up to a reassociation at chunk boundaries: |error| within rtol of `scale` (by
    default |desired| + 1; for sums of mixed signs, the running sum of magnitudes)."""
    a = actual.get()
    assert a.dtype == desired.dtype and a.shape == desired.shape
    if scale is None:
        scale = numpy.abs(desired).astype(numpy.float64) + 1
    assert numpy.all(numpy.abs(a.astype(numpy.complex128) - desired) <= rtol * scale)


def assert_as_accurate_as_numpy(actual, host):
    """A float cumsum no further from the exact sums (float64, or longdouble for float64)
    than twice NumPy's sequential one, give or take a few rounding errors."""
    exact = numpy.cumsum(host.astype(numpy.longdouble if host.dtype.itemsize == 8
                                     else numpy.float64))
    ours = numpy.abs(actual.get() - exact).max()
    theirs = numpy.abs(numpy.cumsum(host) - exact).max()
    assert actual.dtype == host.dtype
    assert ours <= 2 * theirs + 4 * numpy.finfo(host.dtype).eps * numpy.abs(exact).max()


@pytest.mark.parametrize("name", ["cumsum", "cumprod"])
@for_all_dtypes()
def test_scans_match_numpy_on_every_layout_and_axis(name, dtype):
    for _, host, dev in layout_pairs(dtype):
        for axis in [None, *range(-host.ndim - 1, max(host.ndim, 1) + 1)]:
            compare(name, host, dev, axis=axis)


@pytest.mark.parametrize("name", ["cumsum", "cumprod"])
@for_all_dtypes()
def test_scans_along_each_axis_of_3d_arrays_in_every_mode(name, dtype):
    host = sample_values(dtype, (5, 33, 40), seed=2)
    if dtype.kind in "fc":  # finite values; near 1 for products
        host = numpy.random.default_rng(2).standard_normal((5, 33, 40)).astype(dtype)
        if dtype.kind == "c":
            host = host + 1j * host[::-1]
        if name == "cumprod":
            host = (1 + host / 100).astype(dtype)
    dev = cupylike.asarray(host)
    for mode in MODES:
        for chunks in ([1, 3, 7] if mode in (CHUNK, BLOCK) else [1]):
            with forced_scan(mode, chunks):
                for axis in (0, 1, 2, None):
                    with warnings.catch_warnings():
                        warnings.simplefilter("ignore")
                        expected = getattr(numpy, name)(host, axis=axis)
                    actual = getattr(cupylike, name)(dev, axis=axis)
                    cut = mode in (CHUNK, BLOCK) and chunks > 1 or mode == BLOCK
                    if (cut or name == "cumprod") and dtype.kind in "fc" and dtype != "e":
                        scale = None if name == "cumprod" else numpy.cumsum(abs(host), axis)
                        double = expected.real.dtype == numpy.float64
                        assert_close(actual, expected, 1e-13 if double else 1e-5, scale)
                    else:  # integers wrap alike; float16 always runs in order
                        assert_array_equal(actual, expected, err_msg=f"{mode} {chunks} {axis}")


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("size", SIZES)
def test_sizes_across_block_and_chunk_boundaries(size, mode):
    rng = numpy.random.default_rng(size)
    ints = rng.integers(-9, 10, size).astype(numpy.int32)
    floats = rng.random(size).astype(numpy.float32)
    for chunks in ([1, 4, 33] if mode in (CHUNK, BLOCK) else [1]):
        with forced_scan(mode, chunks):
            assert_array_equal(cupylike.cumsum(cupylike.asarray(ints)), numpy.cumsum(ints))
            assert_array_equal(cupylike.maximum.accumulate(cupylike.asarray(ints)),
                               numpy.maximum.accumulate(ints))
            assert_as_accurate_as_numpy(cupylike.cumsum(cupylike.asarray(floats)), floats)
            if size < 10**6:  # a slice of a 2-D array, scanned along each axis
                block = cupylike.asarray(ints[: size // 3 * 3].reshape(3, -1))
                for axis in (0, 1):
                    assert_array_equal(cupylike.cumsum(block, axis=axis),
                                       numpy.cumsum(block.get(), axis=axis))


@pytest.mark.parametrize("mode", MODES)
def test_non_contiguous_negative_and_broadcast_inputs_in_every_mode(mode):
    host = numpy.arange(3 * 70 * 90, dtype=numpy.int64).reshape(3, 70, 90) % 7 - 3
    dev = cupylike.asarray(host)
    views = [
        (host[:, ::-2, 1::3], dev[:, ::-2, 1::3]),
        (host.transpose(2, 0, 1), dev.transpose(2, 0, 1)),
        (numpy.broadcast_to(host[:1, :1], (4, 70, 90)),
         cupylike.broadcast_to(dev[:1, :1], (4, 70, 90))),
        (numpy.asfortranarray(host), cupylike.asfortranarray(dev)),
    ]
    with forced_scan(mode, 5):
        for h, d in views:
            for axis in (None, 0, 1, 2, -1):
                compare("cumsum", h, d, axis=axis)
                compare("cumprod", h, d, axis=axis)


def test_float16_rounds_every_step_as_numpy_does():
    # 0.1 added in float16 stalls at 256, as NumPy's sequential float16 sum does.
    host = numpy.full(100_003, 0.1, numpy.float16)
    for mode in MODES:
        with forced_scan(mode, 8):
            assert_array_equal(cupylike.cumsum(cupylike.asarray(host)), numpy.cumsum(host))
    assert cupylike.cumsum(cupylike.asarray(host))[-1].get() == 256


def test_long_sums_split_into_chunks_are_as_accurate_as_numpys():
    host = numpy.random.default_rng(0).random(10**6 + 1)
    for dtype in (numpy.float32, numpy.float64):
        assert_as_accurate_as_numpy(cupylike.cumsum(cupylike.asarray(host.astype(dtype))),
                                    host.astype(dtype))
    c = (host + 1j * host[::-1]).astype(numpy.complex64)
    assert_close(cupylike.cumsum(cupylike.asarray(c)), numpy.cumsum(c), 1e-4)


@pytest.mark.parametrize("name", ["cumsum", "cumprod"])
def test_dtype_selects_the_accumulator_for_every_pair(name):
    host = numpy.arange(24).reshape(4, 6) % 4
    for src in ALL_DTYPES:
        h = host.astype(src)
        d = cupylike.asarray(h)
        for dtype in ALL_DTYPES:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", numpy.exceptions.ComplexWarning)
                compare(name, h, d, axis=1, dtype=dtype)
            compare(name, h, d, dtype=dtype)


@numpy_cupylike_equal()
def test_bool_and_narrow_integers_accumulate_in_64_bits(xp):
    x = xp.asarray(numpy.array([100, 100, 100], numpy.int8))
    flags = xp.asarray(numpy.array([True, True, False, True]))
    unsigned = xp.asarray(numpy.array([200, 200], numpy.uint8))
    return xp.cumsum(x), xp.cumprod(x), xp.cumsum(flags), xp.cumsum(unsigned), x.cumsum()


@numpy_cupylike_equal()
def test_zero_d_and_empty_arrays(xp):
    scalar = xp.asarray(numpy.float32(3))
    empty = xp.asarray(numpy.zeros((3, 0, 2), numpy.int16))
    return (xp.cumsum(scalar), xp.cumsum(scalar, axis=0), xp.cumprod(scalar, axis=-1),
            xp.cumsum(empty), xp.cumsum(empty, axis=1), xp.cumprod(empty, axis=2))


@pytest.mark.parametrize("out_dtype", ["float32", "int8", "complex128", "bool"])
@numpy_cupylike_equal()
def test_out_takes_the_result_cast_to_its_dtype(xp, out_dtype):
    x = xp.asarray(numpy.full((2, 200), 1.5, numpy.float32))
    out = xp.zeros((2, 200), out_dtype)
    result = xp.cumsum(x, axis=1, out=out)
    assert result is out
    return out


@numpy_cupylike_equal()
def test_out_may_be_a_strided_view_or_the_input_itself(xp):
    x = xp.asarray(numpy.arange(12.0).reshape(3, 4))
    strided = xp.zeros((6, 4))[::2]
    xp.cumsum(x, axis=0, out=strided)
    xp.cumprod(x, axis=1, out=x)
    y = xp.asarray(numpy.arange(10))
    xp.cumsum(y[:-1], out=y[1:])  # overlapping: read before written
    return strided, x, y


@pytest.mark.parametrize("call", [
    lambda xp, x: xp.cumsum(x, axis=2),
    lambda xp, x: xp.cumsum(x, axis=-3),
    lambda xp, x: xp.cumsum(x, axis=1.0),
    lambda xp, x: xp.cumsum(x, axis=(0,)),
    lambda xp, x: xp.cumsum(x, axis=True),
    lambda xp, x: xp.cumsum(x, out=xp.zeros(6)),
    lambda xp, x: xp.cumsum(x, axis=0, out=xp.zeros((3, 2))),
    lambda xp, x: xp.cumprod(x, axis=0, out=xp.broadcast_to(xp.zeros(3), (2, 3))),
    lambda xp, x: xp.cumsum(x, dtype="S3"),
    lambda xp, x: xp.cumsum(xp.asarray(numpy.float64(2)), axis=1),
], ids=["axis-2", "axis-minus-3", "axis-float", "axis-tuple", "axis-bool", "out-flat",
        "out-shape", "out-read-only", "dtype-bytes", "zero-d-axis-1"])
@numpy_cupylike_equal(accept_error=(TypeError, ValueError, numpy.exceptions.AxisError))
def test_bad_arguments_raise_numpys_errors(xp, call):
    return call(xp, xp.asarray(numpy.ones((2, 3))))


@pytest.mark.parametrize("name", ["cumsum", "cumprod", "nancumsum", "diff", "ediff1d"])
def test_host_data_is_refused_with_a_type_error(name):
    for host in ([1, 2, 3], numpy.arange(3.0)):
        with pytest.raises(TypeError, match=f"{name}\\(\\) expects a cupylike.ndarray"):
            getattr(cupylike, name)(host)
    with pytest.raises(TypeError, match="add.accumulate\\(\\) expects a cupylike.ndarray"):
        cupylike.add.accumulate([1, 2, 3])


@pytest.mark.parametrize("name", ["nancumsum", "nancumprod"])
@for_all_dtypes()
def test_nan_scans_treat_nan_as_the_identity(name, dtype):
    host = sample_values(dtype, (6, 9), seed=4)
    if dtype.kind in "fc":
        with numpy.errstate(invalid="ignore"):
            host = (host / 100).astype(dtype)
        host[0, :3] = numpy.nan  # leading NaNs, and a row of them
        host[3] = numpy.nan
        if dtype.kind == "c":
            host[1, 1] = complex(1, numpy.nan)
    dev = cupylike.asarray(host)
    for axis in (None, 0, 1, -1):
        compare(name, host, dev, axis=axis)
    compare(name, host[0, 0, ...], dev[0, 0, ...])
    compare(name, host, dev, axis=1, dtype=numpy.int32)
    compare(name, host, dev, axis=0, dtype=numpy.complex128)


def test_nan_scans_in_the_cut_modes():
    host = numpy.random.default_rng(1).random(100_001)
    host[::7] = numpy.nan
    for mode in (CHUNK, BLOCK):
        with forced_scan(mode, 5):
            assert_close(cupylike.nancumsum(cupylike.asarray(host)), numpy.nancumsum(host), 1e-12)


@numpy_cupylike_equal()
def test_nan_scans_take_out_and_dtype(xp):
    x = xp.asarray(numpy.array([[numpy.nan, 1.0, 2.0], [3.0, numpy.nan, 4.0]]))
    out = xp.zeros((2, 3), numpy.float32)
    xp.nancumsum(x, axis=0, out=out)
    return out, xp.nancumprod(x, dtype=numpy.float32), xp.nancumsum(x, axis=1, dtype=numpy.int64)


@for_all_dtypes()
def test_diff_matches_numpy(dtype):
    host = sample_values(dtype, (4, 5, 6), seed=6)
    dev = cupylike.asarray(host)
    for n in (0, 1, 2, 3, 7):
        for axis in (-1, 0, 1):
            compare("diff", host, dev, n=n, axis=axis)
    compare("diff", host[::-1, :, ::2], dev[::-1, :, ::2], axis=2)
    compare("diff", host[:, :0], dev[:, :0], axis=0)


@numpy_cupylike_equal()
def test_diff_joins_prepend_and_append(xp):
    x = xp.asarray(numpy.array([[1, 3, 6], [10, 15, 21]], numpy.int8))
    return (xp.diff(x, prepend=0), xp.diff(x, axis=0, prepend=xp.zeros((1, 3), numpy.int8),
                                           append=2.5),
            xp.diff(x, n=2, append=numpy.array([[4], [5]])), xp.diff(x, prepend=300))


@pytest.mark.parametrize("call", [
    lambda xp, x: xp.diff(x, n=-1),
    lambda xp, x: xp.diff(x, n=1.0),
    lambda xp, x: xp.diff(x, axis=2),
    lambda xp, x: xp.diff(x[0, 0]),
    lambda xp, x: xp.diff(x, axis=0, prepend=xp.zeros((1, 2))),
], ids=["negative-n", "float-n", "axis-2", "zero-d", "prepend-shape"])
@numpy_cupylike_equal(accept_error=(TypeError, ValueError, numpy.exceptions.AxisError))
def test_bad_diffs_raise_numpys_errors(xp, call):
    return call(xp, xp.asarray(numpy.ones((2, 3))))


@for_all_dtypes()
def test_ediff1d_matches_numpy(dtype):
    host = sample_values(dtype, (3, 5), seed=7)
    dev = cupylike.asarray(host)
    compare("ediff1d", host, dev)
    compare("ediff1d", host[:, ::-2], dev[:, ::-2])
    compare("ediff1d", host[0, 0, ...], dev[0, 0, ...])
    compare("ediff1d", host[:0], dev[:0])
    compare("ediff1d", host, dev, to_begin=1)
    compare("ediff1d", host, dev, to_end=[1, 2], to_begin=numpy.array([[3]]))
    compare("ediff1d", host, dev, to_end=1.5)


@numpy_cupylike_equal()
def test_ediff1d_casts_its_ends_to_the_array_dtype(xp):
    x = xp.asarray(numpy.array([1, 3, 6, 10], numpy.int8))
    return xp.ediff1d(x, to_begin=200, to_end=xp.asarray(numpy.array([7], numpy.int64)))
