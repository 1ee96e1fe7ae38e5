"""Keeping a test to itself: fixed random streams (CuPy's fix_random) and a patched function
the test must call (CuPy's AssertFunctionIsCalled)."""

import functools
import inspect
from unittest import mock

import numpy

import cupylike

_SEED = 0


def _fixed(impl):
    @functools.wraps(impl)
    def wrapper(*args, **kwargs):
        numpy_state = numpy.random.get_state()
        ours = cupylike.random.get_random_state()
        numpy.random.seed(_SEED)
        cupylike.random.set_random_state(cupylike.random.RandomState(_SEED))
        try:
            return impl(*args, **kwargs)
        finally:
            numpy.random.set_state(numpy_state)
            cupylike.random.set_random_state(ours)

    return wrapper


def fix_random():
    """Decorator for a test function, or a class whose test methods it wraps: numpy.random's
    global state and cupylike.random's current RandomState start from a fixed seed for the
    test, and are put back afterwards."""
    def decorator(impl):
        if inspect.isclass(impl):
            for name, value in list(vars(impl).items()):
                if name.startswith("test") and callable(value):
                    setattr(impl, name, _fixed(value))
            return impl
        return _fixed(impl)

    return decorator


class AssertFunctionIsCalled:
    """Context manager: patches `mock_mod` (a dotted name, as unittest.mock.patch takes, with
    its keyword arguments) and fails unless the block calls it `times_called` times."""

    def __init__(self, mock_mod, **kwargs):
        self.times_called = kwargs.pop("times_called", 1)
        self.patch = mock.patch(mock_mod, **kwargs)

    def __enter__(self):
        self.handle = self.patch.__enter__()
        return self.handle

    def __exit__(self, *exc):
        self.patch.__exit__(*exc)
        if exc[0] is None:
            assert self.handle.call_count == self.times_called, (
                f"called {self.handle.call_count} times, not {self.times_called}")
