"""cupylike.lib (stride_tricks, array_utils), cupylike.emath, cupylike.typing, info and
show_runtime, against NumPy's."""

import inspect

import numpy
import pytest

import cupylike
from cupylike import testing
from cupylike._core import _numpy_version
from cupylike.lib import stride_tricks

_FUNCTIONS = [
    (cupylike.lib.stride_tricks.as_strided, numpy.lib.stride_tricks.as_strided),
    (cupylike.lib.stride_tricks.sliding_window_view,
     numpy.lib.stride_tricks.sliding_window_view),
    *[(getattr(cupylike.emath, n), getattr(numpy.emath, n)) for n in cupylike.emath.__all__],
    (cupylike.info, numpy.info),
    (cupylike.show_runtime, numpy.show_runtime),
]


@pytest.mark.parametrize(("ours", "theirs"), _FUNCTIONS, ids=lambda f: f.__name__)
def test_signatures_are_numpys(ours, theirs):
    want = inspect.signature(theirs)
    if theirs is numpy.info:  # the name looked up by default is cupylike's own
        want = want.replace(parameters=[
            p.replace(default="cupylike") if p.name == "toplevel" else p
            for p in want.parameters.values()])
    assert inspect.signature(ours) == want


def _base(xp):
    # A non-contiguous, offset base: every column of rows 1.. of a 5x6 float64 array.
    return xp.arange(30, dtype=numpy.float64).reshape(5, 6)[1:, ::2]


@pytest.mark.parametrize(("shape", "strides"), [
    ((3, 3), (48, 16)), ((2, 2, 2), (0, 96, 16)), ((4,), (0,)), ((0, 5), (8, 8)), ((), ()),
    ((3,), (-48,)),
])
@testing.numpy_cupy_array_equal(strides_check=True)
def test_as_strided_reads_numpys_elements(xp, shape, strides):
    base = _base(xp)
    if strides and strides[0] < 0:
        base = base[::-1]
    return xp.lib.stride_tricks.as_strided(base, shape, strides)


def test_as_strided_defaults_and_writes_through():
    x = cupylike.arange(6.0)
    v = stride_tricks.as_strided(x)
    assert v.shape == x.shape and v.strides == x.strides and v.flags.writeable
    stride_tricks.as_strided(x, (3,), (16,))[...] = -1.0
    testing.assert_array_equal(x, cupylike.asarray([-1.0, 1, -1, 3, -1, 5]))
    assert not stride_tricks.as_strided(x, writeable=False).flags.writeable
    ro = cupylike.broadcast_to(x, (2, 6))
    assert not stride_tricks.as_strided(ro, (6,), (8,)).flags.writeable


@pytest.mark.parametrize(("shape", "strides"), [
    ((7,), (8,)), ((2,), (-8,)), ((3,), (2**62,)), ((2, 2), (8, 2**61)),
])
def test_as_strided_refuses_views_past_the_memory(shape, strides):
    x = cupylike.arange(6.0)[:6]
    with pytest.raises(ValueError, match="reach outside the array's memory"):
        stride_tricks.as_strided(x, shape, strides)


@pytest.mark.parametrize("check_bounds", [True, False, None])
def test_as_strided_checks_bounds_whatever_check_bounds_says(monkeypatch, check_bounds):
    # NumPy 2.5's check_bounds=True refuses what ours always refuses (ValueError); False and
    # None let NumPy build the view, which a GPU cannot read (docs/differences.md).
    monkeypatch.setattr(_numpy_version, "NUMPY_VERSION", (2, 5))
    x = cupylike.arange(6.0)
    with pytest.raises(ValueError, match="reach outside the array's memory"):
        stride_tricks.as_strided(x, (7,), (8,), check_bounds=check_bounds)
    view = stride_tricks.as_strided(x, (3,), (16,), check_bounds=check_bounds)
    testing.assert_array_equal(view, cupylike.asarray([0.0, 2, 4]))


def test_as_strided_has_check_bounds_from_numpy_2_5(monkeypatch):
    assert "check_bounds" not in stride_tricks._as_strided_signature((2, 4)).parameters
    param = stride_tricks._as_strided_signature((2, 5)).parameters["check_bounds"]
    assert (param.kind, param.default) == (inspect.Parameter.KEYWORD_ONLY, None)
    monkeypatch.setattr(_numpy_version, "NUMPY_VERSION", (2, 4))
    x = cupylike.arange(6.0)
    with pytest.raises(TypeError, match="unexpected keyword argument 'check_bounds'"):
        stride_tricks.as_strided(x, (3,), (16,), check_bounds=True)


def test_as_strided_takes_check_bounds_where_the_installed_numpy_does():
    outcomes = []
    for xp in (numpy, cupylike):
        try:
            xp.lib.stride_tricks.as_strided(xp.arange(6.0), (3,), (16,), check_bounds=True)
            outcomes.append(None)
        except TypeError as e:
            outcomes.append(str(e))
    assert outcomes[0] == outcomes[1]


def test_as_strided_errors():
    x = cupylike.arange(6.0)
    with pytest.raises(ValueError, match="same length"):
        stride_tricks.as_strided(x, (2, 3), (8,))
    with pytest.raises(ValueError, match="negative dimensions"):
        stride_tricks.as_strided(x, (-1,), (8,))
    with pytest.raises(TypeError, match="cupylike.ndarray"):
        stride_tricks.as_strided(numpy.arange(3.0))


@pytest.mark.parametrize(("window", "axis"), [
    (3, None), ((2, 3), None), (2, 0), (2, -1), ((2, 2), (1, 1)), (0, 1), ((1, 2), (0, 1)),
])
@testing.numpy_cupy_array_equal(strides_check=True)
def test_sliding_window_view(xp, window, axis):
    x = _base(xp)
    if axis is None and numpy.ndim(window) == 0:
        x = x[0]
    return xp.lib.stride_tricks.sliding_window_view(x, window, axis)


@pytest.mark.parametrize(("window", "axis", "match"), [
    (7, None, "window shape cannot be larger"), (-1, None, "negative values"),
    (2, None, "must provide window_shape for all dimensions"), ((2, 2), 0, "matching length"),
])
def test_sliding_window_view_errors(window, axis, match):
    for xp in (numpy, cupylike):
        x = xp.arange(12.0).reshape(3, 4) if match != "window shape cannot be larger" else (
            xp.arange(6.0))
        with pytest.raises(ValueError, match=match):
            xp.lib.stride_tricks.sliding_window_view(x, window, axis)


def test_sliding_window_view_is_read_only_unless_asked():
    x = cupylike.arange(5.0)
    assert not stride_tricks.sliding_window_view(x, 2).flags.writeable
    assert stride_tricks.sliding_window_view(x, 2, writeable=True).flags.writeable


def test_array_utils_are_numpys():
    assert set(cupylike.lib.array_utils.__all__) == set(numpy.lib.array_utils.__all__)
    assert cupylike.lib.array_utils.normalize_axis_index(-1, 3) == 2
    assert cupylike.lib.array_utils.normalize_axis_tuple((0, -1), 2) == (0, 1)
    x = cupylike.arange(12.0).reshape(3, 4)[::-1, 1:3]
    low, high = cupylike.lib.array_utils.byte_bounds(x)
    base = cupylike.lib.array_utils.byte_bounds(x.base)
    h = numpy.arange(12.0).reshape(3, 4)[::-1, 1:3]
    hl, hh = numpy.lib.array_utils.byte_bounds(h)
    bl, _ = numpy.lib.array_utils.byte_bounds(h.base)
    assert (low - base[0], high - base[0]) == (hl - bl, hh - bl)


_EMATH_VALUES = [-4.0, -1.0, -0.5, 0.0, 0.25, 1.0, 2.0, 9.0]


@pytest.mark.parametrize("name", ["sqrt", "log", "log2", "log10", "arccos", "arcsin",
                                  "arctanh"])
@pytest.mark.parametrize("dtype", ["float64", "float32", "float16", "int8", "int64", "uint8",
                                   "complex64"])
@pytest.mark.parametrize("sign", ["mixed", "positive"])
def test_emath_unary(name, dtype, sign):
    values = numpy.array(_EMATH_VALUES if sign == "mixed" else [0.25, 0.5, 1.0])
    if numpy.dtype(dtype).kind in "iu":
        values = numpy.array([-4, -1, 0, 1, 2, 9] if sign == "mixed" else [0, 1])
        if dtype == "uint8":
            values = abs(values)
    a = values.astype(dtype)
    with numpy.errstate(all="ignore"):
        want = getattr(numpy.emath, name)(a)
    got = getattr(cupylike.emath, name)(cupylike.asarray(a))
    rtol = 1e-3 if want.dtype in (numpy.float16, numpy.complex64, numpy.float32) else 1e-12
    testing.assert_allclose(got, want, rtol=rtol, atol=1e-6)


def test_emath_logn_and_power():
    x = numpy.array([-8.0, 2.0, 16.0])
    testing.assert_allclose(cupylike.emath.logn(2, cupylike.asarray(x)), numpy.emath.logn(2, x),
                            rtol=1e-12)
    for base, p in (([2, -2], [-1, 2]), ([2, 4], [2, 3]), ([-2.0, 4.0], 2), (4, -2)):
        b = numpy.asarray(base)
        e = numpy.asarray(p)
        got = cupylike.emath.power(cupylike.asarray(b), cupylike.asarray(e))
        testing.assert_allclose(got, numpy.emath.power(b, e), rtol=1e-12, atol=1e-15)


def test_emath_scalars_and_0d():
    testing.assert_allclose(cupylike.emath.sqrt(-1.0), numpy.asarray(numpy.emath.sqrt(-1.0)))
    testing.assert_allclose(cupylike.emath.sqrt(cupylike.asarray(4.0)),
                            numpy.asarray(numpy.emath.sqrt(numpy.float64(4.0))))


def test_emath_rejects_host_arrays():
    with pytest.raises(TypeError, match="numpy.ndarray"):
        cupylike.emath.sqrt(numpy.array([-1.0]))


def test_emath_is_lib_scimath():
    assert cupylike.emath is cupylike.lib.scimath


def test_typing_names():
    assert set(cupylike.typing.__all__) == set(numpy.typing.__all__)
    alias = cupylike.typing.NDArray[numpy.float32]
    assert alias.__origin__ is cupylike.ndarray
    assert alias.__args__[1] == numpy.dtype[numpy.float32]
    assert cupylike.typing.ArrayLike is numpy.typing.ArrayLike


def test_info_prints_cupylikes_documentation(capsys):
    cupylike.info(cupylike.emath.sqrt)
    assert "complex for negative reals" in capsys.readouterr().out
    cupylike.info("histogram")
    assert "Found in cupylike" in capsys.readouterr().out


def test_show_runtime_reports_device_and_pools(capsys):
    cupylike.asarray([1.0, 2.0])
    cupylike.show_runtime()
    out = capsys.readouterr().out
    assert f"Device{' '}" in out and str(cupylike.Device()) in out
    assert "Memory pool (used / held bytes)" in out
    used = cupylike.get_default_memory_pool().used_bytes()
    assert f": {used} /" in out
