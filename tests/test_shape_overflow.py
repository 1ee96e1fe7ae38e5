"""Shapes whose sizes overflow: every array, views included, passes NumPy's check (the nonzero
dimensions times the itemsize fit an int64, even when another dimension is 0), and dimensions
beyond int64 are NumPy's ValueError. Before, broadcast_to gave an array of size 0 that summed
to 0.0 and empty((2**40, 2**40, 0)) was accepted. Each case checks that NumPy raises the same
exception type, so none of them can pass by both sides succeeding."""

import numpy
import pytest

import cupylike

HUGE = (2**40, 2**40, 0)  # empty, but 2**80 elements' worth of nonzero dimensions


def _one(xp):
    return xp.ones(1)


# name -> (call(xp), NumPy's exception type). The calls make arrays whose nonzero dimensions
# overflow, or pass dimensions beyond int64, through every way cupylike builds a shape.
CASES = {
    "empty": (lambda xp: xp.empty(HUGE), ValueError),
    "zeros": (lambda xp: xp.zeros(HUGE), ValueError),
    "ones": (lambda xp: xp.ones(HUGE), ValueError),
    "full": (lambda xp: xp.full(HUGE, 1.5), ValueError),
    "empty_like": (lambda xp: xp.empty_like(_one(xp), shape=HUGE), ValueError),
    "zeros_like": (lambda xp: xp.zeros_like(_one(xp), shape=HUGE), ValueError),
    "ones_like": (lambda xp: xp.ones_like(_one(xp), shape=HUGE), ValueError),
    "full_like": (lambda xp: xp.full_like(_one(xp), 3, shape=HUGE), ValueError),
    "ndarray": (lambda xp: xp.ndarray(HUGE), ValueError),
    "empty_2**64": (lambda xp: xp.empty(2**64), ValueError),
    "zeros_2**64": (lambda xp: xp.zeros((2, 2**64)), ValueError),
    "empty_-2**64": (lambda xp: xp.empty(-(2**64)), ValueError),
    "bytes_overflow": (lambda xp: xp.empty((2**62, 2, 0), dtype=xp.int8), ValueError),
    "reshape": (lambda xp: xp.empty(0).reshape(HUGE), ValueError),
    "reshape_zero_first": (lambda xp: xp.reshape(xp.empty(0), (0, 2**40, 2**40)), ValueError),
    "reshape_unknown": (lambda xp: xp.empty(0).reshape(2**40, -1, 2**40, 0), ValueError),
    "reshape_2**64": (lambda xp: xp.ones(2).reshape(2**64), ValueError),
    "broadcast_to": (lambda xp: xp.broadcast_to(_one(xp), (2**40, 2**40)), ValueError),
    "broadcast_to_bytes": (lambda xp: xp.broadcast_to(_one(xp), (2**31, 2**31)), ValueError),
    "broadcast_to_empty": (lambda xp: xp.broadcast_to(_one(xp), HUGE), ValueError),
    "broadcast_to_2**64": (lambda xp: xp.broadcast_to(_one(xp), 2**64), ValueError),
    "broadcast_arrays": (lambda xp: xp.broadcast_arrays(
        xp.broadcast_to(_one(xp), (2**40, 1)), xp.broadcast_to(_one(xp), (1, 2**40))),
        ValueError),
    "ufunc_broadcast": (lambda xp: xp.add(xp.broadcast_to(_one(xp), (2**40, 1)),
                                          xp.broadcast_to(_one(xp), (1, 2**40))), ValueError),
    "view_dtype": (lambda xp: xp.zeros((0, 2**62)).view(xp.int8), ValueError),
    "expand_dims": (lambda xp: xp.expand_dims(xp.zeros((0, 2**62), xp.int16), 0), ValueError),
    "astype": (lambda xp: xp.zeros((0, 2**61), xp.int16).astype(xp.int64), ValueError),
    "tile": (lambda xp: xp.tile(xp.empty((0, 2)), (2**62, 2**62)), ValueError),
    "repeat": (lambda xp: xp.zeros((0, 2**61), xp.int16).repeat(4, axis=1), ValueError),
    "stack": (lambda xp: xp.stack([xp.zeros((0, 2**61), xp.int16)] * 4, axis=1), ValueError),
    "concatenate": (lambda xp: xp.concatenate([xp.zeros((0, 2**61), xp.int16)] * 4, axis=1),
                    ValueError),
    "pad": (lambda xp: xp.pad(xp.zeros((0, 2)), ((0, 0), (0, 2**62))), ValueError),
    "indices": (lambda xp: xp.indices(HUGE), ValueError),
    "eye": (lambda xp: xp.eye(2**40, 2**40), ValueError),
    "eye_2**64": (lambda xp: xp.eye(2**64), ValueError),
    "linspace_2**64": (lambda xp: xp.linspace(0, 1, 2**64), ValueError),
    "arange_2**64": (lambda xp: xp.arange(2**64), ValueError),
    "random": (lambda xp: xp.random.random(HUGE), ValueError),
    "random_2**64": (lambda xp: xp.random.random(2**64), ValueError),
    "resize": (lambda xp: xp.resize(xp.ones(2), (2**40, 2**40)), OverflowError),
    "resize_empty": (lambda xp: xp.resize(xp.ones(0), HUGE), ValueError),
}


@pytest.mark.parametrize("case", CASES)
def test_overflowing_shapes_raise_numpys_exception(case):
    call, error = CASES[case]
    with pytest.raises(error):
        call(numpy)
    with pytest.raises(error):
        call(cupylike)


def test_broadcast_to_that_overflows_no_longer_makes_an_array_of_size_0():
    with pytest.raises(ValueError, match="iterator is too large"):
        cupylike.broadcast_to(cupylike.ones(1), (2**40, 2**40))


def test_messages_are_numpys():
    too_big = "array is too big; `arr.size \\* arr.dtype.itemsize` is larger than the maximum"
    with pytest.raises(ValueError, match=too_big):
        cupylike.empty(HUGE)
    with pytest.raises(ValueError, match="Maximum allowed dimension exceeded"):
        cupylike.empty(2**64)
    with pytest.raises(ValueError, match="cannot reshape array of size 0 into shape"):
        cupylike.empty(0).reshape(HUGE)


# Shapes that are as large as NumPy allows: they still work, with NumPy's shape and strides.
ALLOWED = {
    "empty_int8": lambda xp: xp.empty((2**59, 8, 0), dtype=xp.int8),
    "empty_max": lambda xp: xp.empty((2**63 - 1, 0), dtype=xp.int8),
    "broadcast_to": lambda xp: xp.broadcast_to(xp.ones(1, xp.int8), (2**61, 2)),
    "reshape_zero_first": lambda xp: xp.empty(0).reshape(0, 2**58, 2),
    "tile_empty": lambda xp: xp.tile(xp.empty(0), (2**40, 2**40)),
    "resize_empty": lambda xp: xp.resize(xp.ones(0), (2**40, 0)),
}


@pytest.mark.parametrize("case", ALLOWED)
def test_shapes_at_the_limit_still_work(case):
    expected = ALLOWED[case](numpy)
    actual = ALLOWED[case](cupylike)
    assert (actual.shape, actual.dtype, actual.size) == (expected.shape, expected.dtype,
                                                         expected.size)
