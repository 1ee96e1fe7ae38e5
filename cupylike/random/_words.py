"""Draws that hand out the raw words nearly as they are: bytes (host bytes of the stream),
tomaxint (non-negative int64s) and the deprecated random_integers (randint on a closed
range)."""

import operator
import warnings

import numpy

from cupylike._core import _native
from cupylike._core._ufuncs import UFUNCS
from cupylike.random import _distributions as dist
from cupylike.random._bit_generator import shape_of
from cupylike.random._integers import integers

_right_shift = UFUNCS["right_shift"]


def random_bytes(bg, length):
    """`length` random bytes: the little-endian bytes of the next ceil(length / 4) words (a
    bytes object lives on the host, so the words are copied there)."""
    length = operator.index(length)
    if length < 0:
        raise ValueError("negative dimensions are not allowed")
    words = bg.draw("raw32", (-(-length // 4),), numpy.uint32)
    return _native.asnumpy(words).astype("<u4", copy=False).tobytes()[:length]


def tomaxint(bg, size=None):
    """Uniform int64s on [0, 2**63 - 1]: the top 63 bits of 64-bit words."""
    words = bg.words64(shape_of(size))
    return _right_shift(words, numpy.uint64(1)).astype(numpy.int64)


def random_integers(bg, low, high=None, size=None):
    """Uniform int64s on [low, high] ([1, low] without high), with NumPy's
    DeprecationWarning."""
    if high is None:
        warnings.warn(f"This function is deprecated. Please call randint(1, {low} + 1) instead",
                      DeprecationWarning, stacklevel=3)
        low, high = 1, low
    else:
        warnings.warn(f"This function is deprecated. Please call randint({low}, {high} + 1) "
                      "instead", DeprecationWarning, stacklevel=3)
    if isinstance(high, (int, numpy.integer)):
        top = int(high) + 1  # exact past int64's top, which integers then refuses
    else:
        top = dist._host(high) + 1
    return integers(bg, low, top, size, numpy.int64)
