"""The cpu device's FFT: a call description (cupylike/fft/_plan.py) run by NumPy's pocketfft
on NumPy views built from the description alone (its strides, distances and embeddings), so
every cpu test also checks the descriptions a GPU hands cuFFT. Unnormalised like cuFFT:
forward transforms with norm="backward", inverse ones with norm="forward"."""

import numpy
from numpy.lib.stride_tricks import as_strided

from cupylike._core import _native


def _view(a, lens, stride, dist, embed, batch):
    """The array at a's memory as (batch, *lens) per cuFFT's advanced layout."""
    base = _native._cpu_view(a)
    steps = [stride]
    for e in reversed(embed[1:]):
        steps.insert(0, steps[0] * e)
    isz = base.itemsize
    return as_strided(base, shape=(batch, *lens), strides=(dist * isz, *(s * isz for s in steps)))


def execute(call, x, y):
    """Runs `call` from x's memory into y's (cpu arrays the facade has checked it against)."""
    dims = list(call.dims)
    half = dims[:-1] + [dims[-1] // 2 + 1]
    in_lens = half if call.kind == "c2r" else dims
    out_lens = half if call.kind == "r2c" else dims
    src = _view(x, in_lens, call.istride, call.idist, call.inembed, call.batch)
    dst = _view(y, out_lens, call.ostride, call.odist, call.onembed, call.batch)
    axes = tuple(range(1, len(dims) + 1))
    if call.kind == "r2c":
        numpy.fft.rfftn(src, axes=axes, norm="backward", out=dst)
    elif call.kind == "c2r":
        numpy.fft.irfftn(src, s=dims, axes=axes, norm="forward", out=dst)
    elif call.direction < 0:
        numpy.fft.fftn(src, axes=axes, norm="backward", out=dst)
    else:
        numpy.fft.ifftn(src, axes=axes, norm="forward", out=dst)
