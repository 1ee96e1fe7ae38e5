"""The scan table: one entry per scan kernel family (kernels/cupylike/scan.cuh).

A scan loop is (types, map, op, ordered), strings of CUDA C++ that the core puts into an
operation struct:

- types: 'b->l' (the input as the kernel reads it, the output = accumulator type);
- map: expression of ``in0`` (the input in its compute type) giving the value scanned: ``in0``,
  or NaN -> 0 for nancumsum;
- op: the binary ufunc's statement for its 'TT->T' loop, reading ``in0`` (the elements so far)
  and ``in1`` (the next element) and assigning ``out0``: generated from the ufunc table, so
  ``ufunc.accumulate`` exists for every binary ufunc with such loops;
- ordered: combine strictly left to right (a thread per slice, never chunked): ops that are
  not associative, and float16, whose every step NumPy rounds to float16.

Associative ops may be regrouped at chunk boundaries; they are also commutative, which the
kernel's chunk totals rely on.
"""

from __future__ import annotations

import dataclasses

from cupylike._core._ufunc_table import TABLE as UFUNC_TABLE

# Ops that may be regrouped (every one is commutative too): the table's `associative`.
ASSOCIATIVE = frozenset(entry.name for entry in UFUNC_TABLE if entry.associative)
# NumPy's accumulators for add and multiply: bool and narrow integers in int64 / uint64.
UPCAST = {c: "L" if c in "BHI" else "l" for c in "?bBhHiI"}
# NumPy's logical ufuncs accumulate any input as bool.
LOGICAL = frozenset({"logical_and", "logical_or", "logical_xor"})

# Where NumPy's accumulate runs another loop than its ufunc call: the complex product of an
# accumulation is the textbook one (the loop sees overlapping operands, so not the SIMD loop
# with fused multiply-adds that multiply() runs).
_ACCUMULATE_OPS = {
    ("multiply", "F"): "out0 = cupylike::cmul(in0, in1)",
    ("multiply", "D"): "out0 = cupylike::cmul(in0, in1)",
}

_NAN_IS = {  # nancumsum / nancumprod: a NaN (either part of a complex) counts as this
    "add": "C0(0)", "multiply": "C0(1)",
}


@dataclasses.dataclass(frozen=True)
class Entry:
    """One scan; `ufunc` names the ufunc whose loop selection (and messages) it follows."""

    name: str
    loops: tuple
    ufunc: str
    int_upcast: bool = False
    logical: bool = False
    preamble: str = ""


def _same_type_loops(ufunc_entry):
    """{type char: op} of the ufunc's 'TT->T' loops, as accumulate runs them."""
    name = ufunc_entry.name
    return {t[0]: _ACCUMULATE_OPS.get((name, t[0]), op) for t, op in ufunc_entry.loops
            if len(t) == 5 and t[0] == t[1] == t[4]}


def _ordered(name, char):
    return name not in ASSOCIATIVE or char == "e"


def accumulate_entry(ufunc_entry):
    """The scan of ufunc.accumulate for a binary ufunc's table entry (cumsum and cumprod are
    those of add and multiply)."""
    name = ufunc_entry.name
    ops = _same_type_loops(ufunc_entry)
    loops = [(f"{c}->{c}", "in0", op, _ordered(name, c)) for c, op in ops.items()]
    if name in ("add", "multiply"):
        # Loops reading narrow integers as they are, so no widened copy is made first.
        loops += [(f"{c}->{w}", "in0", ops[w], False) for c, w in UPCAST.items()]
    return Entry(name, tuple(loops), name, int_upcast=name in ("add", "multiply"),
                 logical=name in LOGICAL, preamble=ufunc_entry.preamble)


def nan_entry(ufunc_entry):
    """nancumsum / nancumprod: the add / multiply scan of floating types with NaN read as the
    op's identity (other types have no NaN: the public functions call cumsum / cumprod)."""
    name = ufunc_entry.name
    ops = _same_type_loops(ufunc_entry)
    nan_is = _NAN_IS[name]
    loops = []
    for c in "efdFD":
        isnan = "(in0.re != in0.re || in0.im != in0.im)" if c in "FD" else "(in0 != in0)"
        loops.append((f"{c}->{c}", f"{isnan} ? {nan_is} : in0", ops[c], _ordered(name, c)))
    return Entry("nan" + name, tuple(loops), name, preamble=ufunc_entry.preamble)


BINARY = {e.name: e for e in UFUNC_TABLE if e.nin == 2 and e.nout == 1}

TABLE = {entry.name: entry for entry in
         [accumulate_entry(e) for e in BINARY.values()]
         + [nan_entry(BINARY["add"]), nan_entry(BINARY["multiply"])]}
