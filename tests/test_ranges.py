"""arange, linspace, logspace, eye and identity against NumPy: lengths, dtypes and values bit
for bit (logspace: within one ulp, see test_logspace_matches_numpy_within_an_ulp), and NumPy's
errors."""

import numpy
import pytest

import cupylike
from cupylike.testing import ALL_DTYPES, assert_array_equal, for_all_dtypes, numpy_cupylike_equal

f16, f32, u8, u64 = numpy.float16, numpy.float32, numpy.uint8, numpy.uint64

ARANGE_CASES = [
    (10,), (0,), (-3,), (2, 10), (0, 10, 3), (10, 0, -3), (0, 1, 0.1), (-3.3, 7.1, 0.7),
    (10, 0), (0, 5, 0.3), (0.5, 5), (1j, 5 + 3j), (0, 5, 1 + 1j), (0, 1e-300, 1e300),
    (0, -1e-300, 1e300), (2**63 - 3, 2**63 - 1), (2**64 - 3, 2**64 - 1), (True,),
    (f32(0), f32(1), f32(0.1)), (f16(1), 5), (numpy.int8(1), 5), (u64(1), 5),
    (numpy.uint32(1), numpy.uint32(5)), (0, 1000000), (-7, 1000000, 13),
]
ARANGE_DTYPED = [((0, 10, 3), dt) for dt in ALL_DTYPES if dt.kind != "b"] + [
    ((0.5, 5), int), ((250, 260), u8), ((0, 2.5, 0.5), int), ((-3, 7, 0.7), f32),
    ((0, 1000, 0.3), f16), ((2040, 2060), f16), ((100, 60000, 7.3), f16), ((5,), complex),
    ((0.1, 0.9, 0.1), numpy.complex64), ((1.5,), numpy.int8), ((2,), bool), ((1, 3), bool),
    ((-1, 1), bool), ((0, 70000, 3), numpy.int16), ((10, -10, -1), numpy.uint16),
    ((0, 3000000, 7), f32),
]
ARANGE_ERRORS = [
    ((0, 5, 0), None), ((0, 5, 0.0), None), ((0, numpy.nan), None), ((0, numpy.inf), None),
    ((0, 1e30), None), ((0, 1, 1e-320), None), ((300, 302), u8), ((-1, 3), u8),
    ((1e10, 1e10 + 2), numpy.int8), ((3,), bool), ((None, 3), None), (("3",), None),
    (((3,),), None), ((0, 2**62), None), ((0, 5, 1j), float),
    # NumPy scalars convert as Python numbers: their first values out of range overflow too.
    ((0, -6.0, numpy.float64(-1.0)), numpy.uint16), ((numpy.int64(-1), 3), u8),
    ((numpy.float32(-1.5), 3), u8), ((numpy.int16(127), 130), numpy.int8),
]


@numpy_cupylike_equal()
@pytest.mark.parametrize("args", ARANGE_CASES, ids=repr)
def test_arange_matches_numpy(args, xp):
    return xp.arange(*args)


@numpy_cupylike_equal()
@pytest.mark.parametrize("args, dtype", ARANGE_DTYPED, ids=repr)
def test_arange_with_a_dtype_matches_numpy(args, dtype, xp):
    return xp.arange(*args, dtype=dtype)


@numpy_cupylike_equal(accept_error=(OverflowError, TypeError, ValueError, ZeroDivisionError))
@pytest.mark.parametrize("args, dtype", ARANGE_ERRORS, ids=repr)
def test_bad_arange_arguments_raise_numpy_errors(args, dtype, xp):
    return xp.arange(*args, dtype=dtype)


@numpy_cupylike_equal(accept_error=TypeError)
@pytest.mark.parametrize("kwargs", [{"stop": 5}, {"start": 2, "stop": 5},
                                    {"stop": 9, "step": 2}, {"start": 3},
                                    {"stop": 3, "dtype": f32}, {"start": 1, "stop": None}],
                         ids=repr)
def test_arange_keywords_follow_numpy(kwargs, xp):
    return xp.arange(**kwargs)


def test_arange_argument_errors():
    with pytest.raises(TypeError):
        cupylike.arange()
    with pytest.raises(TypeError):
        cupylike.arange(1, 2, 3, None, 5)
    with pytest.raises(TypeError):
        cupylike.arange(3, stop=4, start=1)
    with pytest.raises(TypeError):
        cupylike.arange(3, bad=1)


LINSPACE_CASES = [
    dict(start=0, stop=1, num=5), dict(start=0, stop=1, endpoint=False),
    dict(start=-3.3, stop=7.1, num=1000), dict(start=f32(0.1), stop=f32(9.7), num=777),
    dict(start=f16(0.1), stop=f16(9.7), num=3000), dict(start=1 + 2j, stop=-3 + 0.5j, num=101),
    dict(start=numpy.complex64(1 + 2j), stop=numpy.complex64(-3), num=101, endpoint=False),
    dict(start=0, stop=1e-320, num=10), dict(start=0, stop=1e-310, num=5),
    dict(start=0, stop=10, num=7, dtype=int), dict(start=-5.5, stop=10, num=7, dtype=u8),
    dict(start=0, stop=1, num=1), dict(start=0, stop=1, num=0),
    dict(start=0, stop=1, num=1, endpoint=False), dict(start=5, stop=1, num=9, dtype=f16),
    dict(start=numpy.int8(3), stop=numpy.int8(100), num=9), dict(start=0, stop=numpy.inf, num=3),
    dict(start=0, stop=numpy.inf, num=1), dict(start=1, stop=5, num=5, dtype=bool),
    dict(start=1j, stop=2j, num=3, dtype=float), dict(start=1, stop=2, num=5, axis=-1),
    dict(start=f16(-3), stop=f16(3), num=70000), dict(start=2, stop=f32(3), num=11),
    dict(start=-1e308, stop=1e308, num=9), dict(start=0, stop=1, num=10**6 + 1),
    dict(start=numpy.uint64(2), stop=numpy.int64(-7), num=17, dtype=numpy.int32),
]
LINSPACE_ERRORS = [
    dict(start=1, stop=2, num=-1), dict(start=1, stop=2, num=2.5), dict(start=1, stop=2, axis=1),
    dict(start=1j, stop=2j, num=3, dtype=int),
]


@pytest.mark.filterwarnings("ignore::RuntimeWarning")  # NumPy's and ours, for inf and overflow
@pytest.mark.filterwarnings("ignore::numpy.exceptions.ComplexWarning")
@numpy_cupylike_equal(accept_error=(TypeError, ValueError, numpy.exceptions.AxisError))
@pytest.mark.parametrize("kwargs", LINSPACE_CASES + LINSPACE_ERRORS, ids=repr)
def test_linspace_matches_numpy(kwargs, xp):
    return xp.linspace(**kwargs)


@pytest.mark.parametrize("kwargs", [dict(num=5), dict(num=5, endpoint=False), dict(num=1),
                                    dict(num=0), dict(num=2, endpoint=False)], ids=repr)
@pytest.mark.parametrize("start, stop", [(0, 1), (f32(1), f32(0)), (1j, 2), (f16(2), 3)])
def test_linspace_retstep_matches_numpy(kwargs, start, stop):
    y, step = cupylike.linspace(start, stop, retstep=True, **kwargs)
    want_y, want_step = numpy.linspace(start, stop, retstep=True, **kwargs)
    assert_array_equal(y, want_y)
    assert type(step) is type(want_step)
    assert step == want_step or (numpy.isnan(step) and numpy.isnan(want_step))


@pytest.mark.parametrize("start", [2**70, "a"], ids=repr)
def test_linspace_of_values_numpy_holds_as_objects_raises_type_error(start):
    with pytest.raises(TypeError):
        numpy.linspace(start, 1, 3)
    with pytest.raises(TypeError):
        cupylike.linspace(start, 1, 3)


def test_linspace_of_arrays_is_not_supported_yet():
    with pytest.raises(NotImplementedError):
        cupylike.linspace(numpy.zeros(2), 1)


def _ulps(got, want):
    with numpy.errstate(all="ignore"):
        if want.dtype.kind == "c":
            return numpy.maximum(_ulps(got.real, want.real), _ulps(got.imag, want.imag))
        diff = numpy.abs(got.astype(numpy.float64) - want.astype(numpy.float64))
        return numpy.where(got == want, 0, diff / numpy.spacing(numpy.abs(want)))


@pytest.mark.parametrize("kwargs", [
    dict(start=-300, stop=300, num=10001), dict(start=0, stop=3, num=4),
    dict(start=f32(-30), stop=f32(30), num=2001), dict(start=f16(-3), stop=f16(3), num=999),
    dict(start=0, stop=5, num=100, base=f32(3)), dict(start=-3, stop=3, num=61, base=2),
    dict(start=0, stop=2, num=7, endpoint=False, base=f16(7)), dict(start=1, stop=2, num=0),
    dict(start=0, stop=3, num=4, dtype=int), dict(start=1, stop=2, num=5, base=1j),
    dict(start=1j, stop=2, num=5), dict(start=0, stop=4, num=5, dtype=numpy.complex64),
], ids=repr)
@pytest.mark.filterwarnings("ignore::numpy.exceptions.ComplexWarning")
def test_logspace_matches_numpy_within_an_ulp(kwargs):
    # NumPy's float power is its own vectorised one on CPUs with AVX-512 (SVML), which differs
    # from the C library's pow (what the cpu device and CUDA use) in the last bit for a few
    # percent of arguments; everything else is exact (docs/differences.md).
    want = numpy.logspace(**kwargs)
    got = cupylike.logspace(**kwargs)
    assert (got.dtype, got.shape) == (want.dtype, want.shape)
    host = got.get()
    assert numpy.array_equal(numpy.isfinite(host), numpy.isfinite(want))
    finite = numpy.isfinite(want)
    assert _ulps(host[finite], want[finite]).max(initial=0) <= 1
    assert_array_equal(host[~finite], want[~finite])


@numpy_cupylike_equal()
@pytest.mark.parametrize("args", [(5, 3), (0, 1, -1), (3, 5, 0.5)], ids=repr)
@pytest.mark.parametrize("k", [0, 1, -2, 7, -9], ids=repr)
@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
@pytest.mark.parametrize("order", ["C", "F"])
def test_eye_matches_numpy(args, k, dtype, order, xp):
    n, m = args[0], args[1]
    return xp.eye(n, m, k=k, dtype=dtype, order=order)


@numpy_cupylike_equal(strides=True, accept_error=(TypeError, ValueError))
@pytest.mark.parametrize("kwargs", [dict(N=4), dict(N=0), dict(N=3, M=None, k=3),
                                    dict(N=2, M=3, k=2.5), dict(N=3, k=1.5), dict(N=-1),
                                    dict(N=2.0), dict(N=3, M=4, k=numpy.uint64(1)),
                                    dict(N=3, order="A")], ids=repr)
def test_eye_arguments_follow_numpy(kwargs, xp):
    return xp.eye(**kwargs)


@numpy_cupylike_equal(strides=True)
@pytest.mark.parametrize("n", [0, 1, 4])
@pytest.mark.parametrize("dtype", [None, bool, numpy.int16, numpy.complex64], ids=str)
def test_identity_matches_numpy(n, dtype, xp):
    return xp.identity(n, dtype=dtype)


@for_all_dtypes()
def test_large_eye_is_exact(dtype):
    assert_array_equal(cupylike.eye(700, 900, k=-3, dtype=dtype),
                       numpy.eye(700, 900, k=-3, dtype=dtype))
