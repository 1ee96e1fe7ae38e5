"""concatenate, stack, vstack, hstack, dstack, column_stack, append and atleast_Nd against
NumPy: every dtype pair's promotion, every axis, 0-d/1-d/empty and non-contiguous inputs,
dtype=/casting=/out=, and NumPy's errors for mismatched shapes."""

import numpy
import pytest

import cupylike
from cupylike.testing import ALL_DTYPES, numpy_cupylike_equal, sample_values

DTYPE_IDS = [d.name for d in ALL_DTYPES]


def arrays(xp, shapes, dtype=numpy.float32, seed=0):
    out = []
    for k, s in enumerate(shapes):
        out.append(xp.asarray(sample_values(numpy.dtype(dtype), s, seed + k)))
    return out


@numpy_cupylike_equal(accept_error=numpy.exceptions.AxisError)
@pytest.mark.parametrize("axis", [0, 1, 2, -1, -3, 3, None])
def test_concatenate_axes(axis, xp):
    shapes = {0: [(1, 3, 4), (2, 3, 4), (0, 3, 4)], 1: [(2, 1, 4), (2, 5, 4)],
              2: [(2, 3, 1), (2, 3, 2)], -1: [(2, 3, 1), (2, 3, 2)],
              -3: [(1, 3, 4), (2, 3, 4)], 3: [(2, 3, 4)], None: [(2, 3), (4,), ()]}[axis]
    return xp.concatenate(arrays(xp, shapes), axis=axis)


@numpy_cupylike_equal()
@pytest.mark.parametrize("second", ALL_DTYPES, ids=DTYPE_IDS)
@pytest.mark.parametrize("first", [numpy.dtype(t) for t in "?bhilBHILefdFD"][::3],
                         ids=lambda d: d.name)
def test_concatenate_promotes_as_numpy(first, second, xp):
    a, = arrays(xp, [(2, 3)], first)
    b, = arrays(xp, [(1, 3)], second, seed=4)
    return xp.concatenate((a, b))


@numpy_cupylike_equal(accept_error=TypeError)
@pytest.mark.parametrize("dtype, casting", [("float32", "same_kind"), ("int8", "same_kind"),
                                            ("int8", "unsafe"), ("complex64", "safe"),
                                            ("float16", "safe")])
def test_concatenate_dtype_and_casting(dtype, casting, xp):
    a = xp.asarray(numpy.array([[1.5, -2.25], [3.0, 4.0]]))
    b = xp.asarray(numpy.array([[7, 8]], numpy.int16))
    return xp.concatenate((a, b), dtype=dtype, casting=casting)


def test_concatenate_into_out_and_views():
    host = sample_values(numpy.dtype(numpy.int64), (4, 6), 1)
    dev = cupylike.asarray(host)
    want = numpy.concatenate((host[::-1, ::2], host.T[::2, :3]), axis=0)
    out = cupylike.zeros(want.shape, numpy.float64)
    got = cupylike.concatenate((dev[::-1, ::2], dev.T[::2, :3]), axis=0, out=out)
    assert got is out
    numpy.testing.assert_array_equal(out.get(), want.astype(numpy.float64))


@numpy_cupylike_equal(accept_error=(TypeError, ValueError, numpy.exceptions.AxisError))
@pytest.mark.parametrize("case", ["empty list", "0-d", "ndim mismatch", "shape mismatch",
                                  "out and dtype", "bad out shape", "bad axis"])
def test_concatenate_errors(case, xp):
    a, b = arrays(xp, [(2, 3), (2, 4)])
    if case == "empty list":
        return xp.concatenate([])
    if case == "0-d":
        return xp.concatenate((a[0, 0], a[0, 1]))
    if case == "ndim mismatch":
        return xp.concatenate((a, a[0]))
    if case == "shape mismatch":
        return xp.concatenate((a, b), axis=0)
    if case == "out and dtype":
        return xp.concatenate((a, a), out=xp.zeros((4, 3)), dtype=numpy.float64)
    if case == "bad out shape":
        return xp.concatenate((a, a), out=xp.zeros((3, 3)))
    return xp.concatenate((a, a), axis=2)


@pytest.mark.parametrize("arrays", ["0-d", "empty list", "2-d"])
def test_concatenate_parses_axis_before_looking_at_the_arrays(arrays):
    # NumPy's TypeError for an axis that is not an integer comes before its ValueErrors.
    for xp in (numpy, cupylike):
        a = xp.asarray(numpy.ones((2, 2)))
        given = {"0-d": [a[0, 0], a[0, 1]], "empty list": [], "2-d": [a, a]}[arrays]
        with pytest.raises(TypeError, match="'float' object cannot be interpreted"):
            xp.concatenate(given, axis=1.5)


@numpy_cupylike_equal(accept_error=numpy.exceptions.AxisError)
@pytest.mark.parametrize("axis", [0, 1, 2, -1, -3, 3])
def test_stack(axis, xp):
    return xp.stack(arrays(xp, [(2, 3)] * 3), axis=axis)


@numpy_cupylike_equal(accept_error=ValueError)
def test_stack_needs_equal_shapes(xp):
    return xp.stack(arrays(xp, [(2, 3), (3, 2)]))


@numpy_cupylike_equal()
@pytest.mark.parametrize("fn", ["vstack", "hstack", "dstack", "column_stack"])
@pytest.mark.parametrize("shapes", [[(3,), (3,)], [(2, 3), (2, 3)], [(), ()], [(2, 3, 2)] * 2,
                                    [(0,), (0,)]], ids=str)
def test_stacking_helpers(fn, shapes, xp):
    return getattr(xp, fn)(arrays(xp, shapes))


@numpy_cupylike_equal()
@pytest.mark.parametrize("fn", ["atleast_1d", "atleast_2d", "atleast_3d"])
@pytest.mark.parametrize("shape", [(), (3,), (2, 3), (2, 3, 4), (0,)], ids=str)
def test_atleast(fn, shape, xp):
    one, = arrays(xp, [shape])
    return getattr(xp, fn)(one), getattr(xp, fn)(one, one)


@numpy_cupylike_equal()
@pytest.mark.parametrize("axis", [None, 0, 1])
def test_append(axis, xp):
    a, b = arrays(xp, [(2, 3), (2, 3)], seed=2)
    return xp.append(a, b, axis=axis)


def test_host_arrays_are_refused():
    with pytest.raises(TypeError, match="cupylike.asarray"):
        cupylike.concatenate((cupylike.zeros(2), numpy.zeros(2)))
