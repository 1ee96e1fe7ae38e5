"""median, quantile, percentile and average against NumPy on arrays hypothesis draws: real
dtypes, 0 to 3 axes of length 0 to 5, permuted or reversed layouts, NaN among the floats, an
axis argument (out of range and repeated ones too), keepdims, every method NumPy accepts and q
as a scalar or an array. Results are compared within a tolerance of their dtype; errors must
be NumPy's."""

import numpy
from helpers.reduction_cases import assert_same_outcome, run_both
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

import cupylike
from cupylike._statistics._quantiles import METHODS
from cupylike.testing import ALL_DTYPES, assert_allclose

REAL = [d for d in ALL_DTYPES if d.kind != "c"]


@st.composite
def arrays(draw):
    shape = tuple(draw(st.lists(st.integers(0, 5), max_size=3)))
    dtype = draw(st.sampled_from(REAL))
    rng = numpy.random.default_rng(draw(st.integers(0, 2**16)))
    values = rng.integers(-20, 21, shape)
    if dtype.kind in "ub":
        values = numpy.abs(values)
    host = numpy.asarray(values.astype(dtype))
    if dtype.kind == "f" and host.size and draw(st.booleans()):
        host.reshape(-1)[rng.integers(0, host.size, 1 + host.size // 4)] = numpy.nan
    if host.ndim > 1 and draw(st.booleans()):
        perm = draw(st.permutations(range(host.ndim)))
        return host, lambda a: a.transpose(perm)
    if host.ndim and draw(st.booleans()):
        return host, lambda a: a[(slice(None, None, -1),) * a.ndim]
    return host, lambda a: a


def axis_argument(ndim):
    ints = st.integers(-ndim - 1, ndim)
    return st.none() | ints | st.lists(ints, max_size=ndim + 1).map(tuple)


def compare(expected, actual, context):
    if isinstance(expected, Exception) or isinstance(actual, Exception):
        assert_same_outcome(expected, actual, context)
        return
    expected = numpy.asarray(expected)
    rtol = {2: 2e-3, 4: 1e-5}.get(expected.dtype.itemsize, 1e-12)
    assert_allclose(actual, expected, rtol=rtol, atol=rtol)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), name=st.sampled_from(["median", "quantile", "percentile"]))
def test_order_statistics_match_numpy(data, name):
    host, view = data.draw(arrays())
    kwargs = {"axis": data.draw(axis_argument(host.ndim)), "keepdims": data.draw(st.booleans())}
    # NumPy fails to reshape an empty array for axis=() (docs/differences.md); we return it.
    assume(not (kwargs["axis"] == () and host.size == 0))
    args = ()
    if name != "median":
        scale = 100 if name == "percentile" else 1
        q = data.draw(st.sampled_from([0.0, 0.25, 0.5, 0.9, 1.0, [0.1, 0.5, 1.0], [[0.3], [0.7]]]))
        args = (numpy.asarray(q) * scale if isinstance(q, list) else q * scale,)
        kwargs["method"] = data.draw(st.sampled_from(METHODS))
    expected, actual = run_both(lambda a, *p, **k: getattr(numpy, name)(view(a), *p, **k),
                                lambda a, *p, **k: getattr(cupylike, name)(view(a), *p, **k),
                                host, *args, **kwargs)
    compare(expected, actual, f"{name} of {host.dtype} {view(host).shape} {args} {kwargs}")


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_average_matches_numpy(data):
    host, view = data.draw(arrays())
    shape = view(host).shape
    kwargs = {"axis": data.draw(axis_argument(len(shape))), "keepdims": data.draw(st.booleans()),
              "returned": data.draw(st.booleans())}
    if data.draw(st.booleans()):
        seed = data.draw(st.integers(0, 2**16))
        # Weights of the whole shape, or of the reduced axis only (NumPy's 1-d form).
        wshape = shape if data.draw(st.booleans()) or not shape else shape[-1:]
        kwargs["weights"] = numpy.random.default_rng(seed).integers(0, 4, wshape).astype(float)
    expected, actual = run_both(lambda a, **k: numpy.average(view(a), **k),
                                lambda a, **k: cupylike.average(view(a), **k), host, **kwargs)
    context = f"average of {host.dtype} {shape} {kwargs}"
    if isinstance(expected, tuple) and isinstance(actual, tuple):
        for e, a in zip(expected, actual, strict=True):
            compare(e, a, context)
        return
    compare(expected, actual, context)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_histogram_and_bincount_match_numpy(data):
    host, view = data.draw(arrays())
    flat = view(host).reshape(-1)
    bins = data.draw(st.integers(1, 12) | st.lists(st.integers(-25, 25), min_size=1, max_size=6)
                     .map(lambda e: numpy.asarray(sorted(e), dtype=float)))
    kwargs = {"bins": bins, "density": data.draw(st.booleans())}
    if data.draw(st.booleans()):
        low = data.draw(st.integers(-25, 25))
        kwargs["range"] = (low, low + data.draw(st.integers(0, 30)))
    if data.draw(st.booleans()):
        kwargs["weights"] = numpy.random.default_rng(3).integers(0, 5, flat.shape).astype(float)
    expected, actual = run_both(lambda a, **k: numpy.histogram(view(a).reshape(-1), **k),
                                lambda a, **k: cupylike.histogram(view(a).reshape(-1), **k),
                                host, **kwargs)
    context = f"histogram of {host.dtype} {flat.shape} {kwargs}"
    event(f"histogram: {type(expected).__name__}")
    if isinstance(expected, tuple) and isinstance(actual, tuple):
        for e, a in zip(expected, actual, strict=True):
            compare(e, a, context)
    else:
        assert_same_outcome(expected, actual, context)

    minlength = data.draw(st.integers(0, 30))
    expected, actual = run_both(lambda a: numpy.bincount(view(a).reshape(-1), minlength=minlength),
                                lambda a: cupylike.bincount(view(a).reshape(-1),
                                                            minlength=minlength), host)
    event(f"bincount: {type(expected).__name__}")
    assert_same_outcome(expected, actual, f"bincount of {host.dtype} {flat.shape}")
