"""The differential fuzzer's calls: each generator draws one call of a library function with
random, often invalid arguments, as a Call (fuzz_call_args.py) that runs the same way with
NumPy and cupylike. The generators of array routines are in fuzz_calls_routines.py.

A Call says how its results compare (`check`: "exact", "ufunc" for a ufunc's ULP bounds,
"close" for reassociated sums and vendor libraries, "shape" where values are undefined) and
carries tags that name the special situations it contains (a NaN cast to an integer, ...):
tests/helpers/fuzz_compare.py accepts a difference only where a tag of the call is listed for it."""

import numpy

from helpers.fuzz_arrays import DTYPES, NUMERIC, ArraySpec, random_array, random_shape
from helpers.fuzz_call_args import (
    CASTINGS,
    Call,
    broadcastable_shape,
    cast_tags,
    draw_axis,
    draw_dtype,
    draw_shape_arg,
    is_valid_dtype,
    unsupported_tags,
)
from helpers.fuzz_calls_routines import (
    gen_astype,
    gen_fft,
    gen_getitem,
    gen_linalg,
    gen_product,
    gen_selection,
    gen_setitem,
    gen_shape_op,
    gen_sorting,
)


def gen_creation(rng):
    shape = draw_shape_arg(rng)
    dtype = draw_dtype(rng)
    kind = rng.choice(["zeros", "ones", "empty", "full", "eye", "arange", "linspace"])
    tags = {"overflowing-size"} if shape == (2**31, 2**31, 0) else set()
    if kind == "full":
        fill = rng.choice([1.5, -1, 2**70, numpy.nan, True, 3 + 4j])
        tags |= {"float-to-int-cast"} if not isinstance(fill, bool) else set()
        return Call("full", lambda xp, s, v, d: xp.full(s, v, dtype=d), (shape, fill, dtype),
                    tags=tags | unsupported_tags(dtype))
    if kind == "eye":
        n, m, k = (int(rng.integers(-1, 5)) for _ in range(3))
        return Call("eye", lambda xp, *a: xp.eye(*a[:3], dtype=a[3]), (n, m, k, dtype),
                    tags=unsupported_tags(dtype))
    if kind == "arange":
        start, stop = (float(v) if rng.random() < 0.3 else int(v)
                       for v in rng.integers(-10, 10, size=2))
        step = rng.choice([1, -1, 0.5, 0, 3, -0.25])
        return Call("arange", lambda xp, *a: xp.arange(*a[:3], dtype=a[3]),
                    (start, stop, step, dtype), tags=unsupported_tags(dtype))
    if kind == "linspace":
        num = int(rng.integers(-1, 8))
        return Call("linspace", lambda xp, a, b, n, e, d: xp.linspace(a, b, n, endpoint=e,
                                                                         dtype=d),
                    (float(rng.integers(-5, 5)), float(rng.integers(-5, 5)), num,
                     bool(rng.random() < 0.5), dtype), check="ufunc", tags=unsupported_tags(dtype))
    check = "shape" if kind == "empty" else "exact"
    return Call(kind, lambda xp, s, d, k=kind: getattr(xp, k)(s, dtype=d), (shape, dtype),
                check=check, tags=tags | unsupported_tags(dtype))


UNARY = ["negative", "absolute", "sqrt", "exp", "log", "sin", "floor", "sign", "square",
         "invert", "logical_not", "isnan", "reciprocal", "rint", "positive"]
BINARY = ["add", "subtract", "multiply", "true_divide", "floor_divide", "remainder", "power",
          "maximum", "minimum", "fmax", "equal", "less", "logical_and", "bitwise_and",
          "left_shift", "arctan2", "hypot", "copysign", "heaviside", "fmod"]


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
            inputs.append(random_array(rng, shape=broadcastable_shape(rng, x.expected_shape())))
    kwargs = {}
    tags = set()
    shapes = [s.expected_shape() for s in inputs if isinstance(s, ArraySpec)]
    try:
        out_shape = numpy.broadcast_shapes(*shapes)
    except ValueError:
        out_shape = x.expected_shape()
    if rng.random() < 0.2:
        kwargs["dtype"] = draw_dtype(rng, bad=0.1)
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
        kwargs["where"] = random_array(rng, where_dtype, broadcastable_shape(rng, out_shape))
        out = kwargs.get("out")
        if out is not None:
            tags.add("where-out")
    targets = [kwargs.get("dtype"), getattr(kwargs.get("out"), "dtype", None)]
    tags |= cast_tags(inputs, *targets)
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
                  tags=tags | unsupported_tags(kwargs.get("dtype")), mutates=mutates)
    results = _loop_results(name, inputs, kwargs.get("dtype"))
    result.loop_dtype = None if results is None else results[0].dtype
    if results is not None and "out" in kwargs:  # the loop's values cast into out
        result.tags |= cast_tags(results, kwargs["out"].dtype)
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
    axis = draw_axis(rng, ndim, tuples=not arg_axis)
    if axis is not None or rng.random() < 0.5:
        kwargs["axis"] = axis
    if name not in ("cumsum", "cumprod", "count_nonzero") and rng.random() < 0.3:
        kwargs["keepdims"] = bool(rng.random() < 0.5)
    if name in ("sum", "prod", "mean", "var", "std", "cumsum", "cumprod") and rng.random() < 0.3:
        kwargs["dtype"] = draw_dtype(rng, NUMERIC, bad=0.05)
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
    if name in ("var", "std") and is_valid_dtype(kwargs.get("dtype")) and \
            numpy.dtype(kwargs.get("dtype")).kind in "biu":
        tags.add("var-integer-dtype")
    dtype = kwargs.get("dtype")
    computes_in = numpy.dtype(dtype) if dtype is not None and is_valid_dtype(dtype) else x.dtype
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
    tags |= cast_tags([x], kwargs.get("dtype"), out_dtype) | unsupported_tags(kwargs.get("dtype"))
    result = Call(name, lambda xp, a, name=name, **kw: getattr(xp, name)(a, **kw), (x,), kwargs,
                  check=check, scale=scale, tags=tags, mutates=mutates)
    if dtype is not None and is_valid_dtype(dtype) and check == "close":
        result.loop_dtype = numpy.dtype(dtype)  # rounding as dtype=, whatever out's dtype
    return result


GENERATORS = [gen_creation, gen_ufunc, gen_ufunc, gen_ufunc, gen_reduction, gen_reduction,
              gen_getitem, gen_setitem, gen_shape_op, gen_shape_op, gen_sorting, gen_selection,
              gen_astype, gen_product, gen_fft, gen_linalg]


def draw(rng):
    """One random Call."""
    return GENERATORS[rng.integers(len(GENERATORS))](rng)
