"""cupylike.fuse: CuPy's decorator. The function is traced with proxies (_proxy) once per
combination of argument dtypes, ndims and scalar types, into one kernel (_codegen), kept in
the decorated object's cache; each call checks its arguments and launches that kernel."""

import functools

import numpy

from cupylike._core import _native
from cupylike._functional._vectorize_types import Value
from cupylike._fusion import _codegen
from cupylike._fusion._namespace import rewrite
from cupylike._fusion._proxy import FusionProxy
from cupylike._fusion._trace import FusionError, Trace

# Python scalars as the kernel's parameters: weak (NEP 50) but for bool.
_PYTHON_SCALARS = {bool: "bool", int: "int64", float: "float64", complex: "complex128"}


def _argument_key(x):
    if isinstance(x, _native.ndarray):
        return ("array", x.dtype, x.ndim)
    if type(x) in _PYTHON_SCALARS:
        if type(x) is int and not -2**63 <= x < 2**63:
            raise OverflowError(f"cupylike.fuse: Python integer {x} out of bounds for int64 "
                                "(pass a NumPy integer)")
        return ("python", type(x))
    if isinstance(x, numpy.generic) and x.dtype.kind in "biufc":
        return ("numpy", x.dtype)
    if isinstance(x, numpy.ndarray):
        raise TypeError("Unsupported type numpy.ndarray for a cupylike ufunc: pass cupylike "
                        "arrays or scalars (move host arrays with cupylike.asarray)")
    raise TypeError(f"cupylike.fuse: unsupported argument type {type(x).__name__} (pass "
                    "cupylike arrays or numbers)")


def _flatten(result, leaves):
    """The structure of `result` (nested tuples of leaf indices), its leaves appended."""
    if isinstance(result, tuple):
        return tuple(_flatten(r, leaves) for r in result)
    leaves.append(result)
    return len(leaves) - 1


def _rebuild(structure, values):
    if isinstance(structure, tuple):
        return tuple(_rebuild(s, values) for s in structure)
    return values[structure]


class _Kernel:
    """The trace of the function for one argument key and its kernel."""

    def __init__(self, func, name, args):
        trace = Trace()
        self.param_dtypes = []
        proxies = []
        for k, a in enumerate(args):
            if isinstance(a, _native.ndarray):
                proxy = FusionProxy(trace, Value(f"p{k}", a.dtype), a.ndim, True, param=k)
            else:
                python = type(a) in _PYTHON_SCALARS
                dtype = numpy.dtype(_PYTHON_SCALARS[type(a)]) if python else a.dtype
                proxy = FusionProxy(trace, Value(f"p{k}", dtype, python and type(a) is not bool),
                                    0, False, param=k)
            self.param_dtypes.append(proxy.dtype)
            proxies.append(proxy)
        result = rewrite(func)(*proxies)
        outputs = []
        self.structure = None if result is None else _flatten(result, outputs)
        self.trace = trace
        # Each output: ("arg", k) the argument itself, ("value", v) a value the function
        # returned unchanged, ("out", j) the kernel's j-th computed output.
        self.plan = []
        computed = []
        for o in outputs:
            if not isinstance(o, FusionProxy):
                self.plan.append(("value", o))
            elif o._param is not None and o._is_array:
                self.plan.append(("arg", o._param))
            elif o._reduction is not None:
                self.plan.append(("reduction", None))
            elif not o._is_array:
                raise FusionError("cupylike.fuse: the function returns a value computed from "
                                  "scalar arguments alone (return arrays)")
            else:
                self.plan.append(("out", len(computed)))
                computed.append(o)
        self.reduction = trace.reduction
        if self.reduction is not None:
            if len(outputs) != 1 or outputs[0] is not self.reduction:
                raise FusionError("cupylike.fuse fuses one reduction as the function's only "
                                  "result (return it alone)")
            if trace.writes:
                raise FusionError("cupylike.fuse cannot fuse in-place updates together with "
                                  "a reduction")
            self.written = []
            self.unfused_reduction = None
            try:
                self.kernel, self.ins, self.entry, _ = _codegen.reduction(
                    trace, name, self.param_dtypes, self.reduction)
            except NotImplementedError:
                # More inputs than ReductionKernel takes: the elementwise kernel makes the
                # reduced value, the unfused reduction reduces it (two kernels, same result).
                operand = self.reduction._reduction[1]
                self.kernel, self.ins, _ = _codegen.elementwise(
                    trace, name, self.param_dtypes, [operand])
                self.unfused_reduction = self.reduction._reduction
        else:
            self.kernel, self.ins, self.written = _codegen.elementwise(
                trace, name, self.param_dtypes, computed)
            self.out_dtypes = [o.dtype for o in computed]

    def _check(self, args):
        for k, dtypes in self.trace.weak_int_casts.items():
            for d in dtypes:
                info = numpy.iinfo(d)
                if not info.min <= args[k] <= info.max:
                    raise OverflowError(f"Python integer {args[k]} out of bounds for {d}")
        arrays = [args[k] for k in self.ins + self.written
                  if isinstance(args[k], _native.ndarray)]
        shape = numpy.broadcast_shapes(*(a.shape for a in arrays))
        for k in self.written:
            if args[k].shape != shape:
                raise ValueError(f"non-broadcastable output operand with shape "
                                 f"{args[k].shape} doesn't match the broadcast shape {shape}")
        return shape

    def __call__(self, args):
        shape = self._check(args)
        if self.reduction is not None:
            return _rebuild(self.structure, [self._reduce(args, shape)])
        computed = ()
        if self.kernel is not None and self.written:
            # The kernel takes all its outputs or none: the computed ones are made here.
            computed = tuple(_native.empty(shape, d) for d in self.out_dtypes)
            self.kernel(*(args[k] for k in self.ins), *(args[k] for k in self.written),
                        *computed)
        elif self.kernel is not None:
            computed = self.kernel(*(args[k] for k in self.ins))
        values = [args[x] if how == "arg" else x if how == "value" else computed[x]
                  for how, x in self.plan]
        return None if self.structure is None else _rebuild(self.structure, values)

    def _reduce(self, args, shape):
        if self.unfused_reduction is not None:
            kind, _, axes, keepdims, dtype = self.unfused_reduction
            value = self.kernel(*(args[k] for k in self.ins))[0]
            extra = {} if dtype is None else {"dtype": dtype}
            return getattr(value, kind)(axis=axes, keepdims=keepdims, **extra)
        _, _, axes, keepdims, _ = self.reduction._reduction
        if not self.entry.has_identity and any(shape[a] == 0 for a in axes):
            raise ValueError(f"zero-size array to reduction operation {self.entry.ufunc} "
                             "which has no identity")
        return self.kernel(*(args[k] for k in self.ins), axis=axes, keepdims=keepdims)


class Fusion:
    """A function fused into one kernel per combination of argument dtypes, ndims and scalar
    types (CuPy's cupy.fuse): elementwise ufuncs and operators, where, astype, in-place
    updates of arguments, several outputs, or one final reduction."""

    def __init__(self, func, kernel_name=None):
        self.func = func
        self.name = kernel_name or getattr(func, "__name__", "fused")
        self._kernels = {}
        functools.update_wrapper(self, func)

    def __repr__(self):
        return f"<cupylike.fuse of {self.func!r}>"

    def __call__(self, *args, **kwargs):
        if kwargs:
            raise TypeError("cupylike.fuse: a fused function takes positional arguments only")
        key = tuple(_argument_key(a) for a in args)
        kernel = self._kernels.get(key)
        if kernel is None:
            kernel = _Kernel(self.func, self.name, args)
            self._kernels[key] = kernel
        return kernel(args)


def fuse(*args, **kwargs):
    """Makes a function of arrays into one kernel (CuPy's cupy.fuse): ``@fuse``, ``@fuse()``
    or ``@fuse(kernel_name='name')``.

    The function is traced on its first call for each combination of argument dtypes, ndims
    and scalar types: ufuncs and operators (NumPy 2's promotion, Python scalars weak),
    cupylike.where, astype, in-place updates of arguments (``x += y`` writes through),
    several outputs (a tuple) or one final reduction (sum, prod, max, min, all, any, with
    axis and keepdims) become one kernel whose results equal the unfused function's. Python
    control flow on array values and functions that cannot be fused raise TypeError naming
    the construct.
    """
    if len(args) == 1 and not kwargs and callable(args[0]):
        return Fusion(args[0])
    if args:
        raise TypeError("fuse() takes a function, or keyword arguments only")
    unknown = set(kwargs) - {"kernel_name"}
    if unknown:
        raise TypeError(f"fuse() got an unexpected keyword argument {sorted(unknown)[0]!r}")
    return lambda func: Fusion(func, kwargs.get("kernel_name"))
