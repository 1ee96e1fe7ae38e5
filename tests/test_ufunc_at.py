"""ufunc.at against NumPy's: every update of a repeated index lands, in index order (subtract,
floating rounding), for a ufunc of every family of the table and each of its own dtypes, over
0-d, empty, non-contiguous and reversed targets, every kind of index NumPy takes, NumPy's
casts, and its errors (which leave the target unchanged)."""

import warnings

import numpy
import pytest
from helpers.nvrtc_check import assert_all_compile, compile_check

import cupylike
from cupylike._core import _native
from cupylike.testing import (
    assert_array_equal,
    numpy_cupylike_allclose,
    numpy_cupylike_equal,
    sample_values,
)

# One or more ufuncs of each family file of the table (cupylike/_core/_ufunc_defs/).
BINARY = ["add", "subtract", "multiply", "divide", "floor_divide", "power", "maximum", "fmin",
          "logical_and", "bitwise_xor", "left_shift", "equal", "gcd", "hypot", "arctan2",
          "logaddexp", "copysign", "heaviside", "nextafter"]
UNARY = ["negative", "sqrt", "floor", "invert", "logical_not", "absolute", "square", "sign"]
# Transcendental loops: our float32 sin and exp may differ from NumPy's SIMD ones in the last
# place (as the ufuncs themselves do), so these compare within rounding.
TRANSCENDENTAL = ["sin", "exp"]


def _own_dtypes(name):
    """The dtypes T of the ufunc's loops that read T and write T."""
    u = getattr(numpy, name)
    found = []
    for sig in u.types:
        ins, out = sig.split("->")
        if set(ins) == {out} and out in "?bBhHiIlLefdFD":
            found.append(numpy.dtype(out))
    return found


def _cases(names):
    return [(n, d) for n in names for d in _own_dtypes(n)]


def _values(xp, dtype, shape, seed):
    v = sample_values(dtype, shape, seed)
    if dtype.kind in "iu":
        v = numpy.abs(v) % 5 + 1  # no negative powers, no zero divisors, no large shifts
        v = v.astype(dtype)
    return xp.asarray(v)


INDEX = [0, 2, 0, -1, 2, 0, 5]


@pytest.mark.parametrize("name,dtype", _cases(BINARY), ids=str)
@numpy_cupylike_equal()
def test_binary_at_applies_every_repeated_update(xp, name, dtype):
    a = _values(xp, dtype, (6,), 1)
    getattr(xp, name).at(a, xp.asarray(INDEX), _values(xp, dtype, (len(INDEX),), 2))
    return a


@pytest.mark.parametrize("name,dtype", _cases(UNARY), ids=str)
@numpy_cupylike_equal()
def test_unary_at_applies_once_per_occurrence(xp, name, dtype):
    a = _values(xp, dtype, (6,), 3)
    with numpy.errstate(all="ignore"):
        getattr(xp, name).at(a, xp.asarray(INDEX))
    return a


@pytest.mark.parametrize("name,dtype", _cases(TRANSCENDENTAL), ids=str)
@numpy_cupylike_allclose(rtol=1e-6)
def test_transcendental_at_applies_once_per_occurrence(xp, name, dtype):
    a = xp.asarray(numpy.linspace(-2, 2, 6).astype(dtype))
    getattr(xp, name).at(a, xp.asarray(INDEX))
    return a


@numpy_cupylike_equal()
def test_subtract_at_is_applied_in_index_order(xp):
    a = xp.full(3, 100, dtype=xp.int64)
    xp.subtract.at(a, xp.asarray([0, 0, 0, 1, 0]), xp.asarray([1, 2, 3, 4, 5]))
    return a


@numpy_cupylike_equal()
def test_float32_sums_round_in_index_order(xp):
    rng = numpy.random.default_rng(0)
    b = (rng.standard_normal(4000) * 10.0 ** rng.integers(-6, 6, 4000)).astype(numpy.float32)
    a = xp.zeros(7, dtype=xp.float32)
    xp.add.at(a, xp.asarray(rng.integers(0, 7, 4000)), xp.asarray(b))
    return a


@numpy_cupylike_equal()
def test_float16_updates_round_to_float16_each_step(xp):
    a = xp.zeros(2, dtype=xp.float16)
    xp.add.at(a, xp.asarray([0] * 50), xp.asarray(numpy.full(50, 0.1, numpy.float16)))
    return a


@pytest.mark.parametrize("b", [1.5, 1000, numpy.float64(2.5), 1 + 2j], ids=repr)
@numpy_cupylike_equal()
def test_scalar_b_takes_numpys_default_dtype_and_casts_back_unsafely(xp, b):
    a = xp.full(3, 100, dtype=xp.int8)
    ufunc = xp.add if isinstance(b, complex) else xp.floor_divide
    with numpy.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore", numpy.exceptions.ComplexWarning)
        ufunc.at(a, xp.asarray([0, 0]), b)
    return a


@numpy_cupylike_equal()
def test_zero_dim_target(xp):
    a = xp.asarray(1.5)
    xp.add.at(a, (), 2.0)
    return a


@numpy_cupylike_equal()
def test_empty_indices_change_nothing(xp):
    a = xp.arange(3.0)
    xp.add.at(a, xp.asarray([], dtype=xp.int64), xp.asarray([], dtype=xp.float64))
    return a


@numpy_cupylike_equal()
def test_empty_target(xp):
    a = xp.zeros((0, 3))
    xp.add.at(a, (slice(None), 1), 1.0)
    return a


@numpy_cupylike_equal()
def test_non_contiguous_reversed_target_writes_through_the_view(xp):
    base = xp.arange(24.0).reshape(4, 6)
    a = base[::2, ::-2]
    xp.multiply.at(a, (xp.asarray([0, 1, 0]), xp.asarray([2, 0, 2])), xp.asarray([2.0, 3, 5]))
    return base


@pytest.mark.parametrize("index", [
    "int", "slice", "ellipsis", "tuple_arrays", "mask", "slice_and_array", "2d_array", "newaxis",
])
@numpy_cupylike_equal()
def test_every_kind_of_index(xp, index):
    a = xp.arange(12.0).reshape(3, 4)
    i = {
        "int": 1,
        "slice": slice(None, None, -1),
        "ellipsis": Ellipsis,
        "tuple_arrays": (xp.asarray([0, 0, 2]), xp.asarray([1, 1, -1])),
        "mask": xp.asarray([[True, False, True, False]] * 3),
        "slice_and_array": (slice(None), xp.asarray([0, 0, 3])),
        "2d_array": xp.asarray([[0, 0], [2, 0]]),
        "newaxis": (0, None),
    }[index]
    xp.add.at(a, i, 1.0)
    return a


@numpy_cupylike_equal()
def test_b_broadcasts_to_the_indexed_shape(xp):
    a = xp.zeros((2, 3))
    xp.add.at(a, (slice(None), xp.asarray([0, 0])), xp.asarray([[1.0], [2.0]]))
    return a


@numpy_cupylike_equal()
def test_b_that_is_a_view_of_the_target(xp):
    a = xp.arange(5.0)
    xp.add.at(a, xp.asarray([1, 0, 1]), a[:3])
    return a


@pytest.mark.parametrize("case,error", [
    ("out_of_bounds", IndexError), ("float_index", IndexError),
    ("not_broadcastable", ValueError), ("missing_b", ValueError), ("extra_b", ValueError),
    ("two_outputs", ValueError), ("no_loop", TypeError), ("bool_subtract", TypeError),
    ("negative_power", ValueError),
])
def test_errors_are_numpys_and_leave_the_target_unchanged(case, error):
    def run(xp):
        a = xp.arange(3.0) if case not in ("bool_subtract", "negative_power") else (
            xp.asarray([True, False, True]) if case == "bool_subtract" else xp.arange(3))
        before = a.copy()
        call = {
            "out_of_bounds": lambda: xp.add.at(a, xp.asarray([0, 3]), 1.0),
            "float_index": lambda: xp.add.at(a, xp.asarray([0.0]), 1.0),
            "not_broadcastable": lambda: xp.add.at(a, xp.asarray([0, 1]), xp.ones(3)),
            "missing_b": lambda: xp.add.at(a, xp.asarray([0])),
            "extra_b": lambda: xp.negative.at(a, xp.asarray([0]), 1.0),
            "two_outputs": lambda: xp.divmod.at(a, xp.asarray([0]), 1.0),
            "no_loop": lambda: xp.ldexp.at(a.astype(xp.float32), xp.asarray([0]), 2.5),
            "bool_subtract": lambda: xp.subtract.at(a, xp.asarray([0]), True),
            "negative_power": lambda: xp.power.at(a, xp.asarray([0, 1]), xp.asarray([2, -1])),
        }[case]
        with pytest.raises(error) as info:
            call()
        assert_array_equal(a, before.get() if xp is cupylike else before)
        return info.value

    np_error, cp_error = run(numpy), run(cupylike)
    if case not in ("float_index", "no_loop"):
        assert str(cp_error) == str(np_error)


def test_read_only_target_is_refused():
    # NumPy 2.4 writes through a read-only broadcast view here (docs/differences.md).
    a = cupylike.arange(3.0)
    with pytest.raises(ValueError, match="output array is read-only"):
        cupylike.add.at(cupylike.broadcast_to(a, (2, 3)), (0, 0), 1.0)
    assert_array_equal(a, numpy.arange(3.0))


def test_numpy_ufunc_at_and_reduceat_dispatch_to_ours():
    a = cupylike.zeros(4)
    assert numpy.add.at(a, cupylike.asarray([0, 0, 3]), cupylike.asarray([1.0, 2.0, 3.0])) \
        is None
    assert_array_equal(a, numpy.asarray([3.0, 0.0, 0.0, 3.0]))
    numpy.negative.at(a, cupylike.asarray([0, 0, 3]))
    assert_array_equal(a, numpy.asarray([3.0, 0.0, 0.0, -3.0]))
    r = numpy.add.reduceat(cupylike.arange(6), cupylike.asarray([0, 4, 1]))
    assert isinstance(r, cupylike.ndarray)
    assert_array_equal(r, numpy.add.reduceat(numpy.arange(6), [0, 4, 1]))


@compile_check
@pytest.mark.parametrize("arch", [80, 90])
def test_at_kernels_compile_with_nvrtc(arch):
    # One kernel of a binary and of a unary ufunc per loop kind (integer, float16, complex).
    cases = [("add", "l", "l"), ("subtract", "e", "d"), ("multiply", "D", "F"),
             ("power", "f", "i"), ("negative", "h", None), ("sqrt", "e", None)]
    for name, a_type, b_type in cases:
        a = cupylike.zeros(3, dtype=a_type)
        b = None if b_type is None else cupylike.ones(3, dtype=b_type)
        getattr(cupylike, name).at(a, cupylike.asarray([0, 0, 2]), *(() if b is None else (b,)))
    sources = {}
    for source, kernel in _native._elementwise_kernel_sources():
        if "cupylike_at_" in kernel:
            sources.setdefault(source, kernel)
    assert len(sources) >= len(cases)
    assert_all_compile([(s, "ufunc_at.cu", [k]) for s, k in sources.items()], arch,
                       ["--fmad=false"])
