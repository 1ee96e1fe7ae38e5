"""The module-level state functions: NumPy's get_state / set_state on the current device's
default RandomState, and CuPy's reset_states."""

from cupylike.random import _random_state


def get_state(legacy=True):
    """The state of the current device's default RandomState (RandomState.get_state: a Philox
    state dict unless a RandomState over another bit generator was set)."""
    return _random_state.get_random_state().get_state(legacy)


def set_state(state):
    """Sets the state of the current device's default RandomState (RandomState.set_state)."""
    _random_state.get_random_state().set_state(state)


def reset_states():
    """Forgets every device's default RandomState (CuPy's reset_states): the next use makes
    a new one, seeded from CUPYLIKE_SEED if set, else from fresh entropy."""
    _random_state._states.clear()
