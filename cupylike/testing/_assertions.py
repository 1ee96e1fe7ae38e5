"""Assertions that take cupylike arrays or NumPy arrays (CuPy's cupy.testing.assert_*): both
sides are copied to the host and compared with NumPy's own assertion functions.

assert_array_equal and assert_allclose are strict by default (``strict=True``): shapes and
dtypes must be equal and the signs of zeros and NaNs too, which NumPy's and CuPy's functions do
not check (docs/differences_interop.md); ``strict=False`` gives NumPy's comparison.
"""

import functools
import numbers

import numpy

import cupylike


def to_host(x):
    """`x` on the host: a cupylike array as a NumPy array, a list or tuple item by item,
    anything else unchanged."""
    if isinstance(x, cupylike.ndarray):
        return x.get()
    if isinstance(x, (list, tuple)) and any(isinstance(i, cupylike.ndarray) for i in x):
        return type(x)(to_host(i) for i in x)
    return x


def _gpu_nans(x):
    """Whether `x` lives on a real GPU, whose arithmetic makes CUDA's canonical NaN (sign bit
    clear) where x86 CPUs, and so NumPy, make one with the sign bit set: the sign of a NaN is
    not NumPy's there. The cpu device and the emulated GPU compute on the host, like NumPy."""
    return (isinstance(x, cupylike.ndarray) and x.device.kind == "cuda"
            and not cupylike._core._native._cuda_emulated())


def _assert_same_kind(a, d, err_msg):
    assert a.shape == d.shape, f"shape {a.shape} != {d.shape} {err_msg}"
    assert a.dtype == d.dtype, f"dtype {a.dtype} != {d.dtype} {err_msg}"


def assert_array_equal(x, y, err_msg="", verbose=True, strides_check=False, *, strict=True):
    """Equal values (nan equal to nan); with `strict`, also equal shapes and dtypes, and equal
    signs of zeros and NaNs (except NaNs made on a real GPU); with `strides_check`, equal
    strides. `x` and `y` are cupylike arrays, NumPy arrays or array-likes."""
    a, d = numpy.asarray(to_host(x)), numpy.asarray(to_host(y))
    if strict:
        _assert_same_kind(a, d, err_msg)
    numpy.testing.assert_array_equal(a, d, err_msg=err_msg, verbose=verbose, strict=strict)
    if strict and d.dtype.kind in "fc" and d.size:
        signs_a, signs_d = numpy.signbit(a.real), numpy.signbit(d.real)
        if _gpu_nans(x) or _gpu_nans(y):
            signs_a = signs_a & ~numpy.isnan(a.real)
            signs_d = signs_d & ~numpy.isnan(d.real)
        numpy.testing.assert_array_equal(signs_a, signs_d,
                                         err_msg=f"signs of zeros differ {err_msg}")
    if strides_check:
        x_strides, y_strides = getattr(x, "strides", a.strides), getattr(y, "strides", d.strides)
        assert x_strides == y_strides, f"strides {x_strides} != {y_strides} {err_msg}"


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


def assert_allclose(actual, desired, rtol=1e-7, atol=0, equal_nan=True, err_msg="",
                    verbose=True, *, strict=True, scale_atol=False):
    """Floating and complex values within `rtol` and `atol` of `desired`'s (nan equal to nan
    with `equal_nan`, infinities exact), other values equal; with `strict`, also equal shapes
    and dtypes. `rtol` and `atol` are numbers or dicts by dtype (an optional "default" entry
    for the others); with `scale_atol`, `atol` is relative to the largest finite magnitude in
    `desired`, or to 1 if that is smaller, as for results that sum terms of that size."""
    a, d = numpy.asarray(to_host(actual)), numpy.asarray(to_host(desired))
    if strict:
        _assert_same_kind(a, d, err_msg)
        if d.dtype.kind not in "fc":
            numpy.testing.assert_array_equal(a, d, err_msg=err_msg, verbose=verbose, strict=True)
            return
    rtol, atol = _tolerance(rtol, d.dtype), _tolerance(atol, d.dtype)
    if scale_atol:
        atol = atol * float(numpy.max(numpy.abs(d[numpy.isfinite(d)]), initial=1))
    numpy.testing.assert_allclose(a, d, rtol=rtol, atol=atol, equal_nan=equal_nan,
                                  err_msg=err_msg, verbose=verbose, strict=strict)


def assert_array_almost_equal(x, y, decimal=6, err_msg="", verbose=True):
    """NumPy's assert_array_almost_equal on the host: abs(y - x) < 1.5 * 10**-decimal."""
    numpy.testing.assert_array_almost_equal(to_host(x), to_host(y), decimal=decimal,
                                            err_msg=err_msg, verbose=verbose)


def assert_array_almost_equal_nulp(x, y, nulp=1):
    """NumPy's assert_array_almost_equal_nulp on the host: within `nulp` units in the last
    place of the larger magnitude."""
    numpy.testing.assert_array_almost_equal_nulp(to_host(x), to_host(y), nulp=nulp)


def assert_array_max_ulp(a, b, maxulp=1, dtype=None):
    """NumPy's assert_array_max_ulp on the host: every item within `maxulp` units in the last
    place; returns the differences in ulps."""
    return numpy.testing.assert_array_max_ulp(to_host(a), to_host(b), maxulp=maxulp,
                                              dtype=dtype)


def assert_array_less(x, y, err_msg="", verbose=True):
    """NumPy's assert_array_less on the host: x < y item by item."""
    numpy.testing.assert_array_less(to_host(x), to_host(y), err_msg=err_msg, verbose=verbose)


def assert_array_list_equal(xlist, ylist, err_msg="", verbose=True):
    """Lists of equal lengths whose arrays are equal pair by pair (assert_array_equal)."""
    assert len(xlist) == len(ylist), f"lengths {len(xlist)} != {len(ylist)} {err_msg}"
    for x, y in zip(xlist, ylist, strict=True):
        assert_array_equal(x, y, err_msg=err_msg, verbose=verbose)


def is_array(x):
    return isinstance(x, (numpy.ndarray, numpy.generic, cupylike.ndarray))


def assert_each(actual, desired, compare, numbers_too):
    """compare(actual, desired) through tuples and lists, for arrays and NumPy scalars (and
    Python numbers other than bool, with `numbers_too`); other values compare with ==."""
    if isinstance(desired, (tuple, list)):
        assert isinstance(actual, (tuple, list)) and len(actual) == len(desired), (
            f"{actual!r} != {desired!r}")
        for a, d in zip(actual, desired, strict=True):
            assert_each(a, d, compare, numbers_too)
    elif is_array(desired) or is_array(actual) or (
            numbers_too and isinstance(desired, numbers.Number)
            and not isinstance(desired, bool)):
        compare(actual, desired)
    else:
        assert actual == desired, f"{actual!r} != {desired!r}"


def assert_same(actual, desired, *, strides=False):
    """assert_array_equal (strict) through tuples and lists; other values compare with ==."""
    assert_each(actual, desired,
                functools.partial(assert_array_equal, strides_check=strides), numbers_too=False)
