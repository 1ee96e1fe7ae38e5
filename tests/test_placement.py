"""take_along_axis, put_along_axis, put, place, putmask, choose and select against NumPy:
every axis, repeated and negative indices, values repeated as NumPy repeats them, modes, and
NumPy's errors; writes land in non-contiguous targets too."""

import numpy
import pytest

from cupylike.testing import ALL_DTYPES, numpy_cupylike_equal, sample_values


def base(xp, shape=(3, 4, 5), dtype=numpy.float64, seed=0):
    return xp.asarray(sample_values(numpy.dtype(dtype), shape, seed))


@numpy_cupylike_equal(accept_error=numpy.exceptions.AxisError)
@pytest.mark.parametrize("axis", [0, 1, -1, None, 3])
def test_take_along_axis(axis, xp):
    a = base(xp)
    host = numpy.argsort(numpy.arange(60).reshape(3, 4, 5) % 7, axis=-1 if axis is None else
                         axis % 3) if axis != 3 else numpy.zeros((3, 4, 5), int)
    idx = xp.asarray(host.ravel() if axis is None else host[..., :3] if axis in (-1,) else host)
    return xp.take_along_axis(a, idx, axis)


@numpy_cupylike_equal()
@pytest.mark.parametrize("axis", [0, 1, -1])
def test_put_along_axis(axis, xp):
    a = base(xp)[:, ::-1]
    idx = xp.asarray(numpy.zeros((1, 1, 1), numpy.int64) + 2)
    xp.put_along_axis(a, idx, -7.5, axis)
    return a


@numpy_cupylike_equal(accept_error=ValueError)
@pytest.mark.parametrize("layout", ["contiguous", "reversed"])
@pytest.mark.parametrize("idx", [[0, 4, -1], [[1, 2]]], ids=str)
def test_put_along_axis_none_writes_the_flattened_array(layout, idx, xp):
    # NumPy writes through a contiguous array's flat view and refuses anything else.
    a = base(xp) if layout == "contiguous" else base(xp)[:, ::-1]
    xp.put_along_axis(a, xp.asarray(numpy.array(idx)), xp.asarray([5.0, 6.0, 7.0][:len(idx[0])
                      if isinstance(idx[0], list) else 3]), None)
    return a


@numpy_cupylike_equal(accept_error=IndexError)
@pytest.mark.parametrize("mode", ["raise", "wrap", "clip"])
@pytest.mark.parametrize("ind", [[0, 5, -1], [59, 0], [60], [-61], []], ids=str)
def test_put(mode, ind, xp):
    a = base(xp).transpose(2, 0, 1)
    xp.put(a, ind, [10.0, 20.0], mode=mode)
    return a


@numpy_cupylike_equal(accept_error=ValueError)
@pytest.mark.parametrize("vals", [[1, 2], [7], list(range(100)), []], ids=len)
def test_place(vals, xp):
    a = base(xp, (4, 5), numpy.int32)[::-1]
    mask = xp.asarray(numpy.arange(20).reshape(4, 5) % 3 == 0)
    xp.place(a, mask, vals)
    return a


@numpy_cupylike_equal()
@pytest.mark.parametrize("values", [[1, 2, 3], [9], list(range(40))], ids=len)
def test_putmask(values, xp):
    a = base(xp, (4, 5), numpy.int64)
    mask = xp.asarray(numpy.arange(20).reshape(4, 5) % 4 == 1)
    xp.putmask(a, mask, xp.asarray(numpy.array(values)))
    return a


@numpy_cupylike_equal(accept_error=ValueError)
@pytest.mark.parametrize("mode", ["raise", "wrap", "clip"])
@pytest.mark.parametrize("choice", [[0, 1, 2, 1], [0, 3, -1, 2]], ids=str)
def test_choose(mode, choice, xp):
    a = xp.asarray(numpy.array(choice))
    choices = [base(xp, (4,), seed=s) for s in range(3)]
    choices[1] = choices[1][0]  # a 0-d choice broadcasts
    return xp.choose(a, choices, mode=mode)


@numpy_cupylike_equal()
@pytest.mark.parametrize("dtype", ALL_DTYPES[::3], ids=lambda d: d.name)
def test_select(dtype, xp):
    x = xp.asarray(numpy.arange(10))
    conds = [x < 3, x > 6]
    choices = [base(xp, (10,), dtype, 1), base(xp, (10,), dtype, 2)]
    return xp.select(conds, choices), xp.select(conds, choices, default=5)


@numpy_cupylike_equal(accept_error=ValueError)
def test_select_errors(xp):
    return xp.select([xp.asarray(numpy.array([True]))], [])


@numpy_cupylike_equal(accept_error=IndexError)
@pytest.mark.parametrize("ind", [[0], [0, -1], [1]], ids=str)
def test_put_into_a_0d_array_writes_its_element(ind, xp):
    a = xp.asarray(3.0)
    xp.put(a, ind, [5.0, 6.0])
    return a


@numpy_cupylike_equal()
@pytest.mark.parametrize("ind", [[0, 1], [7]], ids=str)
def test_put_of_no_values_writes_and_checks_nothing(ind, xp):
    a = base(xp, (3,))
    xp.put(a, ind, xp.asarray(numpy.zeros(0)))
    return a
