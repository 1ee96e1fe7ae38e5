"""Arithmetic ufuncs against NumPy: every loop on a grid of edge values (zeros of both signs,
NaNs, infinities, integer limits, overflow, division by zero, mixed signs) and random values,
in every layout; and the rules around them (integer division by zero, MIN // -1, negative
integer powers, bool inputs, names)."""

import numpy
import pytest
from helpers.ufunc_accuracy import ON_CPU, assert_complex_close
from helpers.ufunc_numpy_checks import (
    assert_close_ulp,
    check_layouts,
    check_loop,
    device_result,
    loop_inputs,
    loops,
    numpy_result,
    warm_up,
)

import cupylike
from cupylike.testing import (
    INT_DTYPES,
    UINT_DTYPES,
    assert_array_equal,
    for_dtypes,
    numpy_cupylike_equal,
)

ARITHMETIC = ["add", "subtract", "multiply", "divide", "floor_divide", "remainder", "fmod",
              "divmod", "power", "float_power", "negative", "positive", "absolute", "fabs",
              "reciprocal", "sign", "square", "conjugate"]
# Integer powers with negative exponents raise in NumPy: tested on their own below.
INT_POWERS = {("power", c * 2 + "->" + c) for c in "bBhHiIlL"}
# NumPy computes float32/float64 powers with its own vector code (SVML on AVX-512 CPUs), within
# an ULP of the C library's pow that the kernels call (CUDA's on a GPU): compared to 1 ULP.
FLOAT_POWERS = {("power", "ff->f"), ("power", "dd->d"), ("float_power", "dd->d")}
# Complex powers: the cpu device calls glibc's cpow, as NumPy does, so they are equal; a GPU
# computes exp(b log a) with our complex functions (kernels/cupylike/ufunc/complex_*.cuh), whose
# last bits differ where Re(b log a) passes exp's overflow, and on a real GPU everywhere, since
# CUDA's exp, log and sincos round differently from glibc's and exp(b log a) magnifies that.
COMPLEX_POWERS = {("power", "FF->F"), ("power", "DD->D"), ("float_power", "DD->D")}
# NumPy's complex absolute and square run a vector formula with fused multiply-adds for
# positive strides (ours, bit for bit on contiguous data) and hypot or plain products for
# negative strides: the layouts compare them to 1 ULP.
STRIDE_DEPENDENT = {("absolute", "F->f"), ("absolute", "D->d"), ("square", "F->F"),
                    ("square", "D->D")}


@pytest.fixture(scope="module", autouse=True)
def _kernels():
    warm_up(ARITHMETIC)


POWERS = INT_POWERS | FLOAT_POWERS | COMPLEX_POWERS


@pytest.mark.parametrize("name, sig", loops(ARITHMETIC, skip=POWERS))
def test_loop_matches_numpy_on_edge_and_random_values(name, sig):
    check_loop(name, sig)


@pytest.mark.parametrize("name, sig", loops(ARITHMETIC, skip=POWERS))
def test_loop_matches_numpy_in_every_layout(name, sig):
    check_layouts(name, sig, ulps=1 if (name, sig) in STRIDE_DEPENDENT else None)


@pytest.mark.parametrize("name, sig", sorted(COMPLEX_POWERS))
def test_complex_power_is_numpys_on_cpu_and_within_the_gpu_bound_elsewhere(name, sig):
    if ON_CPU:
        check_loop(name, sig)
        check_layouts(name, sig)
        return
    args = loop_inputs(sig)
    assert_complex_close(device_result(name, args), numpy_result(name, args), f"{name} {sig}",
                         power_of=args)
    check_layouts(name, sig, compare=lambda got, want, hosts, msg: assert_complex_close(
        got, want, msg, power_of=hosts))


@pytest.mark.parametrize("name, sig", sorted(FLOAT_POWERS))
def test_float_power_is_within_an_ulp_of_numpy(name, sig):
    args = loop_inputs(sig)
    assert_close_ulp(device_result(name, args), numpy_result(name, args), 1, f"{name} {sig}")
    check_layouts(name, sig, ulps=1)


@pytest.mark.parametrize("sig", sorted(sig for _, sig in INT_POWERS))
def test_integer_power_wraps_like_numpy(sig):
    base, exponent = loop_inputs(sig)
    exponent &= numpy.iinfo(exponent.dtype).max  # non-negative: NumPy raises for the others
    check_loop("power", sig, [base, exponent])


@pytest.mark.parametrize("dtype", ["int8", "int16", "int32", "int64"])
def test_negative_integer_power_of_an_array_is_the_truncated_value(dtype):
    # NumPy raises ValueError; cupylike cannot look at device values without a synchronisation
    # and gives trunc(1 / base**-e) instead, as CuPy does (docs/differences.md).
    base = numpy.array([-3, -2, -1, 0, 1, 2, 3], dtype)
    exponent = numpy.array([-1, -2, -3, numpy.iinfo(dtype).min], dtype)
    got = cupylike.power(cupylike.asarray(base)[:, None], cupylike.asarray(exponent)).get()
    expected = numpy.zeros((7, 4), dtype)
    expected[4] = 1
    expected[2] = [-1, 1, -1, 1]
    numpy.testing.assert_array_equal(got, expected, strict=True)


@pytest.mark.parametrize("exponent", [-1, -(2**40), numpy.int8(-2), numpy.int64(-1),
                                      numpy.array(-3)])
@pytest.mark.parametrize("dtype", ["int8", "int64", "uint16"])
@numpy_cupylike_equal(accept_error=(OverflowError, ValueError))
def test_negative_scalar_integer_exponent_raises_like_numpy(xp, dtype, exponent):
    # ValueError for signed loops; a Python int is out of bounds for unsigned ones.
    return xp.asarray(numpy.array([2, 3], dtype)) ** exponent


def test_negative_scalar_exponent_message_is_numpys():
    with pytest.raises(ValueError, match="Integers to negative integer powers are not allowed"):
        cupylike.power(cupylike.arange(3), -1)


@numpy_cupylike_equal()
def test_float_exponent_of_integers_is_float(xp):
    with numpy.errstate(divide="ignore"):
        return xp.power(xp.arange(4, dtype=xp.int8), -1.0)


@pytest.mark.parametrize("dtype", [numpy.float32, numpy.float64])
def test_power_by_numpys_shortcut_exponents_is_exact(dtype):
    # NumPy's float loops give x * x, 1 / x, x, 1 and sqrt(x) for a broadcast exponent of 2, -1,
    # 1, 0 and 0.5. CUDA's pow is not correctly rounded (3 ** -1 was 0.33333333333333337 on an
    # H100), so GPUs compute those forms (real_power in kernels/cupylike/ufunc/transcendental.cuh).
    # The cpu device calls the C library's pow (glibc's vector pow in contiguous loops), as
    # NumPy's loops for array exponents do, within an ULP of those forms (glibc's
    # powf(0.66750747, 2) is 0.44556624, x * x 0.4455662).
    rng = numpy.random.default_rng(11)
    f = numpy.finfo(dtype)
    host = numpy.concatenate([rng.uniform(0, 10, 400), numpy.exp(rng.uniform(-80, 80, 400)),
                              [3, 7, 0.1, 1e-3, f.max, f.tiny, f.smallest_subnormal, numpy.inf,
                               numpy.nan], -rng.uniform(0, 10, 50)]).astype(dtype)
    for e in (2.0, -1.0, 1.0, 0.0, 0.5):
        with numpy.errstate(all="ignore"):
            want = numpy.power(host, dtype(e))
        got = cupylike.power(cupylike.asarray(host), dtype(e))
        if ON_CPU:
            assert_close_ulp(got, want, 1, f"** {e}")
        else:
            assert_array_equal(got, want, err_msg=f"** {e}")


@for_dtypes(INT_DTYPES + UINT_DTYPES)
@pytest.mark.parametrize("name", ["floor_divide", "remainder", "fmod", "divmod"])
def test_integer_division_by_zero_gives_zero(name, dtype):
    info = numpy.iinfo(dtype)
    a = numpy.array([info.min, info.max, 0, 1, 7], dtype)
    check_loop(name, "", [a, numpy.zeros_like(a)])
    out = getattr(cupylike, name)(cupylike.asarray(a), 0)
    for part in out if isinstance(out, tuple) else (out,):
        assert not part.get().any()


@for_dtypes(INT_DTYPES)
@pytest.mark.parametrize("name", ["floor_divide", "remainder", "fmod", "divmod"])
def test_min_divided_by_minus_one_wraps_instead_of_trapping(name, dtype):
    # x86 raises SIGFPE for INT_MIN / -1 in int and long long: computed naively on the cpu
    # device it would kill the process. NumPy gives MIN // -1 == MIN and remainders 0.
    info = numpy.iinfo(dtype)
    check_loop(name, "", [numpy.array([info.min, info.min, -7], dtype),
                          numpy.array([-1, 1, -1], dtype)])


@pytest.mark.parametrize("op", [
    lambda xp, a: xp.subtract(a, a), lambda xp, a: a - a, lambda xp, a: a - True,
    lambda xp, a: xp.negative(a), lambda xp, a: -a, lambda xp, a: xp.positive(a),
    lambda xp, a: xp.sign(a)])
@numpy_cupylike_equal(accept_error=TypeError)
def test_bool_arithmetic_that_numpy_refuses_raises_type_error(xp, op):
    return op(xp, xp.asarray(numpy.array([True, False])))


def test_bool_errors_carry_numpys_messages():
    a = cupylike.asarray(numpy.array([True, False]))
    with pytest.raises(TypeError, match="numpy boolean subtract, the `-` operator"):
        a - a
    with pytest.raises(TypeError, match="numpy boolean negative"):
        -a
    with pytest.raises(TypeError, match="ufunc 'sign' did not contain a loop"):
        cupylike.sign(a)


@numpy_cupylike_equal()
def test_bool_with_int_still_subtracts(xp):
    return xp.subtract(xp.asarray(numpy.array([True, False])), 1), xp.absolute(
        xp.asarray(numpy.array([True, False])))


@pytest.mark.parametrize("a, b", [("int8", "int8"), ("uint8", "int8"), ("bool", "bool"),
                                  ("int64", "uint64"), ("int8", "float16"), ("int32", "float32")])
@numpy_cupylike_equal()
def test_true_divide_of_integers_gives_float64_like_numpy(xp, a, b):
    x = xp.asarray(numpy.array([1, 0, 1, 1], a))
    y = xp.asarray(numpy.array([2, 0, 0, 1], b))
    with numpy.errstate(all="ignore"):
        return x / y, xp.divide(x, 3), xp.true_divide(x, 0.5)


@pytest.mark.parametrize("dtype", ["int16", "uint64", "bool"])
@pytest.mark.parametrize("casting", ["no", "equiv", "safe", "same_kind"])
def test_true_divide_casts_integers_to_float64_under_the_casting_rule(dtype, casting):
    # NumPy runs its float64 loop for integer inputs: 'no' and 'equiv' forbid that cast.
    host = numpy.array([3, 1, 2], dtype)
    try:
        expected = numpy.true_divide(host, host, casting=casting)
    except TypeError as numpy_error:
        with pytest.raises(TypeError, match="Cannot cast ufunc 'divide' input 0") as error:
            cupylike.true_divide(cupylike.asarray(host), cupylike.asarray(host), casting=casting)
        assert str(error.value) == str(numpy_error)
        return
    actual = cupylike.true_divide(cupylike.asarray(host), cupylike.asarray(host), casting=casting)
    assert_array_equal(actual, expected)


@numpy_cupylike_equal()
def test_divmod_writes_both_outputs(xp):
    a = xp.asarray(numpy.array([[-7.5, 7.5], [3.0, -0.0]]))
    q, r = xp.empty((2, 2)), xp.empty((2, 2), numpy.float32)
    res = xp.divmod(a, 2.0, out=(q, r), casting="unsafe")
    assert res[0] is q and res[1] is r
    return q, r, divmod(a, -2)


def test_names_and_aliases_are_numpys():
    for alias, name in [("true_divide", "divide"), ("mod", "remainder"), ("abs", "absolute"),
                        ("conj", "conjugate"), ("pow", "power")]:
        assert getattr(cupylike, alias) is getattr(cupylike, name)
        assert getattr(cupylike, alias).__name__ == getattr(numpy, alias).__name__ == name
    for name in ARITHMETIC:
        u, ref = getattr(cupylike, name), getattr(numpy, name)
        assert (u.nin, u.nout) == (ref.nin, ref.nout), name
