"""The differential fuzzer's calls: each generator draws one call of a library function with
random, often invalid arguments, as a Call that runs the same way with NumPy and cupylike.

A Call says how its results compare (`check`: "exact", "ufunc" for a ufunc's ULP bounds,
"close" for reassociated sums and vendor libraries, "shape" where values are undefined) and
carries tags that name the special situations it contains (a NaN cast to an integer, ...):
tests/fuzz_compare.py accepts a difference only where a tag of the call is listed for it."""

import numpy
from fuzz_arrays import DTYPES, NUMERIC, ArraySpec, random_array, random_shape

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


def _dtype(rng, pool=DTYPES, bad=0.1):
    if rng.random() < bad:
        return BAD_DTYPES[rng.integers(len(BAD_DTYPES))]
    return pool[rng.integers(len(pool))]


def _axis(rng, ndim, *, tuples=True):
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


def _cast_tags(specs, *targets):
    """{"float-to-int-cast"} when NaN, inf or out-of-range floats (negative ones for unsigned
    types) may be cast to one of the integer `targets`: C leaves those casts undefined."""
    kinds = {numpy.dtype(t).kind for t in targets if t is not None and _valid(t)}
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


def _unsupported(*dtypes):
    """{"unsupported-dtype"} if one of `dtypes` is a NumPy dtype that cupylike arrays cannot
    have (object, strings, void, datetimes)."""
    for dtype in dtypes:
        if dtype is not None and _valid(dtype) and numpy.dtype(dtype).kind in "OSUVMm":
            return {"unsupported-dtype"}
    return set()


def _valid(dtype):
    try:
        numpy.dtype(dtype)
    except TypeError:
        return False
    return True


def _shape_arg(rng):
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


def gen_creation(rng):
    shape = _shape_arg(rng)
    dtype = _dtype(rng)
    kind = rng.choice(["zeros", "ones", "empty", "full", "eye", "arange", "linspace"])
    tags = {"overflowing-size"} if shape == (2**31, 2**31, 0) else set()
    if kind == "full":
        fill = rng.choice([1.5, -1, 2**70, numpy.nan, True, 3 + 4j])
        tags |= {"float-to-int-cast"} if not isinstance(fill, bool) else set()
        return Call("full", lambda xp, s, v, d: xp.full(s, v, dtype=d), (shape, fill, dtype),
                    tags=tags | _unsupported(dtype))
    if kind == "eye":
        n, m, k = (int(rng.integers(-1, 5)) for _ in range(3))
        return Call("eye", lambda xp, *a: xp.eye(*a[:3], dtype=a[3]), (n, m, k, dtype),
                    tags=_unsupported(dtype))
    if kind == "arange":
        start, stop = (float(v) if rng.random() < 0.3 else int(v)
                       for v in rng.integers(-10, 10, size=2))
        step = rng.choice([1, -1, 0.5, 0, 3, -0.25])
        return Call("arange", lambda xp, *a: xp.arange(*a[:3], dtype=a[3]),
                    (start, stop, step, dtype), tags=_unsupported(dtype))
    if kind == "linspace":
        num = int(rng.integers(-1, 8))
        return Call("linspace", lambda xp, a, b, n, e, d: xp.linspace(a, b, n, endpoint=e,
                                                                         dtype=d),
                    (float(rng.integers(-5, 5)), float(rng.integers(-5, 5)), num,
                     bool(rng.random() < 0.5), dtype), check="ufunc", tags=_unsupported(dtype))
    check = "shape" if kind == "empty" else "exact"
    return Call(kind, lambda xp, s, d, k=kind: getattr(xp, k)(s, dtype=d), (shape, dtype),
                check=check, tags=tags | _unsupported(dtype))


UNARY = ["negative", "absolute", "sqrt", "exp", "log", "sin", "floor", "sign", "square",
         "invert", "logical_not", "isnan", "reciprocal", "rint", "positive"]
BINARY = ["add", "subtract", "multiply", "true_divide", "floor_divide", "remainder", "power",
          "maximum", "minimum", "fmax", "equal", "less", "logical_and", "bitwise_and",
          "left_shift", "arctan2", "hypot", "copysign", "heaviside", "fmod"]


def _broadcastable(rng, shape):
    """A shape that broadcasts with `shape` (usually) or does not (sometimes)."""
    if rng.random() < 0.1:
        return random_shape(rng)
    k = int(rng.integers(0, len(shape) + 1))
    tail = shape[len(shape) - k:]
    return tuple(1 if rng.random() < 0.3 else d for d in tail)


def _loop_results(name, inputs, dtype):
    """NumPy's results for these inputs without out= (its loop's outputs, a list), or None
    where NumPy has no loop."""
    try:
        with numpy.errstate(all="ignore"):
            r = getattr(numpy, name)(*[v.build(numpy) if isinstance(v, ArraySpec) else v
                                       for v in inputs], dtype=dtype)
    except Exception:  # no loop: the call fails on both sides
        return None
    return [numpy.asarray(v) for v in (r if isinstance(r, tuple) else (r,))]


def _zeros_of_both_signs(inputs):
    """Whether the arrays among `inputs` hold zeros of both signs between them (an integer or
    bool zero is +0.0 to a float loop)."""
    signs = set()
    for v in inputs:
        if isinstance(v, ArraySpec):
            zeros = v.host.real[v.host.real == 0] if v.dtype.kind in "fc" else numpy.zeros(
                int((v.host == 0).any()))
            signs |= set(numpy.signbit(zeros).tolist())
    return signs == {False, True}


def gen_ufunc(rng):
    binary = rng.random() < 0.6
    name = (BINARY if binary else UNARY)[rng.integers(len(BINARY if binary else UNARY))]
    x = random_array(rng)
    inputs = [x]
    if binary:
        if rng.random() < 0.15:
            inputs.append(rng.choice([2, -1.5, True, 2**40, numpy.float32(3)]))
        else:
            inputs.append(random_array(rng, shape=_broadcastable(rng, x.expected_shape())))
    kwargs = {}
    tags = set()
    shapes = [s.expected_shape() for s in inputs if isinstance(s, ArraySpec)]
    try:
        out_shape = numpy.broadcast_shapes(*shapes)
    except ValueError:
        out_shape = x.expected_shape()
    if rng.random() < 0.2:
        kwargs["dtype"] = _dtype(rng, bad=0.1)
        if kwargs["dtype"] is object and name in ("power", "left_shift", "float_power"):
            del kwargs["dtype"]  # NumPy's Python-int arithmetic: 2 ** (2**64 - 1) never ends
    if rng.random() < 0.2:
        kwargs["casting"] = CASTINGS[rng.integers(len(CASTINGS))]
    if rng.random() < 0.25:
        shape = out_shape if rng.random() < 0.85 else random_shape(rng)
        out_dtype = DTYPES[rng.integers(len(DTYPES))]
        kwargs["out"] = random_array(rng, out_dtype, shape, layouts=rng.random() < 0.5)
    if rng.random() < 0.2:
        where_dtype = numpy.bool_ if rng.random() < 0.9 else numpy.int32
        kwargs["where"] = random_array(rng, where_dtype, _broadcastable(rng, out_shape))
        out = kwargs.get("out")
        if out is not None:
            tags.add("where-out")
    targets = [kwargs.get("dtype"), getattr(kwargs.get("out"), "dtype", None)]
    tags |= _cast_tags(inputs, *targets)
    if name == "power":
        tags.add("int-negative-power")
    if name.startswith("logical_") and kwargs.get("casting") in ("no", "equiv"):
        tags.add("logical-mixed-no-casting")
    if name in ("fmax", "fmin") and _zeros_of_both_signs(inputs):
        tags.add("zero-tie")
    mutates = "out" if "out" in kwargs else None

    def call(xp, *args, name=name, **kw):
        return getattr(xp, name)(*args, **kw)

    result = Call(name, call, tuple(inputs), kwargs, check="ufunc",
                  tags=tags | _unsupported(kwargs.get("dtype")), mutates=mutates)
    results = _loop_results(name, inputs, kwargs.get("dtype"))
    result.loop_dtype = None if results is None else results[0].dtype
    if results is not None and "out" in kwargs:  # the loop's values cast into out
        result.tags |= _cast_tags(results, kwargs["out"].dtype)
    if "out" in kwargs and kwargs["out"].dtype == result.loop_dtype:
        result.tags.discard("where-out")  # the open finding needs an out of another dtype
    if name in ("absolute", "multiply", "square") and any(
            isinstance(v, ArraySpec) and v.dtype.kind == "c" and v.steps and
            v.steps[0][0] == "slice" and any(k.step == -1 for k in v.steps[0][1]) for v in inputs):
        result.tags.add("complex-fma-path")
    if "where" in kwargs and "out" not in kwargs:
        # Without out= the masked-out elements are uninitialised memory on both sides.
        result.where = kwargs["where"]
    return result


REDUCTIONS = ["sum", "prod", "max", "min", "argmax", "argmin", "mean", "var", "std", "any",
              "all", "cumsum", "cumprod", "count_nonzero", "ptp"]


def _overflows(host, axis, dtype):
    """Whether a product of the magnitudes along `axis` passes dtype's largest value (so the
    running product meets infinities)."""
    try:
        with numpy.errstate(all="ignore"):
            magnitudes = numpy.prod(numpy.abs(host).astype(numpy.float64), axis=axis)
    except (ValueError, TypeError, numpy.exceptions.AxisError):
        return False
    return not numpy.all(magnitudes <= numpy.finfo(dtype).max)


def gen_reduction(rng):
    name = REDUCTIONS[rng.integers(len(REDUCTIONS))]
    ordered = name in ("sum", "prod", "mean", "var", "std", "cumsum", "cumprod")
    x = random_array(rng, tame=ordered)
    ndim = len(x.expected_shape())
    kwargs = {}
    arg_axis = name in ("argmax", "argmin", "cumsum", "cumprod")
    axis = _axis(rng, ndim, tuples=not arg_axis)
    if axis is not None or rng.random() < 0.5:
        kwargs["axis"] = axis
    if name not in ("cumsum", "cumprod", "count_nonzero") and rng.random() < 0.3:
        kwargs["keepdims"] = bool(rng.random() < 0.5)
    if name in ("sum", "prod", "mean", "var", "std", "cumsum", "cumprod") and rng.random() < 0.3:
        kwargs["dtype"] = _dtype(rng, NUMERIC, bad=0.05)
    if name in ("sum", "max", "mean", "any", "argmax", "cumsum") and rng.random() < 0.2:
        try:
            shape = numpy.asarray(getattr(numpy, name)(numpy.zeros(x.expected_shape()),
                                                       **{k: v for k, v in kwargs.items()
                                                          if k != "dtype"})).shape
        except Exception:  # an invalid axis: any out will do, the call fails anyway
            shape = ()
        kwargs["out"] = random_array(rng, DTYPES[rng.integers(len(DTYPES))], shape,
                                     layouts=False)
    tags = set()
    if name in ("var", "std") and _valid(kwargs.get("dtype")) and \
            numpy.dtype(kwargs.get("dtype")).kind in "biu":
        tags.add("var-integer-dtype")
    dtype = kwargs.get("dtype")
    computes_in = numpy.dtype(dtype) if dtype is not None and _valid(dtype) else x.dtype
    if name == "prod" and computes_in.kind == "c" and (
            not numpy.isfinite(x.host).all() or _overflows(x.build(numpy), kwargs.get("axis"),
                                                            computes_in)):
        tags.add("complex-prod-nonfinite")
    out_kind = kwargs["out"].dtype.kind if "out" in kwargs else None
    integer_result = ((dtype is not None and computes_in.kind in "biu")
                      or out_kind in ("b", "i", "u"))
    if name in ("mean", "var", "std") and integer_result and 0 in x.expected_shape():
        tags.add("float-to-int-cast")  # an empty slice divides 0 by 0: NaN as an integer
    scale = float(numpy.max(numpy.abs(x.host[numpy.isfinite(x.host)]), initial=1.0))
    if name in ("var", "std"):
        scale = scale**2
    check = "close" if ordered else "exact"
    if name == "ptp":
        check = "ufunc"
    mutates = "out" if "out" in kwargs else None
    out_dtype = kwargs["out"].dtype if "out" in kwargs else None
    tags |= _cast_tags([x], kwargs.get("dtype"), out_dtype) | _unsupported(kwargs.get("dtype"))
    result = Call(name, lambda xp, a, name=name, **kw: getattr(xp, name)(a, **kw), (x,), kwargs,
                  check=check, scale=scale, tags=tags, mutates=mutates)
    if dtype is not None and _valid(dtype) and check == "close":
        result.loop_dtype = numpy.dtype(dtype)  # rounding as dtype=, whatever out's dtype
    return result


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
        shape = _broadcastable(rng, target)
        value = random_array(rng, DTYPES[rng.integers(len(DTYPES))], shape)
    unique = not any(isinstance(k, numpy.ndarray) and k.dtype.kind == "i"
                     for k in (key if isinstance(key, tuple) else (key,)))
    tags = set() if unique else {"repeated-index-set"}
    tags |= _cast_tags([value] if isinstance(value, ArraySpec) else [], x.dtype)
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
        return Call("squeeze", lambda xp, a, ax: xp.squeeze(a, axis=ax), (x, _axis(rng, ndim)))
    if kind == "expand_dims":
        return Call("expand_dims", lambda xp, a, ax: xp.expand_dims(a, ax),
                    (x, _axis(rng, ndim + 1) or 0))
    if kind in ("swapaxes", "moveaxis"):
        a1, a2 = (int(v) for v in rng.integers(-ndim - 1, ndim + 1, size=2))
        return Call(kind, lambda xp, a, i, j, k=kind: getattr(xp, k)(a, i, j), (x, a1, a2))
    if kind == "ravel":
        return Call("ravel", lambda xp, a, o: xp.ravel(a, order=o),
                    (x, rng.choice(["C", "F", "A", "K"])))
    if kind == "flip":
        return Call("flip", lambda xp, a, ax: xp.flip(a, ax), (x, _axis(rng, ndim)))
    if kind == "broadcast_to":
        target = _broadcastable(rng, shape)[::-1] + shape if rng.random() < 0.5 else shape[::-1]
        if rng.random() < 0.05:
            target = (2**40, 2**40)
        tags = {"overflowing-size"} if target == (2**40, 2**40) else set()
        return Call("broadcast_to", lambda xp, a, s: xp.broadcast_to(a, s), (x, target),
                    tags=tags)
    if kind in ("concatenate", "stack"):
        others = [random_array(rng, x.dtype if rng.random() < 0.7 else None,
                               shape if rng.random() < 0.8 else random_shape(rng))
                  for _ in range(int(rng.integers(0, 3)))]
        axis = _axis(rng, ndim + (kind == "stack"), tuples=False)
        return Call(kind, lambda xp, arrs, ax, k=kind: getattr(xp, k)(arrs, axis=ax),
                    ([x, *others], axis))
    points = numpy.sort(rng.integers(-2, 7, size=int(rng.integers(0, 4))))
    sections = int(rng.integers(-1, 5)) if rng.random() < 0.5 else [int(v) for v in points]
    return Call("split", lambda xp, a, s, ax: xp.split(a, s, axis=ax),
                (x, sections, _axis(rng, ndim, tuples=False) or 0))


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
    x = random_array(rng, _dtype(rng, bad=0.0))
    ndim = len(x.expected_shape())
    if kind in ("sort", "argsort"):
        axis = _axis(rng, ndim, tuples=False) if rng.random() < 0.7 else -1
        return Call(kind, lambda xp, a, ax, k=kind: getattr(xp, k)(a, axis=ax, kind="stable"),
                    (x, axis), tags=_signed_zeros(x))
    if kind == "unique":
        flags = {k: bool(rng.random() < 0.5) for k in ("return_index", "return_inverse",
                                                        "return_counts")}
        return Call("unique", lambda xp, a, **kw: xp.unique(a, **kw), (x,), flags,
                    tags=_signed_zeros(x))
    a = random_array(rng, x.dtype, (int(rng.integers(0, 8)),), layouts=False)
    a.host = numpy.sort(a.host)
    v = random_array(rng, _dtype(rng, bad=0.0)) if rng.random() < 0.8 else 1.5
    return Call("searchsorted", lambda xp, a, v, s: xp.searchsorted(a, v, side=s),
                (a, v, rng.choice(["left", "right", "middle"])))


def gen_selection(rng):
    kind = rng.choice(["where", "where1", "clip", "round"])
    x = random_array(rng)
    shape = x.expected_shape()
    if kind == "where":
        cond = random_array(rng, numpy.bool_ if rng.random() < 0.8 else None,
                            _broadcastable(rng, shape))
        y = random_array(rng, shape=_broadcastable(rng, shape))
        return Call("where", lambda xp, c, a, b: xp.where(c, a, b), (cond, x, y))
    if kind == "where1":
        return Call("where", lambda xp, c: xp.where(c), (x,))
    if kind == "clip":
        lo = rng.choice([None, -1, 0.5, numpy.nan]) if rng.random() < 0.7 else random_array(
            rng, shape=_broadcastable(rng, shape))
        hi = rng.choice([None, 2, 3.5]) if rng.random() < 0.7 else random_array(
            rng, shape=_broadcastable(rng, shape))
        tags = _cast_tags([lo, hi], x.dtype)
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
    dtype = _dtype(rng)
    casting = CASTINGS[rng.integers(len(CASTINGS))] if rng.random() < 0.3 else "unsafe"
    return Call("astype", lambda xp, a, d, c: a.astype(d, casting=c), (x, dtype, casting),
                tags=_cast_tags([x], dtype) | _unsupported(dtype))


def gen_product(rng):
    kind = rng.choice(["matmul", "dot"])
    dtype = _dtype(rng, bad=0.0)
    a = random_array(rng, dtype, random_shape(rng, max_ndim=3), tame=True)
    sa = a.expected_shape()
    if rng.random() < 0.8 and sa:
        sb = (sa[-1], int(rng.integers(0, 5))) if rng.random() < 0.7 else (sa[-1],)
    else:
        sb = random_shape(rng, max_ndim=3)
    b = random_array(rng, _dtype(rng, bad=0.0) if rng.random() < 0.3 else dtype, sb, tame=True)
    complex_inf = (numpy.result_type(a.dtype, b.dtype).kind == "c"
                   and not all(numpy.isfinite(s.host).all() for s in (a, b)))
    tags = {"complex-blas-inf"} if complex_inf else set()
    scale = float(max(numpy.max(numpy.abs(s.host[numpy.isfinite(s.host)]), initial=1.0)
                      for s in (a, b)))
    return Call(kind, lambda xp, x, y, k=kind: getattr(xp, k)(x, y), (a, b), check="close",
                tags=tags, scale=scale**2 * 8)


def gen_fft(rng):
    kind = rng.choice(["fft", "ifft", "rfft"])
    x = random_array(rng, _dtype(rng, NUMERIC + [numpy.dtype(bool)], bad=0.0), tame=True)
    ndim = len(x.expected_shape())
    n = None if rng.random() < 0.6 else int(rng.integers(-1, 9))
    axis = _axis(rng, ndim, tuples=False) if rng.random() < 0.5 else -1
    norm = rng.choice([None, "ortho", "forward", "backward", "bogus"])
    scale = float(numpy.max(numpy.abs(x.host[numpy.isfinite(x.host)]), initial=1.0)) * 8
    return Call(f"fft.{kind}", lambda xp, a, n, ax, nm, k=kind: getattr(xp.fft, k)(
        a, n=n, axis=ax, norm=nm), (x, n, axis, norm), check="close",
        tags=set() if numpy.isfinite(x.host).all() else {"fft-inf"},
        scale=scale)


def gen_linalg(rng):
    kind = rng.choice(["inv", "det", "solve", "norm"])
    n = int(rng.integers(0, 4))
    batch = random_shape(rng, max_ndim=1, max_dim=3)
    shape = batch + (n, n) if rng.random() < 0.9 else random_shape(rng)
    dtype = _dtype(rng, NUMERIC, bad=0.0) if rng.random() < 0.9 else numpy.bool_
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
        axis = _axis(rng, len(shape), tuples=False) if rng.random() < 0.3 else None
        return Call("linalg.norm", lambda xp, x, o, ax: xp.linalg.norm(x, o, ax),
                    (a, ord_, axis), check="close", scale=scale * 16)
    return Call(f"linalg.{kind}", lambda xp, x, k=kind: getattr(xp.linalg, k)(x), (a,),
                check=check, tags={"singular"}, scale=scale)


GENERATORS = [gen_creation, gen_ufunc, gen_ufunc, gen_ufunc, gen_reduction, gen_reduction,
              gen_getitem, gen_setitem, gen_shape_op, gen_shape_op, gen_sorting, gen_selection,
              gen_astype, gen_product, gen_fft, gen_linalg]


def draw(rng):
    """One random Call."""
    return GENERATORS[rng.integers(len(GENERATORS))](rng)
