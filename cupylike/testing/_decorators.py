"""Decorators that run one test body with NumPy and with cupylike and compare the results
(CuPy's numpy_cupy_allclose, numpy_cupy_array_equal, ...; our numpy_cupylike_equal and
numpy_cupylike_allclose are the same machinery with our defaults).

The test takes the module under `name` (``xp``) and is run twice, with ``numpy`` and with
``cupylike``; what it returns must agree (arrays through tuples and lists, other values with
==). Errors follow our rule, stricter than CuPy's: see _ERRORS_DOC.
"""

import functools
import inspect

import numpy

import cupylike
from cupylike.testing._assertions import (
    assert_allclose,
    assert_array_almost_equal,
    assert_array_almost_equal_nulp,
    assert_array_equal,
    assert_array_less,
    assert_array_max_ulp,
    assert_each,
    is_array,
    to_host,
)
from cupylike.testing._errors import as_error_types, check_errors

_ERRORS_DOC = """When a side raises, the test fails unless both raise, cupylike's error is an
    instance of NumPy's error type (or, when NumPy raises a private type such as its
    UFuncTypeError family in numpy._core._exceptions, of that type's nearest public base
    class, TypeError), both errors are instances of `accept_error` (an exception type or a
    tuple of them: the error the test expects; CuPy's ``accept_error=True``, any error, is
    refused) and neither is the test's own: a NameError, AssertionError, ImportError or
    SyntaxError, a ``raise`` in the test's module, or an error raised in Python code outside
    NumPy, cupylike and the test's module (cupylike.testing._errors.own_error gives the
    rule)."""


def _accepted(accept_error):
    if accept_error is True:
        raise TypeError("accept_error=True (any error) is not accepted: a test that expects "
                        "an error names its type, e.g. accept_error=ValueError")
    return as_error_types(accept_error)


def _no_scipy(sp_name, scipy_name):
    if sp_name is not None or scipy_name is not None:
        raise ValueError("cupylike has no SciPy namespace (CuPy's cupyx.scipy), so "
                         "sp_name= and scipy_name= cannot be given")


def _run(fn, name, xp, args, kwargs):
    try:
        return fn(*args, **{name: xp}, **kwargs), None
    except Exception as e:  # judged by check_errors
        return None, e


def _numpy_cupylike(compare, name="xp", accept_error=(), *, both_raise=False):
    """The decorator of every numpy_cupy* helper: the test runs with `name`=numpy, then with
    `name`=cupylike; compare(cupylike's result, NumPy's), or check_errors when one raises
    (`both_raise`: the test must raise on both sides)."""
    accept_error = _accepted(accept_error)

    def decorator(fn):
        code = getattr(inspect.unwrap(fn), "__code__", None)  # None for a partial
        test_file = code.co_filename if code is not None else None

        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            expected, np_error = _run(fn, name, numpy, args, kwargs)
            actual, cp_error = _run(fn, name, cupylike, args, kwargs)
            if np_error is not None or cp_error is not None:
                check_errors(np_error, cp_error, accept_error, test_file)
            elif both_raise:
                raise AssertionError("neither NumPy nor cupylike raised")
            else:
                compare(actual, expected)

        sig = inspect.signature(fn)
        wrapper.__signature__ = sig.replace(
            parameters=[p for key, p in sig.parameters.items() if key != name])
        return wrapper

    return decorator


def _arrays(assertion, type_check, contiguous_check=False, numbers_too=True):
    """compare(actual, expected) for arrays (and Python numbers, with `numbers_too`; other
    values compare with ==) through tuples and lists: cupylike's result is a
    cupylike array where NumPy's is an array, shapes are equal, dtypes too with `type_check`,
    C-contiguous where NumPy's is with `contiguous_check`, then `assertion` on the values."""
    def compare_one(actual, expected):
        if isinstance(expected, numpy.ndarray):
            assert isinstance(actual, cupylike.ndarray), (
                f"NumPy returned an ndarray, cupylike a {type(actual).__name__}")
            if contiguous_check and expected.flags.c_contiguous:
                assert actual.flags.c_contiguous, (
                    "NumPy's result is C-contiguous, cupylike's is not")
        a, e = numpy.asarray(to_host(actual)), numpy.asarray(expected)
        assert a.shape == e.shape, f"shape {a.shape} != {e.shape}"
        if type_check:
            assert a.dtype == e.dtype, f"dtype {a.dtype} != {e.dtype}"
        assertion(actual, expected)

    return functools.partial(assert_each, compare=compare_one, numbers_too=numbers_too)


def numpy_cupy_array_equal(err_msg="", verbose=True, name="xp", type_check=True,
                           accept_error=False, sp_name=None, scipy_name=None,
                           strides_check=False):
    """Decorator: the test takes `name` and runs with NumPy and with cupylike; both must
    return equal arrays (assert_array_equal), of equal dtypes with `type_check`, of equal
    strides with `strides_check`.

    {errors}"""
    _no_scipy(sp_name, scipy_name)
    compare = functools.partial(assert_array_equal, err_msg=err_msg, verbose=verbose,
                                strides_check=strides_check, strict=type_check)
    return _numpy_cupylike(_arrays(compare, type_check, numbers_too=False), name, accept_error)


def numpy_cupy_allclose(rtol=1e-7, atol=0, err_msg="", verbose=True, name="xp",
                        type_check=True, accept_error=False, sp_name=None, scipy_name=None,
                        contiguous_check=True, *, scale_atol=False):
    """Decorator: the test takes `name` and runs with NumPy and with cupylike; both must
    return arrays whose values agree within `rtol` and `atol` (numbers, or dicts by dtype
    with an optional "default": see assert_allclose), of equal dtypes with `type_check`,
    C-contiguous where NumPy's are with `contiguous_check`.

    {errors}"""
    _no_scipy(sp_name, scipy_name)
    compare = functools.partial(assert_allclose, rtol=rtol, atol=atol, err_msg=err_msg,
                                verbose=verbose, strict=type_check, scale_atol=scale_atol)
    return _numpy_cupylike(_arrays(compare, type_check, contiguous_check), name, accept_error)


def numpy_cupy_array_list_equal(err_msg="", verbose=True, name="xp"):
    """Decorator: the test returns a list of arrays; NumPy's and cupylike's must be equal
    pair by pair (numpy_cupy_array_equal on lists; kept for CuPy's name).

    {errors}"""
    return numpy_cupy_array_equal(err_msg=err_msg, verbose=verbose, name=name)


def numpy_cupy_array_almost_equal(decimal=6, err_msg="", verbose=True, name="xp",
                                  type_check=True, accept_error=False, sp_name=None,
                                  scipy_name=None):
    """Decorator: as numpy_cupy_allclose with assert_array_almost_equal(`decimal`).

    {errors}"""
    _no_scipy(sp_name, scipy_name)
    compare = functools.partial(assert_array_almost_equal, decimal=decimal, err_msg=err_msg,
                                verbose=verbose)
    return _numpy_cupylike(_arrays(compare, type_check), name, accept_error)


def numpy_cupy_array_almost_equal_nulp(nulp=1, name="xp", type_check=True, accept_error=False,
                                       sp_name=None, scipy_name=None):
    """Decorator: as numpy_cupy_allclose with assert_array_almost_equal_nulp(`nulp`).

    {errors}"""
    _no_scipy(sp_name, scipy_name)
    compare = functools.partial(assert_array_almost_equal_nulp, nulp=nulp)
    return _numpy_cupylike(_arrays(compare, type_check), name, accept_error)


def numpy_cupy_array_max_ulp(maxulp=1, dtype=None, name="xp", type_check=True,
                             accept_error=False, sp_name=None, scipy_name=None):
    """Decorator: as numpy_cupy_allclose with assert_array_max_ulp(`maxulp`, `dtype`).

    {errors}"""
    _no_scipy(sp_name, scipy_name)
    compare = functools.partial(assert_array_max_ulp, maxulp=maxulp, dtype=dtype)
    return _numpy_cupylike(_arrays(compare, type_check), name, accept_error)


def numpy_cupy_array_less(err_msg="", verbose=True, name="xp", type_check=True,
                          accept_error=False, sp_name=None, scipy_name=None):
    """Decorator: cupylike's result must be less than NumPy's, item by item
    (assert_array_less), with equal dtypes with `type_check`.

    {errors}"""
    _no_scipy(sp_name, scipy_name)
    compare = functools.partial(assert_array_less, err_msg=err_msg, verbose=verbose)
    return _numpy_cupylike(_arrays(compare, type_check), name, accept_error)


def _equal(actual, expected):
    if is_array(actual) or is_array(expected):
        assert_array_equal(actual, expected)
    else:
        assert actual == expected, f"cupylike {actual!r} != NumPy {expected!r}"


def numpy_cupy_equal(name="xp", sp_name=None, scipy_name=None):
    """Decorator: the test takes `name` and runs with NumPy and with cupylike; both must
    return equal values (==; arrays with assert_array_equal). Neither may raise."""
    _no_scipy(sp_name, scipy_name)
    return _numpy_cupylike(_equal, name)


def numpy_cupy_raises(name="xp", sp_name=None, scipy_name=None, *, accept_error):
    """Decorator: the test takes `name` and must raise with NumPy and with cupylike, errors of
    matching types among `accept_error` (required, unlike CuPy's old helper, whose default was
    any Exception).

    {errors}"""
    _no_scipy(sp_name, scipy_name)
    return _numpy_cupylike(_equal, name, accept_error, both_raise=True)


def numpy_cupylike_equal(*, strides=False, accept_error=()):
    """Decorator: the test takes `xp` and runs with NumPy and with cupylike; both must return
    equal results (see assert_same: arrays, through tuples and lists, other values with ==),
    with equal strides when `strides`.

    {errors}"""
    return numpy_cupy_array_equal(strides_check=strides, accept_error=accept_error)


def numpy_cupylike_allclose(rtol=1e-7, atol=0.0, *, scale_atol=False, accept_error=()):
    """Decorator: the test takes `xp` and runs with NumPy and with cupylike; both must return
    results of equal shapes and dtypes whose values agree within `rtol` and `atol` (see
    assert_allclose), through tuples and lists.

    {errors}"""
    return numpy_cupy_allclose(rtol, atol, accept_error=accept_error, contiguous_check=False,
                               scale_atol=scale_atol)


for _decorator in (numpy_cupy_array_equal, numpy_cupy_allclose, numpy_cupy_array_almost_equal,
                   numpy_cupy_array_almost_equal_nulp, numpy_cupy_array_max_ulp,
                   numpy_cupy_array_less, numpy_cupy_array_list_equal, numpy_cupy_raises,
                   numpy_cupylike_equal, numpy_cupylike_allclose):
    if _decorator.__doc__:  # None under python -OO
        _decorator.__doc__ = _decorator.__doc__.format(errors=_ERRORS_DOC)
