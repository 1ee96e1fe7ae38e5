"""The shape of a table entry and helpers to spell loops."""

from __future__ import annotations

import dataclasses

BOOL = "?"
INTS = "bBhHiIlL"  # int8 uint8 int16 uint16 int32 uint32 int64 uint64
SIGNED = "bhil"
UNSIGNED = "BHIL"
FLOATS = "efd"  # float16 float32 float64
COMPLEX = "FD"  # complex64 complex128
NUMERIC = INTS + FLOATS + COMPLEX

# The preamble of ufuncs with loops calling the complex functions of
# kernels/cupylike/ufunc/complex_math.cuh (cexp, clog, ..., cpow): the C library's on the cpu
# device, our own on a GPU (complex_elementary.cuh, complex_inverse.cuh). Not part of
# ufunc_math.cuh, as only these ufuncs need them; including them costs NVRTC about 15 ms per
# module (measured; <cuda/std/complex>, used before, cost 0.5 to 2 s), and the code of the
# functions a family calls 0.2 s (exp) to 1.2 s (power) more for its complex64 and complex128
# loops together.
COMPLEX_MATH = "#include <cupylike/ufunc/complex_math.cuh>"


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
    # NumPy's value- and type-dependent rules on top of loop selection (its type resolvers and
    # special loops), applied by the C++ loop selection (csrc/ops/ufunc.cpp):
    bool_error: str = ""  # TypeError message when every input is bool (subtract, negative)
    # What a Python int beyond its loop's integer type does instead of OverflowError:
    # "compare" (comparisons: by value), "value" (true_divide: as float64), "int64" (logical
    # ufuncs: OverflowError only beyond int64). See WeakIntRule in csrc/ops/ufunc.hpp.
    weak_ints: str = ""
    legacy_scalars: bool = False  # ldexp: a Python int matches any numeric loop type
    negative_exponent_error: bool = False  # power: a negative scalar int exponent: ValueError
    # true_divide: its integer loops stand for NumPy's float64 loop (its type resolver's choice
    # for integer inputs), so casting= judges casts to float64 ('equiv' refuses int16).
    ints_as_float64: bool = False
    # What reductions and scans may do with a binary ufunc, one fact each, as NumPy's
    # generate_umath.py keeps them in the ufunc's entry:
    identity: object = None  # NumPy's ufunc.identity: an empty reduction's value, or None
    reorderable: bool = False  # NumPy's: reduce may take several axes at once, in any order
    # The 'TT->T' loops may be regrouped (a scan chunks them); every such op is commutative too.
    associative: bool = False


def same(chars, op, nin=2, out=None):
    """Loops 'xx->x' for each type char (or 'xx->o' for a fixed output char `out`)."""
    return [(c * nin + "->" + (out or c), op) for c in chars]


def typed(sigs, op):
    """The loops `sigs` ('fi->f', ...), all running `op`."""
    return [(sig, op) for sig in sigs]


def ufunc(name, nin, nout, loops, doc="", aliases=(), preamble="", **rules):
    return Entry(name, nin, nout, tuple(loops), doc, tuple(aliases), preamble, **rules)
