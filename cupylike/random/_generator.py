"""NumPy's Generator API over cuRAND's Philox stream: default_rng(seed) and Generator."""

import numpy

from cupylike._core import _native
from cupylike.random import _choice, _discrete, _multinomial, _permuted, _words
from cupylike.random import _distributions as dist
from cupylike.random._bit_generator import Philox, shape_of
from cupylike.random._bit_generator_base import BitGenerator
from cupylike.random._integers import integers as _integers


def _into(out, size, dtype, draw):
    """draw(size), or with NumPy's out=: a C- or F-contiguous cupylike array of `dtype` filled
    in memory order with draw(out.size) and returned (size, if given, must be out.shape)."""
    if out is None:
        return draw(size)
    if not isinstance(out, _native.ndarray):
        raise TypeError("out must be a cupylike.ndarray")
    if out.dtype != numpy.dtype(dtype):
        raise TypeError(f"Supplied output array has the wrong type. Expected {numpy.dtype(dtype)}"
                        f", got {out.dtype}")
    if not (out.flags.c_contiguous or out.flags.f_contiguous):
        raise ValueError("Supplied output array must be contiguous, writable, aligned, and in "
                         "machine byte-order.")
    if size is not None and shape_of(size) != out.shape:
        raise ValueError("size must match out.shape when used together")
    flat = draw((out.size,))
    if out.flags.c_contiguous:
        out[...] = flat.reshape(out.shape)
    else:
        out.T[...] = flat.reshape(out.T.shape)
    return out


class Generator:
    """Draws from a bit generator, as numpy.random.Generator does; arrays land on the current
    device.

    Parameters
    ----------
    bit_generator : BitGenerator
        The stream to draw from (its state advances with each draw): Philox (cuRAND's) or a
        host-made one (MT19937, PCG64, PCG64DXSM, SFC64).

    Notes
    -----
    The numbers differ from NumPy's (another generator), and are the same on every device for
    the same seed. ``size=None`` gives a 0-d array, not a Python scalar (as CuPy does).
    """

    def __init__(self, bit_generator):
        if not isinstance(bit_generator, BitGenerator):
            raise TypeError("Generator needs a cupylike.random bit generator (Philox, MT19937, "
                            "PCG64, PCG64DXSM or SFC64)")
        self._bg = bit_generator

    @property
    def bit_generator(self):
        return self._bg

    def __repr__(self):
        return f"Generator({self._bg!r})"

    def spawn(self, n_children):
        """n_children new Generators on independent streams (bit_generator.spawn's)."""
        return [type(self)(g) for g in self._bg.spawn(n_children)]

    def random(self, size=None, dtype=numpy.float64, out=None):
        """Uniform floats on [0, 1) (float32 or float64), into `out` if given."""
        return _into(out, size, dtype, lambda s: dist.random(self._bg, s, dtype))

    def integers(self, low, high=None, size=None, dtype=numpy.int64, endpoint=False):
        """Uniform integers in [low, high), or [low, high] with endpoint=True (unbiased)."""
        return _integers(self._bg, low, high, size, dtype, endpoint)

    def uniform(self, low=0.0, high=1.0, size=None):
        """Uniform floats on [low, high)."""
        return dist.uniform(self._bg, low, high, size, check_order=True)

    def standard_normal(self, size=None, dtype=numpy.float64, out=None):
        """Standard normal floats (float32 or float64), into `out` if given."""
        return _into(out, size, dtype, lambda s: dist.standard_normal(self._bg, s, dtype))

    def normal(self, loc=0.0, scale=1.0, size=None):
        """Normal floats of mean loc and standard deviation scale."""
        return dist.normal(self._bg, loc, scale, size)

    def lognormal(self, mean=0.0, sigma=1.0, size=None):
        """exp of normal(mean, sigma)."""
        return dist.lognormal(self._bg, mean, sigma, size)

    def exponential(self, scale=1.0, size=None):
        """Exponential floats of mean `scale`."""
        return dist.exponential(self._bg, scale, size)

    def standard_exponential(self, size=None, dtype=numpy.float64, method="zig", out=None):
        """Exponential floats of mean 1 (float32 or float64), into `out` if given. Every
        `method` draws by inversion (NumPy's 'inv'; its 'zig' is a faster algorithm for the
        same distribution)."""
        del method
        return _into(out, size, dtype, lambda s: dist.exponential(self._bg, 1.0, s, dtype))

    def gamma(self, shape, scale=1.0, size=None):
        """Gamma floats (Marsaglia-Tsang)."""
        return dist.gamma(self._bg, shape, scale, size)

    def standard_gamma(self, shape, size=None):
        """Gamma floats of scale 1."""
        return dist.gamma(self._bg, shape, 1.0, size)

    def beta(self, a, b, size=None):
        """Beta floats, as X / (X + Y) of gammas."""
        return dist.beta(self._bg, a, b, size)

    def binomial(self, n, p, size=None):
        """Binomial counts (int64)."""
        return dist.binomial(self._bg, n, p, size)

    def poisson(self, lam=1.0, size=None):
        """Poisson counts (int64), cuRAND's; lam a scalar."""
        return dist.poisson(self._bg, lam, size)

    def choice(self, a, size=None, replace=True, p=None, axis=0, shuffle=True):
        """Samples of a (or of range(a) for an int), with or without replacement, weighted by
        p. Samples without replacement come in random order (shuffle=False is the same)."""
        return _choice.choice(self._bg, a, size, replace, p, axis)

    def permutation(self, x, axis=0):
        """A permuted range(x), or a permuted copy of x along `axis`."""
        return _choice.permutation(self._bg, x, axis)

    def shuffle(self, x, axis=0):
        """Permutes x in place along `axis`."""
        _choice.shuffle(self._bg, x, axis)

    # The discrete distributions and the remaining draws (_discrete.py, _multinomial.py,
    # _permuted.py, _words.py).
    def geometric(self, p, size=None):
        """Trials up to the first success, p the success probability (int64 counts >= 1)."""
        return _discrete.geometric(self._bg, p, size)

    def negative_binomial(self, n, p, size=None):
        """Failures before the n-th success (int64), as a gamma-Poisson mixture."""
        return _discrete.negative_binomial(self._bg, n, p, size)

    def logseries(self, p, size=None):
        """Logarithmic series counts >= 1 (int64), for p in [0, 1)."""
        return _discrete.logseries(self._bg, p, size)

    def zipf(self, a, size=None):
        """Zipf counts >= 1 (int64), for a > 1."""
        return _discrete.zipf(self._bg, a, size)

    def hypergeometric(self, ngood, nbad, nsample, size=None):
        """Good items among nsample drawn without replacement (int64)."""
        return _discrete.hypergeometric(self._bg, ngood, nbad, nsample, size)

    def multinomial(self, n, pvals, size=None):
        """Counts of n trials over the categories of pvals' last axis (int64); n and pvals
        broadcast."""
        return _multinomial.multinomial(self._bg, n, pvals, size)

    def multivariate_hypergeometric(self, colors, nsample, size=None, method="marginals"):
        """Counts of each color among nsample drawn without replacement (int64)."""
        return _multinomial.multivariate_hypergeometric(self._bg, colors, nsample, size, method)

    def permuted(self, x, *, axis=None, out=None):
        """x with each slice along `axis` shuffled independently (axis=None: all elements),
        into `out` if given."""
        return _permuted.permuted(self._bg, x, axis, out)

    def bytes(self, length):
        """`length` random bytes (a bytes object, on the host)."""
        return _words.random_bytes(self._bg, length)


def default_rng(seed=None):
    """A Generator on a Philox stream of `seed` (None: fresh entropy; a Generator: itself; a
    bit generator: a Generator over it).

    Parameters
    ----------
    seed : None, int, sequence of ints, SeedSequence, BitGenerator or Generator, optional

    Returns
    -------
    Generator
    """
    if isinstance(seed, Generator):
        return seed
    if isinstance(seed, BitGenerator):
        return Generator(seed)
    return Generator(Philox(seed))
