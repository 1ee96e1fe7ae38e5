"""Inputs and checks shared by the tests of the arithmetic, comparison, logical, bitwise,
min/max, rounding, floating, integer and selection ufuncs: every loop of a ufunc runs on a grid
of edge values (all pairs for binary ufuncs) plus random values, in every layout of
tests/helpers/layouts.py, and must give NumPy's results bit for bit (values, dtypes, signs of
zeros)."""

import warnings
from concurrent.futures import ThreadPoolExecutor

import numpy
import pytest

import cupylike
from cupylike.testing import assert_array_equal, sample_values
from helpers.layouts import layout_pairs

# Ufuncs whose NaN results come out of arithmetic on NaNs and infinities. Which NaN an x86
# instruction returns (the first or the second operand's, or the negative "default NaN" for
# inf - inf) depends on the instruction order the compiler picks, in NumPy's vector code and
# in ours alike (and a GPU returns one canonical NaN). Their NaNs are compared without their
# signs; everything else, the signs of zeros included, bit for bit.
ARITHMETIC_NANS = {"add", "subtract", "multiply", "divide", "floor_divide", "remainder",
                   "fmod", "divmod", "power", "float_power", "square", "reciprocal"}


def numpy_ufunc(name):
    """The NumPy function a table entry is checked against."""
    if name == "_clip":
        return numpy._core.umath.clip
    return numpy.where if name == "_where" else getattr(numpy, name)


def loops(names, skip=()):
    """pytest params (name, loop signature) for every loop of every ufunc in `names`."""
    return [pytest.param(n, sig, id=f"{n}-{sig}") for n in names
            for sig in getattr(cupylike, n).types if (n, sig) not in skip]


def warm_up(names):
    """Compiles every loop of the ufuncs `names` side by side (a kernel per loop, one compiler
    per CPU), so the tests, which run every loop, do not compile them one after the other."""

    def one(name):
        u = getattr(cupylike, name)
        u._compile_loops(list(range(u.ntypes)))

    with ThreadPoolExecutor(max_workers=4) as pool:
        list(pool.map(one, names))


def negative_nan(dtype):
    return numpy.copysign(numpy.array(numpy.nan, dtype), -1)


def edge_values(dtype):
    """The values where NumPy's rules matter for `dtype`: limits, zeros and NaNs of both
    signs, infinities, halves (rounding), subnormals, small integers and shift counts."""
    dt = numpy.dtype(dtype)
    if dt.kind == "b":
        return numpy.array([False, True])
    if dt.kind in "iu":
        info = numpy.iinfo(dt)
        vals = {info.min, info.min + 1, info.max - 1, info.max, 0, 1, 2, 3, 5, 7, 8, 12, 16, 31,
                32, 63, 64, 100, 127, 255, 2**31 - 1}
        if dt.kind == "i":
            vals |= {-1, -2, -3, -5, -7, -8, -12, -64, -100, -128}
        return numpy.array(sorted(v for v in vals if info.min <= v <= info.max), dtype=dt)
    real = numpy.dtype(dt.char.lower())
    f = numpy.finfo(real)
    if dt.kind == "c":
        parts = numpy.array([numpy.nan, numpy.inf, -numpy.inf, 0.0, -0.0, 1.0, -1.5, 2.5,
                             f.max, f.tiny], dtype=real)
        re, im = numpy.meshgrid(parts, parts)
        out = numpy.empty(re.size, dt)
        out.real, out.imag = re.ravel(), im.ravel()
        out.real[-1] = negative_nan(real)
        return out
    vals = [numpy.nan, numpy.inf, -numpy.inf, 0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 1.5, -1.5, 2.5,
            -2.5, 3.0, -7.0, 0.1, -0.3, 1e-3, 100.0, -1000.5, 4097.0, 2.0**40 + 0.5,
            f.max, -f.max, f.tiny, -f.tiny, f.smallest_subnormal, -f.smallest_subnormal]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # values beyond float16 become infinities
        out = numpy.array(vals, dtype=real)
    return numpy.concatenate([out, [negative_nan(real)]]).astype(dt)


def loop_inputs(sig, n_random=200):
    """NumPy arrays for each input of loop `sig`: all combinations of the edge values of the
    input types (three inputs: the first against a dozen values of the others), then random
    values."""
    ins = sig.split("->")[0]
    edges = [edge_values(c) for c in ins]
    if len(ins) == 1:
        grid = [edges[0]]
    elif len(ins) == 2:
        grid = [g.ravel() for g in numpy.meshgrid(edges[0], edges[1], indexing="ij")]
    else:
        grid = [g.ravel() for g in numpy.meshgrid(edges[0], edges[1][:12], edges[2][-12:],
                                                   indexing="ij")]
    rand = [sample_values(c, (n_random,), seed=k + 1) for k, c in enumerate(ins)]
    return [numpy.concatenate([g, r]) for g, r in zip(grid, rand, strict=True)]


def numpy_result(name, args, **kwargs):
    with numpy.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return numpy_ufunc(name)(*args, **kwargs)


def device_result(name, args, **kwargs):
    dev = [cupylike.asarray(a) if isinstance(a, numpy.ndarray) else a for a in args]
    return getattr(cupylike, name)(*dev, **kwargs)


def unsigned_nans(x, zeros=False):
    """`x` on the host with positive NaNs (and positive zeros if `zeros`)."""
    x = numpy.array(cupylike.asnumpy(x) if isinstance(x, cupylike.ndarray) else x)
    if zeros and x.dtype.kind in "fc":
        x += 0  # -0.0 + 0 is +0.0
    if x.dtype.kind == "f":
        x[numpy.isnan(x)] = numpy.nan
    elif x.dtype.kind == "c":
        re, im = x.real.copy(), x.imag.copy()
        re[numpy.isnan(re)], im[numpy.isnan(im)] = numpy.nan, numpy.nan
        x.real, x.imag = re, im
    return x


def assert_results_equal(actual, expected, err_msg="", nan_signs=True, zero_signs=True):
    """assert_array_equal for one result or a tuple of them; the signs of NaNs (of zeros)
    ignored unless `nan_signs` (`zero_signs`)."""
    if not isinstance(expected, tuple):
        actual, expected = (actual,), (expected,)
    assert isinstance(actual, tuple) and len(actual) == len(expected), err_msg
    for a, e in zip(actual, expected, strict=True):
        assert isinstance(a, cupylike.ndarray), err_msg
        if not nan_signs or not zero_signs:
            a, e = unsigned_nans(a, not zero_signs), unsigned_nans(e, not zero_signs)
        assert_array_equal(a, e, err_msg=err_msg)


def check_loop(name, sig, args=None, zero_signs=True, **kwargs):
    """Loop `sig` of ufunc `name` on `args` (default: loop_inputs(sig)) equals NumPy's."""
    args = loop_inputs(sig) if args is None else args
    assert_results_equal(device_result(name, args, **kwargs), numpy_result(name, args, **kwargs),
                         f"{name} {sig}", name not in ARITHMETIC_NANS, zero_signs)


def layout_cases(sig):
    """[(layout name, numpy args, device args)] for the inputs of loop `sig`: all inputs in one
    layout of tests/helpers/layouts.py (C, F, sliced, negative strides, transposed, strided column,
    0-d, empty, broadcast), each with values of its own dtype."""
    per_input = [layout_pairs(numpy.dtype(c), seed=k)
                 for k, c in enumerate(sig.split("->")[0])]
    return [(name, [p[i][1] for p in per_input], [p[i][2] for p in per_input])
            for i, (name, _, _) in enumerate(per_input[0])]


def check_layouts(name, sig, ulps=None, zero_signs=True, compare=None):
    """Loop `sig` of `name` equals NumPy's for every layout, and with its last input reduced to
    one row that broadcasts against the others (within `ulps` when given; by
    compare(actual, expected, inputs, message) when given)."""
    nan_signs = name not in ARITHMETIC_NANS
    u = getattr(cupylike, name)

    def check(actual, expected, msg):
        if ulps is None:
            assert_results_equal(actual, expected, msg, nan_signs, zero_signs)
        else:
            assert_close_ulp(actual, expected, ulps, msg)

    for layout, host, dev in layout_cases(sig):
        cases = [(host, dev, f"{name} {layout}")]
        if host[-1].ndim and host[-1].size:
            lead = (0,) * (host[-1].ndim - 1)
            cases.append((host[:-1] + [host[-1][lead]], dev[:-1] + [dev[-1][lead]],
                          f"{name} {layout} broadcast row"))
        for hosts, devs, msg in cases:
            if compare is None:
                check(u(*devs), numpy_result(name, hosts), msg)
            else:
                compare(u(*devs), numpy_result(name, hosts), hosts, msg)


def assert_close_ulp(actual, expected, ulps, err_msg=""):
    """Equal dtypes, shapes and special values (NaNs and infinities where NumPy has them);
    finite values within `ulps` units in the last place of NumPy's (of its modulus for complex
    results, whose parts may cancel)."""
    a = cupylike.asnumpy(actual)
    assert a.dtype == expected.dtype and a.shape == expected.shape, err_msg
    with numpy.errstate(all="ignore"):
        scale = numpy.abs(expected)
        if expected.dtype.kind == "c":  # the modulus, without overflow for huge parts
            real = expected.real.dtype
            wide = numpy.abs(expected.astype(numpy.clongdouble))
            scale = numpy.minimum(wide, numpy.finfo(real).max).astype(real)
        for part in ("real", "imag") if a.dtype.kind == "c" else ("real",):
            x, y = getattr(a, part), getattr(expected, part)
            numpy.testing.assert_array_equal(numpy.isnan(x), numpy.isnan(y), err_msg=err_msg)
            finite = numpy.isfinite(y)
            special = ~finite & ~numpy.isnan(y)
            numpy.testing.assert_array_equal(x[special], y[special], err_msg=err_msg)
            tol = ulps * numpy.spacing(scale[finite])
            assert numpy.all(numpy.abs(x[finite] - y[finite]) <= tol), err_msg
