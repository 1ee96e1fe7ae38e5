"""How tests/test_ufunc_table.py compares each ufunc's values with NumPy's, and with which
inputs. Exact by default (NaN equal to NaN, zeros' signs compared); a ufunc listed here gets a
bound in ULPs instead, and a ufunc may replace the generic inputs where NumPy's own rules make
them meaningless (integer powers with negative exponents raise in NumPy).

The bounds are tests/helpers/ufunc_accuracy.py's (the transcendental functions, measured against
NumPy 2.4's SIMD loops); ULPS below adds or overrides entries: {ufunc name: {loop char: ULPs}} with
the loop's output char ('e', 'f', 'd', 'F', 'D'). Extend it rather than loosening a test.
"""

import numpy

try:  # the transcendental functions' measured bounds and comparisons
    from helpers import ufunc_accuracy
except ImportError:  # pragma: no cover - the file belongs to another part of the suite
    ufunc_accuracy = None

from cupylike.testing import assert_array_equal

# Extra or overriding bounds, {name: {output char: ULPs or "complex"}}. NumPy computes
# float32/float64 power with its own SIMD pow on AVX-512 machines, 1 ULP from glibc's correctly
# rounded pow. Complex power is exp(b log a) from glibc on the cpu device (exact) and from the
# kernels' own formulas on a GPU (docs/differences.md): ufunc_accuracy's complex bound.
ULPS = {"power": {"f": 1, "d": 1, "F": "complex", "D": "complex"},
        "float_power": {"d": 1, "D": "complex"}}

# Input makers, {name: f(loop, k, values) -> values}: `values` are the generic values of input
# k (tests/helpers/layouts.py's, of the loop's dtype, before the layouts are cut from them); return
# the values to use instead.
INPUTS = {}


def _small_integer_exponents(loop, k, values):
    # NumPy raises ValueError for any negative integer exponent in an array.
    if k == 1 and values.dtype.kind in "iu":
        return (numpy.abs(values.astype(numpy.int64)) % 8).astype(values.dtype)
    return values


INPUTS["power"] = _small_integer_exponents


def bound(name, char):
    """The ULP bound for ufunc `name`'s loop with output char `char`, or None for exact."""
    if char in ULPS.get(name, {}):
        return ULPS[name][char]
    if ufunc_accuracy is None or name not in ufunc_accuracy.CPU_ULPS:
        return None
    if char in "FD":
        return "complex"
    if char == "e":
        return "half"
    return ufunc_accuracy.real_ulps(name, char)


def assert_matches(name, actual, desired, hosts, numpy_ufunc, err_msg=""):
    """actual (cupylike) equals desired (NumPy's) exactly, or within the registered bound."""
    d = numpy.asarray(desired)
    b = bound(name, d.dtype.char) if d.dtype.kind in "fc" else None
    if b is None:
        assert_array_equal(actual, desired, err_msg=err_msg)
    elif b == "complex":
        powers = name in ("power", "float_power")
        ufunc_accuracy.assert_complex_close(actual, desired, err_msg=err_msg,
                                            power_of=hosts if powers else None)
    elif b == "half":
        # float16 loops compute in float32 and round once: compare as ufunc_accuracy does,
        # against the float64 result for where the rounding may legitimately differ.
        with numpy.errstate(all="ignore"):
            exact = numpy_ufunc(*[h.astype(numpy.float64) if h.dtype == numpy.float16 else h
                                  for h in hosts])
        if isinstance(exact, tuple):
            exact = exact[0]
        ulps32 = ufunc_accuracy.real_ulps(name, "f")
        a = actual.get() if hasattr(actual, "get") else actual
        assert a.shape == d.shape and a.dtype == d.dtype, err_msg
        ufunc_accuracy.assert_half_close(a, d, exact, ulps32, err_msg=err_msg)
    else:
        ufunc_accuracy.assert_ulp_close(actual, desired, b, err_msg=err_msg)
