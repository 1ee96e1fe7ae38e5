"""RandomState's bit generator and its state as numpy.random.RandomState has them: a
RandomState takes a seed (cuRAND's Philox stream) or any bit generator; get_state gives
NumPy's legacy tuple for MT19937 and a dict otherwise, and set_state takes either."""

import warnings

from cupylike.random._bit_generator import Philox
from cupylike.random._bit_generator_base import BitGenerator
from cupylike.random._host_bit_generators import MT19937

# The Gaussian NumPy's RandomState caches between calls: cupylike's draws keep none, so states
# carry NumPy's keys with nothing cached.
_NO_GAUSS = {"has_gauss": 0, "gauss": 0.0}


def bit_generator_of(seed):
    """RandomState(seed)'s bit generator: `seed` itself if it is one, else Philox(seed)."""
    return seed if isinstance(seed, BitGenerator) else Philox(seed)


def reseed(bg, seed):
    """RandomState.seed: Philox restarts on a new seed, MT19937 is seeded NumPy's legacy way
    (RandomState(MT19937()).seed(s) gives numpy.random.RandomState(s)'s words)."""
    if isinstance(bg, Philox):
        bg.reseed(seed)
    elif isinstance(bg, MT19937):
        bg._legacy_seeding(seed)
    else:
        raise TypeError("can only re-seed a MT19937 BitGenerator")


def get_state(bg, legacy):
    """Philox: its state dict. MT19937 with legacy: NumPy's tuple ('MT19937', key, pos,
    has_gauss, gauss). Otherwise the bit generator's dict with NumPy's has_gauss/gauss keys."""
    st = bg.state
    if isinstance(bg, Philox):
        return st
    if legacy and not isinstance(bg, MT19937):
        warnings.warn("get_state and legacy can only be used with the MT19937 BitGenerator. To "
                      "silence this warning, set `legacy` to False.", RuntimeWarning,
                      stacklevel=3)
        legacy = False
    if legacy:
        return ("MT19937", st["state"]["key"], st["state"]["pos"], 0, 0.0)
    return {**st, **_NO_GAUSS}


def set_state(bg, state):
    """Sets the state from get_state's tuple or dict (NumPy's errors for others)."""
    if isinstance(state, dict):
        if "bit_generator" not in state or "state" not in state:
            raise ValueError("state dictionary is not valid.")
        state = {k: v for k, v in state.items() if k not in _NO_GAUSS}
    elif isinstance(state, (tuple, list)):
        if state[0] != "MT19937":
            raise ValueError("set_state can only be used with legacy MT19937 state instances.")
        state = {"bit_generator": "MT19937", "state": {"key": state[1], "pos": state[2]}}
    else:
        raise TypeError("state must be a dict or a tuple.")
    bg.state = state
