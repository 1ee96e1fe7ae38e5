"""MT19937, PCG64, PCG64DXSM and SFC64: NumPy's bit generators, whose words NumPy makes on the
host and one copy moves to the current device.

cuRAND has no PCG64 or SFC64, and its MT19937 is not NumPy's stream (another seeding, and
words interleaved across its generator's threads), so these streams are NumPy's own: their
raw words, states and seeds are exactly NumPy's, and Generator.random() over PCG64,
PCG64DXSM and SFC64 gives NumPy's numbers (the same formula on the same words; NumPy's MT19937
makes its doubles from two 32-bit words by another formula, its float32 ones are the same).
On a GPU each draw makes its words on the host first, slower than Philox's, which cuRAND makes
where they land.
"""

import numpy

from cupylike._core import _native
from cupylike.random._bit_generator_base import BitGenerator


class _HostBitGenerator(BitGenerator):
    """A NumPy bit generator of type _numpy_type, drawn on the host."""

    _numpy_type = None

    def __init__(self, seed=None):
        super().__init__(seed)
        self._attach(self._numpy_type(self._seed_seq))

    def _attach(self, host):
        self._host = host
        # NumPy's Generator over the same bit generator: its full-range integers are exactly
        # next_uint32 / next_uint64 (with NumPy's buffering of 32-bit halves).
        self._draws = numpy.random.Generator(host)

    @property
    def state(self):
        """NumPy's state dict of this bit generator, as NumPy's class gives it."""
        return self._host.state

    @state.setter
    def state(self, value):
        self._host.state = value

    def _words32(self, n):
        return _native.asarray(self._draws.integers(0, 2**32, n, dtype=numpy.uint32))

    def _words64(self, n):
        return _native.asarray(self._draws.integers(0, 2**64, n, dtype=numpy.uint64))

    def _raw(self, n):
        return _native.asarray(self._host.random_raw(n))

    def _jumped(self, jumps):
        new = type(self)(self._seed_seq)
        new._attach(self._host.jumped(jumps))
        return new

    def __repr__(self):
        return f"{type(self).__name__}()"


class _Advancing(_HostBitGenerator):
    def jumped(self, jumps=1):
        """A new bit generator whose state is this one's advanced by
        jumps * 210306068529402873165736369884012333109 draws, as NumPy's jumped."""
        return self._jumped(jumps)

    def advance(self, delta):
        """Moves the stream delta words on, as if delta words had been drawn; returns self."""
        self._host.advance(delta)
        return self


class PCG64(_Advancing):
    """NumPy's PCG64 (128-bit LCG, XSL-RR output), its words made on the host.

    Parameters
    ----------
    seed : None, int, sequence of ints or SeedSequence, optional
        As NumPy's.
    """

    _numpy_type = numpy.random.PCG64


class PCG64DXSM(_Advancing):
    """NumPy's PCG64DXSM (PCG64 with the DXSM output function), its words made on the host.

    Parameters
    ----------
    seed : None, int, sequence of ints or SeedSequence, optional
        As NumPy's.
    """

    _numpy_type = numpy.random.PCG64DXSM


class SFC64(_HostBitGenerator):
    """NumPy's SFC64 (Chris Doty-Humphrey's Small Fast Chaotic generator), its words made on
    the host.

    Parameters
    ----------
    seed : None, int, sequence of ints or SeedSequence, optional
        As NumPy's.
    """

    _numpy_type = numpy.random.SFC64


class MT19937(_HostBitGenerator):
    """NumPy's MT19937 (the Mersenne Twister), its words made on the host. random_raw gives
    its 32-bit words as uint64, as NumPy's does.

    Parameters
    ----------
    seed : None, int, sequence of ints or SeedSequence, optional
        As NumPy's (hashed by SeedSequence; RandomState.seed seeds it the legacy way).
    """

    _numpy_type = numpy.random.MT19937

    def jumped(self, jumps=1):
        """A new bit generator whose state is this one's advanced by 2**(128 * jumps) draws,
        as NumPy's jumped."""
        return self._jumped(jumps)

    def _legacy_seeding(self, seed):
        """numpy.random.RandomState's seeding (RandomState.seed on this bit generator)."""
        self._host._legacy_seeding(seed)
