"""NumPy's legacy API (RandomState and the module-level functions) over cuRAND's Philox
stream, with one default RandomState per device as CuPy's get_random_state keeps."""

import functools
import inspect
import os

from cupylike._core import _native
from cupylike.random import _choice, _discrete, _legacy_state, _multinomial, _words
from cupylike.random import _continuous as cont
from cupylike.random import _distributions as dist
from cupylike.random import _multivariate_normal as _mvn
from cupylike.random._integers import integers as _integers


class RandomState:
    """The legacy random API (numpy.random.RandomState) on cuRAND's Philox stream.

    Parameters
    ----------
    seed : None, int, sequence of ints or BitGenerator, optional
        A seed of cuRAND's Philox stream (None: fresh entropy), or the bit generator to draw
        from (MT19937, PCG64, ...), as NumPy's RandomState takes one.

    Notes
    -----
    Numbers differ from NumPy's; ``size=None`` gives a 0-d array (as CuPy does).
    """

    def __init__(self, seed=None):
        self._bg = _legacy_state.bit_generator_of(seed)

    @property
    def _bit_generator(self):
        return self._bg

    def seed(self, seed=None):
        """Restarts the stream from `seed` (Philox; MT19937 is seeded NumPy's legacy way)."""
        _legacy_state.reseed(self._bg, seed)

    def get_state(self, legacy=True):
        """The bit generator's state: Philox's dict; NumPy's tuple for MT19937 (a dict with
        legacy=False); NumPy's dict for the others."""
        return _legacy_state.get_state(self._bg, legacy)

    def set_state(self, state):
        """Sets the state from get_state's tuple or dict."""
        _legacy_state.set_state(self._bg, state)

    def rand(self, *size, dtype=float):
        """Uniform floats on [0, 1) of shape `size`."""
        return dist.random(self._bg, size or None, dtype)

    def randn(self, *size, dtype=float):
        """Standard normal floats of shape `size`."""
        return dist.standard_normal(self._bg, size or None, dtype)

    def random_sample(self, size=None, dtype=float):
        """Uniform floats on [0, 1)."""
        return dist.random(self._bg, size, dtype)

    random = ranf = sample = random_sample

    def randint(self, low, high=None, size=None, dtype=int):
        """Uniform integers in [low, high) (in [0, low) without high)."""
        return _integers(self._bg, low, high, size, dtype)

    def uniform(self, low=0.0, high=1.0, size=None, dtype=float):
        """Uniform floats on [low, high)."""
        out = dist.uniform(self._bg, low, high, size)
        return out.astype(dist.float_dtype(dtype, "uniform"), copy=False)

    def normal(self, loc=0.0, scale=1.0, size=None, dtype=float):
        """Normal floats."""
        out = dist.normal(self._bg, loc, scale, size)
        return out.astype(dist.float_dtype(dtype, "normal"), copy=False)

    def standard_normal(self, size=None, dtype=float):
        """Standard normal floats."""
        return dist.standard_normal(self._bg, size, dtype)

    def lognormal(self, mean=0.0, sigma=1.0, size=None, dtype=float):
        """exp of normal(mean, sigma)."""
        out = dist.lognormal(self._bg, mean, sigma, size)
        return out.astype(dist.float_dtype(dtype, "lognormal"), copy=False)

    def exponential(self, scale=1.0, size=None, dtype=float):
        """Exponential floats of mean `scale`."""
        return dist.exponential(self._bg, scale, size, dtype)

    def standard_exponential(self, size=None, dtype=float):
        """Exponential floats of mean 1."""
        return dist.exponential(self._bg, 1.0, size, dtype)

    def gamma(self, shape, scale=1.0, size=None, dtype=float):
        """Gamma floats (Marsaglia-Tsang)."""
        out = dist.gamma(self._bg, shape, scale, size)
        return out.astype(dist.float_dtype(dtype, "gamma"), copy=False)

    def standard_gamma(self, shape, size=None, dtype=float):
        """Gamma floats of scale 1."""
        return self.gamma(shape, 1.0, size, dtype)

    def beta(self, a, b, size=None, dtype=float):
        """Beta floats."""
        out = dist.beta(self._bg, a, b, size)
        return out.astype(dist.float_dtype(dtype, "beta"), copy=False)

    def binomial(self, n, p, size=None, dtype=int):
        """Binomial counts."""
        return dist.binomial(self._bg, n, p, size).astype(dtype, copy=False)

    def poisson(self, lam=1.0, size=None, dtype=int):
        """Poisson counts (cuRAND's); lam a scalar."""
        return dist.poisson(self._bg, lam, size).astype(dtype, copy=False)

    def choice(self, a, size=None, replace=True, p=None):
        """Samples of the 1-d a (or of range(a) for an int)."""
        return _choice.choice(self._bg, a, size, replace, p, legacy=True)

    def permutation(self, x):
        """A permuted range(x), or a permuted copy of x along axis 0."""
        return _choice.permutation(self._bg, x)

    def shuffle(self, x):
        """Permutes x in place along axis 0."""
        _choice.shuffle(self._bg, x)

    # The discrete distributions and the remaining draws (_discrete.py, _multinomial.py,
    # _words.py); dtype= where CuPy's RandomState has it.
    def geometric(self, p, size=None, dtype=int):
        """Trials up to the first success, p the success probability (counts >= 1)."""
        return _discrete.geometric(self._bg, p, size).astype(dtype, copy=False)

    def negative_binomial(self, n, p, size=None, dtype=int):
        """Failures before the n-th success, as a gamma-Poisson mixture."""
        out = _discrete.negative_binomial(self._bg, n, p, size, legacy=True)
        return out.astype(dtype, copy=False)

    def logseries(self, p, size=None, dtype=int):
        """Logarithmic series counts >= 1, for p in [0, 1)."""
        return _discrete.logseries(self._bg, p, size).astype(dtype, copy=False)

    def zipf(self, a, size=None, dtype=int):
        """Zipf counts >= 1, for a > 1."""
        return _discrete.zipf(self._bg, a, size).astype(dtype, copy=False)

    def hypergeometric(self, ngood, nbad, nsample, size=None, dtype=int):
        """Good items among nsample drawn without replacement."""
        out = _discrete.hypergeometric(self._bg, ngood, nbad, nsample, size, legacy=True)
        return out.astype(dtype, copy=False)

    def multinomial(self, n, pvals, size=None):
        """Counts of the scalar n trials over the categories of the 1-d pvals (int64)."""
        return _multinomial.multinomial(self._bg, n, pvals, size, legacy=True)

    def bytes(self, length):
        """`length` random bytes (a bytes object, on the host)."""
        return _words.random_bytes(self._bg, length)

    def tomaxint(self, size=None):
        """Uniform int64s on [0, 2**63 - 1]."""
        return _words.tomaxint(self._bg, size)

    def random_integers(self, low, high=None, size=None):
        """Uniform int64s on [low, high] ([1, low] without high); deprecated, as in NumPy."""
        return _words.random_integers(self._bg, low, high, size)

    # The continuous distributions (_continuous.py); dtype= as CuPy's RandomState has it.

    def _float(self, draw, name, dtype, *args):
        return draw(self._bg, *args).astype(dist.float_dtype(dtype, name), copy=False)

    def chisquare(self, df, size=None, dtype=float):
        """Chi-square floats of df degrees of freedom."""
        return self._float(cont.chisquare, "chisquare", dtype, df, size)

    def dirichlet(self, alpha, size=None, dtype=float):
        """Dirichlet draws of shape size + alpha.shape (alpha > 0)."""
        draw = functools.partial(cont.dirichlet, legacy=True)
        return self._float(draw, "dirichlet", dtype, alpha, size)

    def f(self, dfnum, dfden, size=None, dtype=float):
        """F floats."""
        return self._float(cont.f, "f", dtype, dfnum, dfden, size)

    def gumbel(self, loc=0.0, scale=1.0, size=None, dtype=float):
        """Gumbel floats."""
        return self._float(cont.gumbel, "gumbel", dtype, loc, scale, size)

    def laplace(self, loc=0.0, scale=1.0, size=None, dtype=float):
        """Laplace floats."""
        return self._float(cont.laplace, "laplace", dtype, loc, scale, size)

    def logistic(self, loc=0.0, scale=1.0, size=None, dtype=float):
        """Logistic floats."""
        return self._float(cont.logistic, "logistic", dtype, loc, scale, size)

    def multivariate_normal(self, mean, cov, size=None, check_valid="warn", tol=1e-8,
                            dtype=float):
        """Multivariate normal draws of shape size + mean.shape (covariance factored by SVD)."""
        out = _mvn.multivariate_normal(self._bg, mean, cov, size, check_valid, tol)
        return out.astype(dist.float_dtype(dtype, "multivariate_normal"), copy=False)

    def noncentral_chisquare(self, df, nonc, size=None, dtype=float):
        """Noncentral chi-square floats."""
        return self._float(cont.noncentral_chisquare, "noncentral_chisquare", dtype, df, nonc,
                           size)

    def noncentral_f(self, dfnum, dfden, nonc, size=None, dtype=float):
        """Noncentral F floats."""
        return self._float(cont.noncentral_f, "noncentral_f", dtype, dfnum, dfden, nonc, size)

    def pareto(self, a, size=None, dtype=float):
        """Pareto II (Lomax) floats."""
        return self._float(cont.pareto, "pareto", dtype, a, size)

    def power(self, a, size=None, dtype=float):
        """Power-function floats on [0, 1]."""
        return self._float(cont.power, "power", dtype, a, size)

    def rayleigh(self, scale=1.0, size=None, dtype=float):
        """Rayleigh floats."""
        return self._float(cont.rayleigh, "rayleigh", dtype, scale, size)

    def standard_cauchy(self, size=None, dtype=float):
        """Standard Cauchy floats."""
        return self._float(cont.standard_cauchy, "standard_cauchy", dtype, size)

    def standard_t(self, df, size=None, dtype=float):
        """Student's t floats."""
        return self._float(cont.standard_t, "standard_t", dtype, df, size)

    def triangular(self, left, mode, right, size=None, dtype=float):
        """Triangular floats on [left, right]."""
        return self._float(cont.triangular, "triangular", dtype, left, mode, right, size)

    def vonmises(self, mu, kappa, size=None, dtype=float):
        """von Mises floats on [-pi, pi)."""
        return self._float(cont.vonmises, "vonmises", dtype, mu, kappa, size)

    def wald(self, mean, scale, size=None, dtype=float):
        """Wald (inverse Gaussian) floats."""
        return self._float(cont.wald, "wald", dtype, mean, scale, size)

    def weibull(self, a, size=None, dtype=float):
        """Weibull floats of shape a."""
        return self._float(cont.weibull, "weibull", dtype, a, size)


_states = {}


def get_random_state():
    """The current device's default RandomState (made on first use, seeded from
    CUPYLIKE_SEED if set, else from fresh entropy)."""
    key = str(_native.Device())
    rs = _states.get(key)
    if rs is None:
        seed = os.environ.get("CUPYLIKE_SEED")
        rs = _states[key] = RandomState(None if seed is None else int(seed))
    return rs


def set_random_state(rs):
    """Makes `rs` the current device's default RandomState."""
    if not isinstance(rs, RandomState):
        raise TypeError("Random state must be a cupylike.random.RandomState")
    _states[str(_native.Device())] = rs


def seed(seed=None):
    """Reseeds the current device's default RandomState."""
    get_random_state().seed(seed)


def _legacy(name):
    def call(*args, **kwargs):
        return getattr(get_random_state(), name)(*args, **kwargs)

    method = getattr(RandomState, name)
    call.__name__ = call.__qualname__ = name
    call.__doc__ = method.__doc__ + "\n\nThe current device's default RandomState draws."
    # The method's parameters without `self`, so inspect.signature shows NumPy's.
    signature = inspect.signature(method)
    call.__signature__ = signature.replace(parameters=list(signature.parameters.values())[1:])
    return call


LEGACY_FUNCTIONS = ("rand", "randn", "random_sample", "random", "ranf", "sample", "randint",
                    "uniform", "normal", "standard_normal", "lognormal", "exponential",
                    "standard_exponential", "gamma", "standard_gamma", "beta", "binomial",
                    "poisson", "choice", "shuffle", "permutation",
                    # the continuous distributions
                    "chisquare", "dirichlet", "f", "gumbel", "laplace", "logistic",
                    "multivariate_normal", "noncentral_chisquare", "noncentral_f", "pareto",
                    "power", "rayleigh", "standard_cauchy", "standard_t", "triangular",
                    "vonmises", "wald", "weibull")
# The discrete distributions and the remaining draws.
LEGACY_FUNCTIONS += ("geometric", "negative_binomial", "logseries", "zipf", "hypergeometric",
                     "multinomial", "bytes", "random_integers")
