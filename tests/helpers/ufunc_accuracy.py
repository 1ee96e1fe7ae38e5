"""Comparing the transcendental ufuncs with NumPy: bounds in ULPs per ufunc and loop, the
comparisons (inputs: tests/helpers/ufunc_inputs.py), and the checks that
tests/test_ufunc_exponential.py and tests/test_ufunc_trigonometric.py run.

Why bounds and not equality: NumPy's float32 and float64 loops use its own SIMD code on x86
(AVX-512 versions of exp, log, sin, cos; Intel's SVML for most other functions), while the
cpu device calls the C library (glibc) and a GPU CUDA's math library. All are within a few
ULPs of the exact result but they round differently. CPU_ULPS is the largest difference
measured between the cpu device and NumPy 2.4 on an AVX-512 (Sapphire Rapids) machine over
15 million inputs per dtype (random bit patterns, uniform and log-uniform ranges, special
values); the tests use fewer inputs of the same kinds, and NUMPY_AVX2_ULPS widens a few for
NumPy's AVX2 code (which differs from its AVX-512 code). Where NumPy itself calls glibc's
scalar functions (logaddexp; the complex functions; hypot; sqrt) the bound is 0.
LIBMVEC_ULPS holds the bounds for glibc's vector math library, which the cpu device may use
for contiguous loops (kernels/cpu/mvec.h); cpu_uses_libmvec() finds out.

Special results are exact: NaN where NumPy has NaN (its sign is not compared: NumPy's own
contiguous and strided loops give NaNs of different signs), infinities, and zeros with their
signs (a result that underflows to zero on one side only is a ULP difference: NumPy's SVML
exp2f returns 0 where the exact result rounds to the smallest subnormal).
"""

import ctypes
import ctypes.util
import functools
import itertools

import numpy

import cupylike
from cupylike.testing import assert_array_equal
from helpers.ufunc_inputs import (
    all_halves,
    extreme_complexes,
    random_complexes,
    random_reals,
    special_complexes,
    special_reals,
)

ON_CPU = cupylike.Device().kind == "cpu"
# The emulated GPU runs the kernels on the host with the C library's real functions, as the cpu
# device does: both give NumPy's results wherever NumPy calls the C library, and the real loops
# keep the cpu bounds there. A real GPU computes with CUDA's math library (CUDA_ULPS).
ON_REAL_GPU = not ON_CPU and not cupylike._core._native._cuda_emulated()

# cpu device (glibc 2.36's scalar functions) vs NumPy 2.4 with AVX-512: the worst case in ULPs.
# NumPy's own results vary with the machine: on an AVX2 AMD EPYC (no AVX-512) NumPy 2.4.6's
# float64 cbrt is up to 4 ULPs from the correctly rounded result the cpu device gives, and
# NUMPY_AVX2_ULPS below raises those bounds by what was measured there (a million inputs each).
CPU_ULPS = {
    "exp": {"f": 2, "d": 1}, "exp2": {"f": 3, "d": 1}, "expm1": {"f": 2, "d": 1},
    "log": {"f": 4, "d": 1}, "log2": {"f": 2, "d": 1}, "log10": {"f": 3, "d": 2},
    "log1p": {"f": 2, "d": 1}, "sqrt": {"f": 0, "d": 0}, "cbrt": {"f": 2, "d": 3},
    "sin": {"f": 2, "d": 0}, "cos": {"f": 2, "d": 0}, "tan": {"f": 4, "d": 1},
    "arcsin": {"f": 3, "d": 1}, "arccos": {"f": 2, "d": 1}, "arctan": {"f": 2, "d": 1},
    "sinh": {"f": 2, "d": 2}, "cosh": {"f": 2, "d": 2}, "tanh": {"f": 3, "d": 3},
    "arcsinh": {"f": 2, "d": 2}, "arccosh": {"f": 2, "d": 2}, "arctanh": {"f": 2, "d": 2},
    "arctan2": {"f": 4, "d": 1}, "hypot": {"f": 0, "d": 0},
    # NumPy computes these with scalar C library calls, as the cpu device does.
    "logaddexp": {"f": 0, "d": 0}, "logaddexp2": {"f": 0, "d": 0},
    "degrees": {"f": 0, "d": 0}, "radians": {"f": 0, "d": 0},
}
NUMPY_AVX2_ULPS = {
    "log10": {"d": 3}, "cbrt": {"d": 4}, "sinh": {"d": 3}, "arcsinh": {"f": 3, "d": 3},
    "arctanh": {"f": 3, "d": 3},
}
for _name, _bounds in NUMPY_AVX2_ULPS.items():
    for _char, _ulps in _bounds.items():
        CPU_ULPS[_name][_char] = max(CPU_ULPS[_name][_char], _ulps)
CPU_ULPS["rad2deg"] = CPU_ULPS["degrees"]
CPU_ULPS["deg2rad"] = CPU_ULPS["radians"]

# The same with glibc's vector math library (kernels/cpu/mvec.h, when the host compiler
# enables it): contiguous loops call its SSE, AVX2 or AVX-512 variants (the worst of the three
# here), other layouts the scalar functions, so each bound is the larger of the two. libmvec
# is within 4 ULPs of the exact results; NumPy's float32 SIMD code is too, by other roundings.
LIBMVEC_ULPS = {
    "exp": {"f": 4, "d": 3}, "exp2": {"f": 3, "d": 2}, "expm1": {"f": 3, "d": 3},
    "log": {"f": 6, "d": 2}, "log2": {"f": 3, "d": 2}, "log10": {"f": 4, "d": 2},
    "log1p": {"f": 2, "d": 2}, "cbrt": {"f": 4, "d": 3}, "sin": {"f": 3, "d": 4},
    "cos": {"f": 2, "d": 4}, "tan": {"f": 6, "d": 3}, "arcsin": {"f": 4, "d": 3},
    "arccos": {"f": 3, "d": 2}, "arctan": {"f": 2, "d": 3}, "tanh": {"f": 3, "d": 3},
    "arccosh": {"f": 3, "d": 3}, "arctan2": {"f": 4, "d": 3}, "hypot": {"f": 1, "d": 2},
}

# CUDA's documented maximum errors in ULPs, (float, double): the CUDA C++ Programming Guide's
# appendix "Mathematical Functions", tables "Single-Precision (Double-Precision) Mathematical
# Standard Library Functions with Maximum ULP Error"
# (https://docs.nvidia.com/cuda/cuda-c-programming-guide/#mathematical-functions-appendix),
# added to the cpu bounds on a real GPU; composite helpers take those of their parts plus their
# roundings. hypot is 0: the kernels round it as the C library does (kernels/cupylike/ufunc/
# hypot.cuh). logaddexp and logaddexp2 count ULPs of their terms' magnitude (see terms_scale).
CUDA_ULPS = {
    "exp": (2, 1), "exp2": (2, 1), "expm1": (1, 1), "log": (1, 1), "log2": (1, 1),
    "log10": (2, 1), "log1p": (1, 1), "sqrt": (0, 0), "cbrt": (1, 1), "sin": (2, 2),
    "cos": (2, 2), "tan": (4, 2), "arcsin": (2, 2), "arccos": (2, 2), "arctan": (2, 2),
    "sinh": (3, 2), "cosh": (2, 1), "tanh": (2, 1), "arcsinh": (3, 3), "arccosh": (4, 3),
    "arctanh": (3, 2), "arctan2": (3, 2), "hypot": (0, 0), "logaddexp": (4, 3),
    "logaddexp2": (4, 3), "degrees": (0, 0), "radians": (0, 0), "rad2deg": (0, 0),
    "deg2rad": (0, 0), "power": (4, 2), "float_power": (4, 2),
}
# Complex loops on a GPU (kernels/cupylike/ufunc/complex_elementary.cuh and
# complex_inverse.cuh on CUDA's real functions): a bound relative to the larger component.
# With glibc's real functions (the emulated GPU) they are within 5 of NumPy; CUDA's add theirs.
CUDA_COMPLEX_ULPS = 16


@functools.cache
def cpu_uses_libmvec():
    """Whether the cpu device's kernels call glibc's vector math library: its contiguous
    float32 exp differs from the C library's scalar expf somewhere in a few thousand values."""
    if not ON_CPU:
        return False
    try:
        libm = ctypes.CDLL(ctypes.util.find_library("m"))
    except OSError:  # pragma: no cover - no C math library to compare with
        return False
    libm.expf.restype, libm.expf.argtypes = ctypes.c_float, [ctypes.c_float]
    x = numpy.linspace(-80, 80, 4099, dtype=numpy.float32)
    scalar = numpy.array([libm.expf(float(v)) for v in x], numpy.float32)
    return not numpy.array_equal(cupylike.exp(cupylike.asarray(x)).get(), scalar)


def real_ulps(name, dtype):
    """The bound for a float32 ('f') or float64 ('d') loop on the current device."""
    char = numpy.dtype(dtype).char
    bound = CPU_ULPS[name][char]
    if ON_CPU and name in LIBMVEC_ULPS and cpu_uses_libmvec():
        bound = max(bound, LIBMVEC_ULPS[name][char])
    if ON_REAL_GPU:
        bound += CUDA_ULPS[name][0 if char == "f" else 1]
    return bound


def _ordered(a):
    """The floats of `a` as integers in the order of the values (-0.0 and 0.0 both 0)."""
    ints = {2: numpy.int16, 4: numpy.int32, 8: numpy.int64}[a.dtype.itemsize]
    i = numpy.ascontiguousarray(a).view(ints).astype(numpy.int64)
    low = numpy.int64(numpy.iinfo(ints).min)
    return numpy.where(i < 0, low - i, i)


def ulp_distance(a, b):
    """How many representable values apart a and b (NumPy float arrays of one dtype) are;
    values of opposite signs count as 2**62 apart, so the difference never overflows."""
    oa, ob = _ordered(a), _ordered(b)
    apart = (oa < 0) != (ob < 0)
    return numpy.where(apart, numpy.int64(1) << 62, numpy.abs(oa - numpy.where(apart, 0, ob)))


def _check_specials(a, d, where):
    """NaNs and infinities where NumPy has them, zeros with NumPy's sign where both are zero;
    returns where the values are left to compare in ULPs (a result that underflows to zero on
    one side only is one of them)."""
    nan = numpy.isnan(d)
    assert numpy.array_equal(numpy.isnan(a), nan), f"NaNs differ {where}"
    inf = numpy.isinf(d) | numpy.isinf(a)
    zeros = (a == 0) & (d == 0)
    bad = (inf & (a != d)) | (zeros & (numpy.signbit(a) != numpy.signbit(d)))
    assert not bad.any(), f"special values differ {where}: got {a[bad][:5]}, NumPy {d[bad][:5]}"
    return ~nan & ~inf & ~zeros


def assert_ulp_close(actual, desired, ulps, inputs=None, err_msg=""):
    """cupylike's `actual` equals NumPy's `desired` in shape and dtype, exactly in its special
    values, and within `ulps` elsewhere (each part of a complex value on its own)."""
    a = actual.get() if isinstance(actual, cupylike.ndarray) else numpy.asarray(actual)
    d = numpy.asarray(desired)
    assert a.shape == d.shape and a.dtype == d.dtype, (a.shape, a.dtype, d.shape, d.dtype)
    for part in ("real", "imag") if d.dtype.kind == "c" else ("real",):
        pa, pd = getattr(a, part).ravel(), getattr(d, part).ravel()
        finite = _check_specials(pa, pd, f"({part}) {err_msg}")
        dist = ulp_distance(pa[finite], pd[finite])
        if dist.size and dist.max() > ulps:
            k = numpy.argmax(dist)
            x = "" if inputs is None else f" at input {numpy.asarray(inputs).ravel()[finite][k]!r}"
            raise AssertionError(f"{part} part {dist.max()} ULPs from NumPy (bound {ulps}){x}: "
                                 f"{pa[finite][k]!r} vs {pd[finite][k]!r} {err_msg}")


def power_condition(a, b):
    """For complex a**b = exp(w), w = b log a: how many times the result's relative error the
    error of w's computation makes (max(1, |w|): an ULP of w is |w| ULPs of the result), and
    where the signs of the result's parts are not determined by a computation of w within
    CUDA_COMPLEX_ULPS of it (the angle Im w within that error of a multiple of pi/2, which
    puts cos or sin at a sign change: a zero or infinite part's sign is then arbitrary)."""
    a, b = numpy.asarray(a).ravel(), numpy.asarray(b).ravel()
    with numpy.errstate(all="ignore"):
        w = b * numpy.log(a)
        size = numpy.maximum(abs(w.real), abs(w.imag))
        factor = numpy.where(numpy.isfinite(size), numpy.maximum(size, 1), 1)
        eps = numpy.finfo(w.real.dtype).eps
        quarter = numpy.pi / 2
        off = abs(w.imag - numpy.round(w.imag / quarter) * quarter)
        unsigned = ~(off > CUDA_COMPLEX_ULPS * eps * factor) & numpy.isfinite(w.imag)
    return factor, unsigned


def assert_complex_close(actual, desired, err_msg="", power_of=None):
    """Complex loops: equal to NumPy on the cpu device (both call glibc), within
    CUDA_COMPLEX_ULPS of the larger component on a GPU (special values exact on both). With
    `power_of` = (a, b), the inputs of a**b, on a real GPU the bound scales with the
    exponential's argument and signs of zero or infinite parts are not compared where that
    argument's error makes them arbitrary (power_condition): NumPy's own a**b is just as
    sensitive to the last bit of log a, which CUDA's functions round differently."""
    if ON_CPU:
        assert_ulp_close(actual, desired, 0, err_msg=err_msg)
        return
    a = actual.get() if isinstance(actual, cupylike.ndarray) else numpy.asarray(actual)
    a, d = a.ravel(), numpy.asarray(desired).ravel()
    assert a.dtype == d.dtype
    factor, unsigned = numpy.ones(d.shape), numpy.zeros(d.shape, bool)
    if power_of is not None and ON_REAL_GPU:
        factor, unsigned = power_condition(*numpy.broadcast_arrays(*power_of))
        a, d = a.copy(), d.copy()
        for x in (a, d):  # magnitudes only where the signs are arbitrary
            x.real[unsigned] = abs(x.real[unsigned])
            x.imag[unsigned] = abs(x.imag[unsigned])
    finite = _check_specials(a.real, d.real, err_msg) & _check_specials(a.imag, d.imag, err_msg)
    scale = numpy.maximum(abs(d.real), abs(d.imag))[finite]
    err = numpy.maximum(abs(a.real - d.real), abs(a.imag - d.imag))[finite]
    bound = CUDA_COMPLEX_ULPS * numpy.spacing(scale) * factor[finite]
    assert (err <= bound).all(), (f"{err_msg}: got {a[finite][err > bound][:3]}, NumPy "
                                  f"{d[finite][err > bound][:3]}")


def assert_half_close(actual, desired, exact, ulps32, err_msg="", scale=None):
    """float16 loops compute in float32 and round once, as NumPy's do, but NumPy's float32
    results (SIMD code, see above) may differ from ours by `ulps32`; after rounding to float16
    that shows only where the exact value lies that close to a float16 rounding midpoint.
    NumPy's float16 exp, log, sin and cos loops on AVX512-FP16 machines have their own code
    with the same property. So: equal, or one float16 ULP apart with `exact` (the float64
    result) within ulps32 + 1 float32 ULPs of the midpoint between the two (ULPs of `scale`
    when given: the magnitudes the float result's error is relative to, see terms_scale)."""
    a = actual.get().ravel() if isinstance(actual, cupylike.ndarray) else actual.ravel()
    d, e = numpy.asarray(desired).ravel(), numpy.asarray(exact, numpy.float64).ravel()
    assert a.dtype == d.dtype == numpy.float16
    finite = _check_specials(a, d, err_msg)
    differ = finite & (a != d)
    if not differ.any():
        return
    assert (ulp_distance(a[differ], d[differ]) == 1).all(), f"more than 1 ULP {err_msg}"
    mid = (a[differ].astype(numpy.float64) + d[differ].astype(numpy.float64)) / 2
    size = numpy.abs(mid) if scale is None else numpy.maximum(abs(mid), scale.ravel()[differ])
    window = (ulps32 + 1) * numpy.spacing(size.astype(numpy.float32)).astype(float)
    far = numpy.abs(e[differ] - mid) > window
    assert not far.any(), (f"float16 results differ away from a rounding midpoint {err_msg}: "
                           f"{a[differ][far][:5]} vs {d[differ][far][:5]}")


# ---------------------------------------------------------------------------------------------
# The checks the tests of the exponential and trigonometric ufuncs share.


def numpy_call(name, *args):
    with numpy.errstate(all="ignore"):
        return getattr(numpy, name)(*args)


def device_call(name, *args):
    return getattr(cupylike, name)(*[cupylike.asarray(a) if isinstance(a, numpy.ndarray) else a
                                     for a in args])


# Functions whose result is a sum of terms that may cancel: max(x, y) + log1p(exp(-|x - y|))
# (in base 2 for logaddexp2) is near 0 where x and y are about -log(2): an ULP of the log1p term
# is then many ULPs of the result, on every implementation, so NumPy's own result is only that
# close to the exact one. On a real GPU their errors are counted in ULPs of the larger term.
CANCELLING = ("logaddexp", "logaddexp2")


def terms_scale(name, hosts, desired):
    """The magnitudes `name`'s rounding errors are relative to: the result's, and for
    CANCELLING functions the larger term's, max(|result|, |max(x, y)|)."""
    d = numpy.abs(numpy.asarray(desired, numpy.float64))
    if name in CANCELLING:
        with numpy.errstate(invalid="ignore"):
            top = numpy.abs(numpy.maximum(*[numpy.asarray(h, numpy.float64) for h in hosts]))
        d = numpy.fmax(d, numpy.where(numpy.isfinite(top), top, 0))
    return d


def assert_scaled_close(actual, desired, scale, ulps, err_msg=""):
    """Special values exactly (as assert_ulp_close); finite ones within `ulps` ULPs of the
    magnitudes `scale` (in the result's dtype)."""
    a = actual.get() if isinstance(actual, cupylike.ndarray) else numpy.asarray(actual)
    a, d = a.ravel(), numpy.asarray(desired).ravel()
    assert a.dtype == d.dtype, (a.dtype, d.dtype)
    finite = _check_specials(a, d, err_msg)
    with numpy.errstate(over="ignore"):
        size = numpy.asarray(scale, numpy.float64).ravel()[finite].astype(d.dtype)
    err = numpy.abs(a[finite].astype(numpy.float64) - d[finite])
    ulp = numpy.spacing(size / 2).astype(numpy.float64) * 2  # finite at the largest values
    far = err > ulps * ulp
    assert not far.any(), (f"{err_msg}: {a[finite][far][:3]} vs NumPy's {d[finite][far][:3]} "
                           f"(bound {ulps} ULPs of {size[far][:3]})")


def assert_like_numpy(name, actual, desired, hosts, err_msg=""):
    """`actual` equals NumPy's `desired` for ufunc `name` on the NumPy inputs `hosts`, within
    the bound of the loop NumPy ran (known from its output dtype)."""
    kind, char = desired.dtype.kind, desired.dtype.char
    cancelling = ON_REAL_GPU and name in CANCELLING
    if kind == "c":
        assert_complex_close(actual, desired, err_msg=err_msg)
    elif char == "e":
        exact = numpy_call(name, *[h.astype(numpy.float64) for h in hosts])
        scale = terms_scale(name, hosts, desired) if cancelling else None
        assert_half_close(actual, desired, exact, real_ulps(name, "f"), err_msg=err_msg,
                          scale=scale)
    elif cancelling:
        assert_scaled_close(actual, desired, terms_scale(name, hosts, desired),
                            real_ulps(name, char), err_msg=err_msg)
    else:
        assert_ulp_close(actual, desired, real_ulps(name, char), inputs=hosts[0],
                         err_msg=err_msg)


def assert_equal_on_host(name, actual, desired, err_msg="", steps=1, scale=None):
    """NumPy's results exactly on the cpu device and the emulated GPU, whose kernels call the C
    library's functions that NumPy calls; on a real GPU, for a ufunc computed with CUDA's math
    library (CUDA_ULPS), within `steps` times its documented bound (a chain of `steps` calls,
    as accumulate makes, adds their errors) plus an ULP for NumPy's C library, in ULPs of
    `scale` (default: the result's magnitude), special values exact."""
    d = numpy.asarray(desired)
    if not ON_REAL_GPU or name not in CUDA_ULPS or d.dtype.kind not in "fc":
        assert_array_equal(actual, desired, err_msg=err_msg)
        return
    if d.dtype.kind == "c":
        assert_complex_close(actual, desired, err_msg=err_msg)
        return
    ulps = steps * (CUDA_ULPS[name][1 if d.dtype == numpy.float64 else 0] + 1)
    if d.dtype == numpy.float16:
        ulps = steps  # float16 loops round a float result: an ULP per step at most
    assert_scaled_close(actual, d, numpy.abs(d) if scale is None else scale, ulps, err_msg)


def _inputs(name, values, seed):
    """The inputs of `name` made from `values`: themselves, or for two inputs each value
    against a shuffled copy."""
    if getattr(numpy, name).nin == 1:
        return [values]
    return [values, numpy.random.default_rng(seed).permutation(values)]


def _special_pairs(values):
    a, b = numpy.meshgrid(values, values)
    return [a.ravel(), b.ravel()]


def check_real_loop(name, dtype, n=1 << 14):
    """The float32 or float64 loop of `name` on random values of every magnitude and on the
    special values (every pair of them for two inputs)."""
    inputs = _inputs(name, numpy.concatenate([random_reals(dtype, n, seed=1),
                                              special_reals(dtype)]), seed=2)
    assert_like_numpy(name, device_call(name, *inputs), numpy_call(name, *inputs), inputs, name)
    if len(inputs) == 2:
        pairs = _special_pairs(special_reals(dtype))
        assert_like_numpy(name, device_call(name, *pairs), numpy_call(name, *pairs), pairs,
                          f"{name} special pairs")


def check_half_loop(name, n=1 << 16):
    """The float16 loop: every float16 value for one input; for two, random pairs and every
    pair of special values."""
    if getattr(numpy, name).nin == 1:
        sets = [[all_halves()]]
    else:
        rng = numpy.random.default_rng(3)
        bits = rng.integers(0, 1 << 16, (2, n), dtype=numpy.uint16)
        sets = [[bits[0].view(numpy.float16), bits[1].view(numpy.float16)],
                _special_pairs(special_reals(numpy.float16))]
    for inputs in sets:
        assert_like_numpy(name, device_call(name, *inputs), numpy_call(name, *inputs), inputs,
                          f"{name} float16")


def check_complex_loop(name, dtype, n=1 << 12):
    """A complex loop on random values and on every pair of special parts."""
    z = numpy.concatenate([random_complexes(dtype, n, seed=4), special_complexes(dtype)])
    assert_complex_close(device_call(name, z), numpy_call(name, z), err_msg=f"{name} {dtype}")


def check_complex_extremes(name, dtype):
    """A complex loop on every pair of extreme_complexes' parts: special values exactly, the
    rest within the bound (scaled intermediates where the textbook formulas overflow)."""
    z = extreme_complexes(dtype)
    assert_complex_close(device_call(name, z), numpy_call(name, z), err_msg=f"{name} {dtype}")


def check_layouts(name, dtype):
    """`name` on every layout of tests/helpers/layouts.py (two inputs: the array with itself,
    and with a row that broadcasts against it) of values of `dtype`."""
    from helpers.layouts import layout_pairs

    two = getattr(numpy, name).nin == 2
    for layout, host, dev in layout_pairs(dtype):
        cases = [([host], [dev])]
        if two:
            cases = [([host, host], [dev, dev])]
            if host.ndim and host.size:
                row = (0,) * (host.ndim - 1)
                cases.append(([host, host[row]], [dev, dev[row]]))
        for hosts, devs in cases:
            got = getattr(cupylike, name)(*devs)
            assert_like_numpy(name, got, numpy_call(name, *hosts), hosts, f"{name} {layout}")


def check_cases(name, cases, dtypes):
    """Each (inputs, result) of `cases` in each dtype: NumPy gives that result (so the table
    documents NumPy's behaviour) and so does cupylike; special results exactly, finite ones
    within the loop's bound (NumPy's SIMD cbrtf(27) is 2.9999998)."""
    for dtype in dtypes:
        char = numpy.dtype(dtype).char
        ulps = 0 if char == "e" else real_ulps(name, char)
        for args, want in cases:
            with numpy.errstate(all="ignore"):
                hosts = [numpy.array([a], dtype) for a in args]
                expected = numpy.array([want], dtype)
            desired = numpy_call(name, *hosts)
            where = f"{name}{tuple(args)} {numpy.dtype(dtype).name}"
            assert_ulp_close(desired, expected, ulps, err_msg=f"NumPy's {where}")
            assert_ulp_close(device_call(name, *hosts), desired, ulps, err_msg=where)


SCALARS = [True, 2, -3, 2**40, 2.5, -0.0, 1e300, 2j, numpy.int8(-1), numpy.uint16(7),
           numpy.int64(5), numpy.float16(1.5), numpy.float32(2.0), numpy.float64(3.0),
           numpy.complex64(1j), numpy.bool_(True), numpy.array(7, numpy.int16)]


def _outcome(fn):
    """The result dtype of fn(), or the type of the exception it raised."""
    try:
        with numpy.errstate(all="ignore"):
            return ("dtype", numpy.dtype(fn().dtype))
    except Exception as e:  # compared with NumPy's below
        return ("error", type(e))


def _same_outcome(name, np_args, cp_args):
    want = _outcome(lambda: getattr(numpy, name)(*np_args))
    got = _outcome(lambda: getattr(cupylike, name)(*cp_args))
    if want[0] == "error" and got[0] == "error":
        return issubclass(got[1], want[1])
    return got == want


def check_result_dtypes(name):
    """Result dtypes (or error types) equal NumPy's for arrays of every dtype, and for two
    inputs every pair of array dtypes and arrays with Python and NumPy scalars either side."""
    from cupylike.testing import ALL_DTYPES

    arrays = {d: (numpy.ones(3, d), cupylike.ones(3, d)) for d in ALL_DTYPES}
    bad = []
    if getattr(numpy, name).nin == 1:
        bad += [d.name for d, (h, c) in arrays.items() if not _same_outcome(name, [h], [c])]
    else:
        for (d1, (h1, c1)), (d2, (h2, c2)) in itertools.product(arrays.items(), repeat=2):
            if not _same_outcome(name, [h1, h2], [c1, c2]):
                bad.append(f"{d1.name}, {d2.name}")
        for (h, c), s in itertools.product(arrays.values(), SCALARS):
            for np_args, cp_args in (([h, s], [c, s]), ([s, h], [s, c])):
                if not _same_outcome(name, np_args, cp_args):
                    bad.append(f"{np_args[0]!r}, {np_args[1]!r}")
    assert not bad, f"{name}: result dtypes differ from NumPy's for {bad[:10]}"
