"""Sums and products: NumPy's accumulators (integers in int64/uint64 unless dtype= says
otherwise, float16 in float), pairwise for floating types."""

from cupylike._reduction_defs.common import ALL, BOOL, COMPLEX, INTS, loop, reduction


def _loops(op, complex_fn, identity):
    loops = []
    # Narrow integers and bool straight to the 64-bit accumulators NumPy gives them.
    for c in BOOL + INTS:
        wide = "L" if c in "BHIL" else "l"
        if c != wide:
            loops.append(loop(f"{c}->{wide}", wide, f"A({identity})", "in0", f"a {op} b"))
    for c in ALL:
        combine = f"cupylike::{complex_fn}(a, b)" if c in COMPLEX else f"a {op} b"
        loops.append(loop(f"{c}->{c}", c, f"A({identity})", "in0", combine))
    return loops


ENTRIES = [
    reduction("add", _loops("+", "cadd", "0"), "add", int_upcast=True),
    reduction("multiply", _loops("*", "cmul_fma", "1"), "multiply", int_upcast=True),
]
