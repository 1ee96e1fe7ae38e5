"""The special cases the Array API standard lists for its elementwise functions (signed zeros,
infinities, NaNs, complex branch cuts), against NumPy 2.4's results on a grid of special values
for float32, float64, complex64 and complex128: every input is ±0, ±inf, nan, ±1, ±0.5, 2, the
smallest subnormal or the largest finite value (complex inputs: each pair of those as real and
imaginary parts; binary functions: each pair of inputs). Where a result is special (zero,
infinite or NaN) it must be NumPy's exactly, the sign of a zero and the
place of a NaN included, the sign of a NaN not (the standard leaves it open, and a GPU makes
CUDA's canonical NaN); other results agree to a few ulp (the math libraries differ in their
last bits), as the standard asks only approximations of them.

Where NumPy 2 and the standard disagree, these tests follow NumPy (docs/differences.md, "Array
API")."""

import warnings

import numpy
import pytest

import cupylike

# Installed with the test extra (CI); a machine without it skips this file.
array_api_strict = pytest.importorskip(
    "array_api_strict", reason="the test extra's array-api-strict lists the Array API's names")

REAL_DTYPES = [numpy.dtype(numpy.float32), numpy.dtype(numpy.float64)]
COMPLEX_DTYPES = [numpy.dtype(numpy.complex64), numpy.dtype(numpy.complex128)]

UNARY = ["abs", "acos", "acosh", "asin", "asinh", "atan", "atanh", "ceil", "conj", "cos",
         "cosh", "exp", "expm1", "floor", "imag", "isfinite", "isinf", "isnan", "log", "log1p",
         "log2", "log10", "logical_not", "negative", "positive", "real", "reciprocal", "round",
         "sign", "signbit", "sin", "sinh", "square", "sqrt", "tan", "tanh", "trunc"]
BINARY = ["add", "atan2", "copysign", "divide", "equal", "floor_divide", "greater",
          "greater_equal", "hypot", "less", "less_equal", "logaddexp", "logical_and", "logical_or",
          "logical_xor", "maximum", "minimum", "multiply", "nextafter", "not_equal", "pow",
          "remainder", "subtract"]

ULPS = 4
# Complex pow of huge values: the phase b*log|a| carries log|a|'s rounding, up to about
# log(max) = 710 ulp, into each part.
ULPS_OF = {"pow": 2048}


def _specials(real):
    info = numpy.finfo(real)
    return numpy.array([0.0, -0.0, numpy.inf, -numpy.inf, numpy.nan, 1.0, -1.0, 0.5, -0.5, 2.0,
                        info.smallest_subnormal, -info.smallest_subnormal, info.max, -info.max],
                       dtype=real)


def _complex_specials(dtype):
    real = numpy.finfo(dtype).dtype
    parts = numpy.array([0.0, -0.0, numpy.inf, -numpy.inf, numpy.nan, 1.0, -1.0, 0.5,
                         numpy.finfo(real).max], dtype=real)
    re, im = numpy.meshgrid(parts, parts, indexing="ij")
    out = numpy.empty(re.size, dtype=dtype)
    out.real, out.imag = re.ravel(), im.ravel()
    return out


def _inputs(dtype):
    return _specials(dtype) if dtype.kind == "f" else _complex_specials(dtype)


def _compare_parts(actual, expected, what, ulps=ULPS):
    """Exact where the result is special (a zero, an infinity or NaN: what the standard's
    special cases give), else within `ulps` ulp (its "implementation-dependent
    approximations", π/2 and the like, included)."""
    if expected.dtype.kind not in "fc":
        numpy.testing.assert_array_equal(actual, expected, err_msg=what, strict=True)
        return
    if expected.dtype.kind == "c":
        for part in ("real", "imag"):
            _compare_parts(getattr(actual, part), getattr(expected, part),
                           f"{what} ({part} part)", ulps)
        return
    special = ~numpy.isfinite(expected) | (expected == 0) | ~numpy.isfinite(actual) | (
        actual == 0)
    bad = special & ~((actual == expected) & (numpy.signbit(actual) == numpy.signbit(expected))
                      | (numpy.isnan(actual) & numpy.isnan(expected)))
    eps = numpy.finfo(expected.dtype).eps
    with numpy.errstate(all="ignore"):  # the differences of special results, masked out
        close = numpy.abs(actual - expected) <= ulps * eps * numpy.abs(expected)
    bad |= ~special & ~close
    if bad.any():
        idx = numpy.flatnonzero(bad)[:8]
        raise AssertionError(f"{what}: {bad.sum()} of {bad.size} differ, at {idx.tolist()}: "
                             f"cupylike {actual.ravel()[idx]!r}, NumPy {expected.ravel()[idx]!r}")


def _numpy(fn, *args):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with numpy.errstate(all="ignore"):
            return fn(*args)


def _check(name, host_args, device_args=None):
    numpys, ours = getattr(numpy, name), getattr(cupylike, name)
    if device_args is None:
        device_args = [cupylike.asarray(a) for a in host_args]
    try:
        expected = _numpy(numpys, *host_args)
    except TypeError:
        with pytest.raises(TypeError):
            ours(*device_args)
        return
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        actual = ours(*device_args)
    actual = cupylike.asnumpy(actual)
    assert actual.dtype == expected.dtype, f"{name}: dtype {actual.dtype} != {expected.dtype}"
    _compare_parts(actual, expected, name, ULPS_OF.get(name, ULPS))


@pytest.mark.parametrize("dtype", REAL_DTYPES + COMPLEX_DTYPES, ids=lambda d: d.name)
@pytest.mark.parametrize("name", UNARY)
def test_unary_special_cases_as_numpy(name, dtype):
    x = _inputs(dtype)
    _check(name, [x])
    # A strided view gives the same values; NumPy's own strided loops may not (its complex
    # square uses fused multiply-adds only on contiguous data), so NumPy gets a copy.
    _check(name, [x[::-2].copy()], device_args=[cupylike.asarray(x)[::-2]])


@pytest.mark.parametrize("dtype", REAL_DTYPES + COMPLEX_DTYPES, ids=lambda d: d.name)
@pytest.mark.parametrize("name", BINARY)
def test_binary_special_cases_as_numpy(name, dtype):
    x = _inputs(dtype)
    if dtype.kind == "c":
        x = x[::3]  # 27 complex values, 729 pairs
    a, b = numpy.meshgrid(x, x, indexing="ij")
    _check(name, [a, b])


@pytest.mark.parametrize("dtype", REAL_DTYPES, ids=lambda d: d.name)
def test_clip_special_cases_as_numpy(dtype):
    x = _inputs(dtype)
    for lo, hi in [(-1.0, 1.0), (-0.0, 0.0), (numpy.nan, 1.0), (-numpy.inf, numpy.inf)]:
        lo_, hi_ = numpy.asarray(lo, dtype=dtype), numpy.asarray(hi, dtype=dtype)
        expected = _numpy(numpy.clip, x, lo_, hi_)
        actual = cupylike.asnumpy(cupylike.clip(cupylike.asarray(x), cupylike.asarray(lo_),
                                                cupylike.asarray(hi_)))
        _compare_parts(actual, expected, f"clip({lo}, {hi})", ulps=0)


def test_the_lists_name_the_standards_functions():
    # The lists above are the standard's elementwise functions that take floating inputs (all
    # but the bitwise ones; clip is tested above): each a name of the standard, once.
    assert len(set(UNARY + BINARY)) == len(UNARY + BINARY)
    assert set(UNARY + BINARY) <= set(array_api_strict.__all__)
