"""Bad input to the reductions raises NumPy's exception types: axis out of range (AxisError),
duplicate axes, out= of the wrong shape, a where= mask that is not bool, non-array input,
argmax's axis that is not an int, where= without an identity, initial= out of range."""

import numpy
import pytest
from helpers.reduction_cases import assert_same_outcome, run_both

import cupylike
from cupylike.testing import assert_array_equal

FUNCTIONS = ["sum", "prod", "max", "min", "all", "any", "mean", "var", "std", "nansum",
             "nanprod", "nanmax", "nanmin", "nanmean", "nanvar", "nanstd", "count_nonzero",
             "ptp"]
ARGS = ["argmax", "argmin", "nanargmax", "nanargmin"]
HOST = numpy.arange(24, dtype=numpy.float64).reshape(2, 3, 4)


@pytest.mark.parametrize("name", FUNCTIONS + ARGS)
def test_bad_axes_raise_as_numpy(name):
    bad = [3, -4, 10, 1.0, "1"] + ([] if name in ARGS else [(0, 0), (1, -2), (0, 3), (0, 1.5)])
    if name in ARGS:
        bad.append((0,))
    for axis in bad:
        expected, actual = run_both(getattr(numpy, name), getattr(cupylike, name), HOST,
                                    axis=axis)
        assert isinstance(expected, Exception), (name, axis)
        assert_same_outcome(expected, actual, f"{name} axis={axis!r}")
    with pytest.raises(numpy.exceptions.AxisError):
        getattr(cupylike, name)(cupylike.asarray(HOST), axis=3)


@pytest.mark.parametrize("name", [f for f in FUNCTIONS + ARGS if f != "count_nonzero"])
def test_out_of_the_wrong_shape_is_a_value_error(name):
    dtype = numpy.int64 if name in ARGS else numpy.float64
    for shape in ((3,), (4, 2), (2, 1, 4), (), (2, 3, 4)):
        out = numpy.zeros(shape, dtype)
        expected, actual = run_both(getattr(numpy, name), getattr(cupylike, name), HOST,
                                    axis=1, out=out)
        assert isinstance(expected, ValueError), (name, shape, expected)
        assert isinstance(actual, ValueError), (name, shape, actual)


@pytest.mark.parametrize("name", ["sum", "prod", "all", "any", "mean", "var", "std", "nansum",
                                  "nanmean", "nanvar", "max", "nanmax"])
def test_where_must_be_bool(name):
    extra = {"initial": 0} if "max" in name else {}
    for mask in (numpy.ones(4, numpy.int64), numpy.ones(4, numpy.float32)):
        expected, actual = run_both(getattr(numpy, name), getattr(cupylike, name), HOST,
                                    axis=2, where=mask, **extra)
        assert isinstance(expected, TypeError) and isinstance(actual, TypeError), (
            name, expected, actual)


@pytest.mark.parametrize("name", FUNCTIONS + ARGS)
def test_non_arrays_are_a_type_error(name):
    for value in ([1.0, 2.0], HOST, 3.0, (1, 2)):
        with pytest.raises(TypeError):
            getattr(cupylike, name)(value)


def test_identity_and_initial_errors_as_numpy():
    ints = numpy.array([[1, 2], [3, 4]], numpy.int8)
    mask = numpy.array([True, False])
    for np_fn, cp_fn, kw in (
        (numpy.max, cupylike.max, dict(where=mask)),
        (numpy.nanmin, cupylike.nanmin, dict(where=mask)),
        (numpy.max, cupylike.max, dict(initial=300)),
        (numpy.sum, cupylike.sum, dict(initial=1.5)),
        (numpy.std, cupylike.std, dict(ddof=1, correction=1)),
    ):
        expected, actual = run_both(np_fn, cp_fn, ints, axis=1, **kw)
        assert_same_outcome(expected, actual, f"{np_fn.__name__} {kw}")
    with pytest.raises(ValueError, match="does not have an identity"):
        cupylike.max(cupylike.asarray(ints), where=cupylike.asarray(mask))
    with pytest.raises(ValueError, match="All-NaN slice encountered"):
        cupylike.nanargmin(cupylike.asarray(numpy.full((2, 2), numpy.nan)), axis=0)


@pytest.mark.parametrize("name", ["argmax", "argmin"])
@pytest.mark.parametrize("dtype", ["int8", "uint32", "int64", "bool", "uint64", "float64",
                                   "complex128"])
def test_arg_reductions_take_an_out_that_casts_safely_to_int64(name, dtype):
    # NumPy writes back through an int64 array: out's dtype must cast safely to int64, checked
    # after the axis.
    host = numpy.array([3.0, 1.0, 2.0])
    with pytest.raises(numpy.exceptions.AxisError):
        getattr(cupylike, name)(cupylike.asarray(host), axis=1, out=cupylike.zeros((), dtype))
    expected_out = numpy.zeros((), dtype)
    try:
        expected = getattr(numpy, name)(host, out=expected_out)
    except TypeError:
        with pytest.raises(TypeError, match="according to the rule 'safe'"):
            getattr(cupylike, name)(cupylike.asarray(host), out=cupylike.zeros((), dtype))
        return
    out = cupylike.zeros((), dtype)
    assert getattr(cupylike, name)(cupylike.asarray(host), out=out) is out
    assert_array_equal(out, expected)


@pytest.mark.parametrize("name", ["argmax", "argmin"])
def test_an_empty_slice_is_reported_before_out(name):
    host = numpy.zeros((0, 3), numpy.int32)
    for axis in (0, None):
        with pytest.raises(ValueError, match=f"attempt to get {name} of an empty sequence"):
            getattr(numpy, name)(host, axis=axis, out=numpy.zeros((), numpy.float32))
        with pytest.raises(ValueError, match=f"attempt to get {name} of an empty sequence"):
            getattr(cupylike, name)(cupylike.asarray(host), axis=axis,
                                    out=cupylike.zeros((), numpy.float32))


@pytest.mark.parametrize("name", ["mean", "var", "std", "sum"])
@pytest.mark.parametrize("kwargs", [{"axis": (1, -1), "dtype": "int128"}, {"axis": (1, 1)},
                                    {"axis": (1, 5), "dtype": "int128"}], ids=repr)
def test_statistics_report_dtype_and_repeated_axes_in_numpys_order(name, kwargs):
    # NumPy counts the elements per axis first (AxisError), then the sum reads dtype=
    # (TypeError), then it finds the repeated axis (ValueError "duplicate value in 'axis'").
    host = numpy.ones((2, 3), numpy.float32)
    with pytest.raises(Exception) as numpy_error:
        getattr(numpy, name)(host, **kwargs)
    with pytest.raises(type(numpy_error.value)) as error:
        getattr(cupylike, name)(cupylike.asarray(host), **kwargs)
    assert str(error.value) == str(numpy_error.value)
