"""The bit generator: cuRAND's Philox4_32_10 stream of a seed, and the position in it.

A counter-based generator can seek anywhere at no cost, so the whole state is (seed, offset):
the offset counts 32-bit words drawn so far. Each draw claims the next words of the stream and
asks the rand facade (csrc/libs/rand.hpp) for them; the facade runs cuRAND's device generator
on a GPU and on the cpu device its host generator (float32 normals, Poisson counts) or, for raw
words, csrc/libs/philox.cpp, tested word for word against the host generator. The host and
device generators give the same numbers, so a seed means the same numbers on every device.
"""

import operator
import os

import numpy

from cupylike._core import _native

# Words per output of each (distribution, dtype) cuRAND draws: a double takes two words
# (measured against the raw stream: double i uses words 2i and 2i + 1, a float or a Poisson
# count word i, a pair of normals the words of the pair).
_F64 = numpy.dtype(numpy.float64)
_PAIRED = ("normal", "lognormal")
_CURAND_LIB_SET = False


def _use_curand_wheel():
    """Points the facade at the nvidia-curand wheel's library when it is installed and no
    library was named with CUPYLIKE_LIBCURAND (the facade searches the system otherwise)."""
    global _CURAND_LIB_SET
    if _CURAND_LIB_SET:
        return
    _CURAND_LIB_SET = True
    if os.environ.get("CUPYLIKE_LIBCURAND"):
        return
    try:
        import nvidia.curand  # noqa: PLC0415 (optional wheel)
    except ImportError:
        return
    for folder in getattr(nvidia.curand, "__path__", []):
        path = os.path.join(folder, "lib", "libcurand.so.10")
        if os.path.exists(path):
            _native._set_curand_library(path)
            return


def seed_value(seed):
    """A 64-bit seed from None (fresh entropy), a non-negative int, or anything
    numpy.random.SeedSequence takes (its errors: TypeError, ValueError for negatives)."""
    if seed is None:
        return int.from_bytes(os.urandom(8), "little")
    if isinstance(seed, Philox):
        return seed.seed
    if isinstance(seed, (int, numpy.integer)) and not isinstance(seed, bool):
        seed = operator.index(seed)
        if seed < 0:
            raise ValueError("Seed must be a non-negative integer")
        if seed < 2**64:
            return seed
    # Larger ints and sequences of ints are hashed to 64 bits as NumPy hashes its seeds.
    return int(numpy.random.SeedSequence(seed).generate_state(1, numpy.uint64)[0])


def shape_of(size):
    """NumPy's `size` as a shape: None -> () (a 0-d array, as CuPy returns), an int or a
    sequence of ints; negative dimensions raise ValueError."""
    if size is None:
        return ()
    try:
        shape = (operator.index(size),)
    except TypeError:
        try:
            shape = tuple(operator.index(s) for s in size)
        except TypeError:
            raise TypeError("expected a sequence of integers or a single integer, "
                            f"got '{size}'") from None
    if any(s < 0 for s in shape):
        raise ValueError("negative dimensions are not allowed")
    return shape


class Philox:
    """cuRAND's Philox4_32_10 generator: the stream of a 64-bit seed and how far it was read.

    Parameters
    ----------
    seed : None, int or sequence of ints, optional
        None draws a fresh seed from the operating system. Non-negative ints below 2**64 are
        the seed itself; other ints and sequences are hashed with numpy.random.SeedSequence.

    Notes
    -----
    The numbers differ from NumPy's Philox (cuRAND's own keying of the stream); the same seed
    gives the same numbers on the cpu device and on a GPU.
    """

    def __init__(self, seed=None):
        self._seed = seed_value(seed)
        self._offset = 0

    @property
    def seed(self):
        return self._seed

    @property
    def state(self):
        """{'bit_generator': 'Philox', 'state': {'seed': int, 'offset': int}}; offset counts
        the 32-bit words drawn so far."""
        return {"bit_generator": "Philox", "state": {"seed": self._seed,
                                                      "offset": self._offset}}

    @state.setter
    def state(self, value):
        if not isinstance(value, dict) or value.get("bit_generator") != "Philox":
            raise ValueError("state must be a dict from a Philox bit generator's state")
        inner = value["state"]
        seed, offset = operator.index(inner["seed"]), operator.index(inner["offset"])
        if not (0 <= seed < 2**64 and 0 <= offset < 2**64):
            raise ValueError("seed and offset must lie in [0, 2**64)")
        self._seed, self._offset = seed, offset

    def reseed(self, seed=None):
        """Restarts the stream of a new seed (RandomState.seed)."""
        self._seed = seed_value(seed)
        self._offset = 0

    def draw(self, distribution, shape, dtype, param1=0.0, param2=0.0):
        """An array of `shape` with cuRAND's `distribution` ('raw32', 'uniform', 'normal',
        'lognormal', 'poisson') as `dtype` (uint32 for raw32 and poisson), on the current
        device, from the next words of the stream."""
        _use_curand_wheel()
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
        _native._rand_generate(out, distribution, self._seed, start, float(param1), float(param2))
        self._offset = (start + count) * width
        if count != n:
            out = out[:n]
        return out.reshape(shape)

    def words64(self, shape):
        """uint64 words (two 32-bit words each) of `shape`."""
        n = 1
        for s in shape:
            n *= s
        return self.draw("raw32", (2 * n,), numpy.uint32).view(numpy.uint64).reshape(shape)

    def __repr__(self):
        return f"Philox(seed={self._seed}, offset={self._offset})"
