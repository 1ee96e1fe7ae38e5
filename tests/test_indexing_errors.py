"""Bad keys raise NumPy's exceptions with NumPy's messages, for x[key] and x[key] = v, and a
failed assignment leaves the array as it was."""

import re

import numpy
import pytest

import cupylike
from cupylike.testing import assert_array_equal

BAD_KEYS = [
    ("out of bounds", [0, 4]),
    ("negative out of bounds", ([0], [-7])),
    ("out of bounds on axis 1", (slice(None), [5, 0])),
    ("out of bounds in a later array", ([1, 2], slice(None), [0, 9])),
    ("constant out of bounds with an array", (4, [0])),
    ("mask of the wrong shape", numpy.ones((4, 6), bool)),
    ("mask too short", numpy.ones(3, bool)),
    ("too many indices", ([0], 0, 0, 0)),
    ("too many with a mask", (numpy.ones((4, 5), bool), 0, 0)),
    ("float index", 1.0),
    ("float array", numpy.array([0.0, 1.0])),
    ("float list", [0.5]),
    ("string", "a"),
    ("arrays that do not broadcast", ([0, 1], [0, 1, 2])),
    ("two ellipses", (Ellipsis, [0], Ellipsis)),
    # NumPy reports errors item by item: an index out of bounds before a later zero step...
    ("out of bounds before a zero step", (9, slice(None, None, 0))),
    ("out of bounds before a zero step with an array", (9, slice(None, None, 0), [0])),
    # ... and a zero step before a later index out of bounds.
    ("zero step before out of bounds", (slice(None, None, 0), 9)),
    ("zero step before out of bounds with an array", (slice(None, None, 0), 9, [0])),
    # A mask's shape is checked as the key is read, before every slice and integer.
    ("zero step before a mask of the wrong shape",
     (slice(None, None, 0), Ellipsis, numpy.ones(1, bool))),
    ("out of bounds before a mask of the wrong shape", (9, numpy.ones(1, bool))),
]


def _numpy_error(host, key):
    with pytest.raises(Exception) as info:
        host[key]
    return info.value


def _same_message(ours, theirs):
    # NumPy's shape-mismatch message lists shapes with its own spacing; ours lists them alike.
    squash = lambda m: re.sub(r"\s+", " ", str(m)).strip()  # noqa: E731
    return squash(ours) == squash(theirs)


@pytest.mark.parametrize("name, key", BAD_KEYS, ids=[n for n, _ in BAD_KEYS])
def test_getitem_errors_are_numpys(name, key):
    host = numpy.arange(120.0).reshape(4, 5, 6)
    device = cupylike.asarray(host)
    expected = _numpy_error(host, key)
    with pytest.raises(type(expected)) as info:
        device[key]
    assert isinstance(info.value, IndexError) == isinstance(expected, IndexError)
    if name not in ("string", "float list"):
        assert _same_message(info.value, expected), (str(info.value), str(expected))


@pytest.mark.parametrize("name, key", BAD_KEYS, ids=[n for n, _ in BAD_KEYS])
def test_failed_setitem_changes_nothing(name, key):
    host = numpy.arange(120.0).reshape(4, 5, 6)
    device = cupylike.asarray(host)
    expected = _numpy_error(host, key)
    with pytest.raises(type(expected)):
        device[key] = -1.0
    assert_array_equal(device, host)


def test_values_that_do_not_broadcast():
    host = numpy.zeros((4, 5))
    device = cupylike.asarray(host)
    with pytest.raises(ValueError):
        host[[0, 1, 2]] = numpy.ones((2, 5))
    with pytest.raises(ValueError):
        device[[0, 1, 2]] = cupylike.ones((2, 5))
    assert_array_equal(device, host)


def test_read_only_target():
    device = cupylike.broadcast_to(cupylike.arange(3.0), (2, 3))
    with pytest.raises(ValueError, match="read-only"):
        device[[0]] = 1.0


def test_object_arrays_are_not_indices():
    with pytest.raises(IndexError, match="integer"):
        numpy.arange(3)[numpy.array([object()])]
    with pytest.raises(IndexError, match="integer"):
        cupylike.arange(3)[numpy.array([object()])]
