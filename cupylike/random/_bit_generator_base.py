"""BitGenerator, the base class of cupylike's bit generators: what numpy.random.BitGenerator
offers (seed_seq, spawn, lock, random_raw, state) and the one interface the distributions
draw through: draw(distribution, shape, dtype, ...) and words64(shape), arrays on the current
device.

A subclass supplies its words (_words32, _words64, _raw); the distributions cuRAND would draw
(uniform, normal, lognormal, Poisson counts) are then made from those words by the kernels of
_word_draws.py. Philox overrides draw to have cuRAND make them from its own stream.
"""

import threading

import numpy

from cupylike.random import _word_draws
from cupylike.random._shapes import shape_of


def seed_sequence(seed):
    """NumPy's rule: a SeedSequence (anything with generate_state) is used as it is, any other
    seed (None, an int, a sequence of ints) becomes SeedSequence(seed), with its errors."""
    if isinstance(seed, numpy.random.bit_generator.ISeedSequence):
        return seed
    return numpy.random.SeedSequence(seed)


def _count(shape):
    n = 1
    for s in shape:
        n *= s
    return n


class BitGenerator:
    """The base class of cupylike's bit generators (numpy.random.BitGenerator's API).

    Parameters
    ----------
    seed : None, int, sequence of ints or SeedSequence, optional
        Made into a SeedSequence as NumPy does (None: fresh entropy).

    Notes
    -----
    random_raw returns a cupylike array on the current device (0-d for size=None), not a
    Python int or NumPy array. NumPy's cffi, ctypes and capsule interfaces are absent.
    """

    def __init__(self, seed=None):
        self._seed_seq = seed_sequence(seed)
        # NumPy's bit generators hold a lock that their users take around draws.
        self.lock = threading.Lock()

    def __getstate__(self):
        # Pickles and copies carry everything but the lock; each copy gets a lock of its own.
        state = self.__dict__.copy()
        del state["lock"]
        return state

    def __setstate__(self, state):
        self.__dict__.update(state)
        self.lock = threading.Lock()

    @property
    def seed_seq(self):
        """The SeedSequence this bit generator was made from."""
        return self._seed_seq

    def spawn(self, n_children):
        """n_children new bit generators of this type, on independent streams: the children of
        seed_seq (each call gives new ones, as NumPy's)."""
        if not isinstance(self._seed_seq, numpy.random.bit_generator.ISpawnableSeedSequence):
            raise TypeError("The underlying SeedSequence does not implement spawning.")
        return [type(self)(s) for s in self._seed_seq.spawn(n_children)]

    @property
    def state(self):
        raise NotImplementedError("BitGenerator is a base class; its subclasses have a state")

    def random_raw(self, size=None, output=True):
        """The generator's raw words as uint64 (as NumPy's random_raw gives them) on the current
        device; None with output=False (the words are drawn and dropped)."""
        shape = shape_of(size)
        with self.lock:
            words = self._raw(_count(shape))
        return words.reshape(shape) if output else None

    def draw(self, distribution, shape, dtype, param1=0.0, param2=0.0):
        """An array of `shape` and `dtype` of `distribution` ('raw32', 'uniform', 'normal',
        'lognormal', 'poisson'; as cuRAND's: uniform on (0, 1], normal with mean param1 and
        standard deviation param2, Poisson of lambda param1 as uint32) from the next words."""
        n = _count(shape)
        if distribution == "raw32":
            with self.lock:
                return self._words32(n).reshape(shape)
        out = _word_draws.DRAWS[distribution](self.words64, n, numpy.dtype(dtype), param1,
                                              param2)
        return out.reshape(shape)

    def words64(self, shape):
        """uint64 words of `shape`, the generator's next 64 bits each."""
        with self.lock:
            return self._words64(_count(shape)).reshape(shape)

    def _words32(self, n):
        raise NotImplementedError(f"{type(self).__name__} draws no words")

    def _words64(self, n):
        raise NotImplementedError(f"{type(self).__name__} draws no words")

    def _raw(self, n):
        raise NotImplementedError(f"{type(self).__name__} draws no words")
