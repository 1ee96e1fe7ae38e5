"""The record of one trace: the C++ statements of the fused function's operations, in the
order it ran them, each a variable of the dtype NumPy gives that step. Every ufunc step runs
the ufunc table's loop for the types NumPy's resolution picks (through vectorize's
_vectorize_types, the same door), as an operation struct shaped like the ufunc kernels' own
(csrc/ops/ufunc_source.cpp): inputs cast to the loop's storage type and then to its compute
type, the result stored back in its storage type, so each step rounds as the unfused ufunc."""

import dataclasses
import re

import numpy

from cupylike._core import _native
from cupylike._functional._vectorize_types import Value, find_loop, literal

C_TYPES = _native._c_types()
COMPUTE_TYPES = _native._compute_c_types()
_VARIABLE = re.compile(r"\b[pv]\d+\b")


def ctype(dtype):
    return C_TYPES[numpy.dtype(dtype)]


@dataclasses.dataclass
class Statement:
    """C++ `code` defining the variables `defines` from the variables `uses`."""

    code: str
    defines: tuple
    uses: frozenset


class FusionError(TypeError):
    """What cannot be fused (a TypeError, as CuPy's fuse raises)."""


class Trace:
    """The statements, loop structs and parameters of one trace."""

    def __init__(self):
        self.statements = []
        self.structs = {}  # (ufunc name, loop types) -> (struct name, op)
        self.preambles = set()
        self.count = 0
        # parameter index -> set of integer dtypes a weak Python int argument is cast to
        # (NumPy's OverflowError is checked on the value at each call)
        self.weak_int_casts = {}
        self.writes = {}  # parameter index -> the proxy of an argument updated in place
        self.reduction = None  # the proxy of the one reduction, once recorded

    def emit(self, code, defines, inputs):
        uses = frozenset(n for v in inputs for n in _VARIABLE.findall(v.code))
        self.statements.append(Statement(code, tuple(defines), uses))

    def fresh(self, prefix="v"):
        self.count += 1
        return f"{prefix}{self.count}"

    def declare(self, dtype, expr, inputs, weak=False):
        name = self.fresh()
        self.emit(f"{ctype(dtype)} {name} = {expr};", [name], inputs)
        return Value(name, numpy.dtype(dtype), weak)

    def as_type(self, value, dtype):
        """C++ for `value` converted to `dtype` (NumPy's unsafe cast)."""
        dtype = numpy.dtype(dtype)
        if value.is_const and dtype.char == "e" and value.dtype.kind == "f":
            # One rounding from the double, as NumPy converts a Python float to float16
            # (through float, a value near a float16 tie can round twice).
            return f"cupylike::cast<__half>({literal(value.const, numpy.dtype('d'))})"
        if value.is_const:
            return literal(value.const, dtype)
        if value.dtype == dtype:
            return value.code
        return f"cupylike::cast<{ctype(dtype)}>({value.code})"

    def cast(self, value, dtype):
        dtype = numpy.dtype(dtype)
        if not value.is_const and value.dtype == dtype and not value.weak:
            return value
        return self.declare(dtype, self.as_type(value, dtype), [value])

    def _note_weak_ints(self, args, loop_types):
        for a, d in zip(args, loop_types, strict=False):
            if a.weak and not a.is_const and a.dtype.kind in "iu" and d.kind in "iu" \
                    and re.fullmatch(r"p\d+", a.code):
                self.weak_int_casts.setdefault(int(a.code[1:]), set()).add(d)

    def ufunc(self, name, args, weak=False):
        """The values of ufunc `name` on `args` (a tuple of its outputs) with the loop NumPy
        picks; NumPy's TypeError when it has none."""
        loop = find_loop(name, args)
        self._note_weak_ints(args, loop.types)
        key = (loop.name, loop.types)
        if key not in self.structs:
            self.structs[key] = (f"fz_op{len(self.structs)}", loop.op, len(args))
            self.preambles.add(loop.preamble)
        struct = self.structs[key][0]
        nin = len(args)
        ins = [f"cupylike::cast<{struct}::C{k}>({self.as_type(a, loop.types[k])})"
               for k, a in enumerate(args)]
        outs = [self.fresh("r") for _ in loop.types[nin:]]
        decls = " ".join(f"{struct}::C{nin + j} {r};" for j, r in enumerate(outs))
        names = [self.fresh() for _ in outs]
        stores = " ".join(f"{ctype(d)} {n} = cupylike::cast<{ctype(d)}>({r});"
                          for n, r, d in zip(names, outs, loop.types[nin:], strict=True))
        self.emit(f"{decls} {struct}::f({', '.join(ins + outs)}); {stores}", names, args)
        return tuple(Value(n, numpy.dtype(d), weak) for n, d in zip(names, loop.types[nin:],
                                                                  strict=True))

    def struct_source(self):
        """The operation structs of the ufunc loops used, as ops/ufunc_source.cpp writes
        them."""
        out = []
        for (_, dtypes), (struct, op, nin) in self.structs.items():
            s = f"struct {struct} {{\n"
            for k, d in enumerate(dtypes):
                s += f"  typedef {ctype(d)} S{k};\n  typedef {COMPUTE_TYPES[d]} C{k};\n"
            params = [f"const C{k}& in{k}" if k < nin else f"C{k}& out{k - nin}"
                      for k in range(len(dtypes))]
            s += (f"  __device__ static inline void f({', '.join(params)}) {{\n    {op};\n"
                  "  }\n};\n")
            out.append(s)
        return "".join(out)

    def needed(self, names):
        """The statements the variables `names` depend on, in order, and the parameters
        (indices) they read."""
        want = set(names)
        keep = []
        for s in reversed(self.statements):
            if want.intersection(s.defines):
                keep.append(s)
                want |= s.uses
        keep.reverse()
        params = sorted(int(n[1:]) for n in want if n.startswith("p"))
        return keep, params
