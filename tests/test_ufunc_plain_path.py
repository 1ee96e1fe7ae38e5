"""The plain path of operators and keyword-free ufunc calls (Ufunc::call_plain): arrays of one
shape, C-contiguous, of their loop's own dtypes, once the loop is cached. Each case runs twice,
so the second call takes the plain path where it applies, and both must equal NumPy's result,
dtype included; the cases it declines (casts, broadcasting, other layouts, empty arrays, errors)
must come out as the general path gives them."""

import numpy
import pytest

import cupylike

ALL_DTYPES = [numpy.bool_, numpy.int8, numpy.uint8, numpy.int16, numpy.uint16, numpy.int32,
              numpy.uint32, numpy.int64, numpy.uint64, numpy.float16, numpy.float32,
              numpy.float64, numpy.complex64, numpy.complex128]


def values(shape, dtype, seed):
    rng = numpy.random.default_rng(seed)
    x = rng.integers(1, 50, size=shape) if numpy.dtype(dtype).kind in "iub" else \
        rng.standard_normal(shape) * 10
    return numpy.asarray(x).astype(dtype)


def check_twice(fn, *hosts):
    expected = fn(*hosts)
    devices = [cupylike.asarray(h) for h in hosts]
    for _ in range(2):
        got = fn(*devices)
        assert got.dtype == numpy.asarray(expected).dtype
        assert got.shape == numpy.shape(expected)
        numpy.testing.assert_array_equal(cupylike.asnumpy(got), expected)
    for h, d in zip(hosts, devices, strict=True):  # the operands are left as they were
        numpy.testing.assert_array_equal(cupylike.asnumpy(d), h)


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
@pytest.mark.parametrize("shape", [(1,), (), (7,), (3, 4, 5)], ids=str)
def test_add_multiply_equal_over_every_dtype(dtype, shape):
    a, b = values(shape, dtype, 1), values(shape, dtype, 2)
    check_twice(lambda x, y: x + y, a, b)
    check_twice(lambda x, y: x * y, a, b)
    check_twice(lambda x, y: x == y, a, b)
    check_twice(lambda x, y: cupylike.add(x, y) if isinstance(x, cupylike.ndarray)
                else numpy.add(x, y), a, b)


@pytest.mark.parametrize("dtype", [numpy.int8, numpy.uint32, numpy.int64, numpy.bool_],
                         ids=str)
def test_integer_true_divide_gives_float64(dtype):
    a, b = values((5, 3), dtype, 3), values((5, 3), dtype, 4)
    check_twice(lambda x, y: x / y, a, b)


@pytest.mark.parametrize("dtype", [numpy.float32, numpy.int16, numpy.complex64], ids=str)
def test_unary_operators(dtype):
    a = values((4, 6), dtype, 5)
    check_twice(lambda x: -x, a)
    check_twice(lambda x: +x, a)
    check_twice(lambda x: abs(x), a)


def test_bool_subtract_raises_on_every_call():
    a = cupylike.asarray(numpy.array([True, False]))
    for _ in range(3):
        with pytest.raises(TypeError, match="numpy boolean subtract"):
            a - a


@pytest.mark.parametrize("case", ["mixed dtypes", "broadcast", "fortran", "transposed",
                                  "strided", "reversed", "empty", "large"])
def test_layouts_the_plain_path_declines_or_takes(case):
    f32 = numpy.float32
    a, b = values((6, 5), f32, 6), values((6, 5), f32, 7)
    if case == "mixed dtypes":
        b = b.astype(numpy.int8)
    elif case == "broadcast":
        b = b[:1]
    elif case == "empty":
        a, b = a[:0], b[:0]
    elif case == "large":  # past 1 MiB: the call runs without the GIL
        a, b = values((600, 517), f32, 8), values((600, 517), f32, 9)
    layout = {"fortran": lambda x: numpy.asfortranarray(x), "transposed": lambda x: x.T,
              "strided": lambda x: x[::2], "reversed": lambda x: x[::-1, ::-1]}.get(case)

    def fn(x, y):
        if layout:
            x, y = (layout(v) if isinstance(v, numpy.ndarray) else
                    cupylike.asarray(layout(cupylike.asnumpy(v))) for v in (x, y))
        return x - y

    check_twice(fn, a, b)


def test_views_of_one_array_and_in_place_results():
    host = values((10,), numpy.float64, 10)
    x = cupylike.asarray(host)
    got = x[2:] + x[:-2]  # C-contiguous views at different offsets
    numpy.testing.assert_array_equal(cupylike.asnumpy(got), host[2:] + host[:-2])
    y = x * x
    y += x  # in place takes the general path
    numpy.testing.assert_array_equal(cupylike.asnumpy(y), host * host + host)
    out = cupylike.empty_like(x)
    assert cupylike.add(x, x, out=out) is out
    numpy.testing.assert_array_equal(cupylike.asnumpy(out), host + host)
