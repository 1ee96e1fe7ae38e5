"""The types of vectorize's compiled expressions: each value is a dtype, "weak" when it stands
for a Python scalar (NEP 50: it adopts the other operand's type), as NumPy types the
function's first call on NumPy scalars, which decides vectorize's output dtype. Operations go
through NumPy's own loop selection (ufunc.resolve_dtypes) and run the C++ of cupylike's ufunc
table for the loop it picks, so each step has that ufunc's semantics on both devices."""

import dataclasses
import math

import numpy

from cupylike._core._ufunc_table import TABLE

_ENTRIES = {name: entry for entry in TABLE for name in (entry.name,) + entry.aliases}
_WEAK_PLACEHOLDER = {"b": False, "i": 0, "f": 0.0, "c": 0j}
_PYTHON_TYPE = {"b": bool, "i": int, "u": int, "f": float, "c": complex}


class UncompilableError(TypeError):
    """What cannot be compiled: the compiler adds where (line and function)."""


@dataclasses.dataclass(frozen=True)
class Value:
    """A value of the compiled function: C++ `code` (a variable or a literal) of `dtype`;
    `weak` for Python scalars; `const` holds a compile-time constant's Python value."""

    code: str
    dtype: numpy.dtype
    weak: bool = False
    const: object = None

    @property
    def is_const(self):
        return self.const is not None


def ctype(dtype):
    """The C++ type cupylike's kernels store `dtype` as."""
    return {"?": "bool", "b": "signed char", "h": "short", "i": "int", "l": "long long",
            "q": "long long", "B": "unsigned char", "H": "unsigned short", "I": "unsigned int",
            "L": "unsigned long long", "Q": "unsigned long long", "e": "__half", "f": "float",
            "d": "double", "F": "cupylike::complex<float>",
            "D": "cupylike::complex<double>"}[dtype.char]


def _real_literal(x, c_type):
    if math.isfinite(x):
        return f"({c_type}){float(x).hex()}"
    bits = numpy.float64(x).view(numpy.int64)
    return f"({c_type})__longlong_as_double({int(bits)}LL)"


def literal(value, dtype):
    """C++ for the Python or NumPy scalar `value` as `dtype`."""
    t = ctype(dtype)
    if dtype.kind == "b":
        return "true" if value else "false"
    if dtype.kind in "iu":
        v = int(value)
        if dtype.kind == "i" and v == numpy.iinfo(dtype).min:  # no literal for it in C++
            return f"({t})({v + 1}LL - 1)"
        return f"({t})({v}{'ULL' if dtype.kind == 'u' else 'LL'})"
    if dtype.kind == "c":
        part = "float" if dtype.itemsize == 8 else "double"
        z = complex(value)
        return f"{t}({_real_literal(z.real, part)}, {_real_literal(z.imag, part)})"
    if dtype.char == "e":
        return f"cupylike::cast<__half>({_real_literal(value, 'float')})"
    return _real_literal(value, t)


def constant(value):
    """The Value of a numeric Python or NumPy scalar; None for anything else."""
    if isinstance(value, numpy.generic) and value.dtype.kind in "biufc":
        return Value(literal(value, value.dtype), value.dtype, False, value)
    if isinstance(value, (bool, numpy.bool_)):
        return Value(literal(value, numpy.dtype(bool)), numpy.dtype(bool), False, bool(value))
    for kind, python_type, dtype in (("i", int, "int64"), ("f", float, "float64"),
                                     ("c", complex, "complex128")):
        if type(value) is python_type:
            d = numpy.dtype(dtype)
            code = literal(value, d) if kind != "i" or -2**63 <= value < 2**64 else "0"
            return Value(code, d, True, value)
    return None


def operand(value):
    """What NumPy's type resolution takes for `value`: its dtype, or the Python type of a
    weak one."""
    return _PYTHON_TYPE[value.dtype.kind] if value.weak else value.dtype


def check_weak_int(value, dtype):
    """NumPy's OverflowError for a Python int constant that the loop's integer type cannot
    hold (int8 + 1000)."""
    if value.weak and value.is_const and dtype.kind in "iu" and value.dtype.kind in "iu":
        info = numpy.iinfo(dtype)
        if not info.min <= value.const <= info.max:
            raise OverflowError(f"Python integer {value.const} out of bounds for {dtype}")


def promote(values):
    """(dtype, weak) of NumPy's result_type over `values`, weak ones as Python scalars."""
    args = [_WEAK_PLACEHOLDER[v.dtype.kind if v.dtype.kind != "u" else "i"] if v.weak
            else v.dtype for v in values]
    return numpy.result_type(*args), all(v.weak for v in values)


@dataclasses.dataclass(frozen=True)
class Loop:
    """The loop of ufunc `name` for `types` (inputs then outputs) and its table entry."""

    name: str
    types: tuple
    op: str
    preamble: str


def find_loop(name, values):
    """The ufunc `name`'s loop for `values` as NumPy picks it; NumPy's TypeError when it has
    none. The loop's op comes from cupylike's table."""
    ufunc = getattr(numpy, name)
    # Python scalars alone compute as int64, float64 and complex128 (NumPy would pick its
    # object loops for Python types alone).
    alone = all(v.weak for v in values)
    operands = tuple(v.dtype if alone else operand(v) for v in values)
    resolved = ufunc.resolve_dtypes(operands + (None,) * ufunc.nout)
    for v, d in zip(values, resolved, strict=False):
        check_weak_int(v, d)
    entry = _ENTRIES[name]
    chars = "".join(d.char for d in resolved[:ufunc.nin]) + "->" + "".join(
        d.char for d in resolved[ufunc.nin:])
    chars = chars.replace("q", "l").replace("Q", "L")
    for types, op in entry.loops:
        if types == chars:
            return Loop(name, resolved, op, entry.preamble)
    raise TypeError(f"ufunc '{name}' has no loop for {chars} in cupylike")
