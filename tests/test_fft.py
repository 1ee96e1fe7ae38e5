"""cupylike.fft against numpy.fft value by value: every transform over complex64/complex128,
float32/float64, float16, ints and bool (NumPy 2's result dtypes), n/s cropping and padding,
every norm, several axes orders (repeated axes included), more than three axes, non-contiguous
inputs (transposed, sliced, reversed, broadcast), empty batches, out=, the helpers, the plan
cache settings, the call descriptions, and an FFT convolution against numpy.convolve."""

import warnings

import numpy
import pytest

import cupylike
from cupylike import fft as cfft
from cupylike.testing import assert_allclose

# Relative to the result's largest magnitude: FFT rounding grows slowly with the length.
TOL = {numpy.float16: 4e-3, numpy.float32: 2e-5, numpy.complex64: 2e-5, "default": 1e-12}
NORMS = [None, "ortho", "forward"]


def _values(shape, dtype, seed=0):
    rng = numpy.random.default_rng(seed)
    dtype = numpy.dtype(dtype)
    if dtype == numpy.bool_:
        return rng.random(shape) < 0.5
    if dtype.kind in "iu":
        return rng.integers(-9, 10, shape).astype(dtype)
    x = rng.standard_normal(shape)
    if dtype.kind == "c":
        x = x + 1j * rng.standard_normal(shape)
    return x.astype(dtype)


def _close(actual, expected):
    """Equal dtypes and shapes, values within TOL of the result's dtype, absolute errors
    relative to the largest value."""
    assert_allclose(actual, expected, rtol=TOL, atol=TOL, scale_atol=True)


def _check(name, host, *args, **kwargs):
    """cupylike.fft.<name> on a device copy of `host` matches numpy.fft.<name>."""
    expected = getattr(numpy.fft, name)(host, *args, **kwargs)
    actual = getattr(cfft, name)(cupylike.asarray(host), *args, **kwargs)
    _close(actual, expected)


@pytest.mark.vendor_library
@pytest.mark.parametrize("name", ["fft", "ifft"])
@pytest.mark.parametrize("dtype", [numpy.complex64, numpy.complex128])
@pytest.mark.parametrize("n, axis", [(None, -1), (None, 0), (5, 1), (16, 1), (3, 0)])
def test_complex_transform_crops_pads_and_scales_as_numpy(name, dtype, n, axis):
    host = _values((6, 9, 4), dtype).transpose(0, 2, 1)  # axis 1 strided, last axis too
    for norm in NORMS:
        _check(name, host, n, axis, norm)


@pytest.mark.vendor_library
@pytest.mark.parametrize("dtype", [numpy.float16, numpy.float32, numpy.float64, numpy.int64,
                                   numpy.bool_])
def test_real_inputs_give_numpy_result_dtypes(dtype):
    # float16 computes in single precision (float16 out of irfft/hfft, and NumPy's float16
    # scale factors); ints and bool in double. Few calls each: every cast is a kernel to build.
    host = _values((5, 8), dtype)
    for name in ("fft", "rfft", "irfft", "hfft", "ihfft"):
        _check(name, host, None, -1, "ortho")
    _check("irfftn", host)  # float16 -> float32 with more than one axis, as NumPy
    if dtype in (numpy.float16, numpy.float32):
        _check("rfft", host, 7, 0)
        _check("ifft", host)
        _check("irfftn", host, None, (0,))


@pytest.mark.vendor_library
@pytest.mark.parametrize("dtype", [numpy.complex64, numpy.complex128])
def test_inverse_real_transforms_match_numpy(dtype):
    host = _values((4, 6, 5), dtype)
    for n, axis in [(None, -1), (9, 1), (4, 0), (1, 2)]:
        for norm in NORMS:
            _check("irfft", host, n, axis, norm)
            _check("hfft", host, n, axis, norm)


@pytest.mark.vendor_library
@pytest.mark.parametrize("dtype", [numpy.float32, numpy.float64])
def test_forward_real_transforms_match_numpy(dtype):
    host = _values((4, 6, 5), dtype)
    for n, axis in [(None, -1), (9, 1), (4, 0), (1, 2)]:
        for norm in NORMS:
            _check("rfft", host, n, axis, norm)
            _check("ihfft", host, n, axis, norm)


ND_CASES = [  # (s, axes)
    (None, None), (None, (0, 2)), (None, (2, 0)), (None, (1,)), (None, (2, 1, 0)),
    ((3, 8), (0, 2)), ((5, -1, 3), (1, 0, 2)), (None, (0, 0)), ((4, 6, 3), (1, 0, 1)),
]


@pytest.mark.vendor_library
@pytest.mark.parametrize("name", ["fftn", "ifftn", "rfftn", "irfftn"])
@pytest.mark.parametrize("s, axes", ND_CASES)
def test_nd_transforms_match_numpy_over_axes_orders_and_sizes(name, s, axes):
    dtype = numpy.float64 if name == "rfftn" else numpy.complex128
    host = _values((4, 6, 5), dtype)
    _check(name, host, s, axes, "ortho")


@pytest.mark.vendor_library
@pytest.mark.parametrize("name", ["fft2", "ifft2", "rfft2", "irfft2"])
@pytest.mark.parametrize("dtype", ["f", "c"])
def test_2d_transforms_match_numpy(name, dtype):
    if name == "rfft2" and dtype == "c":
        dtype = "f"
    kind = {"f": numpy.float32, "c": numpy.complex64}[dtype]
    host = _values((3, 10, 7), kind)
    _check(name, host)
    _check(name, host, (4, 12), (0, 2), "forward")


@pytest.mark.vendor_library
@pytest.mark.parametrize("name", ["fftn", "ifftn", "rfftn", "irfftn"])
def test_more_than_three_axes_split_into_calls(name):
    dtype = numpy.float32 if name == "rfftn" else numpy.complex64
    host = _values((3, 4, 2, 5, 6), dtype)
    _check(name, host)
    _check(name, host, None, (4, 0, 2, 1, 3))
    _check(name, host, (2, 5, 4, 3), (0, 1, 3, 4))


@pytest.mark.vendor_library
@pytest.mark.parametrize("view", ["transposed", "sliced", "reversed", "broadcast", "strided"])
def test_non_contiguous_inputs(view):
    host = _values((8, 12), numpy.complex64)
    make = {"transposed": lambda a: a.T, "sliced": lambda a: a[1::2, 2:9],
            "reversed": lambda a: a[::-1, ::-2],
            "broadcast": lambda a: xp(a).broadcast_to(a[:1], (3, 12)),
            "strided": lambda a: a[:, ::3]}[view]
    def xp(a):
        return numpy if isinstance(a, numpy.ndarray) else cupylike

    for name in ("fft", "ifft", "fft2", "irfft"):
        expected = getattr(numpy.fft, name)(make(host))
        actual = getattr(cfft, name)(make(cupylike.asarray(host)))
        _close(actual, expected)
    real = make(host.real.copy())
    _close(cfft.rfft(make(cupylike.asarray(host.real.copy())), axis=0),
           numpy.fft.rfft(real, axis=0))


@pytest.mark.vendor_library
def test_c2r_calls_get_a_copy_never_the_users_array(monkeypatch):
    # cuFFT's C2R overwrites its input (pocketfft does not, so look at what the calls get).
    host = _values((4, 9), numpy.complex128)
    a = cupylike.asarray(host)
    inputs = []
    run = cupylike._core._native._fft

    def record(x, y, kind, *args):
        if kind == "c2r":
            inputs.append(x.data.ptr)
        return run(x, y, kind, *args)

    monkeypatch.setattr(cupylike._core._native, "_fft", record)
    _close(cfft.irfftn(a), numpy.fft.irfftn(host))
    _close(cfft.irfft(a, axis=0), numpy.fft.irfft(host, axis=0))
    _close(cfft.irfft(a[:, :3], 4), numpy.fft.irfft(host[:, :3], 4))  # cropped: a view
    _close(cfft.hfft(a), numpy.fft.hfft(host))
    assert len(inputs) == 4
    start = a.data.ptr
    assert all(not start <= p < start + a.nbytes for p in inputs)
    numpy.testing.assert_array_equal(a.get(), host)


@pytest.mark.vendor_library
def test_random_views_and_axes_match_numpy():
    # Transposes, steps and reversals of one array, in place or copied as cuFFT's layout allows.
    rng = numpy.random.default_rng(5)
    host = _values((6, 5, 4, 3), numpy.complex128)
    device = cupylike.asarray(host)
    for _ in range(25):
        perm = [int(i) for i in rng.permutation(4)]
        steps = tuple(slice(None, None, int(rng.choice([1, 2, -1]))) for _ in range(4))
        axes = [int(ax) for ax in rng.permutation(4)[:int(rng.integers(1, 5))]]
        expected = numpy.fft.fftn(host.transpose(perm)[steps], axes=axes)
        _close(cfft.fftn(device.transpose(perm)[steps], axes=axes), expected)


@pytest.mark.vendor_library
def test_empty_batches_give_empty_results():
    _check("fft", numpy.zeros((0, 4), numpy.complex64))
    _check("rfft", numpy.zeros((3, 0, 4)), None, -1)
    _check("fft", numpy.zeros((0,)), 5)  # all padding


@pytest.mark.vendor_library
def test_out_receives_the_result_or_is_rejected():
    host = _values((3, 8), numpy.float64)
    a = cupylike.asarray(host)
    out = cupylike.empty((3, 8), numpy.complex64)
    assert cfft.fft(a, out=out) is out
    _close(out, numpy.fft.fft(host).astype(numpy.complex64))
    out = cupylike.empty((3, 5), numpy.complex128)
    _close(cfft.rfft(a, out=out), numpy.fft.rfft(host))
    with pytest.raises(ValueError, match="wrong shape"):
        cfft.fft(a, out=cupylike.empty((3, 7), numpy.complex128))
    with pytest.raises(TypeError, match="same_kind"):
        cfft.fft(a, out=cupylike.empty((3, 8), numpy.float64))
    real_out = cupylike.empty((3, 8), numpy.float64)
    assert cfft.irfft2(cupylike.asarray(numpy.fft.rfft2(host)), host.shape, out=real_out) \
        is real_out
    _close(real_out, host)


ERRORS = [
    ("fft", dict(n=0), ValueError, r"Invalid number of FFT data points \(0\) specified."),
    ("ifft", dict(n=-2), ValueError, r"Invalid number of FFT data points \(-2\) specified."),
    ("irfft", dict(axis=0), ValueError, r"data points \(0\)"),  # 1 point: n = 0
    ("rfftn", dict(s=(2, 0), axes=(0, 1)), ValueError, r"data points \(0\)"),
    ("fft", dict(norm="bad"), ValueError, "Invalid norm value bad"),
    ("hfft", dict(norm="bad"), ValueError, "Invalid norm value bad"),
    ("fftn", dict(s=(2, 2), axes=(0,)), ValueError, "Shape and axes have different lengths"),
    ("fft", dict(axis=2), numpy.exceptions.AxisError, "axis 2 is out of bounds"),
    ("fft2", dict(axes=(0, -3)), numpy.exceptions.AxisError, "axis -3 is out of bounds"),
    ("fft", dict(n=2.0), TypeError, "integer"),
    ("rfftn", dict(axes=()), IndexError, "at least one axis"),
]


@pytest.mark.parametrize("name, kwargs, error, match", ERRORS)
def test_bad_arguments_raise_numpys_errors(name, kwargs, error, match):
    host = numpy.ones((1, 4))
    # NumPy 2.4 raises a plain IndexError for a bad axis; AxisError is one.
    with pytest.raises(IndexError if error is numpy.exceptions.AxisError else error):
        getattr(numpy.fft, name)(host, **kwargs)
    with pytest.raises(error, match=match):
        getattr(cfft, name)(cupylike.asarray(host), **kwargs)


def test_complex_input_to_a_real_transform_is_a_type_error():
    a = cupylike.ones(4, numpy.complex64)
    for name in ("rfft", "ihfft", "rfftn", "rfft2"):
        with pytest.raises(TypeError):
            getattr(cfft, name)(a.reshape(2, 2))


def test_zero_dim_input():
    a = cupylike.asarray(numpy.float64(3))
    with pytest.raises(numpy.exceptions.AxisError):
        cfft.fft(a)
    assert cfft.fftn(a) is a  # NumPy: no axes, the input back untouched
    b = cupylike.ones((2, 3))
    assert cfft.fftn(b, axes=()) is b


@pytest.mark.vendor_library
def test_s_without_axes_and_none_in_s_warn_as_numpy():
    host = _values((3, 4), numpy.complex128)
    a = cupylike.asarray(host)
    with pytest.warns(DeprecationWarning, match="`axes` should not be `None`"):
        actual = cfft.fftn(a, s=(5,))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        _close(actual, numpy.fft.fftn(host, s=(5,)))
        expected = numpy.fft.irfftn(host, s=(2, None), axes=(0, 1))
    with pytest.warns(DeprecationWarning, match="`None` values"):
        _close(cfft.irfftn(a, s=(2, None), axes=(0, 1)), expected)


@pytest.mark.vendor_library
def test_fft_convolution_matches_numpy_convolve():
    a = _values(300, numpy.float64, seed=1)
    b = _values(41, numpy.float64, seed=2)
    n = a.size + b.size - 1
    da, db = cupylike.asarray(a), cupylike.asarray(b)
    conv = cfft.irfft(cfft.rfft(da, n) * cfft.rfft(db, n), n)
    _close(conv, numpy.convolve(a, b))


def test_frequencies_match_numpy():
    for n, d in [(8, 1.0), (7, 0.25), (1, 2)]:
        _close(cfft.fftfreq(n, d), numpy.fft.fftfreq(n, d))
        _close(cfft.rfftfreq(n, d), numpy.fft.rfftfreq(n, d))
    assert cfft.fftfreq(4, device="cpu").device == cupylike.Device("cpu")


def test_shifts_match_numpy():
    host = numpy.arange(30.0).reshape(5, 6)
    a = cupylike.asarray(host)
    for axes in (None, 0, (1,), (0, 1)):
        numpy.testing.assert_array_equal(cfft.fftshift(a, axes).get(),
                                         numpy.fft.fftshift(host, axes))
        numpy.testing.assert_array_equal(cfft.ifftshift(a, axes).get(),
                                         numpy.fft.ifftshift(host, axes))


def test_plan_cache_size_is_settable():
    cache = cfft.config.get_plan_cache()
    old = cache.get_size()
    try:
        cache.set_size(3)
        assert cache.get_size() == 3
        with pytest.raises(ValueError):
            cache.set_size(-1)
        cache.clear()
        assert cache.get_curr_size() == 0  # the cpu device holds none; GPUs after clear()
    finally:
        cache.set_size(old)


@pytest.mark.vendor_library
def test_calls_read_c_ordered_data_in_place_in_few_calls():
    a = cupylike.asarray(_values((2, 3, 4, 5, 6), numpy.complex64))
    cupylike._core._native._fft_log(True)
    try:
        cfft.fft2(a)
        cfft.fftn(a)
        cfft.fft(a, axis=0)
        log = cupylike._core._native._take_fft_log()
        cupylike._core._native._fft_log(True, True)  # dry run: described, not computed
        cfft.rfft(a.real)
        assert len(cupylike._core._native._take_fft_log()) == 1
    finally:
        cupylike._core._native._fft_log(False)
    assert log == [
        "fft c2c single dir=-1 dims=5,6 batch=24 in=1,30,[5,6] out=1,30,[5,6]",
        "fft c2c single dir=-1 dims=4,5,6 batch=6 in=1,120,[4,5,6] out=1,120,[4,5,6]",
        "fft c2c single dir=-1 dims=2,3 batch=120 in=120,1,[2,3] out=120,1,[2,3]",
        "fft c2c single dir=-1 dims=2 batch=360 in=360,1,[2] out=360,1,[2]",
    ]


@pytest.mark.parametrize("name", ["fft", "ifft", "rfft", "irfft", "hfft", "ihfft"])
@pytest.mark.parametrize("kwargs, error", [
    ({"n": 0, "axis": "0", "norm": "bogus"}, ValueError),
    ({"n": 3, "axis": "0", "norm": "bogus"}, ValueError),
    ({"n": 3, "axis": 5, "norm": "bogus"}, ValueError),
    ({"n": -1, "axis": 5}, ValueError),
    ({"axis": 5, "norm": "bogus"}, IndexError),
    ({"axis": "0", "norm": "bogus"}, TypeError),
    ({"n": 4, "norm": "bogus"}, ValueError)], ids=str)
def test_1d_transforms_check_arguments_in_numpys_order(name, kwargs, error):
    # NumPy checks a given n, then norm, then the axis; without n it reads the input's length
    # along the axis first. A call with several faults raises the first (and a real
    # transform's input type after them).
    for xp in (numpy, cupylike):
        a = xp.asarray(numpy.ones((2, 3)) if name not in ("irfft", "hfft")
                       else numpy.ones((2, 3), complex))
        with pytest.raises(error):
            getattr(xp.fft, name)(a, **kwargs)
