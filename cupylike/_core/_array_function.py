"""NEP 18: NumPy's functions called on cupylike arrays run cupylike's function of the same name.

The table is read off the namespaces, once, on the first call: for cupylike and each of its
public submodules that NumPy has too (linalg, fft, ...), every name both define where NumPy's
is an array function (a dispatcher that calls __array_function__) maps NumPy's function to
ours. A NumPy function we do not have returns NotImplemented, so NumPy raises its TypeError.
NEP 35: NumPy's creation functions called with `like=` a cupylike array come here too (they
are not dispatchers), and create a cupylike array: `numpy.asarray(host, like=x)` moves `host`
to the device, as Dask's meta handling expects of an array library.

Arguments reach our function as given: a NumPy array among them meets our function's own check
(most raise TypeError: host data never moves to the device implicitly), exactly as calling
cupylike's function directly would.
"""

import sys
import types as _types

import numpy

from cupylike._core import _native

_DISPATCHER = type(numpy.concatenate)  # numpy's _ArrayFunctionDispatcher
# NumPy's functions that take `like=` (NEP 35) and are not dispatchers.
_LIKE = ("array", "asarray", "asanyarray", "ascontiguousarray", "asfortranarray", "arange",
         "empty", "ones", "zeros", "full", "eye", "identity", "frombuffer", "fromfunction",
         "fromiter", "fromstring", "require", "tri", "loadtxt", "genfromtxt", "fromfile")
_table = None


def _pairs():
    """(numpy module, cupylike module) for the main namespaces and each public submodule."""
    ours = sys.modules["cupylike"]  # imported: its arrays are calling
    yield numpy, ours
    for name, module in vars(ours).items():
        theirs = getattr(numpy, name, None)  # loads numpy.fft on first use, not at import
        if (isinstance(module, _types.ModuleType) and not name.startswith("_")
                and isinstance(theirs, _types.ModuleType)):
            yield theirs, module


def dispatch_table():
    """{NumPy array function: cupylike's function of the same name}."""
    global _table
    if _table is None:
        table = {}
        for theirs, ours in _pairs():
            for name, function in vars(ours).items():
                target = getattr(theirs, name, None)
                if callable(function) and (isinstance(target, _DISPATCHER) or (
                        theirs is numpy and name in _LIKE and target is not None)):
                    table[target] = function
        _table = table
    return _table


def __array_function__(self, func, types, args, kwargs):  # noqa: N807 (NumPy's protocol)
    ours = (_table if _table is not None else dispatch_table()).get(func)
    if ours is None:
        return NotImplemented
    # NEP 18: defer to any other type that overrides the function.
    for t in types:
        if not issubclass(t, (_native.ndarray, numpy.ndarray)):
            return NotImplemented
    return ours(*args, **kwargs)
