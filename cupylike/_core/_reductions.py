"""The reduction objects, made from the table (cupylike/_core/_reduction_table.py) at import."""

from cupylike._core import _native
from cupylike._core._reduction_table import TABLE


def _make(entry):
    return _native._make_reduction(
        entry.name, list(entry.loops), entry.preamble, ufunc=entry.ufunc,
        has_identity=entry.has_identity, empty_error=entry.empty_error,
        int_upcast=entry.int_upcast, ordered=entry.ordered)


REDUCTIONS = {entry.name: _make(entry) for entry in TABLE}
