"""The reduction table: one entry per reduction kernel, joined from cupylike/_reduction_defs/.

The public functions (cupylike/_reduction_api.py) call these, alone or combined (mean, var,
nan* functions); ufunc.reduce uses the entries named after ufuncs.
"""

from cupylike._reduction_defs import sums

TABLE = [entry for part in (sums,) for entry in part.ENTRIES]
