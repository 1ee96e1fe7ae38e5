"""The ufunc objects, made from the table (cupylike/_core/_ufunc_table.py) at import."""

from cupylike._core import _native
from cupylike._core._ufunc_table import TABLE

# The operators of cupylike.ndarray and the ufuncs they call.
OPERATORS = {
    "add": "add", "sub": "subtract", "mul": "multiply", "truediv": "true_divide",
    "floordiv": "floor_divide", "mod": "remainder", "divmod": "divmod", "pow": "power",
    "lshift": "left_shift", "rshift": "right_shift", "and": "bitwise_and", "or": "bitwise_or",
    "xor": "bitwise_xor", "eq": "equal", "ne": "not_equal", "lt": "less", "le": "less_equal",
    "gt": "greater", "ge": "greater_equal", "neg": "negative", "pos": "positive",
    "abs": "absolute", "invert": "invert",
    # NumPy's `array ** -1`, `** 2` and `** 0.5` (ops/ufunc.hpp's power_shortcut)
    "reciprocal": "reciprocal", "square": "square", "sqrt": "sqrt",
}


def _make(entry):
    loops = [(types, op) for types, op in entry.loops]
    return _native._make_ufunc(entry.name, entry.nin, entry.nout, loops, entry.preamble, entry.doc,
                             bool_error=entry.bool_error, weak_ints=entry.weak_ints,
                             legacy_scalars=entry.legacy_scalars,
                             ints_as_float64=entry.ints_as_float64,
                             negative_exponent_error=entry.negative_exponent_error)


UFUNCS = {}
for _entry in TABLE:
    UFUNCS[_entry.name] = _make(_entry)
    for _alias in _entry.aliases:
        UFUNCS[_alias] = UFUNCS[_entry.name]

_native._set_operator_ufuncs({op: UFUNCS[name] for op, name in OPERATORS.items() if name in UFUNCS})
