"""cupylike.random: NumPy's random API on cuRAND's Philox4_32_10 generator: the legacy
functions and RandomState, and default_rng / Generator / Philox. Generator and RandomState
also draw from NumPy's MT19937, PCG64, PCG64DXSM and SFC64 (their words made on the host) and
from cuRAND's XORWOW and MRG32k3a (CuPy's names).

cuRAND's host generator draws for the cpu device and its device generator for a GPU; they
make the same numbers, so a seed gives the same arrays on every device. The numbers differ
from NumPy's (another generator); see docs/differences.md.
"""

from cupylike.random import _random_state  # noqa: I001 (the legacy functions below)
from cupylike.random._bit_generator import Philox
from cupylike.random._generator import Generator, default_rng
from cupylike.random._random_state import (
    RandomState,
    get_random_state,
    seed,
    set_random_state,
)

# Bit generators, SeedSequence and the state functions (issue 18).
from numpy.random import SeedSequence  # noqa: E402 (cupylike's bit generators take NumPy's)
from cupylike.random._bit_generator_base import BitGenerator  # noqa: E402
from cupylike.random._curand_generators import MRG32k3a, Philox4x3210, XORWOW  # noqa: E402
from cupylike.random._host_bit_generators import MT19937, PCG64, PCG64DXSM, SFC64  # noqa: E402
from cupylike.random._module_state import get_state, reset_states, set_state  # noqa: E402

_legacy = _random_state._legacy
rand = _legacy("rand")
randn = _legacy("randn")
random_sample = _legacy("random_sample")
random = _legacy("random")
ranf = _legacy("ranf")
sample = _legacy("sample")
randint = _legacy("randint")
uniform = _legacy("uniform")
normal = _legacy("normal")
standard_normal = _legacy("standard_normal")
lognormal = _legacy("lognormal")
exponential = _legacy("exponential")
standard_exponential = _legacy("standard_exponential")
gamma = _legacy("gamma")
standard_gamma = _legacy("standard_gamma")
beta = _legacy("beta")
binomial = _legacy("binomial")
poisson = _legacy("poisson")
choice = _legacy("choice")
shuffle = _legacy("shuffle")
permutation = _legacy("permutation")
# The discrete distributions and the remaining draws.
geometric = _legacy("geometric")
negative_binomial = _legacy("negative_binomial")
logseries = _legacy("logseries")
zipf = _legacy("zipf")
hypergeometric = _legacy("hypergeometric")
multinomial = _legacy("multinomial")
bytes = _legacy("bytes")  # noqa: A001 (numpy.random's name)
random_integers = _legacy("random_integers")

__all__ = ["Generator", "Philox", "RandomState", "default_rng", "get_random_state", "seed",
           "set_random_state", *_random_state.LEGACY_FUNCTIONS,
           "BitGenerator", "MT19937", "PCG64", "PCG64DXSM", "SFC64", "SeedSequence",
           "get_state", "reset_states", "set_state", "MRG32k3a", "Philox4x3210", "XORWOW"]
