"""The stand-ins for the fused function's arrays while it is traced: each operation on a
FusionProxy records its C++ in the Trace and returns a new proxy. Operators are those of
cupylike.ndarray (the ufuncs _core/_ufuncs.OPERATORS names, with NumPy's `** 2`, `** -1` and
`** 0.5` shortcuts); in-place operators update the proxy, which writes through to the argument
it stands for; what depends on array values in Python (bool(), if, and/or) raises
FusionError."""

import numpy

from cupylike._core import _native
from cupylike._core._ufunc_table import TABLE
from cupylike._core._ufuncs import OPERATORS
from cupylike._functional._vectorize_types import Value, constant, literal, promote
from cupylike._fusion._trace import FusionError

ENTRIES = {name: entry for entry in TABLE for name in (entry.name,) + entry.aliases}
_BINARY = ("add", "sub", "mul", "truediv", "floordiv", "mod", "pow", "lshift", "rshift",
           "and", "or", "xor")
_COMPARE = ("eq", "ne", "lt", "le", "gt", "ge")
_UNARY = ("neg", "pos", "abs", "invert")


class FusionProxy:
    """A traced array (or scalar argument): its current `value` (vectorize's Value: C++ code,
    dtype, weak for Python scalars), `ndim`, whether it holds an array (`is_array`), the
    argument it stands for (`param`, or None) and whether it is a reduction's result."""

    __array_priority__ = 1000
    __hash__ = None

    def __init__(self, trace, value, ndim, is_array, param=None, reduction=None):
        self._trace = trace
        self._value = value
        self._ndim = ndim
        self._is_array = is_array
        self._param = param
        self._reduction = reduction

    @property
    def dtype(self):
        return self._value.dtype

    @property
    def ndim(self):
        return self._ndim

    def __repr__(self):
        return f"<cupylike.fuse traced value: {self.dtype}, {self._ndim}-d>"

    # -- Python on array values -----------------------------------------------------------
    def __bool__(self):
        raise FusionError("cupylike.fuse cannot use the truth value of a traced array: Python "
                          "control flow on array values (if, while, and, or, not, bool(), "
                          "min/max of arrays) does not fuse; use cupylike.where")

    def _scalar_conversion(self, *_):
        raise FusionError("cupylike.fuse cannot convert a traced array to a Python number "
                          "(int(), float(), complex(), an index)")

    __int__ = __float__ = __complex__ = __index__ = _scalar_conversion

    def __len__(self):
        raise FusionError("cupylike.fuse cannot take len() of a traced array (shapes are not "
                          "known while tracing)")

    def __iter__(self):
        raise FusionError("cupylike.fuse cannot iterate over a traced array")

    def __getitem__(self, key):
        raise FusionError("cupylike.fuse cannot fuse indexing (x[...])")

    def __setitem__(self, key, value):
        raise FusionError("cupylike.fuse cannot fuse item assignment (x[...] = ...)")

    @property
    def shape(self):
        raise FusionError("cupylike.fuse cannot read .shape of a traced array (a kernel is "
                          "traced once per ndim, for every shape)")

    size = shape

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        raise FusionError(f"cupylike.fuse cannot fuse the ndarray attribute .{name}")

    # -- protocols ------------------------------------------------------------------------
    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        name = getattr(ufunc, "__name__", None)
        if method != "__call__" or name not in ENTRIES:
            raise FusionError(f"cupylike.fuse cannot fuse numpy.{name}"
                              f"{'' if method == '__call__' else '.' + method}")
        return call_ufunc(name, inputs, kwargs)

    def __array_function__(self, func, types, args, kwargs):
        from_numpy = FUNCTIONS.get(func.__name__)
        if from_numpy is None:
            raise FusionError(f"cupylike.fuse cannot fuse numpy.{func.__name__}")
        return from_numpy(*args, **kwargs)

    # -- methods --------------------------------------------------------------------------
    def astype(self, dtype, order="K", casting="unsafe", subok=True, copy=True):
        return astype(self, dtype, order, casting, subok, copy)

    def sum(self, axis=None, dtype=None, out=None, keepdims=False):
        return reduce("sum", self, axis, dtype, out, keepdims)

    def prod(self, axis=None, dtype=None, out=None, keepdims=False):
        return reduce("prod", self, axis, dtype, out, keepdims)

    def max(self, axis=None, out=None, keepdims=False):
        return reduce("max", self, axis, None, out, keepdims)

    def min(self, axis=None, out=None, keepdims=False):
        return reduce("min", self, axis, None, out, keepdims)

    def all(self, axis=None, out=None, keepdims=False):
        return reduce("all", self, axis, None, out, keepdims)

    def any(self, axis=None, out=None, keepdims=False):
        return reduce("any", self, axis, None, out, keepdims)


def _binary(op, name):
    def forward(self, other):
        return apply(name, (self, other), operator=True) if _accepts(other) else NotImplemented

    def backward(self, other):
        return apply(name, (other, self), operator=True) if _accepts(other) else NotImplemented

    def inplace(self, other):
        if not _accepts(other):
            return NotImplemented
        apply(name, (self, other), out=self, operator=True)
        return self

    return forward, backward, inplace


for _op in _BINARY:
    _f, _b, _i = _binary(_op, OPERATORS[_op])
    setattr(FusionProxy, f"__{_op}__", _f)
    setattr(FusionProxy, f"__r{_op}__", _b)
    setattr(FusionProxy, f"__i{_op}__", _i)
for _op in _COMPARE:
    setattr(FusionProxy, f"__{_op}__", _binary(_op, OPERATORS[_op])[0])
for _op in _UNARY:
    setattr(FusionProxy, f"__{_op}__",
            (lambda name: lambda self: apply(name, (self,), operator=True))(OPERATORS[_op]))
FusionProxy.__divmod__ = lambda self, other: apply("divmod", (self, other))
FusionProxy.__rdivmod__ = lambda self, other: apply("divmod", (other, self))


def _accepts(x):
    return isinstance(x, FusionProxy) or constant(x) is not None or isinstance(
        x, (numpy.ndarray, _native.ndarray))


def trace_of(args):
    """The trace of the first proxy among `args`, or None."""
    for a in args:
        if isinstance(a, FusionProxy):
            return a._trace
    return None


def operand(trace, x):
    """`x` as a proxy: proxies as they are, numbers as constants; TypeError for arrays that
    are not arguments and for anything else."""
    if isinstance(x, FusionProxy):
        if x._reduction is not None:
            raise FusionError("cupylike.fuse fuses one reduction at the end of the function: "
                              "its result cannot be used in further operations")
        return x
    value = constant(x)
    if value is not None:
        return FusionProxy(trace, value, 0, False)
    if isinstance(x, numpy.ndarray):
        raise TypeError("Unsupported type numpy.ndarray for a cupylike ufunc: pass cupylike "
                        "arrays or scalars (move host arrays with cupylike.asarray)")
    if isinstance(x, _native.ndarray):
        raise FusionError("cupylike.fuse cannot read a cupylike array that is not an argument "
                          "of the fused function: pass it as an argument")
    raise FusionError(f"cupylike.fuse cannot fuse a value of type {type(x).__name__}")


def _shortcut(name, args):
    """NumPy's `array ** 2`, `** -1` and `** 0.5` (ops/ufunc.cpp's power_shortcut)."""
    base, exponent = args
    if name != "power" or not base._is_array or base.dtype.kind not in "fc":
        return None
    c = exponent._value.const if exponent._value.weak else None
    if type(c) is int and c in (-1, 2):
        return "reciprocal" if c == -1 else "square"
    if type(c) is float and c == 0.5:
        return "sqrt"
    return None


# The shortcuts by the value of a weak exponent that is only known when the kernel runs.
_VALUE_SHORTCUTS = {"i": ((-1, "reciprocal"), (2, "square")), "f": ((0.5, "sqrt"),)}


def _power_by_value(trace, base, exponent):
    """`base ** exponent` for a Python scalar exponent known only at run time: power, or the
    shortcut NumPy's operator takes for the exponent's value."""
    result = trace.ufunc("power", [base, exponent])[0]
    for value, name in _VALUE_SHORTCUTS.get(exponent.dtype.kind, ()):
        special = trace.ufunc(name, [base])[0]
        test = f"{exponent.code} == {literal(value, exponent.dtype)}"
        result = trace.declare(result.dtype, f"{test} ? {special.code} : {result.code}",
                               [exponent, special, result])
    return (result,)


def _weak_int_rule(entry, values):
    """NumPy's Python ints beyond an integer array's type in comparisons (compared by value),
    logical ufuncs and true_divide (the entry's weak_ints): no OverflowError, the value taken
    as int64, which gives those ufuncs the same results as the narrower loop would."""
    ints = [v.dtype for v in values if not v.weak and v.dtype.kind in "biu"]
    if not entry.weak_ints or not ints:
        return values
    out = []
    for v in values:
        if v.weak and v.dtype.kind in "iu":
            if v.is_const and -2**63 <= v.const < 2**63 and any(
                    d.kind != "b" and not numpy.iinfo(d).min <= v.const <= numpy.iinfo(d).max
                    for d in ints):
                v = Value(literal(v.const, numpy.dtype("int64")), numpy.dtype("int64"),
                          False, v.const)
            elif not v.is_const and numpy.dtype("uint64") not in ints:
                v = Value(v.code, numpy.dtype("int64"))  # checked by value at each call
        out.append(v)
    return out


def _same_kind_check(name, result, target):
    if not numpy.can_cast(result, target, "same_kind"):
        raise numpy._core._exceptions._UFuncOutputCastingError(
            getattr(numpy, name), "same_kind", result, target, 0)


def apply(name, args, out=None, operator=False):
    """The proxy (or tuple of proxies) of ufunc `name` on `args`; `out` a proxy that takes
    the result in place. Operators' results of Python scalars alone stay weak."""
    trace = trace_of(args)
    proxies = [operand(trace, a) for a in args]
    if operator and len(proxies) == 2:
        short = _shortcut(name, proxies)
        if short:
            name, proxies = short, proxies[:1]
    entry = ENTRIES[name]
    values = _weak_int_rule(entry, [p._value for p in proxies])
    if entry.negative_exponent_error and values[1].is_const and \
            isinstance(values[1].const, (int, numpy.integer)) and values[1].const < 0 and \
            values[0].dtype.kind in "iub" and values[1].dtype.kind in "iub":
        raise ValueError("Integers to negative integer powers are not allowed.")
    weak = operator and all(v.weak for v in values)
    if operator and name == "power" and proxies[0]._is_array and \
            proxies[0].dtype.kind in "fc" and values[1].weak and not values[1].is_const:
        results = _power_by_value(trace, values[0], values[1])
    else:
        results = trace.ufunc(name, values, weak=weak)
    ndim = max(p._ndim for p in proxies)
    is_array = any(p._is_array for p in proxies)
    made = tuple(FusionProxy(trace, v, ndim, is_array) for v in results)
    if out is not None:
        outs = out if isinstance(out, tuple) else (out,)
        if len(outs) != len(made):
            raise ValueError(f"{name} has {len(made)} output(s), out= gives {len(outs)}")
        for target, result in zip(outs, made, strict=True):
            write(name, target, result)
        made = outs
    return made[0] if len(made) == 1 else made


def write(name, target, result):
    """`result` stored into `target` (an in-place update), cast as NumPy's out= casts."""
    if not isinstance(target, FusionProxy) or target._reduction is not None:
        raise FusionError("cupylike.fuse: out= must be an argument or a value of the fused "
                          "function")
    if not target._is_array:
        raise FusionError("cupylike.fuse cannot update a scalar argument in place")
    if result._ndim > target._ndim:
        raise ValueError(f"non-broadcastable output operand with {target._ndim} dimensions "
                         f"doesn't match the broadcast shape with {result._ndim} dimensions")
    _same_kind_check(name, result.dtype, target.dtype)
    target._value = target._trace.cast(result._value, target.dtype)
    if target._param is not None:
        target._trace.writes[target._param] = target


def call_ufunc(name, args, kwargs):
    """A ufunc called on proxies, with NumPy's out= (in place) and nothing else."""
    out = kwargs.pop("out", None)
    if isinstance(out, tuple) and len(out) == 1:
        out = out[0]
    for key, value in kwargs.items():
        if not (key == "casting" and value == "same_kind") and value is not None:
            raise FusionError(f"cupylike.fuse cannot fuse the keyword {key}= of {name}")
    if len(args) != ENTRIES[name].nin:
        raise TypeError(f"{name}() takes {ENTRIES[name].nin} positional arguments but "
                        f"{len(args)} were given")
    return apply(name, args, out=out)


def astype(x, dtype, order="K", casting="unsafe", subok=True, copy=True):
    trace = trace_of([x])
    p = operand(trace, x)
    dtype = numpy.dtype(dtype)
    if dtype.kind not in "biufc":
        raise TypeError(f"cupylike arrays cannot hold {dtype}")
    if not numpy.can_cast(p.dtype, dtype, casting):
        raise TypeError(f"Cannot cast array data from {p.dtype!r} to {dtype!r} according "
                        f"to the rule {casting!r}")
    value = trace.declare(dtype, trace.as_type(p._value, dtype), [p._value])
    return FusionProxy(trace, value, p._ndim, p._is_array)


def where(condition, x=None, y=None, /):
    """cupylike.where's three-argument form: condition read as bool, x and y in their
    promoted type (Python scalars cast into it as C does, as cupylike.where)."""
    if x is None or y is None:
        raise FusionError("cupylike.fuse fuses the three-argument where only (where(c) is "
                          "nonzero, whose size depends on the values)")
    trace = trace_of([condition, x, y])
    c, a, b = (operand(trace, v) for v in (condition, x, y))
    dtype = promote([a._value, b._value])[0]
    expr = (f"{trace.as_type(c._value, numpy.bool_)} ? {trace.as_type(a._value, dtype)} : "
            f"{trace.as_type(b._value, dtype)}")
    value = trace.declare(dtype, expr, [c._value, a._value, b._value])
    return FusionProxy(trace, value, max(c._ndim, a._ndim, b._ndim), True)


def reduce(kind, a, axis=None, dtype=None, out=None, keepdims=False):
    """Records the function's one reduction (`kind`: sum, prod, max, min, all, any)."""
    trace = trace_of([a])
    if trace is None:
        raise FusionError(f"cupylike.fuse: {kind} of a value that is not traced")
    p = operand(trace, a)
    if out is not None:
        raise FusionError(f"cupylike.fuse cannot fuse the keyword out= of {kind}")
    if not p._is_array:
        raise FusionError(f"cupylike.fuse cannot fuse {kind} of a scalar argument")
    if trace.reduction is not None:
        raise FusionError("cupylike.fuse fuses one reduction only, at the end of the function")
    if axis is None:
        axes = tuple(range(p._ndim))
    else:
        axes = numpy.lib.array_utils.normalize_axis_tuple(axis, p._ndim)
    ndim = p._ndim if keepdims else p._ndim - len(axes)
    result = FusionProxy(trace, Value("", p.dtype), ndim, True,
                         reduction=(kind, p, axes, bool(keepdims),
                                    None if dtype is None else numpy.dtype(dtype)))
    trace.reduction = result
    return result


def _reduction_function(kind, has_dtype):
    def function(a, axis=None, dtype=None, out=None, keepdims=False, initial=None,
                 where=None):
        if initial is not None or where is not None:
            raise FusionError(f"cupylike.fuse cannot fuse initial= or where= of {kind}")
        return reduce(kind, a, axis, dtype, out, keepdims)

    def no_dtype(a, axis=None, out=None, keepdims=False, initial=None, where=None):
        return function(a, axis, None, out, keepdims, initial, where)

    return function if has_dtype else no_dtype


# The array functions a fused function may call, by name (cupylike's and NumPy's).
FUNCTIONS = {
    "where": where, "astype": astype,
    "sum": _reduction_function("sum", True), "prod": _reduction_function("prod", True),
    "max": _reduction_function("max", False), "amax": _reduction_function("max", False),
    "min": _reduction_function("min", False), "amin": _reduction_function("min", False),
    "all": _reduction_function("all", False), "any": _reduction_function("any", False),
}
