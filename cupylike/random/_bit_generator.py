"""Philox, the default bit generator: cuRAND's Philox4_32_10 stream of a seed, and where
it stands.

A counter-based generator can seek anywhere at no cost, so the whole state is (seed, offset):
the offset counts 32-bit words drawn so far. Each draw claims the next words of the stream and
asks the rand facade (csrc/libs/rand.hpp) for them; the facade runs cuRAND's device generator
on a GPU and on the cpu device its host generator (float32 normals, Poisson counts) or, for raw
words, csrc/libs/philox.cpp, tested word for word against the host generator. The host and
device generators give the same numbers, so a seed means the same numbers on every device.
"""

import operator

import numpy

from cupylike._core import _native
from cupylike.random._bit_generator_base import BitGenerator
from cupylike.random._shapes import shape_of  # noqa: F401 (the distributions' import)

# Words per output of each (distribution, dtype) cuRAND draws: a double takes two words
# (measured against the raw stream: double i uses words 2i and 2i + 1, a float or a Poisson
# count word i, a pair of normals the words of the pair).
_F64 = numpy.dtype(numpy.float64)
_PAIRED = ("normal", "lognormal")


def _key_of(seed, seed_seq):
    """The 64-bit cuRAND seed: a non-negative int below 2**64 is the key itself (so Philox(5)
    is cuRAND's stream of seed 5); anything else is hashed from its SeedSequence."""
    if isinstance(seed, (int, numpy.integer)) and not isinstance(seed, bool) and seed < 2**64:
        return operator.index(seed)
    return int(seed_seq.generate_state(1, numpy.uint64)[0])


class Philox(BitGenerator):
    """cuRAND's Philox4_32_10 generator: the stream of a 64-bit seed and how far it was read.

    Parameters
    ----------
    seed : None, int, sequence of ints or SeedSequence, optional
        Non-negative ints below 2**64 are cuRAND's seed itself; anything else (None: fresh
        entropy) is hashed to 64 bits by its SeedSequence, which spawn's children come from.

    Notes
    -----
    The numbers differ from NumPy's Philox (cuRAND's own keying of the stream); the same seed
    gives the same numbers on the cpu device and on a GPU. NumPy's counter= and key=,
    advance and jumped are absent (cuRAND's stream is keyed by the seed alone).
    """

    _curand_type = "philox4_32_10"  # the rand facade's name of the generator

    def __init__(self, seed=None):
        super().__init__(seed)
        self._seed = _key_of(seed, self._seed_seq)
        self._offset = 0

    @property
    def seed(self):
        return self._seed

    @property
    def state(self):
        """{'bit_generator': 'Philox', 'state': {'seed': int, 'offset': int}} (the class's
        name); offset counts the 32-bit words drawn so far."""
        return {"bit_generator": type(self).__name__,
                "state": {"seed": self._seed, "offset": self._offset}}

    @state.setter
    def state(self, value):
        if not isinstance(value, dict):
            raise TypeError("state must be a dict")
        name = type(self).__name__
        if value.get("bit_generator") != name:
            raise ValueError(f"state must be for a {name} RNG")
        inner = value["state"]
        seed, offset = operator.index(inner["seed"]), operator.index(inner["offset"])
        if not (0 <= seed < 2**64 and 0 <= offset < 2**64):
            raise ValueError("seed and offset must lie in [0, 2**64)")
        self._seed, self._offset = seed, offset

    def reseed(self, seed=None):
        """Restarts the stream of a new seed (RandomState.seed)."""
        self.__init__(seed)

    def draw(self, distribution, shape, dtype, param1=0.0, param2=0.0):
        """An array of `shape` with cuRAND's `distribution` ('raw32', 'uniform', 'normal',
        'lognormal', 'poisson') as `dtype` (uint32 for raw32 and poisson), on the current
        device, from the next words of the stream."""
        dtype = numpy.dtype(dtype)
        n = 1
        for s in shape:
            n *= s
        width = 2 if dtype == _F64 else 1
        start = -(-self._offset // width)  # in outputs, past every word drawn so far
        count = n
        if distribution in _PAIRED:
            # Normals come in Box-Muller pairs: start on a pair, draw a whole number of pairs.
            start += start % 2
            count += count % 2
        out = _native.empty((count,), dtype)
        _native._rand_generate(out, distribution, self._seed, start, float(param1), float(param2),
                               self._curand_type)
        self._offset = (start + count) * width
        if count != n:
            out = out[:n]
        return out.reshape(shape)

    def _words32(self, n):
        return self.draw("raw32", (n,), numpy.uint32)

    def _words64(self, n):
        # Two 32-bit words each, the first the low half.
        return self._words32(2 * n).view(numpy.uint64)

    _raw = _words64

    def __repr__(self):
        return f"{type(self).__name__}(seed={self._seed}, offset={self._offset})"
