"""vectorize against numpy.vectorize on the same functions: values and output dtypes over
bool/int/float32/float64/complex inputs, broadcasting, 0-d, empty and non-contiguous arrays,
otypes, several outputs, defaults and keywords; the TypeError naming each construct that
cannot be compiled; the host path of excluded= and signature=."""

import inspect
import math
import warnings

import numpy
import pytest

import cupylike
from cupylike.testing import assert_allclose, assert_array_equal

SCALE = 2.5
LIMITS = [1, 2]  # not a number: a compile error when read


def poly(x):
    return 3 * x * x - 2 * x + 1


def branches(x, y):
    """if/elif/else with a variable assigned in two branches and an early return."""
    if x > y:
        z = x - y
    elif x == y:
        return 0
    else:
        z = (y - x) * 2
    return z + 1


def with_math(x):
    return math.sqrt(abs(x)) + math.floor(x / 3) - math.exp(-abs(x)) * SCALE


def with_ufuncs(x):
    return numpy.sin(x) * numpy.float32(2) + numpy.cos(x) - numpy.abs(x)


def with_cupylike_ufuncs(x):
    return numpy.sin(x) * numpy.float32(2) + cupylike.cos(x) - cupylike.abs(x)


def logic(x, y):
    return (x > 0 and y > 0) or not x


def chained(x):
    return 0 < x <= 3


def quotient_and_rest(x, y):
    return x // y, x % y


def selections(x, y):
    t = min(x, y, 2)
    t += max(x, -y)
    return int(t) * 2 if t > 0 else int(-t)


def power_and_division(x, y):
    return x ** 2 / (y * y + 1) - y ** 2


def _make_closure(k):
    def scaled(x):
        return x * k + 0.5
    return scaled


def _values(dtype, shape=(12,), seed=0):
    """Small values of `dtype` (no overflow in Python's unbounded ints that NumPy then
    refuses to cast back)."""
    rng = numpy.random.default_rng(seed)
    x = rng.integers(-6, 7, size=shape).astype(numpy.float64) / (1 if dtype.kind in "biu"
                                                                   else 2)
    if dtype.kind == "u":
        x = numpy.abs(x)
    if dtype.kind == "c":
        x = x + 1j * rng.integers(-3, 4, size=shape)
    return x.astype(dtype)


def _check(func, *host, otypes=None, exact=True):
    """cupylike.vectorize(func) against numpy.vectorize(func) on the same arguments."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        want = numpy.vectorize(func, otypes=otypes)(*host)
    got = cupylike.vectorize(func, otypes=otypes)(*(cupylike.asarray(h) for h in host))
    wants, gots = (want, got) if isinstance(want, tuple) else ((want,), (got,))
    assert len(gots) == len(wants)
    for g, w in zip(gots, wants, strict=True):
        assert g.dtype == w.dtype and g.shape == w.shape, (g.dtype, w.dtype, g.shape, w.shape)
        if exact and w.dtype.kind not in "fc" or w.dtype.itemsize >= 8 and exact:
            assert_array_equal(g, w)
        else:
            assert_allclose(g, w, rtol=2e-6, atol=1e-6)


DTYPES = [numpy.dtype(c) for c in ("?", "b", "B", "l", "f", "d", "D")]


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: d.name)
def test_polynomial_over_dtypes(dtype):
    _check(poly, _values(dtype))


@pytest.mark.parametrize("dtypes", [("l", "l"), ("f", "h"), ("?", "b")], ids=str)
def test_branches_and_broadcasting(dtypes):
    x = _values(numpy.dtype(dtypes[0]), (3, 1))
    y = _values(numpy.dtype(dtypes[1]), (4,), seed=1)
    _check(branches, x, y)


@pytest.mark.parametrize("dtype", ["l", "f"])
def test_math_functions_and_globals(dtype):
    _check(with_math, _values(numpy.dtype(dtype)), exact=False)


@pytest.mark.parametrize("dtype", ["f", "d", "F"])
def test_ufuncs_by_name(dtype):
    x = _values(numpy.dtype(dtype))
    _check(with_ufuncs, x, exact=False)
    # cupylike's ufuncs compile as NumPy's of the same name (NumPy cannot call them).
    got = cupylike.vectorize(with_cupylike_ufuncs)(cupylike.asarray(x))
    assert got.dtype == x.dtype
    assert_allclose(got, numpy.vectorize(with_ufuncs)(x), rtol=2e-6, atol=1e-6)


@pytest.mark.parametrize("dtypes", [("l", "d"), ("?", "?"), ("e", "b")], ids=str)
def test_boolean_operators_and_chains(dtypes):
    x, y = _values(numpy.dtype(dtypes[0])), _values(numpy.dtype(dtypes[1]), seed=2)
    _check(logic, x, y)
    _check(chained, x)


@pytest.mark.parametrize("dtypes", [("l", "l"), ("b", "b"), ("f", "d"), ("B", "l")], ids=str)
def test_floor_division_remainder_two_outputs(dtypes):
    x = _values(numpy.dtype(dtypes[0]))
    y = _values(numpy.dtype(dtypes[1]), seed=3)
    y[y == 0] = 5  # Python's ints raise ZeroDivisionError in numpy.vectorize
    _check(quotient_and_rest, x, y)


@pytest.mark.parametrize("dtype", ["l", "f"])
def test_division_by_zero_is_numpys_ufuncs(dtype):
    x = _values(numpy.dtype(dtype))
    y = numpy.zeros_like(x)
    got = cupylike.vectorize(quotient_and_rest)(cupylike.asarray(x), cupylike.asarray(y))
    with numpy.errstate(all="ignore"):
        assert_array_equal(got[0], numpy.floor_divide(x, y))
        assert_array_equal(got[1], numpy.remainder(x, y))


@pytest.mark.parametrize("dtypes", [("l", "l"), ("d", "b")], ids=str)
def test_min_max_casts_and_power(dtypes):
    x = _values(numpy.dtype(dtypes[0]))
    y = _values(numpy.dtype(dtypes[1]), seed=4)
    _check(selections, x, y)
    _check(power_and_division, x, y, exact=False)


def test_layouts_0d_and_empty():
    x = _values(numpy.dtype("d"), (4, 6))
    _check(poly, x[::-1, ::2])
    _check(poly, x.T)
    _check(poly, numpy.float64(1.5))
    got = cupylike.vectorize(poly)(cupylike.asarray(2.0))
    assert isinstance(got, cupylike.ndarray) and got.shape == ()
    empty = cupylike.zeros((0, 3))
    for xp, x_ in ((numpy, numpy.zeros((0, 3))), (cupylike, empty)):
        with pytest.raises(ValueError, match="cannot call `vectorize` on size 0 inputs unless "
                                             "`otypes` is set"):
            xp.vectorize(poly)(x_)
    _check(poly, numpy.zeros((0, 3), numpy.int32), otypes=[numpy.float32])


@pytest.mark.parametrize("otypes", ["f", [numpy.int16]])
def test_otypes(otypes):
    _check(branches, _values(numpy.dtype("d")), _values(numpy.dtype("l"), seed=1),
           otypes=otypes)


def test_lambdas_closures_defaults_and_keywords():
    first, second = (lambda x: x + 1), (lambda x: x * SCALE)
    _check(first, _values(numpy.dtype("b")))
    _check(second, _values(numpy.dtype("f")))
    _check(_make_closure(3), _values(numpy.dtype("l")))
    table = {"double": lambda x: x * 2, "triple": lambda x: x * 3}
    _check(table["triple"], _values(numpy.dtype("l")))
    _check(
        lambda x:
            x - 7,
        _values(numpy.dtype("l")))

    def offset(x, y=10, k=2):
        return x * k + y

    x, y = _values(numpy.dtype("i")), _values(numpy.dtype("i"), seed=5)
    got = cupylike.vectorize(offset)(cupylike.asarray(x), k=cupylike.asarray(y))
    assert_array_equal(got, numpy.vectorize(offset)(x, k=y))


@pytest.mark.parametrize("func, nin", [(math.sin, 1), (math.atan2, 2), (numpy.arctan2, 2),
                                       (abs, 1), (math.floor, 1), (numpy.logaddexp, 2)],
                         ids=lambda f: getattr(f, "__name__", str(f)))
def test_builtin_functions_and_ufuncs(func, nin):
    x, y = _values(numpy.dtype("d")), _values(numpy.dtype("d"), seed=6)
    _check(func, *(x, y)[:nin], exact=False)  # libm and cupylike differ by an ulp


def test_cupylike_ufunc():
    x, y = _values(numpy.dtype("f")), _values(numpy.dtype("f"), seed=6)
    got = cupylike.vectorize(cupylike.hypot)(cupylike.asarray(x), cupylike.asarray(y))
    assert_allclose(got, numpy.vectorize(numpy.hypot)(x, y), rtol=2e-6)


def test_decorator_form_and_doc():
    @cupylike.vectorize(otypes=[numpy.float32])
    def half(x):
        """Half of x."""
        return x / 2

    assert half.__doc__ == "Half of x." and half.__name__ == "half"
    assert_array_equal(half(cupylike.arange(4)), numpy.arange(4, dtype=numpy.float32) / 2)
    assert inspect.signature(cupylike.vectorize) == inspect.signature(numpy.vectorize)


def test_argument_errors_as_numpy():
    for xp in (numpy, cupylike):
        with pytest.raises(ValueError, match="Invalid otype specified: z"):
            xp.vectorize(poly, otypes="z")
        with pytest.raises(ValueError, match="Invalid otype specification"):
            xp.vectorize(poly, otypes=3)
        with pytest.raises(TypeError, match="When used as a decorator, only accepts keyword"):
            xp.vectorize(3)
    with pytest.raises(TypeError, match="cupylike arrays cannot hold"):
        cupylike.vectorize(poly, otypes=[object])(cupylike.arange(3))
    with pytest.raises(OverflowError, match="Python integer 1000 out of bounds for int8"):
        cupylike.vectorize(lambda x: x + 1000)(cupylike.asarray(numpy.int8([1])))


def test_host_path_for_signature_and_excluded():
    x = _values(numpy.dtype("d"), (3, 4))
    core = cupylike.vectorize(lambda v: v.max() - v.min(), signature="(n)->()")
    assert_array_equal(core(cupylike.asarray(x)),
                       numpy.vectorize(lambda v: v.max() - v.min(), signature="(n)->()")(x))
    ex = cupylike.vectorize(lambda v, table: v * len(table), excluded={1})
    assert_array_equal(ex(cupylike.asarray(x), [1, 2, 3]), x * 3)
