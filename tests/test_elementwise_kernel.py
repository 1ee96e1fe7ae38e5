"""cupylike.ElementwiseKernel against NumPy: CuPy's documentation examples (squared_diff with
fixed and placeholder types, raw arguments indexed with i, reduce_dims, preambles, size=,
scalars), the standard layouts, and the errors CuPy raises. The last test compiles every
kernel generated here with NVRTC for sm_80 and sm_90."""

import numpy
import pytest
from helpers.layouts import layout_names, layout_pairs
from helpers.nvrtc_check import assert_all_compile, compile_check

import cupylike
from cupylike._core import _native
from cupylike.testing import (
    ALL_DTYPES,
    assert_array_equal,
    for_all_dtypes,
    for_dtypes,
)

NUMERIC = [d for d in ALL_DTYPES if d.kind != "b"]


def kernel(*args, **kwargs):
    return cupylike.ElementwiseKernel(*args, **kwargs)


SQUARED_DIFF = kernel("float32 x, float32 y", "float32 z", "z = (x - y) * (x - y)",
                      "squared_diff")
SQUARED_DIFF_GENERIC = kernel("T x, T y", "T z", "T diff = x - y;\nz = diff * diff;",
                              "squared_diff_generic")
SQUARED_DIFF_SUPER_GENERIC = kernel("X x, Y y", "Z z", "z = (x - y) * (x - y)",
                                    "squared_diff_super_generic")
ADD_REVERSE = kernel("T x, raw T y", "T z", "z = x + y[_ind.size() - i - 1]", "add_reverse")


def small_values(dtype, shape, seed=0):
    """Small integers (exact in every dtype and through (x - y)**2) as `dtype`."""
    rng = numpy.random.default_rng(seed)
    v = rng.integers(0, 9, shape)
    if numpy.dtype(dtype).kind == "c":
        return (v + 1j * rng.integers(0, 9, shape)).astype(dtype)
    return v.astype(dtype)


def squared_diff_expected(x, y, dtype):
    """(x - y)**2 in a wide type, cast to `dtype` (C arithmetic wraps like NumPy's)."""
    wide = numpy.complex128 if numpy.dtype(dtype).kind == "c" else numpy.float64
    d = x.astype(wide) - y.astype(wide)
    return (d * d).astype(dtype)


# CuPy's documentation examples.

def test_squared_diff_broadcasts_two_arrays():
    x = numpy.arange(10, dtype=numpy.float32).reshape(2, 5)
    y = numpy.arange(5, dtype=numpy.float32)
    z = SQUARED_DIFF(cupylike.asarray(x), cupylike.asarray(y))
    assert_array_equal(z, (x - y) * (x - y))


def test_squared_diff_takes_a_scalar():
    x = numpy.arange(10, dtype=numpy.float32).reshape(2, 5)
    assert_array_equal(SQUARED_DIFF(cupylike.asarray(x), 5), (x - 5) * (x - 5))
    assert_array_equal(SQUARED_DIFF(5, cupylike.asarray(x)), (5 - x) * (5 - x))


def test_squared_diff_writes_a_given_output():
    x = numpy.arange(10, dtype=numpy.float32).reshape(2, 5)
    y = numpy.arange(5, dtype=numpy.float32)
    z = cupylike.empty((2, 5), dtype=numpy.float32)
    assert SQUARED_DIFF(cupylike.asarray(x), cupylike.asarray(y), z) is z
    assert_array_equal(z, (x - y) * (x - y))


@for_dtypes(NUMERIC)
def test_type_generic_kernel_takes_the_input_dtype(dtype):
    x, y = small_values(dtype, (3, 4)), small_values(dtype, (4,), seed=1)
    z = SQUARED_DIFF_GENERIC(cupylike.asarray(x), cupylike.asarray(y))
    assert_array_equal(z, squared_diff_expected(x, y[None], dtype))


def test_super_generic_kernel_binds_each_placeholder():
    x = numpy.arange(10, dtype=numpy.int32).reshape(2, 5)
    y = numpy.arange(5, dtype=numpy.float64) / 2
    z = cupylike.empty((2, 5), dtype=numpy.float32)
    SQUARED_DIFF_SUPER_GENERIC(cupylike.asarray(x), cupylike.asarray(y), z)
    assert_array_equal(z, ((x - y) * (x - y)).astype(numpy.float32))


def test_mixed_fixed_and_placeholder_types():
    k = kernel("T x, int32 n, raw float64 w", "float64 y, T z",
               "y = x * n + w[i % 3]; z = x + (T)n", "mixed")
    x = numpy.arange(6, dtype=numpy.int16).reshape(2, 3)
    w = numpy.array([0.5, 1.5, 2.5])
    y, z = k(cupylike.asarray(x), numpy.int32(3), cupylike.asarray(w))
    assert_array_equal(y, x * 3.0 + w[numpy.arange(6).reshape(2, 3) % 3])
    assert_array_equal(z, x + numpy.int16(3))


def test_raw_argument_indexed_from_the_end():
    x = numpy.arange(5, dtype=numpy.float64)
    y = numpy.arange(5, dtype=numpy.float64) * 10
    assert_array_equal(ADD_REVERSE(cupylike.asarray(x), cupylike.asarray(y)), x + y[::-1])


def test_all_raw_kernel_takes_size():
    k = kernel("raw T x, raw T y", "raw T z", "z[i] = x[i] + y[i]", "manual")
    x, y = numpy.arange(100.0, dtype=numpy.float32), numpy.ones(100, numpy.float32)
    assert_array_equal(k(cupylike.asarray(x), cupylike.asarray(y), size=100), x + y)


def test_raw_array_reads_its_own_strides():
    # i is a flat C-order index into the raw array's own shape, whatever its strides.
    k = kernel("raw T x", "T y", "y = x[i]", "flat_read")
    h = numpy.arange(24, dtype=numpy.int64).reshape(4, 6)
    for view in (lambda a: a.T, lambda a: a[::-1, ::2], lambda a: a[1:3]):
        src = view(h)
        out = cupylike.empty(src.size, numpy.int64)
        k(view(cupylike.asarray(h)), out)
        assert_array_equal(out, src.ravel())


def test_raw_array_indexed_per_axis_with_reduce_dims_off():
    k = kernel("raw T x", "T y", "y = x[_ind.get()]", "copy_nd", reduce_dims=False)
    h = numpy.arange(60, dtype=numpy.float32).reshape(3, 4, 5)
    src = h.transpose(2, 0, 1)[::-1]
    out = cupylike.empty(src.shape, numpy.float32)
    k(cupylike.asarray(h).transpose(2, 0, 1)[::-1], out)
    assert_array_equal(out, src)


@pytest.mark.parametrize("reduce_dims", [True, False])
def test_index_i_is_the_c_order_position(reduce_dims):
    k = kernel("T x", "int64 y", "y = i", "position", reduce_dims=reduce_dims)
    for h in (numpy.zeros((3, 4, 5)), numpy.zeros((3, 4, 5))[:, ::2].T, numpy.zeros(())):
        assert_array_equal(k(cupylike.asarray(h)), numpy.arange(h.size).reshape(h.shape))


def test_ind_get_gives_the_index_per_axis_without_reduce_dims():
    k = kernel("T x", "int64 y", "y = _ind.get()[0] * 100 + _ind.get()[1] * 10 + _ind.get()[2]",
               "index_nd", reduce_dims=False)
    expected = numpy.indices((2, 3, 4))
    expected = expected[0] * 100 + expected[1] * 10 + expected[2]
    assert_array_equal(k(cupylike.zeros((2, 3, 4))), expected)


def test_preamble_helpers_are_visible_to_the_operation():
    k = kernel("T x", "T y", "y = cube(x) + CUBE_OFFSET", "cube_plus",
               preamble="#define CUBE_OFFSET 1\n"
                        "template <class U> __device__ U cube(U v) { return v * v * v; }")
    x = numpy.arange(-4, 5, dtype=numpy.int32)
    assert_array_equal(k(cupylike.asarray(x)), x ** 3 + 1)


def test_loop_prep_and_after_loop_run_once_per_thread_around_the_loop():
    k = kernel("T x", "T y, raw uint64 count",
               "y = x * scale; ++seen", "count_elements",
               loop_prep="const T scale = 3; unsigned long long seen = 0;",
               after_loop="if (seen) atomicAdd(&count[0], seen);")
    x = numpy.arange(100000, dtype=numpy.float64)
    y = cupylike.empty_like(cupylike.asarray(x))
    count = cupylike.zeros(1, numpy.uint64)
    k(cupylike.asarray(x), y, count)
    assert_array_equal(y, x * 3)
    assert int(count.get()[0]) == x.size


def test_size_for_a_kernel_without_array_inputs():
    k = kernel("float64 start, float64 step", "float64 y", "y = start + i * step", "ramp")
    assert_array_equal(k(1.5, 0.25, size=7), 1.5 + numpy.arange(7) * 0.25)


def test_size_for_a_kernel_without_inputs():
    k = kernel("", "raw int32 y", "y[i] = 2 * (int)i", "evens")
    assert_array_equal(k(size=5), numpy.arange(0, 10, 2, dtype=numpy.int32))


def test_empty_index_range_launches_nothing():
    z = SQUARED_DIFF_GENERIC(cupylike.zeros((0, 3)), cupylike.zeros(3))
    assert z.shape == (0, 3) and z.dtype == numpy.float64


def test_many_arguments_over_many_unmergeable_axes():
    names = [f"a{j}" for j in range(10)]
    k = kernel(", ".join(f"T {n}" for n in names), "T z", "z = " + " + ".join(names), "sum10")
    h = numpy.arange(288, dtype=numpy.float64).reshape(2, 3, 2, 3, 2, 4)
    views = [h.transpose(5, 4, 3, 2, 1, 0)[::-1] * (j + 1) for j in range(10)]
    z = k(*[cupylike.asarray(h).transpose(5, 4, 3, 2, 1, 0)[::-1] * (j + 1) for j in range(10)])
    assert_array_equal(z, sum(views))


def test_no_return_and_return_tuple():
    x = cupylike.arange(3.0)
    assert kernel("T x", "T y", "y = x", no_return=True)(x) is None
    (y,) = kernel("T x", "T y", "y = x", return_tuple=True)(x)
    assert_array_equal(y, numpy.arange(3.0))


def test_outputs_are_references_the_code_may_read():
    k = kernel("T x", "T y", "y += x", "accumulate")
    y = cupylike.asarray(numpy.arange(4.0))
    k(cupylike.ones(4), y)
    k(cupylike.ones(4), y)
    assert_array_equal(y, numpy.arange(4.0) + 2)


def test_continue_ends_the_element():
    k = kernel("T x", "T y", "if (x < 0) { y = 0; continue; } y = x * 2", "relu2")
    x = numpy.array([-2.0, -1.0, 0.5, 3.0])
    assert_array_equal(k(cupylike.asarray(x)), numpy.where(x < 0, 0.0, x * 2))


def test_complex_arithmetic_in_user_code():
    k = kernel("T x, T y", "T z, float64 m", "z = (x * y + 2.0) / conj(y) - x; m = abs(z)",
               "complex_ops")
    x = numpy.array([1 + 2j, -3 + 0.5j, 2 - 1j])
    y = numpy.array([0.5 - 1j, 4 + 4j, -1 + 0j])
    z, m = k(cupylike.asarray(x), cupylike.asarray(y))
    numpy.testing.assert_allclose(z.get(), (x * y + 2.0) / numpy.conj(y) - x, rtol=1e-15)
    numpy.testing.assert_allclose(m.get(), abs((x * y + 2.0) / numpy.conj(y) - x), rtol=1e-15)


# Scalars: CuPy's rules (they take the parameter's type; NumPy 2's range check for Python ints).

@pytest.mark.parametrize("value", [2, 2.0, True], ids=["int", "float", "bool"])
def test_python_scalar_takes_the_placeholder_type(value):
    for dtype in (numpy.int32, numpy.float32, numpy.bool_):
        x = small_values(dtype, (4, 5))
        z = kernel("T x, T y", "T z", "z = x + y")(cupylike.asarray(x), value)
        assert_array_equal(z, (x + numpy.asarray(value).astype(dtype)).astype(dtype))


@for_all_dtypes()
def test_numpy_scalar_takes_the_placeholder_type(dtype):
    x = small_values(dtype, (4, 5))
    z = kernel("T x, T y", "T z", "z = x + y")(cupylike.asarray(x), dtype.type(2))
    assert_array_equal(z, (x + dtype.type(2)).astype(dtype))


def test_numpy_scalar_of_another_dtype_is_converted_like_cupy():
    x = numpy.arange(4, dtype=numpy.int8)
    z = kernel("T x, T y", "T z", "z = x + y")(cupylike.asarray(x), numpy.float64(2.75))
    assert_array_equal(z, x + numpy.int8(2))


def test_python_int_out_of_range_is_an_overflow_error_as_in_numpy_2():
    with pytest.raises(OverflowError):
        kernel("T x, T y", "T z", "z = x + y")(cupylike.arange(3, dtype=numpy.uint8), -1)


@pytest.mark.parametrize("scalar, dtype", [(2.5, numpy.float64), (3, numpy.int64),
                                           (numpy.float32(2.5), numpy.float32),
                                           (1j, numpy.complex128)])
def test_placeholder_met_only_by_scalars_takes_numpy_dtype(scalar, dtype):
    k = kernel("T x, U s", "T y, U t", "y = x; t = s * 2")
    y, t = k(cupylike.arange(3.0), scalar)
    assert t.dtype == dtype and t.shape == (3,)
    assert_array_equal(t, numpy.full(3, scalar * 2, dtype))


def test_block_size_and_stream():
    k = kernel("T x", "T y", "y = x + 1")
    x = cupylike.arange(10.0)
    assert_array_equal(k(x, block_size=1), numpy.arange(10.0) + 1)
    with pytest.raises(ValueError):
        k(x, block_size=0)
    s = cupylike.cuda.Stream()
    assert_array_equal(k(x, stream=s), numpy.arange(10.0) + 1)


def test_attributes():
    k = kernel("T x, raw T y", "T z", "z = x", "named", reduce_dims=False)
    assert (k.nin, k.nout, k.nargs, k.name, k.__name__) == (2, 1, 3, "named", "named")
    assert k.operation == "z = x" and k.reduce_dims is False


# Layouts: non-raw arrays in every standard layout, raw arrays and given outputs too.

def assert_equal_ignoring_nan_signs(actual, desired):
    """Equal values, dtypes and shapes; zeros' signs compared, NaNs' not (float16 arithmetic
    in kernels makes CUDA's canonical NaN, where NumPy keeps the sign x86 gives)."""
    a, d = actual.get(), numpy.asarray(desired)
    assert a.shape == d.shape and a.dtype == d.dtype, (a.shape, a.dtype, d.shape, d.dtype)
    numpy.testing.assert_array_equal(a, d, strict=True)
    if d.dtype.kind in "fc":
        for part in ("real", "imag"):
            pa, pd = getattr(a, part), getattr(d, part)
            keep = ~numpy.isnan(pd)
            numpy.testing.assert_array_equal(numpy.signbit(pa[keep]), numpy.signbit(pd[keep]))


@pytest.mark.parametrize("layout", layout_names())
@for_dtypes([numpy.int8, numpy.uint64, numpy.float16, numpy.float64,
                        numpy.complex64])
def test_layouts_match_numpy(layout, dtype):
    # Complex: finite values and a tolerance, since NumPy's SIMD complex product fuses
    # multiply-adds and recovers infinities (C99 Annex G), which the kernels' textbook one
    # does not.
    complex_ = numpy.dtype(dtype).kind == "c"
    def finite(seed):
        return (lambda v: small_values(dtype, v.shape, seed) / 3) if complex_ else None

    h, d = {n: (h, d) for n, h, d in layout_pairs(dtype, values=finite(0))}[layout]
    h2, d2 = {n: (h, d) for n, h, d in layout_pairs(dtype, seed=1, values=finite(1))}[layout]
    with numpy.errstate(all="ignore"):
        expected = h * h2 + h
    actual = kernel("T x, T y", "T z", "z = x * y + x", "fma_like")(d, d2)
    if complex_:
        numpy.testing.assert_allclose(actual.get(), expected, rtol=1e-6, strict=True)
    else:
        assert_equal_ignoring_nan_signs(actual, expected)


@pytest.mark.parametrize("layout", layout_names(writeable=True))
def test_given_outputs_in_every_layout(layout):
    src = {name: (h, d) for name, h, d in layout_pairs(numpy.float32)}[layout]
    dst = {name: (h.copy(), d) for name, h, d in layout_pairs(numpy.float32, seed=2,
                                                               writeable=True)}[layout]
    k = kernel("T x, raw T r", "T y", "y = x * 2 + r[i % 3]", "into")
    r = numpy.array([1.0, 2.0, 3.0], numpy.float32)
    k(src[1], cupylike.asarray(r)[::-1], dst[1])
    pos = numpy.arange(src[0].size).reshape(src[0].shape)
    with numpy.errstate(over="ignore"):
        assert_array_equal(dst[1], (src[0] * 2 + r[::-1][pos % 3]).astype(numpy.float32))


# Errors, as CuPy raises them.

def test_wrong_number_of_arguments_is_a_type_error():
    with pytest.raises(TypeError, match="Wrong number of arguments"):
        SQUARED_DIFF(cupylike.ones(3, numpy.float32))


def test_unbound_placeholder_is_a_type_error():
    with pytest.raises(TypeError, match="U"):
        kernel("T x", "U y", "y = x")(cupylike.ones(3))


def test_mismatched_placeholder_types_are_a_type_error():
    with pytest.raises(TypeError, match="Type is mismatched"):
        SQUARED_DIFF_GENERIC(cupylike.ones(3, numpy.float32), cupylike.ones(3, numpy.float64))
    with pytest.raises(TypeError, match="Type is mismatched"):
        SQUARED_DIFF_GENERIC(cupylike.ones(3), cupylike.ones(3), cupylike.ones(3, numpy.int64))


def test_array_of_another_dtype_than_a_fixed_type_is_a_type_error():
    with pytest.raises(TypeError, match="Type is mismatched"):
        SQUARED_DIFF(cupylike.ones(3), cupylike.ones(3, numpy.float32))


def test_shapes_that_do_not_broadcast_name_the_shapes():
    with pytest.raises(ValueError, match=r"x with shape \(2, 3\), y with shape \(4,\)"):
        SQUARED_DIFF_GENERIC(cupylike.ones((2, 3)), cupylike.ones(4))


def test_output_of_the_wrong_shape_is_a_value_error():
    with pytest.raises(ValueError, match="Out shape is mismatched"):
        SQUARED_DIFF_GENERIC(cupylike.ones((2, 3)), cupylike.ones(3), cupylike.empty(3))


@pytest.mark.parametrize("args, kwargs, message", [
    ((cupylike.ones(2), cupylike.ones(2)), {"size": 2}, "Specified 'size'"),
    ((1.0, 2.0), {}, "Loop size is undecided"),
])
def test_size_rules(args, kwargs, message):
    with pytest.raises(ValueError, match=message):
        SQUARED_DIFF_GENERIC(*args, **kwargs)


def test_raw_output_needs_size_or_an_array():
    with pytest.raises(ValueError, match="Output array size is Undecided"):
        kernel("T x", "raw T y", "y[i] = x")(cupylike.ones(3))


def test_scalar_output_is_a_type_error():
    with pytest.raises(TypeError, match="Output arguments"):
        SQUARED_DIFF_GENERIC(cupylike.ones(3), cupylike.ones(3), 1.0)


def test_read_only_output_is_a_value_error():
    out = cupylike.broadcast_to(cupylike.zeros(3), (2, 3))
    with pytest.raises(ValueError, match="read-only"):
        SQUARED_DIFF_GENERIC(cupylike.ones((2, 3)), cupylike.ones(3), out)


def test_unknown_keyword_is_a_type_error():
    with pytest.raises(TypeError):
        SQUARED_DIFF_GENERIC(cupylike.ones(3), cupylike.ones(3), sizes=3)


@pytest.mark.parametrize("in_params, out_params, name, error", [
    ("T x, T i", "T y", "k", ValueError),      # i is the index
    ("T x, T x", "T y", "k", ValueError),      # duplicate names
    ("T", "T y", "k", ValueError),             # syntax
    ("T x,", "T y", "k", ValueError),          # empty parameter
    ("const T x", "T y", "k", ValueError),     # unknown keyword
    ("float128x x", "T y", "k", TypeError),    # unknown dtype
    ("T x", "T y", "bad name", ValueError),    # kernel name
])
def test_invalid_definitions(in_params, out_params, name, error):
    with pytest.raises(error):
        kernel(in_params, out_params, "y = x", name)


def test_compile_errors_carry_the_log():
    with pytest.raises(cupylike.CompileError, match="undeclared|not declared|undefined"):
        kernel("T x", "T y", "y = not_declared_anywhere(x)", "broken")(cupylike.ones(3))


def test_unsupported_argument_is_a_type_error():
    with pytest.raises(TypeError):
        SQUARED_DIFF_GENERIC([1.0, 2.0], cupylike.ones(2))
    with pytest.raises(TypeError):
        SQUARED_DIFF_GENERIC(numpy.ones(2), cupylike.ones(2))


# Last: every kernel the tests above generated also compiles with NVRTC (run after them; when
# run alone it generates a few itself).

@compile_check
@pytest.mark.parametrize("arch", [80, 90])
def test_every_generated_kernel_compiles_with_nvrtc(arch):
    test_mixed_fixed_and_placeholder_types()
    test_raw_array_indexed_per_axis_with_reduce_dims_off()
    test_loop_prep_and_after_loop_run_once_per_thread_around_the_loop()
    test_complex_arithmetic_in_user_code()
    generated = [(s, n) for s, n in _native._elementwise_kernel_sources() if "broken" not in n]
    assert generated
    assert_all_compile([(source, "ewk.cu", [name]) for source, name in generated], arch)
