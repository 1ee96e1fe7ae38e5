"""Sums and products: NumPy's accumulators (integers in int64/uint64 unless dtype= says
otherwise, float16 in float), pairwise for floating types; nansum and nanprod, which count a
NaN as the identity (only inexact types can hold one)."""

from cupylike._core._reduction_defs.common import ALL, loop, reduction
from cupylike._core._ufunc_defs.common import BOOL, COMPLEX, FLOATS, INTS


def _loops(op, complex_fn, identity):
    loops = []
    for c in ALL:
        combine = f"cupylike::{complex_fn}(a, b)" if c in COMPLEX else f"a {op} b"
        loops.append(loop(f"{c}->{c}", c, f"A({identity})", "in0", combine))
    # Narrow integers and bool straight to the 64-bit accumulators NumPy gives them. After the
    # 'c->c' loops: dtype=int8 asks for the 'b->b' loop (the core takes the first loop whose
    # input is the dtype asked for).
    for c in BOOL + INTS:
        wide = "L" if c in "BHIL" else "l"
        if c != wide:
            loops.append(loop(f"{c}->{wide}", wide, f"A({identity})", "in0", f"a {op} b"))
    return loops


def _nan_loops(op, complex_fn, identity):
    loops = []
    for c in FLOATS + COMPLEX:
        combine = f"cupylike::{complex_fn}(a, b)" if c in COMPLEX else f"a {op} b"
        loops.append(loop(f"{c}->{c}", c, f"A({identity})",
                          f"cupylike::red_nan_as(in0, {identity})", combine))
    return loops


ENTRIES = [
    reduction("add", _loops("+", "cadd", "0"), "add", int_upcast=True),
    reduction("multiply", _loops("*", "cmul_fma", "1"), "multiply", int_upcast=True),
    reduction("nan_add", _nan_loops("+", "cadd", "0"), "add"),
    reduction("nan_multiply", _nan_loops("*", "cmul_fma", "1"), "multiply"),
]
