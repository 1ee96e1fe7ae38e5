"""The ufunc table seen from the tests: every entry of cupylike._core._ufunc_table.TABLE, its NumPy
counterpart, and helpers to run a call on both libraries and describe any difference. Used by
test_ufunc_table*.py, which enumerate the table itself so new entries are covered at once."""

import warnings

import numpy

import cupylike
from cupylike._core._ufunc_table import TABLE
from cupylike._core._ufuncs import UFUNCS
from cupylike.testing import same_error
from helpers import ufunc_tolerances
from helpers.layouts import layout_pairs

ENTRIES = list(TABLE)
NAMES = [e.name for e in ENTRIES]
# The fourteen dtypes, as NumPy's type characters: NumPy's loops over any other dtype are not
# ours to have. int64 and uint64 have two characters each ('l'/'q', 'L'/'Q'): loops compare by
# dtype, not by character.
CHARS = "?bBhHiIlLefdFD"
DTYPES = [numpy.dtype(c) for c in CHARS]
# Table entries that are not NumPy ufuncs: NumPy's function with the same behaviour.
FUNCTIONS = {"_where": numpy.where}


def ours(name):
    return UFUNCS[name]


def numpy_ufunc(name):
    """NumPy's ufunc for a table entry (numpy.add; numpy._core.umath.clip for _clip), or None."""
    if not name.startswith("_"):
        f = getattr(numpy, name, None)
        if isinstance(f, numpy.ufunc):
            return f
    f = getattr(numpy._core.umath, name.lstrip("_"), None)
    return f if isinstance(f, numpy.ufunc) else None


def reference(name):
    """What cupylike's entry is compared with: NumPy's ufunc, or its function."""
    return numpy_ufunc(name) or FUNCTIONS.get(name)


def loop_key(sig):
    """'ll->l' as dtype names, so 'll->l' and 'qq->q' are one loop."""
    ins, outs = sig.split("->")
    return (tuple(numpy.dtype(c).name for c in ins), tuple(numpy.dtype(c).name for c in outs))


def loop_dtypes(sig):
    ins, outs = sig.split("->")
    return [numpy.dtype(c) for c in ins], [numpy.dtype(c) for c in outs]


def numpy_loops(ufunc):
    """NumPy's loops of `ufunc` over our dtypes only."""
    names = {d.name for d in DTYPES}
    out = set()
    for sig in ufunc.types:
        key = loop_key(sig) if all(c in CHARS + "qQ" for c in sig.replace("->", "")) else None
        if key and all(n in names for part in key for n in part):
            out.add(key)
    return out


def run(fn, *args, **kwargs):
    """(result, None) or (None, exception), with NumPy's floating-point warnings silenced."""
    try:
        with numpy.errstate(all="ignore"), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return fn(*args, **kwargs), None
    except Exception as e:  # compared with the other library's outcome
        return None, e


def as_tuple(result):
    return result if isinstance(result, tuple) else (result,)


def difference(name, expected, np_error, actual, cp_error, hosts=(), compare_values=True):
    """None when cupylike's outcome matches NumPy's, else a line saying how they differ: both
    raise (cupylike's error an instance of NumPy's public type), or both return outputs of the
    same dtypes (and, with compare_values, values within ufunc_tolerances' bound)."""
    if np_error is not None or cp_error is not None:
        if np_error is not None and cp_error is not None and same_error(cp_error, np_error):
            return None
        return (f"NumPy {'raised ' + repr(np_error) if np_error else 'returned'}, cupylike "
                f"{'raised ' + repr(cp_error) if cp_error else 'returned'}")
    expected, actual = as_tuple(expected), as_tuple(actual)
    if len(expected) != len(actual):
        return f"{len(actual)} outputs, NumPy {len(expected)}"
    for e, a in zip(expected, actual, strict=True):
        e_dtype = numpy.asarray(e).dtype
        if not isinstance(a, cupylike.ndarray):
            return f"cupylike returned {type(a).__name__}, not an ndarray"
        if a.dtype != e_dtype:
            return f"dtype {a.dtype}, NumPy {e_dtype}"
        if compare_values:
            try:
                ufunc_tolerances.assert_matches(name, a, e, list(hosts), reference(name))
            except AssertionError as err:
                return "values differ: " + " ".join(str(err).split())[:300]
    return None


def layout_inputs(name, sig):
    """{layout: (NumPy inputs, cupylike inputs)} for a loop: each input of the loop's dtype in
    the same standard layout (tests/helpers/layouts.py), from different seeds, through the ufunc's
    input hook (ufunc_tolerances.INPUTS)."""
    in_dtypes, _ = loop_dtypes(sig)
    hook = ufunc_tolerances.INPUTS.get(name)
    per_input = []
    for k, dtype in enumerate(in_dtypes):
        values = None if hook is None else (lambda v, k=k: hook(sig, k, v))
        per_input.append({n: (h, d) for n, h, d in layout_pairs(dtype, seed=k, values=values)})
    return {layout: ([p[layout][0] for p in per_input], [p[layout][1] for p in per_input])
            for layout in per_input[0]}
