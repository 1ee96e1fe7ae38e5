"""CuPy's names for cuRAND's generators: XORWOW, MRG32k3a and Philox4x3210, each the stream of
a 64-bit seed that cuRAND's host generator draws on the cpu device and its device generator on
a GPU (the same numbers on both), with the state (seed, offset) Philox has.

CuPy's size= (how many numbers its device-API states serve at once) is taken and has no
effect: cuRAND's host-API generators used here have no such limit.
"""

import operator

import numpy

from cupylike.random._bit_generator import Philox


class _CurandStream(Philox):
    """A cuRAND generator's stream; random_raw gives its 32-bit words as uint64 (as CuPy's)."""

    def __init__(self, seed=None, *, size=-1):
        operator.index(size)
        super().__init__(seed)

    def _raw(self, n):
        return self._words32(n).astype(numpy.uint64)


class XORWOW(_CurandStream):
    """cuRAND's XORWOW generator (CuPy's default bit generator).

    Parameters
    ----------
    seed : None, int, sequence of ints or SeedSequence, optional
        As Philox's: a non-negative int below 2**64 is cuRAND's seed itself, anything else is
        hashed to 64 bits by its SeedSequence.
    size : int, optional
        CuPy's; no effect here.

    Notes
    -----
    A seek (a new seed, or a draw that does not continue the last one) costs cuRAND's
    skip-ahead, about 50 ms on the cpu device.
    """

    _curand_type = "xorwow"


class MRG32k3a(_CurandStream):
    """cuRAND's MRG32k3a generator (L'Ecuyer's combined multiple recursive generator).

    Parameters
    ----------
    seed : None, int, sequence of ints or SeedSequence, optional
        As Philox's.
    size : int, optional
        CuPy's; no effect here.

    Notes
    -----
    Its raw words lie in [1, 2**32 - 209], not the whole 32-bit range. A seek costs cuRAND's
    skip-ahead, seconds on the cpu device: draws that continue each other do not seek.
    """

    _curand_type = "mrg32k3a"


class Philox4x3210(_CurandStream):
    """cuRAND's Philox4_32_10 generator under CuPy's name: Philox's stream (Philox4x3210(s)
    draws what Philox(s) draws); random_raw gives 32-bit words, as CuPy's.

    Parameters
    ----------
    seed : None, int, sequence of ints or SeedSequence, optional
        As Philox's.
    size : int, optional
        CuPy's; no effect here.
    """
