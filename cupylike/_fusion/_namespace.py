"""What the traced function sees: a copy of it whose global names and closure cells that hold
cupylike (the module, its submodules, its ufuncs and functions) hold tracing stand-ins
instead. Ufuncs and the fusable functions (_proxy.FUNCTIONS) record on proxies; any other
cupylike function raises FusionError naming itself when a proxy reaches it; the user's own
Python functions it calls are rewritten the same way. Nothing global changes, so tracing in
one thread leaves every other thread's cupylike as it was."""

import functools
import sys
import types

from cupylike._core import _native
from cupylike._fusion._proxy import FUNCTIONS, FusionProxy, call_ufunc
from cupylike._fusion._trace import FusionError


def _has_proxy(args, kwargs):
    values = list(args) + list(kwargs.values())
    return any(isinstance(v, FusionProxy) or (isinstance(v, tuple) and any(
        isinstance(w, FusionProxy) for w in v)) for v in values)


class TracedUfunc:
    """A cupylike ufunc that records when called on proxies."""

    def __init__(self, ufunc):
        self._ufunc = ufunc
        self.__name__ = ufunc.__name__

    def __call__(self, *args, **kwargs):
        if _has_proxy(args, kwargs):
            return call_ufunc(self.__name__, args, dict(kwargs))
        return self._ufunc(*args, **kwargs)

    def __getattr__(self, name):
        return _guarded(getattr(self._ufunc, name), f"cupylike.{self.__name__}.{name}")


class Namespace:
    """A cupylike module as the traced function sees it."""

    def __init__(self, module):
        self._module = module

    def __getattr__(self, name):
        return replace(getattr(self._module, name), {}, f"{self._module.__name__}.{name}")


def _guarded(value, label):
    if not callable(value) or isinstance(value, type):
        return value

    @functools.wraps(value)
    def guard(*args, **kwargs):
        if _has_proxy(args, kwargs):
            raise FusionError(f"cupylike.fuse cannot fuse {label}")
        return value(*args, **kwargs)

    return guard


def _is_ours(value):
    return (getattr(value, "__module__", None) or "").split(".")[0] == "cupylike"


def replace(value, memo, label=None):
    """The stand-in for `value` in the traced function's namespace."""
    if isinstance(value, types.ModuleType):
        return Namespace(value) if value.__name__.split(".")[0] == "cupylike" else value
    if isinstance(value, _native.ufunc):
        return TracedUfunc(value)
    if isinstance(value, types.FunctionType):
        name = getattr(value, "__name__", "")
        top = sys.modules.get("cupylike")
        if name in FUNCTIONS and value is getattr(top, name, None):
            return FUNCTIONS[name]
        if _is_ours(value):
            return _guarded(value, label or f"cupylike.{name}")
        return rewrite(value, memo)
    if _is_ours(value) and not isinstance(value, (type, _native.ndarray)):
        return _guarded(value, label or f"cupylike.{getattr(value, '__name__', value)}")
    return value


def _global_names(code):
    names = set(code.co_names)
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            names |= _global_names(const)
    return names


def rewrite(func, memo=None):
    """A copy of `func` whose globals and closure hold the stand-ins."""
    memo = {} if memo is None else memo
    if func in memo:
        return memo[func]
    namespace = dict(func.__globals__)
    cells = None
    if func.__closure__:
        cells = tuple(types.CellType() for _ in func.__closure__)
    copy = types.FunctionType(func.__code__, namespace, func.__name__, func.__defaults__, cells)
    copy.__kwdefaults__ = func.__kwdefaults__
    copy.__qualname__ = func.__qualname__
    memo[func] = copy
    for name in _global_names(func.__code__):
        if name in namespace:
            namespace[name] = replace(namespace[name], memo)
    for old, new in zip(func.__closure__ or (), cells or (), strict=True):
        try:
            new.cell_contents = replace(old.cell_contents, memo)
        except ValueError:  # an empty cell: a name bound later in the enclosing function
            pass
    return copy
