"""Running one test over several argument values: CuPy's for_orders, for_CF_orders,
for_contiguous_axes, product, product_dict and parameterize, and the machinery the dtype
decorators (_dtypes.py) share with them.

A for_* decorator gives the test each value of its argument. Under pytest each value is a test
case of its own (a ``pytest.mark.parametrize`` mark, so failures name the value); a call that
does not pass the argument, as a unittest.TestCase method or a direct call, runs the body once
per value, as CuPy's decorators do, and a failure notes the value.
"""

import functools
import itertools
import sys

try:
    import pytest
except ImportError:  # a test extra: the decorators then run their values in a loop
    pytest = None


def _case_id(value):
    if isinstance(value, str):
        return value
    return getattr(value, "name", None) or getattr(value, "__name__", None) or repr(value)


def _note(error, text):
    if hasattr(error, "add_note"):  # Python 3.11 and later
        error.add_note(text)


def parametrize(names, cases):
    """Decorator giving the test's arguments `names` (a tuple) each tuple of `cases` in turn:
    a pytest parametrisation, or a loop when called without those arguments."""
    names, cases = tuple(names), [tuple(case) for case in cases]
    ids = ["-".join(_case_id(v) for v in case) for case in cases]

    def decorator(fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            if all(n in kwargs for n in names):
                return fn(*args, **kwargs)
            for case, case_id in zip(cases, ids, strict=True):
                try:
                    fn(*args, **kwargs, **dict(zip(names, case, strict=True)))
                except Exception as e:
                    _note(e, f"with {', '.join(names)} = {case_id}")
                    raise
            return None

        if pytest is None:
            return wrapper
        argnames = names[0] if len(names) == 1 else names
        values = [c[0] for c in cases] if len(names) == 1 else cases
        return pytest.mark.parametrize(argnames, values, ids=ids)(wrapper)

    return decorator


def for_orders(orders, name="order"):
    """Decorator: the test takes `name` and runs with each memory order of `orders`."""
    return parametrize((name,), [(o,) for o in orders])


def for_CF_orders(name="order"):  # noqa: N802 (CuPy's name)
    """Decorator: the test takes `name` and runs with the orders None, 'C', 'F', 'c', 'f'."""
    return for_orders([None, "C", "F", "c", "f"], name)


def for_contiguous_axes(name="axis"):
    """Decorator for a test method of a class with a `shape` attribute: the test takes `name`
    and runs with each run of trailing axes of that shape, (ndim-1,), (ndim-2, ndim-1), ...,
    the axes over which a C-contiguous array is contiguous. Runs in a loop (the shape is known
    only when the test runs)."""
    def decorator(fn):
        @functools.wraps(fn)
        def wrapper(self, *args, **kwargs):
            ndim = len(self.shape)
            for start in range(ndim - 1, -1, -1):
                axes = tuple(range(start, ndim))
                try:
                    fn(self, *args, **kwargs, **{name: axes})
                except Exception as e:
                    _note(e, f"with {name} = {axes}")
                    raise

        return wrapper

    return decorator


def product(parameter):
    """The Cartesian product of a dict of lists, as a list of dicts: {'a': [1, 2], 'b': [3]}
    gives [{'a': 1, 'b': 3}, {'a': 2, 'b': 3}]."""
    keys = list(parameter)
    return [dict(zip(keys, values, strict=True))
            for values in itertools.product(*(parameter[k] for k in keys))]


def product_dict(*parameters):
    """The Cartesian product of lists of dicts, each combination merged into one dict."""
    return [{k: v for d in dicts for k, v in d.items()} for dicts in itertools.product(*parameters)]


def _param_id(param):
    return ", ".join(f"{k}={getattr(v, '__name__', None) or v!r}" for k, v in param.items())


def parameterize(*params, _ids=True):
    """Class decorator: one subclass of the test class per dict of `params`, with the dict's
    entries as class attributes, named ``<class>_param_<i>_{<entries>}`` (without the entries
    when not `_ids`) and put in the class's module, where pytest and unittest find them; the
    class itself is no longer collected."""
    def decorator(cls):
        module = sys.modules[cls.__module__]
        for i, param in enumerate(params):
            suffix = f"_param_{i}" + (f"_{{{_param_id(param)}}}" if _ids else "")
            name = cls.__name__ + suffix
            sub = type(name, (cls,), {**param, "__test__": True, "__qualname__": name,
                                       "__module__": cls.__module__})
            setattr(module, name, sub)
        cls.__test__ = False
        return cls

    return decorator
