"""Assignments whose indices name an element more than once, each a function of the array
module (numpy or cupylike) returning the array written; NumPy keeps the last write in index
order. tests/test_scatter_order.py runs them in its process and, with the threads of the
device run last to first (CUPYLIKE_THREAD_ORDER=reverse), in processes of their own: a GPU
runs the writers of one element in no fixed order, so only a result that does not depend on
that order passes both."""

import numpy


def _base(xp, shape, dtype=numpy.float64):
    return xp.asarray(numpy.arange(numpy.prod(shape)).reshape(shape).astype(dtype))


def flat_assignment(xp):
    a = _base(xp, (3, 4))
    a.flat[[0, 0, 2]] = xp.asarray(numpy.array([1.0, 2.0, 3.0]))
    return a


def put_into_0d(xp):
    a = xp.asarray(3.0)
    xp.put(a, [0, -1], [5.0, 6.0])
    return a


def put_wrapping(xp):
    a = _base(xp, (6,), numpy.int8)
    xp.put(a, [1, 7, 13, -5], [10, 20, 30, 40], mode="wrap")
    return a


def setitem_negative_and_positive(xp):
    a = _base(xp, (5,), numpy.complex128)  # 16-byte elements
    a[xp.asarray(numpy.array([-1, 4, 0, -5, 4]))] = xp.asarray(numpy.arange(5) + 1j)
    return a


def rows(xp):
    a = _base(xp, (4, 3))
    a[xp.asarray(numpy.array([1, 1, 3, 1]))] = xp.asarray(-numpy.arange(12.0).reshape(4, 3))
    return a


def two_arrays_broadcast(xp):
    a = _base(xp, (3, 4), numpy.int32)
    rows_, cols = numpy.array([[0], [0], [2]]), numpy.array([1, 1])
    a[xp.asarray(rows_), xp.asarray(cols)] = xp.asarray(-numpy.arange(6).reshape(3, 2))
    return a


def arrays_around_a_slice(xp):
    a = _base(xp, (3, 4, 5))[:, ::-1]  # non-adjacent arrays: their axes go first
    i = xp.asarray(numpy.array([0, 2, 0]))
    a[i, :, xp.asarray(numpy.array([1, 1, 1]))] = xp.asarray(-numpy.arange(12.0).reshape(3, 4))
    return a


def mask_beside_an_array(xp):
    a = _base(xp, (3, 4), numpy.int16)
    mask = xp.asarray(numpy.array([True, False, True]))
    a[mask, xp.asarray(numpy.array([[1], [1]]))] = xp.asarray(numpy.array([[7, 8], [9, 10]]))
    return a


def transposed_target(xp):
    a = _base(xp, (4, 3)).T
    a[:, xp.asarray(numpy.array([2, 2, 0, 2]))] = xp.asarray(-numpy.arange(12.0).reshape(3, 4))
    return a


def put_along_axis(xp):
    a = _base(xp, (3, 4))
    idx = xp.asarray(numpy.array([[0, 0, 3], [1, 1, 1], [2, 0, 2]]))
    xp.put_along_axis(a, idx, xp.asarray(-numpy.arange(9.0).reshape(3, 3)), axis=1)
    return a


def many_writers(xp):
    # Enough writers for several blocks on a GPU and on the cpu device (which cuts work from
    # 2^18 elements into blocks of 16384).
    n = 300000
    idx = numpy.random.default_rng(5).integers(0, 50, n)
    a = _base(xp, (50,))
    a[xp.asarray(idx)] = xp.asarray(numpy.arange(float(n)))
    return a


def many_rows(xp):
    idx = numpy.random.default_rng(6).integers(-8, 8, 3000)
    a = _base(xp, (8, 5), numpy.float32)
    a[xp.asarray(idx)] = xp.asarray(numpy.arange(15000.0, dtype=numpy.float32).reshape(3000, 5))
    return a


def mask_assignment(xp):
    # A mask names each element once: the plain scatter, no reordering needed.
    a = _base(xp, (4, 5))
    a[xp.asarray(numpy.arange(20).reshape(4, 5) % 3 == 0)] = xp.asarray(numpy.arange(7.0) + 100)
    return a


CASES = {f.__name__: f for f in (
    flat_assignment, put_into_0d, put_wrapping, setitem_negative_and_positive, rows,
    two_arrays_broadcast, arrays_around_a_slice, mask_beside_an_array, transposed_target,
    put_along_axis, many_writers, many_rows, mask_assignment)}
