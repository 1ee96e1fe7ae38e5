"""Comparing cupylike results with NumPy's, value by value or within tolerances, and the
decorators that run one test body with both libraries (CuPy's numpy_cupy_array_equal and
numpy_cupy_allclose)."""

import functools
import inspect
import numbers

import numpy

import cupylike
from cupylike.testing._errors import as_error_types, check_errors


def _to_host(x):
    return x.get() if isinstance(x, cupylike.ndarray) else x


def _gpu_nans(x):
    """Whether `x` lives on a real GPU, whose arithmetic makes CUDA's canonical NaN (sign bit
    clear) where x86 CPUs, and so NumPy, make one with the sign bit set: the sign of a NaN is
    not NumPy's there. The cpu device and the emulated GPU compute on the host, like NumPy."""
    return (isinstance(x, cupylike.ndarray) and x.device.kind == "cuda"
            and not cupylike._core._native._cuda_emulated())


def assert_array_equal(actual, desired, *, strides=False, err_msg=""):
    """Equal shapes, dtypes and values (nan equal to nan, -0.0 distinct from 0.0 in sign, and
    NaNs' signs equal too, except on a real GPU), and equal strides when asked. `actual` may
    be a cupylike array; `desired` is NumPy's."""
    is_device = isinstance(actual, cupylike.ndarray)
    a = _to_host(actual)
    d = numpy.asarray(desired)
    a_arr = numpy.asarray(a)
    assert a_arr.shape == d.shape, f"shape {a_arr.shape} != {d.shape} {err_msg}"
    assert a_arr.dtype == d.dtype, f"dtype {a_arr.dtype} != {d.dtype} {err_msg}"
    numpy.testing.assert_array_equal(a_arr, d, err_msg=err_msg, strict=True)
    if d.dtype.kind in "fc" and d.size:
        signs_a, signs_d = numpy.signbit(a_arr.real), numpy.signbit(d.real)
        if _gpu_nans(actual):
            signs_a = signs_a & ~numpy.isnan(a_arr.real)
            signs_d = signs_d & ~numpy.isnan(d.real)
        numpy.testing.assert_array_equal(signs_a, signs_d,
                                         err_msg=f"signs of zeros differ {err_msg}")
    if strides and is_device:
        assert actual.strides == d.strides, f"strides {actual.strides} != {d.strides} {err_msg}"


def _tolerance(tol, dtype):
    """`tol` for `dtype`: a number, or a dict by dtype with an optional "default" entry."""
    if not isinstance(tol, dict):
        return tol
    for key, value in tol.items():
        if key != "default" and numpy.dtype(key) == dtype:
            return value
    if "default" in tol:
        return tol["default"]
    raise KeyError(f"no tolerance for {dtype} in {tol}")


def assert_allclose(actual, desired, rtol=1e-7, atol=0.0, *, scale_atol=False, err_msg=""):
    """Equal shapes and dtypes; floating and complex values within `rtol` and `atol` of
    NumPy's (nan equal to nan, infinities exact), other values equal. `rtol` and `atol` are
    numbers or dicts by dtype (an optional "default" entry for the others); with `scale_atol`,
    `atol` is relative to the largest finite magnitude in `desired`, or to 1 if that is
    smaller, as for results that sum terms of that size."""
    a = numpy.asarray(_to_host(actual))
    d = numpy.asarray(desired)
    assert a.shape == d.shape, f"shape {a.shape} != {d.shape} {err_msg}"
    assert a.dtype == d.dtype, f"dtype {a.dtype} != {d.dtype} {err_msg}"
    if d.dtype.kind not in "fc":
        numpy.testing.assert_array_equal(a, d, err_msg=err_msg, strict=True)
        return
    rtol, atol = _tolerance(rtol, d.dtype), _tolerance(atol, d.dtype)
    if scale_atol:
        atol = atol * float(numpy.max(numpy.abs(d[numpy.isfinite(d)]), initial=1))
    numpy.testing.assert_allclose(a, d, rtol=rtol, atol=atol, equal_nan=True, err_msg=err_msg)


def _is_array(x):
    return isinstance(x, (numpy.ndarray, numpy.generic, cupylike.ndarray))


def _assert_each(actual, desired, compare, numbers_too):
    """compare(actual, desired) through tuples and lists, for arrays and NumPy scalars (and
    Python numbers other than bool, with `numbers_too`); other values compare with ==."""
    if isinstance(desired, (tuple, list)):
        assert isinstance(actual, (tuple, list)) and len(actual) == len(desired), (
            f"{actual!r} != {desired!r}")
        for a, d in zip(actual, desired, strict=True):
            _assert_each(a, d, compare, numbers_too)
    elif _is_array(desired) or _is_array(actual) or (
            numbers_too and isinstance(desired, numbers.Number)
            and not isinstance(desired, bool)):
        compare(actual, desired)
    else:
        assert actual == desired, f"{actual!r} != {desired!r}"


def assert_same(actual, desired, *, strides=False):
    """assert_array_equal through tuples and lists; other values compare with ==."""
    _assert_each(actual, desired,
                 functools.partial(assert_array_equal, strides=strides), numbers_too=False)


def _run(fn, xp, args, kwargs):
    try:
        return fn(*args, xp=xp, **kwargs), None
    except Exception as e:  # judged by check_errors
        return None, e


def _numpy_cupylike(compare, accept_error):
    """The decorator of numpy_cupylike_equal and numpy_cupylike_allclose: the test runs with
    xp=numpy, then xp=cupylike; compare(cupylike's result, NumPy's) or check_errors."""
    accept_error = as_error_types(accept_error)

    def decorator(fn):
        code = getattr(inspect.unwrap(fn), "__code__", None)  # None for a partial
        test_file = code.co_filename if code is not None else None

        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            expected, np_error = _run(fn, numpy, args, kwargs)
            actual, cp_error = _run(fn, cupylike, args, kwargs)
            if np_error is not None or cp_error is not None:
                check_errors(np_error, cp_error, accept_error, test_file)
                return
            compare(actual, expected)

        sig = inspect.signature(fn)
        wrapper.__signature__ = sig.replace(
            parameters=[p for name, p in sig.parameters.items() if name != "xp"]
        )
        return wrapper

    return decorator


_ERRORS_DOC = """When a side raises, the test fails unless both raise, cupylike's error is an
    instance of NumPy's error type (or, when NumPy raises a private type such as its
    UFuncTypeError family in numpy._core._exceptions, of that type's nearest public base
    class, TypeError), both errors are instances of `accept_error` (an exception type or a
    tuple of them: the error the test expects, as CuPy's accept_error=) and neither is the
    test's own: a NameError, AssertionError, ImportError or SyntaxError, a ``raise`` in the
    test's module, or an error raised in Python code outside NumPy, cupylike and the test's
    module (cupylike.testing._errors.own_error gives the rule)."""


def numpy_cupylike_equal(*, strides=False, accept_error=()):
    """Decorator: the test takes `xp` and runs with NumPy and with cupylike; both must return
    equal results (see assert_same), with equal strides when `strides`.

    {errors}"""
    return _numpy_cupylike(functools.partial(assert_same, strides=strides), accept_error)


def numpy_cupylike_allclose(rtol=1e-7, atol=0.0, *, scale_atol=False, accept_error=()):
    """Decorator: the test takes `xp` and runs with NumPy and with cupylike; both must return
    results of equal shapes and dtypes whose values agree within `rtol` and `atol` (see
    assert_allclose), through tuples and lists.

    {errors}"""
    compare = functools.partial(assert_allclose, rtol=rtol, atol=atol, scale_atol=scale_atol)
    return _numpy_cupylike(
        functools.partial(_assert_each, compare=compare, numbers_too=True), accept_error)


for _decorator in (numpy_cupylike_equal, numpy_cupylike_allclose):
    if _decorator.__doc__:  # None under python -OO
        _decorator.__doc__ = _decorator.__doc__.format(errors=_ERRORS_DOC)
