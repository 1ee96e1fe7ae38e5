"""The check every array function makes of its array arguments: cupylike arrays only, since
host data never moves to the device implicitly (docs/differences.md)."""

from cupylike._core import _native


def device_array(a, function):
    """`a` when it is a cupylike array; TypeError naming `function` otherwise."""
    if not isinstance(a, _native.ndarray):
        raise TypeError(f"{function}() expects a cupylike.ndarray, got {type(a).__module__}."
                        f"{type(a).__name__} (move host data with cupylike.asarray first)")
    return a
