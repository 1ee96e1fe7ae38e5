"""The shape of a table entry and helpers to spell loops."""

from __future__ import annotations

import dataclasses

BOOL = "?"
INTS = "bBhHiIlL"  # int8 uint8 int16 uint16 int32 uint32 int64 uint64
FLOATS = "efd"  # float16 float32 float64
COMPLEX = "FD"  # complex64 complex128
NUMERIC = INTS + FLOATS + COMPLEX


@dataclasses.dataclass(frozen=True)
class Entry:
    """One ufunc: `loops` are (types, op) pairs in NumPy's order (the first loop the inputs
    cast to safely wins); `op` is a CUDA C++ statement reading in0.. and assigning out0..."""

    name: str
    nin: int
    nout: int
    loops: tuple
    doc: str = ""
    aliases: tuple = ()
    preamble: str = ""


def same(chars, op, nin=2, out=None):
    """Loops 'xx->x' for each type char (or 'xx->o' for a fixed output char `out`)."""
    return [(c * nin + "->" + (out or c), op) for c in chars]


def ufunc(name, nin, nout, loops, doc="", aliases=(), preamble=""):
    return Entry(name, nin, nout, tuple(loops), doc, tuple(aliases), preamble)
