"""vectorize: NumPy's class, whose Python function of scalars is compiled into an elementwise
kernel (the Numba vectorize idea) once per combination of argument dtypes. What cannot be
compiled raises TypeError naming the construct and its line; excluded= and signature= run
numpy.vectorize on the host instead (one copy there, one back; docs/differences_breadth.md)."""

import inspect

import numpy

from cupylike._core import _native
from cupylike._core._device_arrays import device_array
from cupylike._functional._vectorize_compiler import Compiler
from cupylike._functional._vectorize_types import promote

_INCLUDES = "#include <cupylike/cast.cuh>\n#include <cupylike/ufunc_math.cuh>\n"


def _device_argument(x):
    """A call's argument as a device array: cupylike arrays as they are, scalars and lists
    through cupylike.asarray, host arrays refused as everywhere else."""
    if isinstance(x, _native.ndarray):
        return x
    if isinstance(x, numpy.ndarray):
        return device_array(x, "vectorize")
    return _native.asarray(x)


def _hashable(value):
    try:
        hash(value)
    except TypeError:
        return False
    return True


class _Compiled:
    """One kernel of a function for one combination of argument dtypes."""

    def __init__(self, func, dtypes, fixed, otypes, name):
        compiler = Compiler(func, dtypes, fixed)
        lines, returns = compiler.compile()
        counts = {len(values) for values, _, _ in returns}
        if len(counts) != 1:
            compiler.fail(returns[-1][2], "returns of different numbers of values")
        nout = counts.pop()
        self.is_tuple = returns[0][1]
        if otypes is not None:
            if len(otypes) != nout:
                raise ValueError(f"vectorize: otypes names {len(otypes)} output(s), the "
                                 f"function returns {nout}")
            self.out_dtypes = [numpy.dtype(t) for t in otypes]
        else:
            # NumPy takes the type of the first call's result; a weak (Python) scalar as
            # numpy.asarray types it; several returns are promoted together.
            self.out_dtypes = [promote([values[k] for values, _, _ in returns])[0]
                               for k in range(nout)]
        body = "\n".join(lines)
        for k, (values, _, _) in enumerate(returns):
            stores = "".join(f"out{j} = {compiler.as_type(v, self.out_dtypes[j])}; "
                             for j, v in enumerate(values))
            body = body.replace(f"@RETURN{k}@", stores + "break;")
        params = ", ".join(f"{d.name} in{k}" for k, d in enumerate(dtypes))
        outs = ", ".join(f"{d.name} out{k}" for k, d in enumerate(self.out_dtypes))
        preamble = _INCLUDES + "".join(sorted(p + "\n" for p in compiler.preambles if p)) + \
            compiler.struct_source()
        safe = "".join(c if c.isalnum() else "_" for c in name)
        self.kernel = _native.ElementwiseKernel(params, outs, body,
                                                f"cupylike_vectorize_{safe}",
                                                preamble=preamble, return_tuple=True)
        self.source = preamble + body

    def __call__(self, arrays):
        results = self.kernel(*arrays)
        return tuple(results) if self.is_tuple else results[0]


class vectorize:  # noqa: N801 (NumPy's name)
    """A function of scalars applied elementwise to arrays, broadcast together (see
    numpy.vectorize). Its body is compiled into one elementwise kernel per combination of
    argument dtypes: arithmetic, comparisons, and/or/not, if/elif/else and conditional
    expressions, assignments to local names, abs, min, max, int/float/bool/complex, math's
    functions, NumPy's ufuncs and NumPy scalar types by name, and numbers read from the
    enclosing scopes when it is first called. Each step has NumPy's types for the first
    element's call (which sets NumPy's output dtype); the output is cast to otypes when given.
    Anything else raises TypeError naming the construct and its line when called."""

    def __init__(self, pyfunc=numpy._NoValue, otypes=None, doc=None, excluded=None,
                 cache=False, signature=None):
        if pyfunc is not numpy._NoValue and not callable(pyfunc):
            raise TypeError("When used as a decorator, only accepts keyword arguments.")
        self.pyfunc = pyfunc
        self.cache = cache
        self.signature = signature
        if pyfunc is not numpy._NoValue and hasattr(pyfunc, "__name__"):
            self.__name__ = pyfunc.__name__
        self._doc = doc
        self.__doc__ = pyfunc.__doc__ if doc is None and hasattr(pyfunc, "__doc__") else doc
        if isinstance(otypes, str):
            for char in otypes:
                if char not in numpy.typecodes["All"]:
                    raise ValueError(f"Invalid otype specified: {char}")
        elif numpy.iterable(otypes):
            otypes = [numpy.dtype(t) for t in otypes]
        elif otypes is not None:
            raise ValueError("Invalid otype specification")
        self.otypes = otypes
        self.excluded = set() if excluded is None else set(excluded)
        if signature is not None:  # NumPy's parse, for its errors now rather than at a call
            numpy.vectorize(lambda *a: a, signature=signature)
        self._compiled = {}

    def __call__(self, *args, **kwargs):
        if self.pyfunc is numpy._NoValue:  # the decorator form: @vectorize(otypes=...)
            self.pyfunc = args[0]
            self.__name__ = self.pyfunc.__name__
            self.__doc__ = self.pyfunc.__doc__ if self._doc is None else self._doc
            return self
        if not args and not kwargs:
            raise ValueError("args can not be empty")
        otypes = [numpy.dtype(t) for t in self.otypes] if self.otypes is not None else None
        if otypes is not None and any(d.kind not in "biufc" for d in otypes):
            raise TypeError(f"cupylike.vectorize: otypes {self.otypes!r} name a type that "
                            "cupylike arrays cannot hold (object, strings, dates)")
        if self.excluded or self.signature is not None:
            return self._on_host(args, kwargs)
        parameters = self._bind(args, kwargs)
        arrays = [a for a in parameters.values() if isinstance(a, _native.ndarray)]
        if otypes is None and any(a.size == 0 for a in arrays):
            raise ValueError("cannot call `vectorize` on size 0 inputs unless `otypes` is set")
        fixed = {n: v for n, v in parameters.items() if not isinstance(v, _native.ndarray)}
        key = (tuple(a.dtype for a in arrays),
               tuple((n, type(v), v if _hashable(v) else id(v)) for n, v in fixed.items()))
        compiled = self._compiled.get(key)
        if compiled is None:
            name = getattr(self.pyfunc, "__name__", "function")
            compiled = _Compiled(self.pyfunc, [a.dtype for a in arrays], fixed, otypes, name)
            self._compiled[key] = compiled
        return compiled(arrays)

    def _bind(self, args, kwargs):
        """{parameter name: device array} for the call's arguments, and the Python values of
        the defaults it leaves out (NumPy passes those to the function unvectorized)."""
        if not inspect.isfunction(self.pyfunc):  # a built-in or ufunc: positional arrays
            if kwargs:
                raise TypeError("vectorize: a built-in function takes positional arguments")
            return {f"a{k}": _device_argument(a) for k, a in enumerate(args)}
        try:
            bound = inspect.signature(self.pyfunc).bind(*args, **kwargs)
        except TypeError as e:
            raise TypeError(f"vectorize: {e}") from None
        except ValueError:  # no signature to read: the compiler reports what it cannot read
            return {f"arg{k}": _device_argument(a) for k, a in enumerate(args)}
        given = {n: _device_argument(v) for n, v in bound.arguments.items()}
        bound.apply_defaults()
        return {n: given.get(n, v) for n, v in bound.arguments.items()}

    def _on_host(self, args, kwargs):
        """excluded= and signature=: numpy.vectorize on host copies of the arguments, the
        results copied back in one transfer each."""
        def host(x):
            return x.get() if isinstance(x, _native.ndarray) else x
        result = numpy.vectorize(self.pyfunc, otypes=self.otypes, excluded=self.excluded,
                                 cache=self.cache, signature=self.signature)(
            *(host(a) for a in args), **{k: host(v) for k, v in kwargs.items()})
        if isinstance(result, tuple):
            return tuple(_native.asarray(r) for r in result)
        return _native.asarray(result)

