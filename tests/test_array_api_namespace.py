"""The Array API 2024.12 in cupylike's namespaces, as NumPy 2.4 has it in its own: every name of
the standard (the list is array-api-strict's) exists in cupylike, cupylike.linalg and
cupylike.fft with NumPy's signature, ndarray has the standard's members with NumPy's
signatures, the protocol objects (__array_namespace__, __array_namespace_info__, to_device,
device, astype) behave as NumPy's; test_array_api_functions.py checks the added functions'
values."""

import inspect
import warnings

import numpy
import pytest

import cupylike
from cupylike.testing import (
    assert_array_equal,
)

# Installed with the test extra (CI); a machine without it skips this file.
array_api_strict = pytest.importorskip(
    "array_api_strict", reason="the test extra's array-api-strict lists the Array API's names")

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
