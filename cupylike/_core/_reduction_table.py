"""The reduction table: one entry per reduction kernel, joined from
cupylike/_core/_reduction_defs/.

The public functions (sum, max, ... in cupylike/_math/_sumprod.py, all and any in _logic/,
argmax, argmin and count_nonzero in _sorting/, mean, var and the nan* functions in
_statistics/) call these, alone or combined; ufunc.reduce uses the entries named after ufuncs
(sums.py's add and multiply, and the ones ufunc_reduce.py generates from the ufunc table).
"""

from cupylike._core._reduction_defs import extrema, stats, sums, ufunc_reduce

TABLE = [entry for part in (sums, extrema, stats, ufunc_reduce) for entry in part.ENTRIES]
