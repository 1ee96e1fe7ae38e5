"""ufunc.reduce, generated from the ufunc table (cupylike/_core/_ufunc_table.py): for each binary
ufunc with loops 'TT->T', a reduction whose reduce runs that loop's statement with in0 = a and
in1 = b. np.max/np.min/np.all/np.any and the nan* extrema are these reductions (maximum, minimum,
logical_and, logical_or, fmax, fmin); add and multiply are in sums.py (NumPy widens their
integers).

NumPy's rules, as data:
- the loop type R for an input type T (`REDUCE_TYPES`): the ufunc's first loop that T casts to
  safely; when that loop's output differs from its inputs, its output type (divide of ints
  reduces in float64) if the inputs cast to it safely, bool for the logical ufuncs (NumPy's
  promoter), else none (comparisons reduce bool only);
- reorderable ufuncs (the table's `reorderable`) combine pairwise; the others are a left fold in
  element order (`ordered`) from the first element or initial=;
- identities are the table's (NumPy's ufunc.identity); without one, the kernel's identity only
  starts lanes (the lowest value for maximum, NaN for fmax, ...) and an empty slice is a
  ValueError.
"""

import numpy

from cupylike._core._reduction_defs.common import ALL, COMPUTE, loop, reduction
from cupylike._core._ufunc_defs.common import COMPLEX, FLOATS
from cupylike._core._ufunc_table import TABLE as UFUNC_TABLE

HANDWRITTEN = {"add", "multiply"}  # sums.py
# The ufuncs NumPy lets reduce several axes at once (its "reorderable" ones).
REORDERABLE = frozenset(entry.name for entry in UFUNC_TABLE if entry.reorderable)
LOGICAL = {"logical_and", "logical_or", "logical_xor"}
# Lane starters of the reorderable ufuncs that have no identity: values the operation returns
# the other argument for (fmax(NaN, x) is x, so an all-NaN slice still gives NaN).
_STARTERS = {
    "maximum": ("lowest", "lowest"), "minimum": ("highest", "highest"),
    "fmax": ("lowest", "nan"), "fmin": ("highest", "nan"),
}
# float16 loops that NumPy runs in float between elements of a reduction (its HALF loops'
# reduce branch; for the extrema rounding changes nothing); every other float16 loop rounds to
# float16 after each step, as NumPy's generic float16 loops do.
_HALF_IN_FLOAT = {"subtract", "divide", "maximum", "minimum", "fmax", "fmin"}


def _first_loop(entry, t):
    for types, op in entry.loops:
        if all(numpy.can_cast(t, types[k], "safe") for k in (0, 1)):
            return types, op
    return None


def _reduce_type(entry, t):
    """NumPy's loop type for reducing type char `t` with `entry`, or None."""
    if entry.bool_error and t == "?":
        return None
    found = _first_loop(entry, t)
    if found is None:
        return None
    ins, o = found[0].split("->")
    if len(ins) != 2 or len(o) != 1 or ins[0] != ins[1]:
        return None
    i = ins[0]
    if o != i:
        if entry.name in LOGICAL:
            o = "?"
        elif not numpy.can_cast(i, o, "safe"):
            return None
    same = [op for types, op in entry.loops if types == f"{o}{o}->{o}"]
    return o if same else None


def _identity_expr(entry, r):
    """The kernel's identity for loop type `r`: NumPy's, or a lane starter."""
    name = entry.name
    real = "double" if r in "dD" else "float"
    if name in _STARTERS:
        ints_end, float_end = _STARTERS[name]
        end = float_end if r in FLOATS + COMPLEX else ints_end
        if end == "nan":
            return f"A(cupylike::quiet_nan<{real}>())"
        return f"cupylike::red_limits<A>::{end}()"
    value = entry.identity
    if value is None:
        return "A()"  # never reduced: an ordered fold starts from an element or initial=
    if value == -numpy.inf:
        return f"A(-cupylike::infinity<{real}>())"
    return f"A({int(value)})"


def _helper(name, r, op):
    """A struct in the preamble running the ufunc's loop 'rr->r' on two accumulators."""
    c = COMPUTE[r]
    s = "__half" if r == "e" else c
    return (f"struct {name}_{numpy.dtype(r).name} {{\n"
            f"  typedef {c} C0; typedef {c} C1; typedef {c} C2;\n"
            f"  typedef {s} S0; typedef {s} S1; typedef {s} S2;\n"
            f"  __device__ static inline C2 f(const C0& in0, const C1& in1) {{\n"
            f"    C2 out0; {op}; return out0;\n  }}\n}};\n")


def _entry(entry):
    types = {t: _reduce_type(entry, t) for t in ALL}
    types = {t: r for t, r in types.items() if r is not None}
    if not types:
        return None, types
    ns = f"cupylike_ured_{entry.name}"
    preamble = entry.preamble + f"\nnamespace {ns} {{\n"
    loops = []
    for r in dict.fromkeys(types.values()):
        op = next(op for sig, op in entry.loops if sig == f"{r}{r}->{r}")
        preamble += _helper(entry.name, r, op)
        call = f"{ns}::{entry.name}_{numpy.dtype(r).name}::f(a, b)"
        if r == "e" and entry.name not in _HALF_IN_FLOAT:
            call = f"cupylike::cast<float>(cupylike::cast<__half>({call}))"
        # Logical reductions read every type as bool (in the kernel, without a cast copy).
        sources = [t for t, rt in types.items() if rt == r] if entry.name in LOGICAL else [r]
        for t in sources:
            map_ = "in0" if t == r else "cupylike::cast<A>(in0)"
            loops.append(loop(f"{t}->{r}", r, _identity_expr(entry, r), map_, call))
    preamble += f"}}  // namespace {ns}\n"
    red = reduction(entry.name, loops, entry.name,
                    has_identity=entry.identity is not None, ordered=not entry.reorderable,
                    preamble=preamble)
    return red, types


ENTRIES = []
REDUCE_TYPES = {}  # ufunc name -> {input type char: loop type char}
for _u in UFUNC_TABLE:
    if _u.nin != 2 or _u.nout != 1 or _u.name in HANDWRITTEN:
        continue
    _red, _types = _entry(_u)
    if _red is not None:
        ENTRIES.append(_red)
        REDUCE_TYPES[_u.name] = _types
