"""Reductions behind count_nonzero and var/std (cupylike/_statistics/_meanvar.py).

count_nonzero reads every type and counts in int64, as NumPy's intp. abs2_add is the sum of
squared magnitudes that var and std take of the deviations from the mean: NumPy squares the
deviations (complex: each part) and sums them, so its accumulator is the real type of the input,
float16 in float as sum's.
"""

from cupylike._core._reduction_defs.common import ALL, loop, reduction

_COUNT = [loop(f"{c}->l", "l", "A(0)", "A(cupylike::cast<bool>(in0))", "a + b") for c in ALL]

_ABS2 = [
    loop(f"{c}->{r}", r, "A(0)", "cupylike::red_abs2(in0)", "a + b")
    for c, r in (("e", "e"), ("f", "f"), ("d", "d"), ("F", "f"), ("D", "d"))
]

ENTRIES = [
    reduction("count_nonzero", _COUNT, "add"),
    reduction("abs2_add", _ABS2, "add"),
]
