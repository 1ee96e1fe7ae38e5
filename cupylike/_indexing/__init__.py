"""Indexing routines: nonzero, take, compress, extract; index grids (indices, ix_, ravel and
unravel); placement (put, place, putmask, choose, select, take/put_along_axis)."""
