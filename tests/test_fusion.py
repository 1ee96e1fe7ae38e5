"""cupylike.fuse against the unfused function: the same values bit for bit (the same loops of
the ufunc table in one kernel), the same dtypes (NumPy 2's promotion, checked against NumPy
itself where the function runs on NumPy arrays too), over the 14 dtypes, broadcasting,
layouts, scalars, in-place updates, several outputs, one final reduction, and the errors."""

import numpy
import pytest
from helpers.ufunc_accuracy import assert_ulp_close, real_ulps

import cupylike

ALL_DTYPES = [numpy.dtype(c) for c in "?bhilBHILefdFD"]


def _leaves(x):
    if isinstance(x, tuple):
        for v in x:
            yield from _leaves(v)
    else:
        yield x


def _bits(x):
    """A host copy whose bytes compare floats bit for bit (NaN payloads and -0.0 too)."""
    h = x.get()
    return h.view(f"u{h.dtype.itemsize // 2}" if h.dtype.kind == "c" else
                  f"u{h.dtype.itemsize}") if h.dtype.kind in "fc" else h


def check(func, *args, ulps=None):
    """fuse(func)(*args) equals func(*args): structure, dtypes, shapes and bits (or, for
    `ulps`, a bound per output index)."""
    with numpy.errstate(all="ignore"):
        fused = cupylike.fuse(func)(*args)
        plain = func(*args)
    assert type(fused) is type(plain)
    for k, (f, p) in enumerate(zip(_leaves(fused), _leaves(plain), strict=True)):
        assert isinstance(f, cupylike.ndarray)
        assert (f.dtype, f.shape) == (p.dtype, p.shape)
        if ulps and ulps.get(k):
            assert_ulp_close(f, p.get(), ulps[k])
        else:
            numpy.testing.assert_array_equal(_bits(f), _bits(p), err_msg=f"output {k}")
    return fused


def _random(shape, dtype, seed=0):
    """Values in (-8, 8) (unsigned: [0, 8)), with imaginary parts for complex dtypes."""
    dtype = numpy.dtype(dtype)
    rng = numpy.random.default_rng(seed)
    a = rng.uniform(-8, 8, shape) + (1j * rng.uniform(-8, 8, shape) if dtype.kind == "c" else 0)
    a = abs(a) if dtype.kind == "u" else a
    return cupylike.asarray(numpy.asarray(a > 0 if dtype.kind == "b" else a).astype(dtype))


def _args(dtype, *shapes, seed=0):
    return [_random(s, dtype, seed + k) for k, s in enumerate(shapes)]


# -- elementwise chains over every dtype -------------------------------------------------------

def _bool_chain(x, y):
    return (x & y) | ~x ^ y, (x == y) | (x < y), cupylike.logical_xor(x, y)


def _int_chain(x, y):
    d = (y | 1) + (y == 0)
    return (x + y) * 3 - x // d + x % d, (x << 1) >> 1, -x, cupylike.gcd(x, y), abs(x) <= y


def _inexact_chain(x, y):
    z = (x - y) / (y + 2) * 1.5 + x ** 2 - 3
    return z, -z * x, x != y, cupylike.sqrt(z * z) + abs(y) ** 0.5 - x ** -1


def _chain(dtype):
    return _bool_chain if dtype.kind == "b" else _int_chain if dtype.kind in "iu" else \
        _inexact_chain


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
def test_chain_every_dtype(dtype):
    x, y = _args(dtype, (4, 5), (4, 5))
    check(_chain(dtype), x, y)


@pytest.mark.parametrize("dtype", ["int16", "float32", "complex128"])
def test_mixed_dtypes_promote_as_numpy(dtype):
    x = _random((3, 4), dtype)
    y = _random((3, 4), "uint8", 1)

    def f(a, b):
        return a * b - numpy.float32(1.5), b + 1.0, (a != 0).astype(numpy.int8) + b

    fused = check(f, x, y)
    host = f(x.get(), y.get())
    assert [r.dtype for r in fused] == [r.dtype for r in host]


# The functions kernels/cpu/mvec.h gives a vector variant from glibc's libmvec.
_VECTOR_MATH = {"exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "cbrt", "sin", "cos",
                "tan", "arcsin", "arccos", "arctan", "sinh", "cosh", "tanh", "arcsinh",
                "arccosh", "arctanh", "arctan2", "hypot"}

# -- the ufunc table ---------------------------------------------------------------------------

_UNARY = ["negative", "positive", "absolute", "fabs", "reciprocal", "sign", "square",
          "conjugate", "logical_not", "exp", "exp2", "expm1", "log", "log2", "log10", "log1p",
          "sqrt", "cbrt", "sin", "cos", "tan", "arcsin", "arccos", "arctan", "sinh", "cosh",
          "tanh", "arcsinh", "arccosh", "arctanh", "degrees", "radians", "rint", "floor",
          "ceil", "trunc", "isnan", "isinf", "isfinite", "signbit", "spacing", "frexp", "modf"]
_BINARY = ["add", "subtract", "multiply", "divide", "floor_divide", "remainder", "fmod",
           "divmod", "power", "float_power", "maximum", "minimum", "fmax", "fmin", "logaddexp",
           "logaddexp2", "arctan2", "hypot", "copysign", "nextafter", "heaviside", "equal",
           "less_equal", "logical_and", "logical_or"]


@pytest.mark.parametrize("dtype", ["float16", "float32", "float64"])
def test_ufunc_table_float_loops(dtype):
    """Each ufunc's own loop: equal bits, but for the functions the cpu device may take from
    glibc's vector math library (kernels/cpu/mvec.h): its contiguous unfused loops round as
    libmvec's variants do, which are within the bounds of tests/helpers/ufunc_accuracy.py."""
    x = cupylike.asarray(numpy.linspace(-3, 3, 37, dtype=dtype))
    y = cupylike.asarray(numpy.linspace(2.5, -1.5, 37, dtype=dtype))

    def unary(a, b):
        return tuple(getattr(cupylike, n)(a) for n in _UNARY)

    def binary(a, b):
        return tuple(getattr(cupylike, n)(a, b) for n in _BINARY)

    for f, names in ((unary, _UNARY), (binary, _BINARY)):
        leaves = [n for n in names for _ in range(2 if n in ("frexp", "modf", "divmod") else 1)]
        ulps = {k: 2 * real_ulps(n, dtype) for k, n in enumerate(leaves)
                if n in _VECTOR_MATH and dtype != "float16"}
        check(f, x, y, ulps=ulps)


@pytest.mark.parametrize("dtype", ["int8", "uint32", "int64"])
def test_ufunc_table_integer_loops(dtype):
    x, y = _args(dtype, (2, 9), (9,))

    def f(a, b):
        return (cupylike.bitwise_and(a, b), cupylike.bitwise_or(a, b), a ^ b,
                cupylike.invert(a), cupylike.left_shift(a, 2), cupylike.right_shift(a, 1),
                cupylike.bitwise_count(a), cupylike.gcd(a, b), cupylike.lcm(a, b),
                cupylike.maximum(a, b), cupylike.divmod(a, b + 1), a ** 2, a / (b + 1),
                cupylike.sign(a), a > b, cupylike.logical_or(a, b))

    check(f, x, y)


def test_complex_loops():
    x, y = _args("complex64", (3, 5), (3, 5))

    def f(a, b):
        return (cupylike.exp(a) * b, cupylike.log(a) - cupylike.sqrt(b), a / b, a ** b,
                cupylike.conjugate(a), abs(a), cupylike.sin(a) + cupylike.tanh(b), a == b)

    check(f, x, y)


def test_numpy_ufuncs_and_functions_on_traced_values():
    """NumPy's ufuncs and array functions reach the trace through NEP 13 and NEP 18."""
    x, y = _args("float32", (4, 3), (3,))

    def f(a, b):
        return numpy.where(a > b, numpy.maximum(a, 1), numpy.float32(2) * b), numpy.add(a, b)

    check(f, x, y)


# -- scalars -----------------------------------------------------------------------------------

@pytest.mark.parametrize(("dtype", "scalar"), [
    ("int8", 3), ("uint8", 200), ("int8", 2.5), ("float32", 0.1), ("float16", 1e-3),
    ("float32", 1j), ("int16", numpy.int32(7)), ("float16", numpy.float64(0.1)),
    ("bool", True), ("int64", numpy.uint64(3)),
])
def test_scalar_arguments_and_constants(dtype, scalar):
    """Python scalars are weak (the array's dtype wins), NumPy scalars are not, as a scalar
    argument and as a constant in the function."""
    x = _random((2, 3), dtype)

    def f(a, s):
        return a + s, s * a - 1, a * 2 + 1.5

    fused = check(f, x, scalar)
    host = f(x.get(), scalar)
    assert [r.dtype for r in fused] == [r.dtype for r in host]


@pytest.mark.parametrize("exponent", [2, -1, 0.5, 3, 2.0])
def test_power_of_a_scalar_argument_takes_the_operators_shortcuts(exponent):
    """`x ** s` is square, reciprocal or sqrt for s = 2, -1, 0.5 (Python scalars), as the
    unfused operator decides by the value (complex power differs from them in the last
    bits)."""
    x = _random((40,), "complex64")
    check(lambda a, s: a ** s, x, exponent)


def test_float16_constant_rounds_once():
    """0.7062988328752062 rounds to float16 differently directly and through float32; NumPy
    (and the unfused ufunc) round once."""
    x = cupylike.ones(3, dtype=numpy.float16)
    fused = check(lambda a: a * 0.7062988328752062, x)
    assert fused.get().view(numpy.uint16)[0] == 14759


def test_python_ints_beyond_the_type_compare_by_value():
    """Comparisons, logical ufuncs and true_divide take a Python int beyond an integer
    array's type by its value (NumPy's rule), as a constant and as an argument."""
    x = _random((6,), "int8")

    def f(a, s):
        return (a < 1000, a == s, a != -300, cupylike.logical_and(a, s), a / s, a / 1000,
                cupylike.greater_equal(s, a))

    check(f, x, 5)
    check(f, x, 1000)
    check(f, x.astype(numpy.uint64), 2**40)


def test_python_int_out_of_bounds():
    x = cupylike.arange(3, dtype=numpy.int8)
    f = cupylike.fuse(lambda a, s: a + s)
    numpy.testing.assert_array_equal(f(x, 100).get(), [100, 101, 102])
    with pytest.raises(OverflowError, match="1000 out of bounds for int8"):
        f(x, 1000)
    with pytest.raises(OverflowError, match="1000 out of bounds for int8"):
        x + 1000
    with pytest.raises(OverflowError, match="out of bounds for int8"):
        cupylike.fuse(lambda a: a - 300)(x)


# -- broadcasting and layouts -----------------------------------------------------------------

@pytest.mark.parametrize("shapes", [
    [(3, 1, 4), (5, 1), (4,)], [(), (2, 3), ()], [(0, 3), (3,), (1, 3)], [(1,), (1,), (1,)],
])
def test_broadcasting(shapes):
    x, y, z = _args("float32", *shapes)

    def f(a, b, c):
        return a * b + c, cupylike.where(a > 0, b, c)

    check(f, x, y, z)


def test_layouts():
    base = _random((6, 8), "float64")
    strided, reversed_ = base[::2, 1::3], base[::-1, ::-2]
    transposed = base.T[:3, :3]

    def f(a, b, c):
        return (a - b) * c

    check(f, strided, reversed_[:3, :3], transposed)


def test_non_broadcastable_shapes():
    f = cupylike.fuse(lambda a, b: a + b)
    with pytest.raises(ValueError):
        f(cupylike.ones(3), cupylike.ones(4))


# -- in-place updates and outputs ----------------------------------------------------------------

def _update(x, y):
    x += y
    x *= 2
    return x - 1


def test_in_place_updates_write_through():
    x, y = _args("float32", (3, 4), (4,))
    fx, px = x.copy(), x.copy()
    fused = cupylike.fuse(_update)(fx, y)
    plain = _update(px, y)
    numpy.testing.assert_array_equal(_bits(fx), _bits(px))
    numpy.testing.assert_array_equal(_bits(fused), _bits(plain))


def test_in_place_only_and_out_argument():
    def f(x, y, out):
        cupylike.multiply(x, y, out=out)
        x -= 1

    x, y, out = _args("int32", (5,), (5,), (5,))
    fx, fout, px, pout = x.copy(), out.copy(), x.copy(), out.copy()
    assert cupylike.fuse(f)(fx, y, fout) is None
    f(px, y, pout)
    numpy.testing.assert_array_equal(fx.get(), px.get())
    numpy.testing.assert_array_equal(fout.get(), pout.get())


def test_in_place_errors():
    def f(x, y):
        x += y
        return x

    g = cupylike.fuse(f)
    with pytest.raises(TypeError, match="Cannot cast ufunc 'add' output"):
        g(cupylike.ones(3, dtype=numpy.int32), cupylike.ones(3))
    with pytest.raises(TypeError, match="Cannot cast ufunc 'add' output"):
        f(cupylike.ones(3, dtype=numpy.int32), cupylike.ones(3))
    with pytest.raises(ValueError, match="non-broadcastable output"):
        g(cupylike.ones(3), cupylike.ones((2, 3)))


def test_several_outputs_and_arguments_returned():
    x, y = _args("float64", (2, 3), (2, 3))

    def f(a, b):
        return a, (a + b, cupylike.divmod(a, b)), cupylike.modf(b)

    fused = check(f, x, y)
    assert fused[0] is x


# -- the final reduction --------------------------------------------------------------------

_KINDS = ["sum", "prod", "max", "min", "all", "any"]


@pytest.mark.parametrize("kind", _KINDS)
@pytest.mark.parametrize(("axis", "keepdims"), [(None, False), (1, True), ((0, 2), False)])
def test_reductions(kind, axis, keepdims):
    x, y = _args("float32", (3, 4, 5), (4, 1))

    def method(a, b):
        return getattr(a * b - 1, kind)(axis=axis, keepdims=keepdims)

    def function(a, b):
        return getattr(cupylike, kind)(a * b - 1, axis, keepdims=keepdims)

    check(method, x, y)
    check(function, x, y)


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
def test_reduction_dtypes(dtype):
    x, y = _args(dtype, (50, 7), (7,))

    def f(a, b):
        return ((a | b) if dtype.kind == "b" else a * b).sum(axis=0)

    check(f, x, y)


def test_reductions_of_large_arrays_sum_as_unfused():
    """The pairwise summation of the reduction template over the fused map, in the unfused
    order, whatever the inputs' layouts."""
    x = _random((1000, 1001), "float32")
    y = cupylike.asarray(numpy.asfortranarray(x.get()))

    def f(a, b):
        return (a * b + 1).sum()

    check(f, x, y)
    check(lambda a, b: (a - b).sum(axis=0), x, y[0])


def test_reduction_of_more_inputs_than_a_reduction_kernel_takes():
    """Five inputs: the map runs as an elementwise kernel, the unfused reduction follows."""
    args = _args("float32", (3, 4), (4,), (3, 1), (), (3, 4))

    def f(a, b, c, d, e):
        return (a * b + c - d / e).max(axis=0, keepdims=True)

    check(f, *args)
    check(lambda a, b, c, d, e: cupylike.sum(a - b * c + d * e), *args)


def test_reduction_dtype_and_empty():
    x = cupylike.zeros((0, 3), dtype=numpy.int8)
    check(lambda a: cupylike.sum(a + 1, axis=0, dtype=numpy.int16), x)
    check(lambda a: (a * 2).sum(), x)
    for f in (lambda a: (a + 1).max(axis=0), lambda a: cupylike.min(a - 1)):
        with pytest.raises(ValueError, match="zero-size array to reduction operation"):
            cupylike.fuse(f)(x)
        with pytest.raises(ValueError, match="zero-size array to reduction operation"):
            f(x)
    check(lambda a: (a + 1).max(axis=1), x)
    check(lambda a: ((a * 2).sum(axis=1),), x)  # a tuple of one reduction


# -- where, astype, decorator forms, cache --------------------------------------------------------

def test_where_and_astype():
    x, y = _args("int16", (4, 6), (6,))

    def f(a, b):
        return (cupylike.where(a > b, a, 300), cupylike.where(b, 2.5, a),
                a.astype(numpy.float16) / 3, cupylike.astype(b, numpy.bool_) & (a > 0))

    check(f, x, y)


def test_decorator_forms_and_cache():
    calls = []

    @cupylike.fuse
    def plain(a):
        calls.append(1)
        return a + 1

    @cupylike.fuse()
    def empty(a):
        return a * 2

    @cupylike.fuse(kernel_name="my_kernel")
    def named(a):
        return a - 1

    x = cupylike.arange(4, dtype=numpy.float32)
    for _ in range(3):
        plain(x)
    plain(cupylike.arange(4))  # another dtype: a second trace
    assert len(calls) == 2
    assert plain.__name__ == "plain" and named.__name__ == "named"
    numpy.testing.assert_array_equal(empty(x).get(), (x * 2).get())
    numpy.testing.assert_array_equal(named(x).get(), (x - 1).get())


# -- errors ----------------------------------------------------------------------------------

def _if_on_values(x):
    if x > 0:
        return x
    return -x


def _and_on_values(x, y):
    return x and y


def _sort_inside(x):
    return cupylike.sort(x) + 1


def _index(x):
    return x[0]


def _shape(x):
    return x + x.shape[0]


def _two_reductions(x):
    return x.sum() + x.max()


def _reduction_not_last(x):
    return x.sum(), x + 1


def _method(x):
    return x.cumsum()


def _scalars_alone(x, s):
    return x + s, s * 2


@pytest.mark.parametrize(("func", "match"), [
    (_if_on_values, "truth value"), (_and_on_values, "truth value"),
    (_sort_inside, "cannot fuse cupylike.sort"), (_index, "indexing"), (_shape, r"\.shape"),
    (_two_reductions, "one reduction"), (_reduction_not_last, "only result"),
    (_method, "attribute .cumsum"), (_scalars_alone, "scalar arguments alone"),
])
def test_unsupported_constructs(func, match):
    x = cupylike.arange(3, dtype=numpy.float32)
    with pytest.raises(TypeError, match=match):
        cupylike.fuse(func)(x, 2.0) if func.__code__.co_argcount == 2 else \
            cupylike.fuse(func)(x)


def test_argument_errors():
    f = cupylike.fuse(lambda a, b: a + b)
    with pytest.raises(TypeError, match="numpy.ndarray"):
        f(numpy.ones(3), cupylike.ones(3))
    with pytest.raises(TypeError, match="numpy.ndarray"):
        cupylike.add(numpy.ones(3), cupylike.ones(3))
    with pytest.raises(TypeError, match="positional"):
        f(cupylike.ones(3), b=1)
    with pytest.raises(TypeError, match="unsupported argument type str"):
        f(cupylike.ones(3), "x")
    with pytest.raises(TypeError, match="keyword"):
        cupylike.fuse(name="x")
