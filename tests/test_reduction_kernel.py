"""cupylike.ReductionKernel against NumPy: CuPy's l2norm example over axes and keepdims,
placeholder binding over dtypes, accumulator types, several inputs broadcast together, scalars,
out=, the standard layouts, empty slices with and without an identity, sizes across block
boundaries, the index _J and the slice length _n, every way the engine cuts the work, and the
errors CuPy raises. The last test compiles every kernel generated here with NVRTC for sm_80 and
sm_90."""

import numpy
import pytest
from helpers.forced_modes import REDUCTION_MODE_IDS, REDUCTION_MODES, forced_reduction
from helpers.layouts import layout_names, layout_pairs
from helpers.nvrtc_check import assert_all_compile, compile_check

import cupylike
from cupylike._core import _native
from cupylike.testing import ALL_DTYPES, assert_array_equal

RK = cupylike.ReductionKernel
L2NORM = RK("T x", "T y", "x * x", "a + b", "y = sqrt(a)", "0", "l2norm")
WSUM = RK("T x, T w", "T y", "x * w", "a + b", "y = a", "0", "wsum")
SUM = RK("T x", "T y", "x", "a + b", "y = a", "0", "usum")
# No identity: the accumulator starts from the first element, so negative maxima come out right.
MAX = RK("T x", "T y", "x", "max(a, b)", "y = a", None, "umax")
MEAN = RK("T x", "T y", "x", "a + b", "y = a / _n", "0", "umean")
# _J: the element's position in its slice, the reduced axes in C order.
LAST_NONZERO = RK("T x", "int64 y", "x != T(0) ? _J : -1", "max(a, b)", "y = a", "-1",
                  "last_nonzero")
PTP = RK("T x", "T y", "make_span(x)", "join(a, b)", "y = a.hi - a.lo", None, "uptp",
         reduce_type="span", preamble="""
struct span { double lo, hi; };
__device__ span make_span(double v) { span s; s.lo = v; s.hi = v; return s; }
__device__ span join(const span& a, const span& b) {
  span s;
  s.lo = a.lo < b.lo ? a.lo : b.lo;
  s.hi = a.hi > b.hi ? a.hi : b.hi;
  return s;
}
""")


def ints(dtype, shape, seed=0, low=0, high=4):
    """Small integers as `dtype`: sums are exact in any order, so results equal NumPy's."""
    v = numpy.random.default_rng(seed).integers(low, high, shape)
    return v.astype(dtype)


def last_nonzero(x, axis):
    """The C-order position of the last nonzero element of each slice, or -1."""
    axes = tuple(range(x.ndim)) if axis is None else tuple(sorted(numpy.atleast_1d(axis) % x.ndim))
    kept = [a for a in range(x.ndim) if a not in axes]
    length = int(numpy.prod([x.shape[a] for a in axes]))
    moved = numpy.transpose(x, kept + list(axes)).reshape([x.shape[a] for a in kept] + [length])
    pos = numpy.arange(moved.shape[-1])
    return numpy.where(moved != 0, pos, -1).max(axis=-1, initial=-1).astype(numpy.int64)


# CuPy's examples.

@pytest.mark.parametrize("keepdims", [False, True])
@pytest.mark.parametrize("axis", [None, 0, 1, 2, -1, -3, (0, 2), (2, 0), (), (0, 1, 2)])
def test_l2norm_over_axes(axis, keepdims):
    x = ints(numpy.float32, (3, 4, 5))
    expected = numpy.sqrt((x * x).sum(axis=axis, keepdims=keepdims))
    assert_array_equal(L2NORM(cupylike.asarray(x), axis=axis, keepdims=keepdims), expected)


def test_l2norm_returns_a_0d_array_over_every_axis():
    r = L2NORM(cupylike.asarray(numpy.array([3.0, 4.0])))
    assert isinstance(r, cupylike.ndarray) and r.shape == () and float(r) == 5.0


@pytest.mark.parametrize("axis", [None, 0, 1, (1, 2), -1])
def test_weighted_sum_broadcasts_its_inputs(axis):
    x, w = ints(numpy.float64, (3, 4, 5)), ints(numpy.float64, (4, 1), seed=1)
    expected = (x * w).sum(axis=axis)
    assert_array_equal(WSUM(cupylike.asarray(x), cupylike.asarray(w), axis=axis), expected)
    assert_array_equal(WSUM(cupylike.asarray(w), cupylike.asarray(x), axis=axis), expected)


# Types.

@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
def test_placeholder_takes_the_input_dtype(dtype):
    x = ints(dtype, (6, 7))
    for axis in (None, 1):
        got = SUM(cupylike.asarray(x), axis=axis)
        assert_array_equal(got, numpy.asarray(x.sum(axis=axis, dtype=dtype)))


@pytest.mark.parametrize("dtype", [numpy.int8, numpy.int32, numpy.float32, numpy.float64],
                         ids=str)
def test_max_without_identity_over_negative_values(dtype):
    x = ints(dtype, (5, 33), low=-100, high=-3)
    for axis in (None, 0, 1):
        assert_array_equal(MAX(cupylike.asarray(x), axis=axis), numpy.asarray(x.max(axis=axis)))


@pytest.mark.parametrize("reduce_type", ["float64", "double", "d", numpy.float64])
def test_reduce_type_wider_than_the_input(reduce_type):
    # 30 significant bits per sum: exact in a double accumulator, not in a float one.
    x = (numpy.random.default_rng(2).integers(0, 2**20, (4, 1025)) / 2**10).astype(numpy.float32)
    if reduce_type == "d":  # one letter: a placeholder, bound by the scalar to float64
        k = RK("T x, D one", "T y", "x * one", "a + b", "y = a", "0", "wide_sum",
               reduce_type="D")
        got = k(cupylike.asarray(x), numpy.float64(1), axis=1)
    else:
        k = RK("T x", "T y", "x", "a + b", "y = a", "0", "wide_sum", reduce_type=reduce_type)
        got = k(cupylike.asarray(x), axis=1)
    assert_array_equal(got, x.sum(axis=1, dtype=numpy.float64).astype(numpy.float32))


def test_reduce_type_float_is_c_float():
    k = RK("T x", "T y", "x", "a + b", "y = a", "0", "float_acc", reduce_type="float")
    assert "typedef float _type_reduce;" in k._kernel_source([numpy.float64, numpy.float64])
    x = numpy.array([2.0**30, 1.0, -(2.0**30)])  # the 1 is lost in a float accumulator
    assert float(k(cupylike.asarray(x))) in (0.0, 1.0)


def test_reduce_type_defined_in_the_preamble():
    x = ints(numpy.float32, (4, 6, 5), low=-50, high=50)
    for axis in (None, 0, (1, 2)):
        assert_array_equal(PTP(cupylike.asarray(x), axis=axis), numpy.asarray(numpy.ptp(x, axis)))


def test_fixed_types_and_mean_with_the_slice_length():
    k = RK("float32 x", "float64 y", "x", "a + b", "y = a / _n", "0", "fmean",
           reduce_type="float64")
    x = ints(numpy.float32, (3, 10))
    assert_array_equal(k(cupylike.asarray(x), axis=1), x.astype(numpy.float64).mean(axis=1))
    assert_array_equal(MEAN(cupylike.asarray(x), axis=0), x.mean(axis=0))


def test_float16_accumulates_in_float():
    x = numpy.full(4096, 1, numpy.float16)  # a float16 accumulator stops at 2048
    assert_array_equal(SUM(cupylike.asarray(x)), numpy.asarray(numpy.float16(4096)))


# Scalars.

def test_python_scalar_takes_the_placeholder_type():
    x = ints(numpy.float32, (3, 5))
    assert_array_equal(WSUM(cupylike.asarray(x), 2, axis=1), (x * 2).sum(axis=1))
    assert_array_equal(WSUM(3, cupylike.asarray(x)), numpy.asarray((x * 3).sum()))


def test_numpy_scalar_binds_a_placeholder_met_only_by_scalars():
    k = RK("T x, U s", "T y", "x * s", "a + b", "y = a", "0", "scaled_sum")
    x = ints(numpy.int32, (3, 5))
    # U is float64; the map's value converts to the accumulator (T: int32) element by element.
    assert_array_equal(k(cupylike.asarray(x), numpy.float64(0.5), axis=0),
                       (x * 0.5).astype(numpy.int32).sum(axis=0, dtype=numpy.int32))


def test_only_scalars_reduce_a_0d_shape():
    assert_array_equal(WSUM(3.0, 2.0), numpy.asarray(6.0))


def test_python_int_out_of_range_is_an_overflow_error():
    with pytest.raises(OverflowError):
        WSUM(cupylike.ones(3, numpy.int8), 1000)


# out=.

def test_out_keyword_and_positional():
    x = ints(numpy.float64, (3, 4))
    out = cupylike.empty(3)
    assert L2NORM(cupylike.asarray(x), axis=1, out=out) is out
    assert_array_equal(out, numpy.sqrt((x * x).sum(axis=1)))
    out2 = cupylike.empty((1, 4))
    assert L2NORM(cupylike.asarray(x), out2, axis=0, keepdims=True) is out2
    assert_array_equal(out2, numpy.sqrt((x * x).sum(axis=0, keepdims=True)))


def test_out_strided_and_overlapping_the_input():
    x = ints(numpy.float64, (4, 4))
    d = cupylike.asarray(x)
    out = cupylike.zeros(8)[::2]
    SUM(d, axis=0, out=out)
    assert_array_equal(out, x.sum(axis=0))
    SUM(d, axis=1, out=d[:, 0])  # the input's own column: read before written
    expected = x.copy()
    expected[:, 0] = x.sum(axis=1)
    assert_array_equal(d, expected)


@pytest.mark.parametrize("shape", [(4,), (3, 1), ()])
def test_out_of_the_wrong_shape_is_a_value_error(shape):
    with pytest.raises(ValueError, match="output parameter"):
        L2NORM(cupylike.ones((3, 4)), axis=1, out=cupylike.empty(shape))


def test_out_binds_the_placeholder():
    with pytest.raises(TypeError, match="mismatched"):
        L2NORM(cupylike.ones((3, 4), numpy.float32), axis=1, out=cupylike.empty(3))


def test_out_both_positional_and_keyword_is_a_value_error():
    with pytest.raises(ValueError, match="both"):
        L2NORM(cupylike.ones(3), cupylike.empty(()), out=cupylike.empty(()))


def test_read_only_out_is_a_value_error():
    out = cupylike.broadcast_to(cupylike.empty(1), (3,))
    with pytest.raises(ValueError, match="read-only"):
        L2NORM(cupylike.ones((3, 4)), axis=1, out=out)


# Layouts, empty slices and sizes.

@pytest.mark.parametrize("layout", layout_names())
def test_layouts(layout):
    def small(h):
        return (numpy.arange(h.size) % 7).reshape(h.shape).astype(h.dtype)

    for _, host, dev in [p for p in layout_pairs(numpy.float32, values=small) if p[0] == layout]:
        axes = [None] if host.ndim == 0 else [None, -1, 0, (0, -1)]
        for axis in axes:
            expected = numpy.sqrt((host * host).sum(axis=axis))
            assert_array_equal(L2NORM(dev, axis=axis), numpy.asarray(expected), err_msg=str(axis))
            assert_array_equal(LAST_NONZERO(dev, axis=axis), last_nonzero(host, axis))


def test_empty_slices_with_an_identity_give_post_of_it():
    x = cupylike.ones((0, 3))
    assert_array_equal(L2NORM(x, axis=0), numpy.zeros(3))
    assert_array_equal(L2NORM(x), numpy.asarray(0.0))
    assert_array_equal(L2NORM(x, axis=1), numpy.zeros(0))


def test_empty_slices_without_an_identity_are_a_value_error_as_numpy_max():
    x = cupylike.ones((0, 3))
    with pytest.raises(ValueError, match="zero-size array to reduction operation umax"):
        MAX(x, axis=0)
    with pytest.raises(ValueError, match="no identity"):
        MAX(x)
    assert_array_equal(MAX(x, axis=1), numpy.zeros(0))  # no outputs: nothing to reduce


@pytest.mark.parametrize("n", [1, 33, 1025, 10**6 + 1])
def test_sizes_across_block_boundaries(n):
    x = ints(numpy.float32, n, low=-3, high=4)
    d = cupylike.asarray(x)
    assert_array_equal(L2NORM(d), numpy.sqrt((x * x).sum(keepdims=False)).reshape(()))
    assert_array_equal(MAX(d - 10), numpy.asarray((x - 10).max()))
    assert_array_equal(LAST_NONZERO(d), last_nonzero(x, None))


@pytest.fixture(params=REDUCTION_MODES, ids=REDUCTION_MODE_IDS)
def forced_mode(request):
    with forced_reduction(*request.param):
        yield request.param


def test_every_forced_mode(forced_mode):
    x = ints(numpy.float64, (40, 3, 50), low=-5, high=5)
    t = x.transpose(2, 1, 0)[::-1]
    w = ints(numpy.float64, (3, 1), seed=3)
    for axis in (None, 0, -1, (0, 2)):
        msg = f"mode {forced_mode} axis {axis}"
        assert_array_equal(L2NORM(cupylike.asarray(t), axis=axis),
                           numpy.asarray(numpy.sqrt((t * t).sum(axis=axis))), err_msg=msg)
        assert_array_equal(MAX(cupylike.asarray(t), axis=axis), numpy.asarray(t.max(axis=axis)),
                           err_msg=msg)
        assert_array_equal(LAST_NONZERO(cupylike.asarray(t), axis=axis), last_nonzero(t, axis),
                           err_msg=msg)
        assert_array_equal(WSUM(cupylike.asarray(x), cupylike.asarray(w), axis=axis),
                           numpy.asarray((x * w).sum(axis=axis)), err_msg=msg)
    assert_array_equal(L2NORM(cupylike.ones((0, 4)), axis=0), numpy.zeros(4))


# Errors.

@pytest.mark.parametrize("in_params, out_params, kwargs, error", [
    ("T", "T y", {}, ValueError),                  # syntax
    ("T x,", "T y", {}, ValueError),               # empty parameter
    ("const T x", "T y", {}, ValueError),          # unknown keyword
    ("float128x x", "T y", {}, TypeError),         # unknown dtype
    ("T x, T x", "T y", {}, ValueError),           # duplicate names
    ("T x", "T y", {"name": "bad name"}, ValueError),
    ("T x", "", {}, ValueError),                   # no output
    ("", "T y", {}, ValueError),                   # no input
    ("T x", "T y, T z", {}, NotImplementedError),  # one output only
    ("raw T x", "T y", {}, NotImplementedError),
    ("T a, T b, T c, T d, T e", "T y", {}, NotImplementedError),  # at most 4 inputs
    ("T x", "T a", {}, ValueError),                # the post's accumulator
    ("T _J", "T y", {}, ValueError),               # the map's index
    ("T x", "T y", {"reduce_type": "Q"}, ValueError),  # not a placeholder
])
def test_invalid_definitions(in_params, out_params, kwargs, error):
    with pytest.raises(error):
        RK(in_params, out_params, "x", "a + b", "y = a", "0", **kwargs)


def test_compile_errors_carry_the_log_with_the_expression():
    broken = RK("T x", "T y", "x * not_declared_anywhere(x)", "a + b", "y = a", "0", "broken")
    with pytest.raises(cupylike.CompileError, match="not_declared_anywhere") as info:
        broken(cupylike.ones(3))
    assert "x * not_declared_anywhere(x)" in str(info.value)


def test_type_errors():
    with pytest.raises(TypeError, match="mismatched"):
        WSUM(cupylike.ones(3, numpy.float32), cupylike.ones(3, numpy.float64))
    fixed = RK("float32 x", "float32 y", "x", "a + b", "y = a", "0", "fixed_sum")
    with pytest.raises(TypeError, match="mismatched"):
        fixed(cupylike.ones(3, numpy.float64))
    unbound = RK("T x", "U y", "x", "a + b", "y = a", "0", "unbound")
    with pytest.raises(TypeError, match="Cannot determine"):
        unbound(cupylike.ones(3))
    with pytest.raises(TypeError, match="Wrong number"):
        L2NORM(cupylike.ones(3), cupylike.ones(3), cupylike.ones(3))
    with pytest.raises(TypeError, match="unexpected keyword"):
        L2NORM(cupylike.ones(3), dtype=numpy.float32)
    with pytest.raises(TypeError):
        L2NORM(numpy.ones(3))


def test_shape_and_axis_errors():
    with pytest.raises(ValueError, match="broadcast"):
        WSUM(cupylike.ones(3), cupylike.ones(4))
    with pytest.raises(numpy.exceptions.AxisError):
        L2NORM(cupylike.ones((2, 3)), axis=2)
    with pytest.raises(ValueError, match="duplicate"):
        L2NORM(cupylike.ones((2, 3)), axis=(1, -1))


def test_attributes_and_stream():
    assert (L2NORM.name, L2NORM.__name__, L2NORM.nin, L2NORM.nout, L2NORM.nargs) == (
        "l2norm", "l2norm", 1, 1, 2)
    assert (L2NORM.identity, MAX.identity, L2NORM.reduce_type, PTP.reduce_type) == (
        "0", None, None, "span")
    assert L2NORM.map_expr == "x * x" and L2NORM.post_map_expr == "y = sqrt(a)"
    s = cupylike.cuda.Stream()
    r = L2NORM(cupylike.asarray(numpy.array([3.0, 4.0])), stream=s)
    s.synchronize()
    assert float(r) == 5.0


# Last: the kernels generated above, one per definition (types vary only typedefs), and the
# types whose text differs most (float16, complex, bool), compile with NVRTC.

@compile_check
@pytest.mark.parametrize("arch", [80, 90])
def test_generated_kernels_compile_with_nvrtc(arch):
    test_weighted_sum_broadcasts_its_inputs(0)
    test_reduce_type_defined_in_the_preamble()
    test_fixed_types_and_mean_with_the_slice_length()
    by_name = {}
    for source, name in _native._reduction_kernel_sources():
        if "broken" not in name:
            by_name.setdefault(name, source)
    sources = [(s, n) for n, s in by_name.items()]
    for kernel, dtypes in [(SUM, [numpy.float16, numpy.complex64, numpy.complex128, numpy.bool_]),
                           (MAX, [numpy.float16]), (L2NORM, [numpy.float16])]:
        for dtype in dtypes:
            sources.append((kernel._kernel_source([dtype, dtype]),
                            f"cupylike::red_kernel<cupylike_user::{kernel.name}>"))
    assert len(sources) >= 10  # the three tests above and the six extra types at least
    assert_all_compile([(source, "rk.cu", [name]) for source, name in sources], arch,
                       ["--fmad=false"])
