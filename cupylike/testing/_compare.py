"""Comparing cupylike results with NumPy's, value by value."""

import functools
import inspect

import numpy

import cupylike


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


def assert_same(actual, desired, *, strides=False):
    """assert_array_equal through tuples and lists; other values compare with ==."""
    if isinstance(desired, (tuple, list)):
        assert isinstance(actual, (tuple, list)) and len(actual) == len(desired)
        for a, d in zip(actual, desired, strict=True):
            assert_same(a, d, strides=strides)
    elif isinstance(desired, (numpy.ndarray, numpy.generic)) or isinstance(
        actual, cupylike.ndarray
    ):
        assert_array_equal(actual, desired, strides=strides)
    else:
        assert actual == desired, f"{actual!r} != {desired!r}"


def _run(fn, xp, args, kwargs):
    try:
        return fn(*args, xp=xp, **kwargs), None
    except Exception as e:  # compared with NumPy's below
        return None, e


def _is_public(cls):
    module = cls.__module__ or ""
    return not cls.__name__.startswith("_") and not any(
        part.startswith("_") for part in module.split(".")
    )


def public_error_type(error):
    """The type a cupylike error must be an instance of to match NumPy's `error`: its type, or
    when that is private (numpy._core._exceptions._UFuncNoLoopError, UFuncTypeError, ...) the
    nearest public base class in its MRO (TypeError there)."""
    for cls in type(error).__mro__:
        if _is_public(cls):
            return cls
    return Exception


def same_error(cp_error, np_error):
    """Whether cupylike's exception matches NumPy's (see public_error_type)."""
    return isinstance(cp_error, public_error_type(np_error))


def numpy_cupylike_equal(*, strides=False):
    """Decorator: the test takes `xp` and runs with NumPy and cupylike; both must return equal
    results (see assert_same), or both raise, cupylike's error being an instance of NumPy's
    error type — or, when NumPy raises a private type (its UFuncTypeError family in
    numpy._core._exceptions), of that type's nearest public base class (TypeError)."""

    def decorator(fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            expected, np_error = _run(fn, numpy, args, kwargs)
            actual, cp_error = _run(fn, cupylike, args, kwargs)
            if np_error is not None or cp_error is not None:
                if np_error is None:
                    raise AssertionError("cupylike raised, NumPy did not") from cp_error
                if cp_error is None:
                    raise AssertionError(f"NumPy raised {np_error!r}, cupylike did not")
                if not same_error(cp_error, np_error):
                    raise AssertionError(
                        f"cupylike raised {type(cp_error).__name__}, NumPy "
                        f"{type(np_error).__name__}: {np_error}"
                    ) from cp_error
                return
            assert_same(actual, expected, strides=strides)

        sig = inspect.signature(fn)
        wrapper.__signature__ = sig.replace(
            parameters=[p for name, p in sig.parameters.items() if name != "xp"]
        )
        return wrapper

    return decorator
