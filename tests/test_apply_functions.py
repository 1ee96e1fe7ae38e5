"""apply_along_axis, apply_over_axes and piecewise against NumPy: functions returning scalars
and arrays of any shape, extra arguments, result dtypes, 0-d/empty/non-contiguous inputs, and
NumPy's errors."""

import numpy
import pytest

import cupylike
from cupylike.testing import numpy_cupylike_allclose, numpy_cupylike_equal, sample_values


def _a(xp, shape, dtype=numpy.float64, seed=0):
    return xp.asarray(sample_values(numpy.dtype(dtype), shape, seed))


@numpy_cupylike_allclose(rtol=1e-5)  # float32 sums, added in another order
@pytest.mark.parametrize("axis", [0, 1, -1])
@pytest.mark.parametrize("kind", ["scalar", "same", "matrix", "python_float"])
def test_apply_along_axis_result_shapes(axis, kind, xp):
    a = _a(xp, (3, 4, 5), numpy.float32)[:, ::-1]
    func = {"scalar": lambda v: v.sum(), "same": lambda v: v[::-1] * 2,
            "matrix": lambda v: xp.outer(v, v[:2]), "python_float": lambda v: 1.5}[kind]
    return xp.apply_along_axis(func, axis, a)


@numpy_cupylike_equal()
def test_apply_along_axis_args_kwargs_and_int_dtype(xp):
    a = _a(xp, (4, 3), numpy.int16)
    return xp.apply_along_axis(lambda v, k, scale=1: v[:k] * scale, 0, a, 2, scale=3)


@numpy_cupylike_equal()
def test_apply_along_axis_empty_axis(xp):
    # The slices are empty but exist: NumPy calls the function on them.
    return xp.apply_along_axis(lambda v: v.sum(), 0, xp.zeros((0, 3), numpy.int8))


@pytest.mark.parametrize("shape, axis, error, match", [
    ((3, 0), 0, ValueError, "Cannot apply_along_axis when any iteration dimensions are 0"),
    ((), 0, numpy.exceptions.AxisError, "axis 0 is out of bounds"),
    ((2, 3), 2, numpy.exceptions.AxisError, "axis 2 is out of bounds"),
])
def test_apply_along_axis_errors(shape, axis, error, match):
    for xp in (numpy, cupylike):
        with pytest.raises(error, match=match):
            xp.apply_along_axis(lambda v: v.sum(), axis, xp.zeros(shape))


@numpy_cupylike_equal()
@pytest.mark.parametrize("axes", [0, [0, 2], (-1,), [1, 1]])
def test_apply_over_axes(axes, xp):
    return xp.apply_over_axes(xp.sum, _a(xp, (2, 3, 4), numpy.int32), axes)


@numpy_cupylike_equal()
def test_apply_over_axes_keeping_dims(xp):
    return xp.apply_over_axes(lambda a, ax: xp.max(a, axis=ax, keepdims=True),
                              _a(xp, (3, 4))[::2], [1, 0])


def test_apply_over_axes_bad_shape():
    for xp in (numpy, cupylike):
        with pytest.raises(ValueError, match="function is not returning an array of the "
                                             "correct shape"):
            xp.apply_over_axes(lambda a, ax: a.sum(), xp.ones((2, 3, 4)), 0)


@numpy_cupylike_equal()
@pytest.mark.parametrize("dtype", [numpy.int32, numpy.float32, numpy.complex128])
def test_piecewise_functions_and_values(dtype, xp):
    x = _a(xp, (3, 4), dtype)[:, ::-1]
    return xp.piecewise(x, [x.real < 0, x.real > 2], [lambda v: v * 2, 7])


@numpy_cupylike_equal()
def test_piecewise_otherwise_and_args(xp):
    x = xp.linspace(-3, 3, 13)
    return xp.piecewise(x, [x < -1, x > 1], [lambda v, k: v * k, lambda v, k: -v,
                                             lambda v, k: k + 0 * v], 10)


@numpy_cupylike_equal()
@pytest.mark.parametrize("form", ["array", "bool", "zero_d", "empty"])
def test_piecewise_condition_forms(form, xp):
    if form == "zero_d":
        return xp.piecewise(xp.asarray(2.5), xp.asarray(2.5) > 1, [lambda v: v * 4, -1.0])
    if form == "bool":
        return xp.piecewise(xp.asarray(1.25), True, [lambda v: v + 1])
    if form == "empty":
        x = xp.zeros((0,))
        return xp.piecewise(x, [x > 0], [lambda v: 1 / v, 3.0])
    x = xp.arange(6)
    return xp.piecewise(x, x % 2 == 0, [lambda v: v * 10])  # one condition as an array


def test_piecewise_function_count_error():
    for xp in (numpy, cupylike):
        x = xp.arange(4.0)
        with pytest.raises(ValueError, match=r"with 2 condition\(s\), either 2 or 3 functions "
                                             "are expected"):
            xp.piecewise(x, [x > 1, x > 2], [1.0])
