"""The fuzzer's calls of array routines (see fuzz_calls.py): indexing and assignment, shape
operations, sorting and selection, astype, products, FFTs and linear algebra."""

import numpy

from helpers.fuzz_arrays import DTYPES, NUMERIC, ArraySpec, random_array, random_shape
from helpers.fuzz_call_args import (
    CASTINGS,
    Call,
    broadcastable_shape,
    cast_tags,
    draw_axis,
    draw_dtype,
    unsupported_tags,
)


def _index_key(rng, shape):
    parts = []
    for d in shape:
        r = rng.random()
        if r < 0.3:
            parts.append(int(rng.integers(-d - 1, d + 1)) if d else 0)
        elif r < 0.6:
            parts.append(slice(*(int(v) if rng.random() < 0.7 else None
                                 for v in rng.integers(-d - 2, d + 2, size=2)),
                               rng.choice([None, 1, 2, -1, -2, 0])))
        elif r < 0.75:
            parts.append(numpy.asarray(rng.integers(-d - 1, d + 1, size=int(rng.integers(0, 4)))))
        elif r < 0.85:
            parts.append(numpy.asarray(rng.random(d) < 0.5))
        elif r < 0.9:
            parts.append(None)
        else:
            parts.append(Ellipsis)
    if rng.random() < 0.1:
        parts.append(0)  # one index too many
    if rng.random() < 0.05:
        parts = [1.5]
    return tuple(parts) if rng.random() < 0.8 or not parts else parts[0]


def _device_key(xp, key):
    """Index arrays of the key moved to xp (NumPy arrays in a cupylike key are host data)."""
    if isinstance(key, tuple):
        return tuple(_device_key(xp, k) for k in key)
    if isinstance(key, numpy.ndarray):
        return xp.asarray(key)
    return key


def gen_getitem(rng):
    x = random_array(rng)
    key = _index_key(rng, x.expected_shape())
    return Call("getitem", lambda xp, a, k: a[_device_key(xp, k)], (x, key))


def gen_setitem(rng):
    x = random_array(rng, layouts=False)
    key = _index_key(rng, x.expected_shape())
    try:
        target = numpy.empty(x.expected_shape())[key].shape
    except Exception:  # an invalid key: any value, the call fails anyway
        target = ()
    if rng.random() < 0.3:
        value = rng.choice([1, -2.5, numpy.nan, 2**40, True])
    else:
        shape = broadcastable_shape(rng, target)
        value = random_array(rng, DTYPES[rng.integers(len(DTYPES))], shape)
    # Repeated indices need no tag: the last write wins, as NumPy's (tests/test_scatter_order.py).
    tags = cast_tags([value] if isinstance(value, ArraySpec) else [], x.dtype)
    if not isinstance(value, ArraySpec):
        tags |= {"float-to-int-cast"} if x.dtype.kind in "biu" else set()

    def setitem(xp, a, k, v):
        a[_device_key(xp, k)] = v
        return a

    return Call("setitem", setitem, (x, key, value), tags=tags)


def gen_shape_op(rng):
    x = random_array(rng)
    shape = x.expected_shape()
    ndim = len(shape)
    kind = rng.choice(["reshape", "transpose", "squeeze", "expand_dims", "swapaxes", "moveaxis",
                       "ravel", "flip", "concatenate", "stack", "split", "broadcast_to"])
    if kind == "reshape":
        new = list(shape)
        rng.shuffle(new)
        if rng.random() < 0.3:
            new = new + [1]
        if rng.random() < 0.3 and new:
            new[0] = -1
        if rng.random() < 0.1:
            new = [-1, -1]
        if rng.random() < 0.1:
            new = [int(rng.integers(0, 30))]
        return Call("reshape", lambda xp, a, s, o: xp.reshape(a, s, order=o),
                    (x, tuple(new), rng.choice(["C", "F", "A", "K"])))
    if kind == "transpose":
        axes = None if rng.random() < 0.3 else tuple(int(a) for a in rng.permutation(ndim))
        if axes and rng.random() < 0.2:
            axes = axes[:-1]
        return Call("transpose", lambda xp, a, ax: xp.transpose(a, ax), (x, axes))
    if kind == "squeeze":
        return Call("squeeze", lambda xp, a, ax: xp.squeeze(a, axis=ax), (x, draw_axis(rng, ndim)))
    if kind == "expand_dims":
        return Call("expand_dims", lambda xp, a, ax: xp.expand_dims(a, ax),
                    (x, draw_axis(rng, ndim + 1) or 0))
    if kind in ("swapaxes", "moveaxis"):
        a1, a2 = (int(v) for v in rng.integers(-ndim - 1, ndim + 1, size=2))
        return Call(kind, lambda xp, a, i, j, k=kind: getattr(xp, k)(a, i, j), (x, a1, a2))
    if kind == "ravel":
        return Call("ravel", lambda xp, a, o: xp.ravel(a, order=o),
                    (x, rng.choice(["C", "F", "A", "K"])))
    if kind == "flip":
        return Call("flip", lambda xp, a, ax: xp.flip(a, ax), (x, draw_axis(rng, ndim)))
    if kind == "broadcast_to":
        target = (broadcastable_shape(rng, shape)[::-1] + shape if rng.random() < 0.5
                  else shape[::-1])
        if rng.random() < 0.05:
            target = (2**40, 2**40)
        tags = {"overflowing-size"} if target == (2**40, 2**40) else set()
        return Call("broadcast_to", lambda xp, a, s: xp.broadcast_to(a, s), (x, target),
                    tags=tags)
    if kind in ("concatenate", "stack"):
        others = [random_array(rng, x.dtype if rng.random() < 0.7 else None,
                               shape if rng.random() < 0.8 else random_shape(rng))
                  for _ in range(int(rng.integers(0, 3)))]
        axis = draw_axis(rng, ndim + (kind == "stack"), tuples=False)
        return Call(kind, lambda xp, arrs, ax, k=kind: getattr(xp, k)(arrs, axis=ax),
                    ([x, *others], axis))
    points = numpy.sort(rng.integers(-2, 7, size=int(rng.integers(0, 4))))
    sections = int(rng.integers(-1, 5)) if rng.random() < 0.5 else [int(v) for v in points]
    return Call("split", lambda xp, a, s, ax: xp.split(a, s, axis=ax),
                (x, sections, draw_axis(rng, ndim, tuples=False) or 0))


def _signed_zeros(spec):
    """{"signed-zeros"} if the array holds zeros of both signs (in a real or imaginary part)."""
    if spec.dtype.kind not in "fc":
        return set()
    parts = [spec.host.real, spec.host.imag] if spec.dtype.kind == "c" else [spec.host]
    zeros = numpy.concatenate([p[p == 0].ravel() for p in parts])
    signs = numpy.signbit(zeros)
    return {"signed-zeros"} if signs.any() and not signs.all() else set()


def gen_sorting(rng):
    kind = rng.choice(["sort", "argsort", "unique", "searchsorted"])
    x = random_array(rng, draw_dtype(rng, bad=0.0))
    ndim = len(x.expected_shape())
    if kind in ("sort", "argsort"):
        axis = draw_axis(rng, ndim, tuples=False) if rng.random() < 0.7 else -1
        return Call(kind, lambda xp, a, ax, k=kind: getattr(xp, k)(a, axis=ax, kind="stable"),
                    (x, axis), tags=_signed_zeros(x))
    if kind == "unique":
        flags = {k: bool(rng.random() < 0.5) for k in ("return_index", "return_inverse",
                                                        "return_counts")}
        return Call("unique", lambda xp, a, **kw: xp.unique(a, **kw), (x,), flags,
                    tags=_signed_zeros(x))
    a = random_array(rng, x.dtype, (int(rng.integers(0, 8)),), layouts=False)
    a.host = numpy.sort(a.host)
    v = random_array(rng, draw_dtype(rng, bad=0.0)) if rng.random() < 0.8 else 1.5
    return Call("searchsorted", lambda xp, a, v, s: xp.searchsorted(a, v, side=s),
                (a, v, rng.choice(["left", "right", "middle"])))


def gen_selection(rng):
    kind = rng.choice(["where", "where1", "clip", "round"])
    x = random_array(rng)
    shape = x.expected_shape()
    if kind == "where":
        cond = random_array(rng, numpy.bool_ if rng.random() < 0.8 else None,
                            broadcastable_shape(rng, shape))
        y = random_array(rng, shape=broadcastable_shape(rng, shape))
        return Call("where", lambda xp, c, a, b: xp.where(c, a, b), (cond, x, y))
    if kind == "where1":
        return Call("where", lambda xp, c: xp.where(c), (x,))
    if kind == "clip":
        lo = rng.choice([None, -1, 0.5, numpy.nan]) if rng.random() < 0.7 else random_array(
            rng, shape=broadcastable_shape(rng, shape))
        hi = rng.choice([None, 2, 3.5]) if rng.random() < 0.7 else random_array(
            rng, shape=broadcastable_shape(rng, shape))
        tags = cast_tags([lo, hi], x.dtype)
        arrays = [s for s in (x, lo, hi) if isinstance(s, ArraySpec)]
        if len(arrays) > 1 and numpy.result_type(*(s.dtype for s in arrays)).kind == "f":
            tags.add("clip-zero-tie")
        return Call("clip", lambda xp, a, lo, hi: xp.clip(a, lo, hi), (x, lo, hi), tags=tags)
    decimals = int(rng.integers(-3, 4))
    tags = set()
    if x.dtype.kind in "iu" and decimals < 0:
        # Rounding near the type's limits overflows through float64: a float-to-int cast.
        info = numpy.iinfo(x.dtype)
        near = 10 ** -decimals
        if numpy.any((x.host > int(info.max) - near) | (x.host < int(info.min) + near)):
            tags.add("float-to-int-cast")
    return Call("round", lambda xp, a, d: xp.round(a, d), (x, decimals), check="ufunc",
                tags=tags)


def gen_astype(rng):
    x = random_array(rng)
    dtype = draw_dtype(rng)
    casting = CASTINGS[rng.integers(len(CASTINGS))] if rng.random() < 0.3 else "unsafe"
    return Call("astype", lambda xp, a, d, c: a.astype(d, casting=c), (x, dtype, casting),
                tags=cast_tags([x], dtype) | unsupported_tags(dtype))


def gen_product(rng):
    kind = rng.choice(["matmul", "dot"])
    dtype = draw_dtype(rng, bad=0.0)
    a = random_array(rng, dtype, random_shape(rng, max_ndim=3), tame=True)
    sa = a.expected_shape()
    if rng.random() < 0.8 and sa:
        sb = (sa[-1], int(rng.integers(0, 5))) if rng.random() < 0.7 else (sa[-1],)
    else:
        sb = random_shape(rng, max_ndim=3)
    b = random_array(rng, draw_dtype(rng, bad=0.0) if rng.random() < 0.3 else dtype, sb, tame=True)
    complex_inf = (numpy.result_type(a.dtype, b.dtype).kind == "c"
                   and not all(numpy.isfinite(s.host).all() for s in (a, b)))
    tags = {"complex-blas-inf"} if complex_inf else set()
    scale = float(max(numpy.max(numpy.abs(s.host[numpy.isfinite(s.host)]), initial=1.0)
                      for s in (a, b)))
    return Call(kind, lambda xp, x, y, k=kind: getattr(xp, k)(x, y), (a, b), check="close",
                tags=tags, scale=scale**2 * 8)


def gen_fft(rng):
    kind = rng.choice(["fft", "ifft", "rfft"])
    x = random_array(rng, draw_dtype(rng, NUMERIC + [numpy.dtype(bool)], bad=0.0), tame=True)
    ndim = len(x.expected_shape())
    n = None if rng.random() < 0.6 else int(rng.integers(-1, 9))
    axis = draw_axis(rng, ndim, tuples=False) if rng.random() < 0.5 else -1
    norm = rng.choice([None, "ortho", "forward", "backward", "bogus"])
    scale = float(numpy.max(numpy.abs(x.host[numpy.isfinite(x.host)]), initial=1.0)) * 8
    return Call(f"fft.{kind}", lambda xp, a, n, ax, nm, k=kind: getattr(xp.fft, k)(
        a, n=n, axis=ax, norm=nm), (x, n, axis, norm), check="close", scale=scale)


def gen_linalg(rng):
    kind = rng.choice(["inv", "det", "solve", "norm"])
    n = int(rng.integers(0, 4))
    batch = random_shape(rng, max_ndim=1, max_dim=3)
    shape = batch + (n, n) if rng.random() < 0.9 else random_shape(rng)
    dtype = draw_dtype(rng, NUMERIC, bad=0.0) if rng.random() < 0.9 else numpy.bool_
    a = random_array(rng, dtype, shape, tame=True)
    scale = float(numpy.max(numpy.abs(a.host[numpy.isfinite(a.host)]), initial=1.0))
    # Values of nearly singular systems depend on rounding: compare them only where the
    # condition number keeps the rounding differences small.
    with numpy.errstate(all="ignore"):
        try:
            cond = float(numpy.max(numpy.linalg.cond(a.build(numpy).astype(numpy.complex128))))
        except Exception:  # not square, empty or not finite: the call fails or has no values
            cond = numpy.inf
    # With NaN or inf in the matrix the values depend on LAPACK's algorithm (NumPy's too).
    check = "close" if numpy.isfinite(cond) and cond < 1e3 else "shape"
    scale *= max(cond, 1.0) ** 2
    if kind == "solve":
        b = random_array(rng, dtype, shape[:-1] if rng.random() < 0.5 else shape, tame=True)
        if not numpy.isfinite(b.host).all():
            check = "shape"
        return Call("linalg.solve", lambda xp, x, y: xp.linalg.solve(x, y), (a, b),
                    check=check, tags={"singular"}, scale=scale)
    if kind == "norm":
        ord_ = rng.choice([None, 1, 2, numpy.inf, "fro", "nuc", -1, 3])
        axis = draw_axis(rng, len(shape), tuples=False) if rng.random() < 0.3 else None
        return Call("linalg.norm", lambda xp, x, o, ax: xp.linalg.norm(x, o, ax),
                    (a, ord_, axis), check="close", scale=scale * 16)
    return Call(f"linalg.{kind}", lambda xp, x, k=kind: getattr(xp.linalg, k)(x), (a,),
                check=check, tags={"singular"}, scale=scale)
