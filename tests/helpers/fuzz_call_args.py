"""The fuzzer's Call (a library function with its arguments, run the same way with NumPy and
cupylike) and the drawing of the arguments that many calls share: dtypes (sometimes ones that
cupylike arrays cannot have), axes (often out of range), shapes, and the tags that name the
situations where NumPy's result is undefined or unsupported."""

import numpy

from helpers.fuzz_arrays import DTYPES, ArraySpec, random_shape

BAD_DTYPES = ["S3", object, "M8[s]", "int128", "U2", "V4"]
CASTINGS = ["no", "equiv", "safe", "same_kind", "unsafe", "bogus"]


class Call:
    def __init__(self, name, fn, args=(), kwargs=None, *, check="exact", tags=(), scale=1.0,
                 mutates=None):
        self.name = name
        self.fn = fn                  # fn(xp, *built args, **built kwargs)
        self.args = args
        self.kwargs = kwargs or {}
        self.check = check
        self.tags = set(tags)
        self.scale = scale            # magnitude of the inputs, for "close" comparisons
        self.mutates = mutates        # index of the argument whose final value is compared
        self.where = None             # a ufunc's where= without out=: compare only there
        self.loop_dtype = None        # the dtype a ufunc computes in, where NumPy has a loop

    def __repr__(self):
        return f"{self.name}(*{self.args!r}, **{self.kwargs!r}) tags={sorted(self.tags)}"


def draw_dtype(rng, pool=DTYPES, bad=0.1):
    if rng.random() < bad:
        return BAD_DTYPES[rng.integers(len(BAD_DTYPES))]
    return pool[rng.integers(len(pool))]


def draw_axis(rng, ndim, *, tuples=True):
    r = rng.random()
    if r < 0.2:
        return None
    if r < 0.3:
        return int(rng.integers(-ndim - 2, ndim + 2))  # often out of range
    if tuples and r < 0.45 and ndim:
        k = int(rng.integers(0, ndim + 1))
        axes = [int(a) for a in rng.choice(ndim, size=k, replace=False)]
        if rng.random() < 0.2 and axes:
            axes.append(axes[0] - ndim)  # a repeated axis
        return tuple(axes)
    if r < 0.5:
        return 1.5 if rng.random() < 0.5 else "0"
    return int(rng.integers(-ndim, ndim)) if ndim else 0


def cast_tags(specs, *targets):
    """{"float-to-int-cast"} when NaN, inf or out-of-range floats (negative ones for unsigned
    types) may be cast to one of the integer `targets`: C leaves those casts undefined."""
    kinds = {numpy.dtype(t).kind for t in targets if t is not None and is_valid_dtype(t)}
    if not kinds & set("iu"):
        return set()
    for spec in specs:
        host = spec.host if isinstance(spec, ArraySpec) else spec
        if isinstance(host, (float, complex, numpy.inexact)):
            host = numpy.asarray(host)
        if isinstance(host, numpy.ndarray) and host.dtype.kind in "fc":
            values = host.astype(numpy.complex128)
            if (not numpy.all(numpy.isfinite(values)) or numpy.any(abs(values) > 2**31)
                    or ("u" in kinds and numpy.any(values.real < 0))):
                return {"float-to-int-cast"}
    return set()


def unsupported_tags(*dtypes):
    """{"unsupported-dtype"} if one of `dtypes` is a NumPy dtype that cupylike arrays cannot
    have (object, strings, void, datetimes)."""
    for dtype in dtypes:
        if dtype is not None and is_valid_dtype(dtype) and numpy.dtype(dtype).kind in "OSUVMm":
            return {"unsupported-dtype"}
    return set()


def is_valid_dtype(dtype):
    try:
        numpy.dtype(dtype)
    except TypeError:
        return False
    return True


def draw_shape_arg(rng):
    r = rng.random()
    if r < 0.1:
        return -1
    if r < 0.15:
        return (2, -3)
    if r < 0.2:
        return 2.0
    if r < 0.25:
        return (2**31, 2**31, 0)
    return random_shape(rng)


def broadcastable_shape(rng, shape):
    """A shape that broadcasts with `shape` (usually) or does not (sometimes)."""
    if rng.random() < 0.1:
        return random_shape(rng)
    k = int(rng.integers(0, len(shape) + 1))
    tail = shape[len(shape) - k:]
    return tuple(1 if rng.random() < 0.3 else d for d in tail)
