"""The Array API 2024.12 in cupylike's namespaces, as NumPy 2.4 has it in its own: every name of
the standard (the list is array-api-strict's) exists in cupylike, cupylike.linalg and
cupylike.fft with NumPy's signature, ndarray has the standard's members with NumPy's
signatures, the protocol objects (__array_namespace__, __array_namespace_info__, to_device,
device, astype) behave as NumPy's, and the functions the standard added give NumPy's values and
dtypes over dtypes and layouts."""

import inspect
import warnings

import array_api_strict
import numpy
import pytest
from helpers.layouts import layout_pairs

import cupylike
from cupylike.testing import (
    ALL_DTYPES,
    COMPLEX_DTYPES,
    FLOAT_DTYPES,
    assert_allclose,
    assert_array_equal,
    assert_same,
    numpy_cupylike_allclose,
    numpy_cupylike_equal,
)

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # array-api-strict warns when its version flag changes
    array_api_strict.set_array_api_strict_flags(api_version="2024.12")

# array-api-strict's own names, which are not the standard's.
_STRICT_ONLY = {"ArrayAPIStrictFlags", "Device", "get_array_api_strict_flags",
                "reset_array_api_strict_flags", "set_array_api_strict_flags"}
MAIN = sorted(set(array_api_strict.__all__) - _STRICT_ONLY)
LINALG = sorted(array_api_strict.linalg.__all__)
FFT = sorted(array_api_strict.fft.__all__)
# Object members every class has; the standard's are the rest of its Array's.
_OBJECT_MEMBERS = set(dir(object)) | {"__annotations__", "__buffer__", "__slots__", "__weakref__",
                                      "__dict__", "__module__", "__reduce__"}
MEMBERS = sorted(n for n in dir(type(array_api_strict.asarray(0)))
                 if n not in _OBJECT_MEMBERS and (not n.startswith("_") or n.startswith("__")))

NAMESPACES = [pytest.param(ours, theirs, n, id=f"{ours.__name__}.{n}")
              for ours, theirs, names in [(cupylike, numpy, MAIN),
                                          (cupylike.linalg, numpy.linalg, LINALG),
                                          (cupylike.fft, numpy.fft, FFT)]
              for n in names]


def _signature(f):
    try:
        return str(inspect.signature(f))
    except (TypeError, ValueError):
        return None


def test_the_reference_lists_are_the_standards():
    # A changed reference (a new array-api-strict) must not shrink what is checked unnoticed.
    assert len(MAIN) >= 150 and len(LINALG) == 23 and len(FFT) == 14
    assert {"astype", "concat", "unique_all", "vecdot", "pi", "newaxis"} <= set(MAIN)
    assert {"to_device", "mT", "device", "__array_namespace__", "__matmul__"} <= set(MEMBERS)
    assert numpy.__array_api_version__ == cupylike.__array_api_version__ == "2024.12"


@pytest.mark.parametrize("ours, theirs, name", NAMESPACES)
def test_standard_name_exists_with_numpys_signature(ours, theirs, name):
    assert hasattr(ours, name), f"{ours.__name__}.{name} is missing"
    mine, numpys = getattr(ours, name), getattr(theirs, name)
    if callable(numpys) and not isinstance(numpys, type):
        expected = _signature(numpys)
        assert expected is not None, f"NumPy's {name} has no readable signature"
        assert _signature(mine) == expected, name
        assert isinstance(mine, cupylike.ufunc) == isinstance(numpys, numpy.ufunc) or name in (
            "matmul", "vecdot"), f"{name}: a ufunc in one library only"


@pytest.mark.parametrize("name", MEMBERS)
def test_ndarray_has_the_standards_member_with_numpys_signature(name):
    assert hasattr(cupylike.ndarray, name), f"ndarray.{name} is missing"
    numpys = getattr(numpy.ndarray, name)
    if callable(numpys):
        assert _signature(getattr(cupylike.ndarray, name)) == _signature(numpys), name


def _same_object_pairs():
    names = [n for n in MAIN if callable(getattr(numpy, n, None))]
    pairs = []
    for a in names:
        for b in dir(numpy):
            if b != a and getattr(numpy, b, None) is getattr(numpy, a) and hasattr(cupylike, b):
                pairs.append((a, b))
    return pairs


@pytest.mark.parametrize("alias, name", _same_object_pairs())
def test_aliases_are_the_same_objects_as_in_numpy(alias, name):
    assert getattr(cupylike, alias) is getattr(cupylike, name)


def test_the_alias_list_covers_the_trigonometric_names():
    pairs = set(_same_object_pairs())
    for alias in ("acos", "asin", "atan", "acosh", "asinh", "atanh", "atan2", "pow",
                  "bitwise_invert", "bitwise_left_shift", "bitwise_right_shift"):
        assert any(a == alias for a, _ in pairs), alias


@pytest.mark.parametrize("name", ["e", "pi", "inf", "nan", "euler_gamma", "newaxis"])
def test_constants_are_numpys(name):
    mine, numpys = getattr(cupylike, name), getattr(numpy, name)
    assert type(mine) is type(numpys)
    assert mine is numpys or mine == numpys or (mine != mine and numpys != numpys)


# --- the protocol at the array level ----------------------------------------------------------

@pytest.mark.parametrize("version", [None, "2021.12", "2022.12", "2023.12", "2024.12"])
def test_array_namespace_is_cupylike(version):
    assert cupylike.ones(2).__array_namespace__(api_version=version) is cupylike


@pytest.mark.parametrize("version", ["2025.12", "2020.10", 2024.12, ""])
def test_array_namespace_refuses_what_numpy_refuses(version):
    with pytest.raises(ValueError) as np_error:
        numpy.ones(2).__array_namespace__(api_version=version)
    with pytest.raises(ValueError) as cp_error:
        cupylike.ones(2).__array_namespace__(api_version=version)
    assert str(cp_error.value) == str(np_error.value)


def test_array_namespace_takes_the_version_by_keyword_only():
    with pytest.raises(TypeError):
        cupylike.ones(2).__array_namespace__("2024.12")


def test_to_device_on_the_same_device_is_the_array_itself():
    x = cupylike.arange(5)
    assert x.to_device(x.device) is x
    assert x.to_device(str(x.device)) is x


def test_to_device_moves_to_each_device():
    x = cupylike.arange(6.0).reshape(2, 3)[:, ::2]
    for device in cupylike.__array_namespace_info__().devices():
        y = x.to_device(device)
        assert y.device == device
        assert_array_equal(y, numpy.arange(6.0).reshape(2, 3)[:, ::2])


def test_to_device_takes_a_stream_of_the_target_device():
    x = cupylike.arange(4)
    target = cupylike.__array_namespace_info__().devices()[-1]
    with target:
        stream = cupylike.cuda.Stream()
    y = x.to_device(target, stream=stream)
    stream.synchronize()
    assert y.device == target
    assert_array_equal(y, numpy.arange(4))


def test_to_device_refuses_an_unknown_device():
    with pytest.raises(ValueError):
        cupylike.arange(3).to_device("tpu")


def test_device_and_mT_attributes():
    x = cupylike.asarray(numpy.arange(24).reshape(2, 3, 4))
    assert x.device == cupylike.Device()
    assert_array_equal(x.mT, numpy.arange(24).reshape(2, 3, 4).mT)
    with pytest.raises(ValueError):
        cupylike.arange(3).mT


# --- __array_namespace_info__ -------------------------------------------------------------------

def test_namespace_info_is_a_class_as_numpys():
    assert isinstance(cupylike.__array_namespace_info__, type)
    info, numpys = cupylike.__array_namespace_info__(), numpy.__array_namespace_info__()
    for name in ("capabilities", "default_device", "devices", "default_dtypes", "dtypes"):
        assert _signature(getattr(info, name)) == _signature(getattr(numpys, name)), name


def test_namespace_info_capabilities_are_numpys():
    assert (cupylike.__array_namespace_info__().capabilities()
            == numpy.__array_namespace_info__().capabilities())


def test_namespace_info_devices_are_the_cpu_and_each_cuda_device():
    info = cupylike.__array_namespace_info__()
    devices = info.devices()
    count = cupylike._core._native._cuda_device_count()
    assert devices == [cupylike.Device("cpu")] + [cupylike.Device(f"cuda:{i}")
                                                   for i in range(count)]
    assert info.default_device() == cupylike.Device()
    assert info.default_device() in devices
    assert cupylike.empty(1).device == info.default_device()


@pytest.mark.parametrize("device", [None, "cpu"])
def test_namespace_info_default_dtypes_are_numpys(device):
    assert (cupylike.__array_namespace_info__().default_dtypes(device=device)
            == numpy.__array_namespace_info__().default_dtypes(device=device))


@pytest.mark.parametrize("kind", [None, "bool", "signed integer", "unsigned integer",
                                  "integral", "real floating", "complex floating", "numeric",
                                  ("bool", "real floating")])
def test_namespace_info_dtypes_are_numpys(kind):
    mine = cupylike.__array_namespace_info__().dtypes(kind=kind)
    assert mine == numpy.__array_namespace_info__().dtypes(kind=kind)
    for dtype in mine.values():
        assert cupylike.zeros(1, dtype=dtype).dtype == numpy.dtype(dtype)


def test_namespace_info_refuses_unknown_kinds_and_devices():
    info = cupylike.__array_namespace_info__()
    with pytest.raises(ValueError, match="unsupported kind"):
        info.dtypes(kind="float")
    with pytest.raises(ValueError):
        info.dtypes(device="tpu")
    with pytest.raises(ValueError):
        info.default_dtypes(device="tpu")


# --- creation functions' device= and copy= -------------------------------------------------------

_CREATION = [("empty", ((2, 3),)), ("zeros", ((2, 3),)), ("ones", ((2, 3),)),
             ("full", ((2, 3), 7)), ("arange", (5,)), ("eye", (3,)), ("linspace", (0, 1, 5)),
             ("asarray", ([1, 2, 3],))]


@pytest.mark.parametrize("name, args", _CREATION, ids=[n for n, _ in _CREATION])
def test_creation_functions_take_device(name, args):
    for device in cupylike.__array_namespace_info__().devices():
        x = getattr(cupylike, name)(*args, device=device)
        assert x.device == device
        if name != "empty":
            assert_array_equal(x, getattr(numpy, name)(*args))


@pytest.mark.parametrize("name", ["empty_like", "zeros_like", "ones_like"])
def test_like_functions_take_device(name):
    proto = cupylike.arange(6).reshape(2, 3)
    for device in cupylike.__array_namespace_info__().devices():
        x = getattr(cupylike, name)(proto, device=device)
        assert x.device == device and x.shape == (2, 3) and x.dtype == proto.dtype


def test_full_like_takes_device():
    for device in cupylike.__array_namespace_info__().devices():
        x = cupylike.full_like(cupylike.arange(3), 4, device=device)
        assert x.device == device
        assert_array_equal(x, numpy.full(3, 4))


@pytest.mark.parametrize("copy", [None, True, False])
def test_asarray_copy_keeps_or_copies_as_numpy(copy):
    x = cupylike.arange(4)
    y = cupylike.asarray(x, copy=copy)
    assert (y is x) == (copy is not True)
    with pytest.raises(ValueError):
        cupylike.asarray(x, dtype=numpy.float32, copy=False)


@pytest.mark.parametrize("name, args", [("empty", ((2,),)), ("zeros", ((2,),)),
                                        ("ones", ((2,),)), ("full", ((2,), 1)),
                                        ("arange", (3,)), ("eye", (2,)), ("asarray", ([1],))])
def test_like_none_or_a_cupylike_array_is_accepted(name, args):
    f = getattr(cupylike, name)
    expected = getattr(numpy, name)(*args)
    for like in (None, cupylike.ones(1)):
        r = f(*args, like=like)
        assert isinstance(r, cupylike.ndarray)
        assert r.shape == expected.shape and r.dtype == expected.dtype
        if name != "empty":
            assert_array_equal(r, expected)
    with pytest.raises(NotImplementedError):
        f(*args, like=numpy.ones(1))


def test_reshape_takes_shape_only_as_numpy_24():
    x = cupylike.arange(6)
    assert cupylike.reshape(x, (2, 3)).shape == (2, 3)
    assert cupylike.reshape(x, shape=(3, 2)).shape == (3, 2)
    with pytest.raises(TypeError):
        cupylike.reshape(x, newshape=(2, 3))
    with pytest.raises(TypeError):
        cupylike.reshape(a=x, shape=(2, 3))


# --- values of the functions the standard added ---------------------------------------------------

def _pairs(dtype, names=("C", "sliced", "negative", "transposed", "0-d", "empty"), values=None):
    return [(n, h, d) for n, h, d in layout_pairs(dtype, values=values) if n in names]


def _castable(host):
    # Values every cast defines: NaN, infinities and out-of-range floats to integers are
    # undefined in C (test_astype.py pins down what cupylike gives for them).
    if host.dtype.kind not in "fc":
        return host
    with numpy.errstate(invalid="ignore"):  # the non-finite values where() drops
        return numpy.where(numpy.isfinite(host), numpy.abs(host) % 100, 0).astype(host.dtype)


@pytest.mark.parametrize("src", ALL_DTYPES, ids=[d.name for d in ALL_DTYPES])
@pytest.mark.parametrize("dst", ALL_DTYPES, ids=[d.name for d in ALL_DTYPES])
def test_astype_values_as_numpy(src, dst):
    for name, host, dev in _pairs(src, ("C", "negative", "0-d", "empty"), values=_castable):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            expected = numpy.astype(host, dst)
            actual = cupylike.astype(dev, dst)
        assert_array_equal(actual, expected, err_msg=name)


def test_astype_copy_false_keeps_the_array():
    x = cupylike.arange(3)
    assert cupylike.astype(x, x.dtype, copy=False) is x
    assert cupylike.astype(x, x.dtype) is not x
    assert cupylike.astype(x, numpy.float32, copy=False).dtype == numpy.float32


def test_astype_moves_to_a_device():
    x = cupylike.arange(3)
    for device in cupylike.__array_namespace_info__().devices():
        y = cupylike.astype(x, numpy.float64, device=device)
        assert y.device == device
        assert_array_equal(y, numpy.arange(3.0))


def test_astype_refuses_host_data():
    with pytest.raises(TypeError):
        cupylike.astype(numpy.arange(3), numpy.float32)


@pytest.mark.parametrize("axis", [0, 1, -1, None])
@numpy_cupylike_equal()
def test_concat_as_numpy(axis, xp):
    a = xp.asarray(numpy.arange(12, dtype=numpy.int16).reshape(3, 4))
    b = xp.asarray(numpy.arange(12.0, dtype=numpy.float32).reshape(3, 4))[::-1]
    return xp.concat((a, b), axis=axis)


@numpy_cupylike_equal(accept_error=ValueError)
def test_concat_refuses_mismatched_shapes(xp):
    return xp.concat((xp.zeros((2, 3)), xp.zeros((3, 2))), axis=0)


@pytest.mark.parametrize("axes", [None, (2, 0, 1), (0, 1, 2), (-1, 0, 1)])
def test_permute_dims_is_numpys_view(axes):
    for name, host, dev in _pairs(numpy.dtype(numpy.float32), ("C", "sliced", "negative")):
        assert_array_equal(cupylike.permute_dims(dev, axes), numpy.permute_dims(host, axes),
                           strides_check=True, err_msg=name)


@numpy_cupylike_equal(accept_error=ValueError)
def test_permute_dims_refuses_a_wrong_permutation(xp):
    return xp.permute_dims(xp.zeros((2, 3)), (0, 0))


def test_matrix_transpose_is_numpys_view():
    for name, host, dev in _pairs(numpy.dtype(numpy.complex64), ("C", "sliced", "negative",
                                                                  "transposed", "empty")):
        assert_array_equal(cupylike.matrix_transpose(dev), numpy.matrix_transpose(host),
                           strides_check=True, err_msg=name)
        assert_array_equal(cupylike.linalg.matrix_transpose(dev),
                           numpy.linalg.matrix_transpose(host), err_msg=name)


@numpy_cupylike_equal(accept_error=ValueError)
def test_matrix_transpose_refuses_vectors(xp):
    return xp.matrix_transpose(xp.zeros(3))


@pytest.mark.parametrize("axis", [0, 1, 2, -1])
def test_unstack_as_numpy(axis):
    for name, host, dev in _pairs(numpy.dtype(numpy.int32), ("C", "sliced", "negative",
                                                             "empty")):
        assert_same(cupylike.unstack(dev, axis=axis), numpy.unstack(host, axis=axis)), name


@numpy_cupylike_equal(accept_error=ValueError)
def test_unstack_refuses_0d(xp):
    return xp.unstack(xp.zeros(()))


@numpy_cupylike_equal(accept_error=IndexError)
def test_unstack_refuses_an_axis_out_of_bounds(xp):
    return xp.unstack(xp.zeros((2, 3)), axis=2)


# No -0.0 beside 0.0: which of them unique keeps is a known difference (docs/differences.md).
_UNIQUE_INPUT = numpy.array([[3.0, 1.0, numpy.nan], [1.0, 4.0, numpy.nan], [0.0, 3.0, 2.0]])


@pytest.mark.parametrize("dtype", [numpy.float64, numpy.float32, numpy.int8, numpy.uint16,
                                   numpy.bool_, numpy.complex64], ids=str)
@pytest.mark.parametrize("name", ["unique_all", "unique_counts", "unique_inverse"])
def test_unique_results_as_numpy(name, dtype):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        host = numpy.nan_to_num(_UNIQUE_INPUT, nan=7) if dtype not in (
            numpy.float64, numpy.float32, numpy.complex64) else _UNIQUE_INPUT
        host = host.astype(dtype)
    for sub_host, sub_dev in [(host, cupylike.asarray(host)),
                              (host[::-1, ::2], cupylike.asarray(host)[::-1, ::2]),
                              (host[1, 1], cupylike.asarray(host)[1, 1]),
                              (host[:0], cupylike.asarray(host)[:0])]:
        expected = getattr(numpy, name)(sub_host)
        actual = getattr(cupylike, name)(sub_dev)
        assert type(actual).__name__ == type(expected).__name__
        assert actual._fields == expected._fields
        assert_same(tuple(actual), tuple(expected))


@pytest.mark.parametrize("dtype", [numpy.float64, numpy.int16, numpy.complex128], ids=str)
def test_unique_values_as_numpy(dtype):
    host = (_UNIQUE_INPUT if dtype != numpy.int16 else numpy.nan_to_num(_UNIQUE_INPUT)).astype(
        dtype)
    # NumPy 2.4's unique_values does not promise an order (sorted=False): compare sorted.
    expected = numpy.sort(numpy.unique_values(host))
    assert_array_equal(cupylike.sort(cupylike.unique_values(cupylike.asarray(host))), expected)


@pytest.mark.parametrize("name", ["cumulative_sum", "cumulative_prod"])
@pytest.mark.parametrize("dtype", [numpy.bool_, numpy.int8, numpy.uint32, numpy.float32,
                                   numpy.float64, numpy.complex64], ids=str)
@pytest.mark.parametrize("include_initial", [False, True])
def test_cumulative_as_numpy(name, dtype, include_initial):
    for layout, host, dev in _pairs(numpy.dtype(dtype), ("C", "sliced", "negative", "empty")):
        if host.dtype.kind in "fc":  # small values, so products of many stay finite
            with numpy.errstate(invalid="ignore"):  # the non-finite values where() drops
                host = numpy.where(numpy.isfinite(host), host.real % 3 + 0.5, 1).astype(dtype)
        dev = cupylike.asarray(host)
        for axis in (0, 2, -1):
            expected = getattr(numpy, name)(host, axis=axis, include_initial=include_initial)
            actual = getattr(cupylike, name)(dev, axis=axis, include_initial=include_initial)
            assert_allclose(actual, expected, rtol=1e-5, err_msg=f"{layout} axis {axis}")
    vector = numpy.arange(1, 6).astype(dtype)
    assert_allclose(getattr(cupylike, name)(cupylike.asarray(vector),
                                            include_initial=include_initial),
                    getattr(numpy, name)(vector, include_initial=include_initial), rtol=1e-6)


@pytest.mark.parametrize("name", ["cumulative_sum", "cumulative_prod"])
@pytest.mark.parametrize("include_initial", [False, True])
@numpy_cupylike_equal()
def test_cumulative_of_0d_dtype_and_out_as_numpy(name, include_initial, xp):
    scalar = getattr(xp, name)(xp.asarray(3, dtype=xp.int16), include_initial=include_initial)
    x = xp.asarray(numpy.arange(1, 7, dtype=numpy.int32).reshape(2, 3))
    out = xp.zeros((2, 3 + include_initial), dtype=xp.float64)
    r = getattr(xp, name)(x, axis=1, dtype=xp.int64, out=out, include_initial=include_initial)
    return scalar, r, out


@numpy_cupylike_equal(accept_error=ValueError)
def test_cumulative_needs_an_axis_beyond_1d(xp):
    return xp.cumulative_sum(xp.ones((2, 2)))


@pytest.mark.parametrize("dtype", [numpy.bool_, numpy.int8, numpy.int64, numpy.float32,
                                   numpy.float64, numpy.complex64, numpy.complex128], ids=str)
def test_vecdot_as_numpy(dtype):
    rng = numpy.random.default_rng(1)
    a = (rng.standard_normal((3, 4, 5)) * 3).astype(dtype)
    b = (rng.standard_normal((4, 5)) * 3).astype(dtype)
    if numpy.dtype(dtype).kind == "c":
        a = a + 1j * a[::-1]
        b = b - 2j * b
    da, db = cupylike.asarray(a), cupylike.asarray(b)
    tol = {"rtol": 1e-5, "atol": 1e-5} if numpy.dtype(dtype).itemsize <= 8 else {"rtol": 1e-12}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # int8 overflow
        cases = [
            (numpy.vecdot(a, b), cupylike.vecdot(da, db)),
            (numpy.vecdot(a[:, ::-1], b[None, ::-1, :], keepdims=True),
             cupylike.vecdot(da[:, ::-1], db[None, ::-1, :], keepdims=True)),
            (numpy.vecdot(a, a, axis=0), cupylike.vecdot(da, da, axis=0)),
            (numpy.vecdot(a, b.T, axes=[(2,), (0,), ()]),
             cupylike.vecdot(da, db.T, axes=[(2,), (0,), ()])),
            (numpy.linalg.vecdot(a, a, axis=1), cupylike.linalg.vecdot(da, da, axis=1)),
            (numpy.vecdot(a[:, :0], b[:0]), cupylike.vecdot(da[:, :0], db[:0])),
        ]
    for expected, actual in cases:
        assert_allclose(actual, expected, **tol)


@numpy_cupylike_equal(accept_error=ValueError)
def test_vecdot_refuses_mismatched_core_dimensions(xp):
    return xp.vecdot(xp.ones(3), xp.ones(4))


@numpy_cupylike_equal()
def test_vecdot_writes_out(xp):
    out = xp.zeros(3)
    r = xp.vecdot(xp.ones((3, 2)), xp.ones(2), out=out)
    return r, out


@pytest.mark.parametrize("dtype", FLOAT_DTYPES[1:] + COMPLEX_DTYPES, ids=lambda d: d.name)
def test_isdtype_is_numpys(dtype):
    for kind in ("bool", "signed integer", "unsigned integer", "integral", "real floating",
                 "complex floating", "numeric", ("integral", "complex floating"), dtype):
        assert cupylike.isdtype(dtype, kind) == numpy.isdtype(dtype, kind)


@numpy_cupylike_equal()
def test_broadcast_shapes_as_numpy(xp):
    return xp.broadcast_shapes((2, 1, 3), (4, 1), ())


# --- the linalg extension -----------------------------------------------------------------------

def _matrices(dtype, shape=(2, 3, 4), seed=0):
    rng = numpy.random.default_rng(seed)
    a = rng.standard_normal(shape)
    if numpy.dtype(dtype).kind == "c":
        a = a + 1j * rng.standard_normal(shape)
    return a.astype(dtype)


_LINALG_TOL = {"rtol": 2e-5, "atol": 1e-5}


@pytest.mark.parametrize("dtype", FLOAT_DTYPES[1:] + COMPLEX_DTYPES, ids=lambda d: d.name)
@pytest.mark.parametrize("ord", [2, 1, 0, -1, numpy.inf, -numpy.inf, 3.5])
@pytest.mark.parametrize("axis", [None, 1, -1, (0, 2), (2, 0), (0, 1, 2)])
@pytest.mark.parametrize("keepdims", [False, True])
def test_vector_norm_as_numpy(dtype, ord, axis, keepdims):  # noqa: A002 (NumPy's name)
    a = _matrices(dtype)
    whole = cupylike.asarray(a)
    for host, dev in [(a, whole), (a[::-1, :, ::2], whole[::-1, :, ::2])]:
        expected = numpy.linalg.vector_norm(host, axis=axis, keepdims=keepdims, ord=ord)
        actual = cupylike.linalg.vector_norm(dev, axis=axis, keepdims=keepdims, ord=ord)
        assert_allclose(actual, expected, **_LINALG_TOL)


@numpy_cupylike_allclose(rtol=1e-6)
def test_vector_norm_of_0d_and_empty(xp):
    return (xp.linalg.vector_norm(xp.asarray(-3.0)), xp.linalg.vector_norm(xp.zeros((0, 3))),
            xp.linalg.vector_norm(xp.zeros((0, 3)), axis=1))


@pytest.mark.parametrize("dtype", FLOAT_DTYPES[1:] + COMPLEX_DTYPES, ids=lambda d: d.name)
@pytest.mark.parametrize("ord", ["fro", "nuc", 1, -1, 2, -2, numpy.inf, -numpy.inf])
@pytest.mark.parametrize("keepdims", [False, True])
def test_matrix_norm_as_numpy(dtype, ord, keepdims):  # noqa: A002 (NumPy's name)
    a = _matrices(dtype)
    expected = numpy.linalg.matrix_norm(a[:, ::-1], keepdims=keepdims, ord=ord)
    actual = cupylike.linalg.matrix_norm(cupylike.asarray(a)[:, ::-1], keepdims=keepdims, ord=ord)
    assert_allclose(actual, expected, **_LINALG_TOL)


@pytest.mark.parametrize("dtype", FLOAT_DTYPES[1:] + COMPLEX_DTYPES, ids=lambda d: d.name)
@pytest.mark.parametrize("shape", [(3, 3), (2, 3, 4), (4, 2), (2, 0, 3)])
def test_svdvals_as_numpy(dtype, shape):
    a = _matrices(dtype, shape)
    assert_allclose(cupylike.linalg.svdvals(cupylike.asarray(a)), numpy.linalg.svdvals(a),
                    **_LINALG_TOL)


@pytest.mark.parametrize("dtype", [numpy.int32, numpy.float32, numpy.float64,
                                   numpy.complex128], ids=str)
@pytest.mark.parametrize("axis", [-1, 0, 1])
def test_cross_as_numpy(dtype, axis):
    rng = numpy.random.default_rng(3)
    shape = [2, 2, 2]
    shape[axis] = 3
    a = (rng.standard_normal(shape) * 4).astype(dtype)
    b = (rng.standard_normal(shape) * 4).astype(dtype)
    if axis != 0:
        b = b[:1]  # broadcast along the first axis
    expected = numpy.linalg.cross(a, b, axis=axis)
    actual = cupylike.linalg.cross(cupylike.asarray(a), cupylike.asarray(b), axis=axis)
    assert_allclose(actual, expected, rtol=1e-6, atol=1e-5)


@numpy_cupylike_equal(accept_error=ValueError)
def test_cross_refuses_2_element_vectors(xp):
    return xp.linalg.cross(xp.ones(2), xp.ones(2))


@pytest.mark.parametrize("offset", [0, 1, -2])
@numpy_cupylike_allclose(rtol=1e-12)
def test_linalg_diagonal_and_trace_on_the_last_axes(offset, xp):
    a = xp.asarray(_matrices(numpy.float64, (2, 4, 3)))[:, ::-1]
    return (xp.linalg.diagonal(a, offset=offset), xp.linalg.trace(a, offset=offset),
            xp.linalg.trace(xp.asarray(numpy.arange(8, dtype=numpy.int8).reshape(2, 2, 2)),
                            dtype=xp.int16))


@numpy_cupylike_allclose(rtol=1e-12)
def test_linalg_outer_matmul_tensordot(xp):
    a = xp.asarray(_matrices(numpy.float64, (3, 4)))
    b = xp.asarray(_matrices(numpy.float64, (4, 2), seed=1))
    return (xp.linalg.outer(a[0], b[:, 1]), xp.linalg.matmul(a, b),
            xp.linalg.tensordot(a, b, axes=1), xp.linalg.tensordot(a, a, axes=((0, 1), (0, 1))))


@numpy_cupylike_equal(accept_error=ValueError)
def test_linalg_outer_refuses_matrices(xp):
    return xp.linalg.outer(xp.ones((2, 2)), xp.ones(2))


@numpy_cupylike_allclose(rtol=1e-12)
def test_matmul_takes_numpys_gufunc_keywords(xp):
    a = xp.asarray(_matrices(numpy.float64, (3, 2, 4)))
    b = xp.asarray(_matrices(numpy.float64, (2, 4, 5), seed=2))
    out = xp.zeros((2, 2, 5), dtype=xp.complex128)
    r = xp.matmul(a, b, axes=[(0, 2), (1, 2), (1, 2)])
    return (r, xp.matmul(a[0], b, order="F"), xp.matmul(a[0], b, signature="dd->d"),
            xp.matmul(a[0], b, out=out, casting="same_kind"), out)


@pytest.mark.parametrize("kwargs", [{"axis": 0}, {"keepdims": True}])
@numpy_cupylike_equal(accept_error=TypeError)
def test_matmul_refuses_axis_and_keepdims(kwargs, xp):
    return xp.matmul(xp.ones((2, 2)), xp.ones((2, 2)), **kwargs)


@pytest.mark.parametrize("name", ["sum", "prod", "max", "min", "all", "any", "mean", "var",
                                  "std", "argmax", "argmin"])
@numpy_cupylike_allclose(rtol=1e-12)
def test_reductions_default_keepdims_and_where_as_numpy(name, xp):
    # NumPy's signatures default them to _NoValue; passing that is passing nothing.
    a = xp.asarray(numpy.arange(1.0, 7.0).reshape(2, 3))
    f = getattr(xp, name)
    keywords = {"keepdims": numpy._NoValue}
    if name not in ("argmax", "argmin"):
        keywords["where"] = numpy._NoValue
    return f(a, axis=0, **keywords), f(a, 1, keepdims=True)
