"""The shape of a reduction table entry and helpers to spell its loops.

A loop (`loop`, the core's ReductionLoopSpec) holds types, acc, identity, map, reduce, post and
vbest, strings of CUDA C++ that the core puts into an operation struct for
kernels/cupylike/reduction.cuh:

- types: 'f->f' (input type, output type), NumPy's type characters;
- acc: the accumulator, a type character ('d') or a C++ type ('cupylike::arg_pair<float>');
  float16 accumulates in float (a type character 'e' means float);
- identity: expression, the accumulator's start (also what an empty slice reduces to);
- map: expression of ``in0`` (the input in its compute type: float for float16) and ``_i``
  (the element's index in its slice; naming it keeps the reduced axes in C order);
- reduce: expression of accumulators ``a`` and ``b``; associative and commutative unless the
  entry is `ordered`;
- post: statement assigning ``out0`` (the output's compute type) from ``a`` and ``_n`` (the
  slice's length);
- vbest: "" or, for argmin/argmax-like loops, the value (of ``a`` and ``b``, compute type) that
  reduce keeps — it lets contiguous slices be searched block by block.
"""

from __future__ import annotations

import dataclasses

from cupylike._core import _native
from cupylike._core._ufunc_defs.common import BOOL, NUMERIC

ALL = BOOL + NUMERIC

# The C++ type of each type character as kernels compute with it (float16 computes in float),
# from the core's one table (csrc/core/dtype.cpp).
COMPUTE = {dtype.char: name for dtype, name in _native._compute_c_types().items()}


@dataclasses.dataclass(frozen=True)
class Entry:
    """One reduction: its loops in the order the core tries them (csrc/ops/reduction.cpp:
    input and output as asked, then input as asked, then the first the input casts to
    safely)."""

    name: str
    loops: tuple
    ufunc: str  # NumPy's name in messages ("add", "maximum")
    has_identity: bool = True  # False: an empty slice is a ValueError, where= needs initial=
    empty_error: str = ""  # that ValueError, when not NumPy's "zero-size array to ..." one
    int_upcast: bool = False  # sum/prod: narrow integers and bool give int64/uint64
    ordered: bool = False  # not associative: a left fold in element order
    preamble: str = ""


def loop(types, acc, identity, map_, reduce, post="out0 = a", vbest=""):
    return _native._ReductionLoop(types=types, acc=acc, identity=identity, map=map_,
                                  reduce=reduce, post=post, vbest=vbest)


def reduction(name, loops, ufunc, **traits):
    return Entry(name, tuple(loops), ufunc, **traits)
