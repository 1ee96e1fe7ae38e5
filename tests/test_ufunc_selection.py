"""where, clip, real, imag, angle and nan_to_num against NumPy: the `_where` and `_clip`
ufuncs loop by loop (clip's NaN propagation, lo > hi, signed zeros), NumPy's promotion of
their arguments, and the views and in-place writes of the complex parts."""

import numpy
import pytest
from helpers.ufunc_numpy_checks import assert_close_ulp, check_layouts, check_loop, loops, warm_up

import cupylike
from cupylike._core import _numpy_version
from cupylike.testing import (
    ALL_DTYPES,
    assert_array_equal,
    for_all_dtypes,
    for_dtypes,
    numpy_cupylike_equal,
    sample_values,
)

SELECTION = ["_where", "_clip"]


@pytest.fixture(scope="module", autouse=True)
def _kernels():
    warm_up(SELECTION + ["maximum", "minimum", "positive", "isnan", "isinf", "arctan2"])


# NumPy's clip loop keeps the value on +0/-0 ties with scalar bounds (as ours always does)
# but takes the bound with array bounds for float and double: these grids, with array bounds,
# compare zeros without their signs. test_clip_* below check scalar bounds bit for bit.
ZERO_TIES = {("_clip", "fff->f"), ("_clip", "ddd->d")}


@pytest.mark.parametrize("name, sig", loops(SELECTION))
def test_loop_matches_numpy_on_edge_and_random_values(name, sig):
    check_loop(name, sig, zero_signs=(name, sig) not in ZERO_TIES)


@pytest.mark.parametrize("name, sig", loops(SELECTION))
def test_loop_matches_numpy_in_every_layout(name, sig):
    check_layouts(name, sig, zero_signs=(name, sig) not in ZERO_TIES)


@for_all_dtypes(name="x_dtype")
@pytest.mark.parametrize("y", [numpy.dtype("int8"), numpy.dtype("uint64"),
                               numpy.dtype("float32"), numpy.dtype("complex64"), 3, -1.5,
                               True, 300, numpy.float16(2)])
@numpy_cupylike_equal(accept_error=OverflowError)  # 300 beside (u)int8 from NumPy 2.5
def test_where_promotes_like_numpy(xp, x_dtype, y):
    x = xp.asarray(sample_values(x_dtype, (2, 3)))
    if isinstance(y, numpy.dtype):
        y = xp.asarray(sample_values(y, (3,), seed=1))
    cond = xp.asarray(numpy.array([True, False, True]))
    with numpy.errstate(all="ignore"):
        return xp.where(cond, x, y), xp.where(cond, y, x)


@numpy_cupylike_equal()
def test_where_takes_any_condition_dtype_and_scalars(xp):
    cond = xp.asarray(numpy.array([[0, 2], [-1, 0]], numpy.int16))
    return (xp.where(cond, 1, 2.5), xp.where(cond, 1, 2), xp.where(0.0, cond, 7),
            xp.where(xp.asarray(numpy.array([0j, 1j])), 1, 0))


@pytest.mark.parametrize("version", [(2, 4), (2, 5)])
def test_where_casts_python_ints_as_the_installed_numpy_release(monkeypatch, version):
    # NumPy 2.4 casts a Python int into the result dtype as C does; 2.5 requires it to fit,
    # as every ufunc does. The installed release's behaviour is the test above.
    monkeypatch.setattr(_numpy_version, "NUMPY_VERSION", version)
    cond = cupylike.asarray(numpy.array([True, False]))
    i8 = cupylike.asarray(numpy.array([1, 2], numpy.int8))
    u64 = cupylike.asarray(numpy.array([1, 2], numpy.uint64))
    i64 = cupylike.asarray(numpy.array([1, 2], numpy.int64))
    if version < (2, 5):
        assert_array_equal(cupylike.where(cond, i8, 300), numpy.array([1, 44], numpy.int8))
        assert_array_equal(cupylike.where(cond, -1, u64),
                           numpy.array([2**64 - 1, 2], numpy.uint64))
        assert_array_equal(cupylike.where(cond, i64, 2**63),
                           numpy.array([1, -2**63], numpy.int64))
        return
    before = i8.copy()
    with pytest.raises(OverflowError, match="300 out of bounds for int8"):
        cupylike.where(cond, i8, 300)
    with pytest.raises(OverflowError, match="-1 out of bounds for uint64"):
        cupylike.where(cond, -1, u64)
    with pytest.raises(OverflowError):
        cupylike.where(cond, i64, 2**63)
    assert_array_equal(i8, before)
    assert_array_equal(cupylike.where(cond, u64, 2**63), numpy.array([1, 2**63], numpy.uint64))


def test_where_needs_both_x_and_y_or_neither():
    with pytest.raises(ValueError):
        cupylike.where(cupylike.ones(2), 1)
    cond = numpy.array([[0, 2], [-1, 0]])
    for ours, theirs in zip(cupylike.where(cupylike.asarray(cond)), numpy.where(cond),
                            strict=True):
        assert_array_equal(ours, theirs)


@for_all_dtypes()
@numpy_cupylike_equal()
def test_clip_with_scalar_bounds(xp, dtype):
    if numpy.dtype(dtype).kind == "b":
        return xp.clip(xp.asarray(numpy.array([True, False])), False, True)
    x = xp.asarray(sample_values(dtype, (4, 5)))
    with numpy.errstate(all="ignore"):
        return xp.clip(x, 0, 100), xp.clip(x, 5, 2), x.clip(min=1), x.clip(max=3)


@numpy_cupylike_equal()
def test_clip_propagates_nans_from_any_argument(xp):
    nan = numpy.nan
    x = xp.asarray(numpy.array([nan, 1.0, 1.0, 5.0, -1.0]))
    lo = xp.asarray(numpy.array([0.0, nan, 0.0, 0.0, nan]))
    hi = xp.asarray(numpy.array([2.0, 2.0, nan, 2.0, -2.0]))
    return xp.clip(x, lo, hi), xp.clip(x.astype(numpy.float16), lo, hi), xp.clip(x, nan, 1)


@pytest.mark.parametrize("dtype", ["float16", "float32", "float64"])
@numpy_cupylike_equal()
def test_clip_keeps_the_value_on_signed_zero_ties_with_scalar_bounds(xp, dtype):
    x = xp.asarray(numpy.array([-0.0, 0.0, 1.0, -1.0], dtype))
    return xp.clip(x, 0.0, 1.0), xp.clip(x, -0.0, 0.5), xp.clip(x, -2, -0.0), xp.clip(x, 0, 0)


@pytest.mark.parametrize("bounds", [(0, 300), (-300, 3), (-(2**70), 2**70), (None, 200),
                                    (numpy.int16(0), 3), (2.5, None)])
@numpy_cupylike_equal()
def test_clip_python_ints_beyond_the_dtype_bound_nothing(xp, bounds):
    return xp.clip(xp.asarray(numpy.array([1, -2, 120], numpy.int8)), *bounds)


@numpy_cupylike_equal(accept_error=TypeError)
def test_clip_argument_errors(xp):
    return xp.clip(xp.ones(2), 1)


@numpy_cupylike_equal()
def test_clip_into_out(xp):
    x = xp.asarray(numpy.arange(6.0).reshape(2, 3))
    out = xp.zeros((2, 3), numpy.float32)
    res = xp.clip(x, 1, 4, out=out, casting="unsafe")
    assert res is out
    return out


@for_all_dtypes()
@numpy_cupylike_equal()
def test_real_and_imag(xp, dtype):
    x = xp.asarray(sample_values(dtype, (3, 4)))
    return xp.real(x), xp.imag(x), x.T.real, x[::-1, 1].imag


@numpy_cupylike_equal()
def test_real_and_imag_of_complex_arrays_are_writable_views(xp):
    z = xp.asarray(numpy.array([[1 + 2j, 3 - 4j], [-5j, 6 + 0j]], numpy.complex64))
    r, i = z.real, z[:, ::-1].imag
    r[0, 0] = 10
    i[...] = 7
    z.real = z.imag * 2
    assert r.base is not None and r.strides == (16, 8)
    return z, r, i


@numpy_cupylike_equal(accept_error=ValueError)
def test_imag_of_a_real_array_is_read_only(xp):
    x = xp.asarray(numpy.array([1.0, 2.0]))
    x.imag[...] = 1


@numpy_cupylike_equal(accept_error=TypeError)
def test_setting_imag_of_a_real_array_raises(xp):
    x = xp.asarray(numpy.array([1.0, 2.0]))
    x.imag = 1


@pytest.mark.parametrize("deg", [False, True])
@pytest.mark.parametrize("dtype", ["complex64", "complex128", "float32", "int8", "float16"])
def test_angle(dtype, deg):
    # arctan2 itself is NumPy's vector code on AVX-512 CPUs (SVML), within an ULP or two of the
    # C library's atan2 the kernels call.
    z = sample_values(dtype, (4, 3))
    got = cupylike.angle(cupylike.asarray(z), deg=deg)
    with numpy.errstate(all="ignore"):
        assert_close_ulp(got, numpy.asarray(numpy.angle(z, deg=deg)), 4)


@for_dtypes([d for d in ALL_DTYPES if d.kind in "fciu"])
@numpy_cupylike_equal()
def test_nan_to_num(xp, dtype):
    x = xp.asarray(sample_values(dtype, (4, 5)))
    with numpy.errstate(all="ignore"):
        return xp.nan_to_num(x), xp.nan_to_num(x, nan=-1.0, posinf=1e5, neginf=-7), x


@numpy_cupylike_equal()
def test_nan_to_num_in_place(xp):
    x = xp.asarray(numpy.array([numpy.nan, -numpy.inf, 1.0, complex(numpy.inf, numpy.nan)]))
    res = xp.nan_to_num(x, copy=False)
    return res, x


@numpy_cupylike_equal()
def test_nan_to_num_of_a_0d_array(xp):
    return xp.nan_to_num(xp.asarray(numpy.array(numpy.inf, numpy.float32)))
