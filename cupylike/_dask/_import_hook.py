"""Runs a module's `register()` once another module (a part of Dask) has been imported.

If the watched module is already imported the registration runs at once; otherwise a finder
on sys.meta_path waits for it: it lets the other finders find the module, then has the
module's loader call the registration after the module's own code has run. A registration
that fails warns (what it registered before the failure stays); it never breaks Dask's import.
"""

import importlib
import importlib.abc
import sys
import warnings

# Dask's module -> the module of ours that registers with it.
REGISTRATIONS = {
    "dask.sizeof": "cupylike._dask._sizeof",
    "dask.array": "cupylike._dask._array",
    "distributed.protocol": "cupylike._dask._serialize",
}
_pending = {}  # watched module -> [registering module, ...]


def install():
    """Registers with the parts of Dask imported already; waits for the others."""
    for watched, registering in REGISTRATIONS.items():
        after_import(watched, registering)


def _register(name):
    try:
        importlib.import_module(name).register()
    except Exception as e:  # noqa: BLE001 (any failure must leave Dask usable)
        warnings.warn(f"cupylike could not register with Dask ({name}): {e!r}",
                      RuntimeWarning, stacklevel=2)


def after_import(watched, registering):
    """Call `registering`'s register() once module `watched` is imported."""
    if watched in sys.modules:
        _register(registering)
        return
    _pending.setdefault(watched, []).append(registering)
    if _FINDER not in sys.meta_path:
        sys.meta_path.insert(0, _FINDER)


class _Finder(importlib.abc.MetaPathFinder):
    def find_spec(self, fullname, path, target=None):
        if fullname not in _pending:
            return None
        for finder in sys.meta_path:
            find = getattr(finder, "find_spec", None)
            spec = None if finder is self or find is None else find(fullname, path, target)
            if spec is not None:
                break
        else:
            return None
        registering = _pending.pop(fullname)
        if not _pending:
            sys.meta_path.remove(self)
        run = spec.loader.exec_module

        def exec_module(module):
            run(module)
            for name in registering:
                _register(name)

        spec.loader.exec_module = exec_module  # this module's loader only
        return spec


_FINDER = _Finder()
