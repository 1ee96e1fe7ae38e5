"""The reduction table: one entry per reduction kernel, joined from cupylike/_reduction_defs/.

The public functions (cupylike/_reduction_api.py) call these, alone or combined (mean, var,
nan* functions); ufunc.reduce uses the entries named after ufuncs (sums.py's add and multiply,
and the ones ufunc_reduce.py generates from the ufunc table).
"""

from cupylike._reduction_defs import extrema, stats, sums, ufunc_reduce

TABLE = [entry for part in (sums, extrema, stats, ufunc_reduce) for entry in part.ENTRIES]
