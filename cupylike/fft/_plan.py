"""The plan front-end shared by both devices: one transform step over 1 to 3 axes of an array
becomes one call description in cufftPlanMany's terms (kind, precision, rank and dims, batch,
istride/idist/inembed, ostride/odist/onembed, direction), checked, logged and run by the
facade (csrc/libs/fft.hpp): on cuFFT for a GPU, and for the cpu device on NumPy's pocketfft
(cupylike/fft/_host.py), which this module registers with the facade. Steps are
unnormalised; the caller scales once at the end.

cuFFT's advanced layout reads element (b, x0, x1, x2) of a batch of transforms at
b * idist + ((x0 * inembed[1] + x1) * inembed[2] + x2) * istride. The transformed axes are
moved last (a view); when the view's strides fit that formula (one batch stride, nested
transform strides, all positive) the library reads the array in place, else the step works on
a C-ordered copy of the moved view, which always fits.
"""

import math
from typing import NamedTuple

import numpy

from cupylike._core import _native
from cupylike.fft import _host


class FftCall(NamedTuple):
    """One cufftPlanMany call and its execution (strides and distances in elements)."""

    kind: str  # "c2c", "r2c" (forward, last dim halved on output) or "c2r" (inverse)
    double_precision: bool
    dims: tuple  # logical (real) lengths, 1 to 3
    batch: int
    istride: int
    idist: int
    inembed: tuple
    ostride: int
    odist: int
    onembed: tuple
    direction: int  # -1 forward, +1 inverse


# The facade (csrc/libs/fft.hpp) runs cpu calls on this executor.
_native._set_host_fft(lambda fields, x, y: _host.execute(FftCall(*fields), x, y))


def _layout(shape, strides, itemsize, rank):
    """(batch, stride, dist, embed) reading the array of `shape`/`strides` (bytes) as a batch
    of transforms over its last `rank` axes, or None when cuFFT's layout cannot express it."""
    lens = shape[-rank:]
    if any(n != 1 and s % itemsize for n, s in zip(shape, strides, strict=True)):
        return None
    elems = [s // itemsize for s in strides]
    steps = [0] * rank
    for k in range(rank - 1, -1, -1):
        if lens[k] != 1:
            steps[k] = elems[len(shape) - rank + k]
        else:  # any stride reads a length-1 axis: take the one that nests
            steps[k] = 1 if k == rank - 1 else steps[k + 1] * lens[k + 1]
    if steps[-1] < 1:
        return None
    embed = [lens[0]]
    for k in range(1, rank):
        if steps[k - 1] % steps[k] or steps[k - 1] // steps[k] < lens[k]:
            return None
        embed.append(steps[k - 1] // steps[k])
    outer = [(n, s) for n, s in zip(shape[:-rank], elems[:-rank], strict=True) if n != 1]
    for (_, s0), (n1, s1) in zip(outer[:-1], outer[1:], strict=True):
        if s0 != s1 * n1:
            return None
    dist = outer[-1][1] if outer else steps[0] * lens[0]
    if dist < 1:
        return None
    return math.prod(n for n, _ in outer), steps[-1], dist, tuple(embed)


def _layout_of(a, rank):
    return _layout(a.shape, a.strides, a.itemsize, rank)


def run_step(kind, x, group, out_lens, out_dtype, direction, owned):
    """y = the unnormalised transform of x over the axes `group` (the last one halved for r2c
    and c2r), with output lengths `out_lens` along them. `owned`: x is a temporary of ours,
    which c2r may overwrite (cuFFT's C2R does); otherwise c2r reads a copy."""
    rank = len(group)
    last = tuple(range(x.ndim - rank, x.ndim))
    out_shape = list(x.shape)
    for ax, n in zip(group, out_lens, strict=True):
        out_shape[ax] = n
    y = _native.empty(tuple(out_shape), out_dtype, device=x.device)
    if y.size == 0:
        return y
    xm = _native.moveaxis(x, group, last)
    in_layout = _layout_of(xm, rank)
    if in_layout is None or (kind == "c2r" and not owned):
        xm = xm.copy()
        in_layout = _layout_of(xm, rank)
    ym = _native.moveaxis(y, group, last)
    out_layout = _layout_of(ym, rank)
    if out_layout is None:  # C order does not batch evenly: C order of the moved axes does
        ym = _native.empty(xm.shape[:-rank] + tuple(out_lens), out_dtype, device=x.device)
        y = _native.moveaxis(ym, last, group)
        out_layout = _layout_of(ym, rank)
    batch, istride, idist, inembed = in_layout
    _, ostride, odist, onembed = out_layout
    dims = xm.shape[-rank:] if kind != "c2r" else ym.shape[-rank:]
    single = numpy.dtype(out_dtype) in (numpy.complex64, numpy.float32)
    call = FftCall(kind, not single, tuple(dims), batch, istride, idist, inembed, ostride, odist,
                   onembed, direction)
    _native._fft(xm, ym, *call)
    return y
