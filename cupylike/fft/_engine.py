"""The transforms as sequences of steps (cupylike/fft/_plan.py): complex n-d transforms in
groups of up to 3 axes per call (cuFFT's most), real ones with their halved axis in the first
(r2c) or last (c2r) call. Each step crops or zero-pads its axes first, as NumPy's n and s ask.
Axes repeated in `axes` are transformed again, one at a time in NumPy's order. The
normalisation is one multiply at the end, skipped when its factor is 1."""

import numpy

from cupylike._core import _native
from cupylike._core._ufuncs import UFUNCS
from cupylike.fft import _args
from cupylike.fft._plan import run_step

_multiply = UFUNCS["multiply"]
_conjugate = UFUNCS["conjugate"]


def _resize(x, axes, lens, dtype):
    """x cropped to `lens` along `axes` (a view), cast to `dtype`, then zero-padded to `lens`
    (casting before padding keeps the padding in the few complex and float kernels); and
    whether the result is a new array."""
    crop = [slice(None)] * x.ndim
    shape = list(x.shape)
    for ax, n in zip(axes, lens, strict=True):
        crop[ax] = slice(0, min(n, x.shape[ax]))
        shape[ax] = n
    cropped = x[tuple(crop)] if tuple(shape) != x.shape else x
    cast = cropped.astype(dtype, copy=False)
    if cast.shape == tuple(shape):
        return cast, cast is not cropped
    padded = _native.zeros(tuple(shape), dtype, device=x.device)
    padded[tuple(slice(0, n) for n in cast.shape)] = cast
    return padded, True


def _groups(axes, sizes):
    """(axes, sizes) per call: chunks of up to 3 from the end when the axes are distinct, else
    one axis per call, last first (NumPy's order)."""
    if len(set(axes)) == len(axes):
        return [(axes[max(0, hi - 3):hi], sizes[max(0, hi - 3):hi])
                for hi in range(len(axes), 0, -3)]
    return [([ax], [n]) for ax, n in zip(reversed(axes), reversed(sizes), strict=True)]


def _stage(x, kind, group, lens, direction, owned):
    """One call over `group` (logical lengths `lens`, the last axis halved for r2c/c2r)."""
    half = lens[-1] // 2 + 1
    in_lens = list(lens[:-1]) + [half] if kind == "c2r" else list(lens)
    out_lens = list(lens[:-1]) + [half] if kind == "r2c" else list(lens)
    dtype = _args.real_dtype(x.dtype) if kind == "r2c" else _args.complex_dtype(x.dtype)
    cast, new = _resize(x, group, in_lens, dtype)
    owned = owned or new
    # Complex axes in memory order (outermost first) so C-ordered data needs no copy; a real
    # transform's halved axis stays last.
    free = len(group) if kind == "c2c" else len(group) - 1
    order = sorted(range(free), key=lambda i: -abs(cast.strides[group[i]]))
    order += list(range(free, len(group)))
    out_dtype = _args.real_dtype(dtype) if kind == "c2r" else _args.complex_dtype(dtype)
    return run_step(kind, cast, [group[i] for i in order], [out_lens[i] for i in order],
                    out_dtype, direction, owned)


def _half_first(a, index):
    """NumPy scales its first 1-d step on float16 input (sizes[index]) in float16."""
    return index if a.dtype == numpy.float16 else None


def _scaled(x, norm, sizes, forward, half_first=None):
    factor = _args.scale(norm, sizes, forward, half_first)
    if factor == 1:
        return x
    # pocketfft scales each part by the real factor; a complex multiply would add inf * 0
    # (a NaN) to the other part of an infinite element. Both parts in one pass when they
    # interleave in memory (the transforms' own outputs).
    parts = (x,)
    if x.dtype.kind == "c":
        real = numpy.dtype(x.dtype.char.lower())
        parts = (x.view(real),) if x.strides[-1] == x.itemsize else (x.real, x.imag)
    for part in parts:
        _multiply(part, factor, out=part)
    return x


def store(x, out, name):
    """x, or x written into `out` (NumPy's checks: shape, then same-kind casting)."""
    if out is None:
        return x
    if not isinstance(out, _native.ndarray):
        raise TypeError(f"{name}: out must be a cupylike.ndarray, not {type(out).__name__}")
    if out.shape != x.shape:
        raise ValueError("output array has wrong shape.")
    if not numpy.can_cast(x.dtype, out.dtype, "same_kind"):
        raise TypeError(f"Cannot cast ufunc '{name}' output from {x.dtype!r} to {out.dtype!r} "
                        "with casting rule 'same_kind'")
    out[...] = x
    return out


def c2c(a, sizes, axes, forward, norm):
    """fftn/ifftn of `a` (any dtype) over `axes` with lengths `sizes`."""
    direction = -1 if forward else 1
    x, owned = a, False
    for group, lens in _groups(axes, sizes):
        x, owned = _stage(x, "c2c", group, lens, direction, owned), True
    return _scaled(x, norm, sizes, forward, _half_first(a, len(sizes) - 1))


def r2c(a, sizes, axes, norm, forward=True):
    """rfftn of real `a`: the last axis halved; `forward` False scales as an inverse (ihfft)."""
    if a.dtype.kind == "c":
        raise TypeError(f"ufunc 'rfft' not supported for the input types ({a.dtype}): the "
                        "input of a real transform must be real")
    if not axes:
        raise IndexError("a real transform needs at least one axis")
    if len(set(axes)) == len(axes):  # the r2c call takes up to 2 more axes
        first, rest = (axes[-3:], sizes[-3:]), _groups(axes[:-3], sizes[:-3])
    else:
        first, rest = ([axes[-1]], [sizes[-1]]), _groups(axes[:-1], sizes[:-1])
    x = _stage(a, "r2c", first[0], first[1], -1, False)
    for group, lens in rest:
        x = _stage(x, "c2c", group, lens, -1, True)
    return _scaled(x, norm, sizes, forward, _half_first(a, len(sizes) - 1))


def c2r(a, sizes, axes, norm, forward=False, owned=False, source=None):
    """irfftn of `a` (made complex): the last axis's output length sizes[-1]; `forward` True
    scales as a forward transform (hfft). `owned`: a is a temporary c2r may overwrite, made
    from the user's array `source` (whose dtype decides NumPy's float16 scaling)."""
    if not axes:
        raise IndexError("a real transform needs at least one axis")
    if len(set(axes)) == len(axes):  # the c2r call takes up to 2 more axes
        pre, last = _groups(axes[:-3], sizes[:-3]), (axes[-3:], sizes[-3:])
    else:  # NumPy's order: the other axes first to last, then the halved one
        pre = [([ax], [n]) for ax, n in zip(axes[:-1], sizes[:-1], strict=True)]
        last = ([axes[-1]], [sizes[-1]])
    x = a
    for group, lens in pre:
        x, owned = _stage(x, "c2c", group, lens, 1, owned), True
    x = _stage(x, "c2r", last[0], last[1], 1, owned)
    return _scaled(x, norm, sizes, forward, _half_first(a if source is None else source, 0))


def conjugate_copy(a):
    """A new complex array holding conj(a) (hfft's input, which c2r may then overwrite)."""
    return _conjugate(a.astype(_args.complex_dtype(a.dtype), copy=False))


def conjugate_in_place(x):
    return _conjugate(x, out=x)
