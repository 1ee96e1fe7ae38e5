"""The ndarray reduction methods (sum, prod, max, min, all, any, argmax, argmin) against NumPy's,
the forms the core's C-level methods run themselves (no argument, axis positional or keyword,
keepdims=True/False) over every dtype, and the forms they hand to the Python methods (out=,
where=, initial=, dtype=, 0-d arrays, bad axes, a keepdims that is not a bool, argument errors)."""

import numpy
import pytest
from numpy.exceptions import AxisError

import cupylike
from cupylike.testing import for_all_dtypes, for_dtypes, numpy_cupylike_equal, sample_values

METHODS = ["sum", "prod", "max", "min", "all", "any", "argmax", "argmin"]
FAST_FORMS = [
    ((), {}), ((0,), {}), ((-1,), {}), ((None,), {}), ((), {"axis": 1}),
    ((), {"axis": None}), ((), {"keepdims": True}), ((1,), {"keepdims": True}),
    ((), {"axis": -2, "keepdims": False}), ((), {"keepdims": False, "axis": 0}),
]


def _values(xp, dtype, shape=(3, 4), method=None):
    if method == "prod" and numpy.dtype(dtype).kind == "c":
        # Signed zeros of complex products differ from NumPy's on every path of the core's
        # multiply (an open difference, not the methods').
        pytest.skip("complex prod: signs of zeros differ from NumPy's in the core")
    host = sample_values(dtype, shape)
    # Small whole numbers (and the specials) so that every summation order gives NumPy's bits.
    if host.dtype.kind in "iu":
        host = host // 2**(8 * host.dtype.itemsize - 3)
    elif host.dtype.kind in "fc":
        with numpy.errstate(all="ignore"):
            host = numpy.round(host / 16)
    if host.dtype.kind == "c":
        # Finite, unsigned zeros: complex products of infinities and signed zeros are an open
        # difference of the core's multiply, whichever path calls it.
        host = numpy.where(numpy.isfinite(host), host, 1) + 0
    return xp.asarray(host)


@pytest.mark.parametrize("method", METHODS)
def test_reduction_methods_are_c_level(method):
    assert type(getattr(cupylike.ndarray, method)).__name__ == "method_descriptor"
    assert getattr(cupylike.ndarray, method).__doc__


@pytest.mark.parametrize("form", FAST_FORMS, ids=repr)
@pytest.mark.parametrize("method", METHODS)
@for_all_dtypes()
@numpy_cupylike_equal()
def test_reduction_method_common_forms_match_numpy(xp, method, form, dtype):
    args, kwargs = form
    with numpy.errstate(all="ignore"):
        return getattr(_values(xp, dtype, method=method), method)(*args, **kwargs)


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("shape", [(0, 3), (3, 0), (1,), (2, 1, 3)])
@pytest.mark.parametrize("axis", [None, 0, -1])
@numpy_cupylike_equal(accept_error=ValueError)  # empty slices of max, min, argmax, argmin
def test_reduction_method_shapes_match_numpy(xp, method, shape, axis):
    return getattr(_values(xp, numpy.float64, shape), method)(axis)


UNUSUAL = [
    ((), {"dtype": numpy.float32}), ((), {"initial": 5}), ((0,), {"initial": -1}),
    ((), {"where": "mask"}), ((1,), {"where": "mask", "initial": 2}),
    ((), {"out": "out0"}), ((0,), {"out": "out1"}), ((0,), {"out": "out1", "keepdims": False}),
    ((), {"axis": 2}), ((), {"axis": -3}), ((5,), {}), ((), {"axis": (0, 1)}),
    ((), {"axis": ()}), ((), {"axis": (1,)}), ((), {"axis": numpy.int64(1)}),
    ((), {"axis": 1.5}), ((), {"axis": "0"}), ((), {"axis": True}), ((), {"axis": 2**70}),
    ((), {"keepdims": 1}), ((0,), {"keepdims": 0}),
    ((0,), {"axis": 0}), ((), {"axes": 0}), ((0, None, None, False, 0, True, 7), {}),
]


def _resolve(xp, method, value):
    if not isinstance(value, str):
        return value
    if value == "mask":
        return xp.asarray(numpy.array([[True, False, True, True]] * 3))
    if value == "out0":
        return xp.empty((), dtype=numpy.float64 if method in ("sum", "prod") else numpy.int32)
    if value == "out1":
        return xp.empty(4, dtype=numpy.float64)
    return value


@pytest.mark.parametrize("form", UNUSUAL, ids=repr)
@pytest.mark.parametrize("method", METHODS)
@for_dtypes([numpy.bool_, numpy.int16, numpy.uint64, numpy.float32, numpy.complex128])
@numpy_cupylike_equal(accept_error=(TypeError, ValueError, OverflowError, AxisError))
def test_reduction_method_other_forms_match_numpy(xp, method, form, dtype):
    args, kwargs = form
    kwargs = {k: v if k == "axis" else _resolve(xp, method, v) for k, v in kwargs.items()}
    with numpy.errstate(all="ignore"):
        return getattr(_values(xp, dtype, method=method), method)(*args, **kwargs)


@pytest.mark.parametrize("form", [((), {}), ((0,), {}), ((-1,), {}), ((1,), {}),
                                  ((), {"keepdims": True}),
                                  ((), {"axis": None, "keepdims": False})],
                         ids=repr)
@pytest.mark.parametrize("method", METHODS)
@for_dtypes([numpy.bool_, numpy.int8, numpy.float16, numpy.complex64])
@numpy_cupylike_equal(accept_error=AxisError)  # axis 1 of a 0-d array
def test_reduction_method_of_0d_array_matches_numpy(xp, method, form, dtype):
    args, kwargs = form
    return getattr(_values(xp, dtype, ()), method)(*args, **kwargs)


def test_reduction_method_into_out_returns_out():
    x = cupylike.arange(6.0).reshape(2, 3)
    out = cupylike.empty(3)
    assert x.sum(0, out=out) is out
    assert out.get().tolist() == [3.0, 5.0, 7.0]
