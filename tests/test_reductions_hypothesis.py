"""Reductions and scans against NumPy on arrays hypothesis draws: any dtype, 0 to 4 axes of
length 0 to 5, a layout (contiguous, permuted axes, reversed axes, broadcast), an axis argument
(None, an int or a tuple, out of range or repeated ones too) and keepdims. The values are small
integers (NaN among the floats), so every exact result (integer sums, extrema, arg searches,
float sums of small integers) must equal NumPy's, and errors must be NumPy's."""

import numpy
from helpers.reduction_cases import assert_same_outcome, run_both
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cupylike
from cupylike.testing import ALL_DTYPES, assert_allclose

# name: (takes keepdims, takes a tuple axis, values from -2..2 or only -1..1)
REDUCTIONS = {
    "sum": (True, True, 2), "prod": (True, True, 1), "max": (True, True, 2),
    "min": (True, True, 2), "argmax": (True, False, 2), "argmin": (True, False, 2),
    "all": (True, True, 2), "any": (True, True, 2), "count_nonzero": (True, True, 2),
    "ptp": (True, True, 2), "nansum": (True, True, 2), "nanmax": (True, True, 2),
    "nanargmin": (True, False, 2), "mean": (True, True, 2), "var": (True, True, 2),
    "nanmean": (True, True, 2), "cumsum": (False, False, 2), "cumprod": (False, False, 1),
    "nancumsum": (False, False, 2),
}
# Results that are rounded quotients (or use another formula than NumPy's): compared within
# a tolerance of their dtype.
ROUNDED = {"mean", "var", "nanmean"}
# Complex products: the signs of zero parts depend on the order of the multiplications
# (docs/differences.md), so their values are compared without them.
UNSIGNED_ZEROS = {"prod", "cumprod"}


@st.composite
def arrays(draw, name):
    shape = tuple(draw(st.lists(st.integers(0, 5), max_size=4)))
    dtype = draw(st.sampled_from(ALL_DTYPES))
    high = REDUCTIONS[name][2]
    rng = numpy.random.default_rng(draw(st.integers(0, 2**16)))
    values = rng.integers(-high, high + 1, shape)
    if dtype.kind == "u":
        values = numpy.abs(values)
    host = numpy.asarray(values.astype(dtype))
    if dtype.kind in "fc" and host.size and draw(st.booleans()):
        host.reshape(-1)[rng.integers(0, host.size, 1 + host.size // 4)] = numpy.nan
    layout = draw(st.sampled_from(["contiguous", "permuted", "reversed", "broadcast"]))
    if layout == "permuted" and host.ndim > 1:
        perm = draw(st.permutations(range(host.ndim)))
        return host, lambda a: a.transpose(perm)
    if layout == "reversed" and host.ndim:
        return host, lambda a: a[(slice(None, None, -1),) * a.ndim]
    if layout == "broadcast":
        return host, lambda a: (numpy if isinstance(a, numpy.ndarray) else cupylike).broadcast_to(
            a, (2,) + a.shape)
    return host, lambda a: a


def axis_arguments(ndim, tuples):
    ints = st.integers(-ndim - 1, ndim)
    choices = st.none() | ints
    if tuples:
        choices = choices | st.lists(ints, max_size=ndim + 1).map(tuple)
    return choices


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), name=st.sampled_from(sorted(REDUCTIONS)))
def test_reductions_match_numpy(data, name):
    keepdims_ok, tuples, _ = REDUCTIONS[name]
    host, view = data.draw(arrays(name))
    ndim = host.ndim + (1 if view(host).ndim > host.ndim else 0)
    kwargs = {"axis": data.draw(axis_arguments(ndim, tuples))}
    if keepdims_ok:
        kwargs["keepdims"] = data.draw(st.booleans())
    expected, actual = run_both(lambda a, **k: getattr(numpy, name)(view(a), **k),
                                lambda a, **k: getattr(cupylike, name)(view(a), **k),
                                host, **kwargs)
    context = f"{name} of {host.dtype} {view(host).shape} {kwargs}"
    if isinstance(expected, Exception) or isinstance(actual, Exception):
        assert_same_outcome(expected, actual, context)
        return
    expected = numpy.asarray(expected)
    if name in UNSIGNED_ZEROS and expected.dtype.kind == "c":
        assert_allclose(actual, expected, rtol=0)
        return
    if name in ROUNDED:
        rtol = {2: 1e-3, 4: 1e-5}.get(expected.dtype.itemsize, 1e-12)
        if expected.dtype.kind == "c":
            rtol = {8: 1e-5}.get(expected.dtype.itemsize, 1e-12)
        assert_allclose(actual, expected, rtol=rtol, atol=rtol)
        return
    assert_same_outcome(expected, actual, context)


# name: the keywords it takes besides axis and keepdims
KEYWORD_REDUCTIONS = {
    "sum": ("dtype", "where", "initial"), "prod": ("dtype", "where", "initial"),
    "max": ("where", "initial"), "min": ("where", "initial"), "nansum": ("dtype", "where"),
    "mean": ("dtype", "where"), "all": ("where",), "any": ("where",),
    "count_nonzero": (),
}
DTYPE_ARGUMENTS = [None, "bool", "int8", "uint16", "int64", "float16", "float32", "float64",
                   "complex128"]


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), name=st.sampled_from(sorted(KEYWORD_REDUCTIONS)))
def test_dtype_where_and_initial_match_numpy(data, name):
    host, view = data.draw(arrays("prod" if name == "prod" else "sum"))
    shape = view(host).shape
    kwargs = {"axis": data.draw(axis_arguments(len(shape), True)),
              "keepdims": data.draw(st.booleans())}
    taken = KEYWORD_REDUCTIONS[name]
    if "dtype" in taken:
        kwargs["dtype"] = data.draw(st.sampled_from(DTYPE_ARGUMENTS))
    if "where" in taken and data.draw(st.booleans()):
        # The mask broadcasts: the whole shape, or its last axes only.
        cut = data.draw(st.integers(0, len(shape)))
        seed = data.draw(st.integers(0, 2**16))
        kwargs["where"] = numpy.random.default_rng(seed).random(shape[cut:]) < 0.6
    if "initial" in taken and data.draw(st.booleans()):
        kwargs["initial"] = data.draw(st.integers(-3, 3))
    expected, actual = run_both(lambda a, **k: getattr(numpy, name)(view(a), **k),
                                lambda a, **k: getattr(cupylike, name)(view(a), **k),
                                host, **kwargs)
    context = f"{name} of {host.dtype} {shape} {kwargs}"
    if name == "mean" and not isinstance(expected, Exception) and \
            not isinstance(actual, Exception):
        expected = numpy.asarray(expected)
        rtol = {2: 1e-3, 4: 1e-5, 8: 1e-5 if expected.dtype.kind == "c" else 1e-12}.get(
            expected.dtype.itemsize, 1e-12)
        assert_allclose(actual, expected, rtol=rtol, atol=rtol)
        return
    if name == "prod" and not isinstance(expected, Exception) and \
            numpy.asarray(expected).dtype.kind == "c" and not isinstance(actual, Exception):
        assert_allclose(actual, expected, rtol=0)
        return
    assert_same_outcome(expected, actual, context)
