"""Bitwise ufuncs against NumPy: bool and integer loops on edge grids and in every layout,
shift counts of any size and sign, and TypeError for floating inputs."""

import numpy
import pytest
from helpers.ufunc_numpy_checks import check_layouts, check_loop, loops, warm_up

import cupylike
from cupylike.testing import INT_DTYPES, UINT_DTYPES, for_dtypes, numpy_cupylike_equal

BITWISE = ["bitwise_and", "bitwise_or", "bitwise_xor", "invert", "left_shift", "right_shift"]


@pytest.fixture(scope="module", autouse=True)
def _kernels():
    warm_up(BITWISE)


@pytest.mark.parametrize("name, sig", loops(BITWISE))
def test_loop_matches_numpy_on_edge_and_random_values(name, sig):
    check_loop(name, sig)


@pytest.mark.parametrize("name, sig", loops(BITWISE))
def test_loop_matches_numpy_in_every_layout(name, sig):
    check_layouts(name, sig)


@for_dtypes(INT_DTYPES + UINT_DTYPES)
@pytest.mark.parametrize("name", ["left_shift", "right_shift"])
def test_shift_counts_beyond_the_width_or_negative_shift_everything_out(name, dtype):
    # C leaves these undefined (x86 masks the count); NumPy gives 0, or -1 for right shifts
    # of negative values.
    info = numpy.iinfo(dtype)
    bits = 8 * numpy.dtype(dtype).itemsize
    counts = [c for c in (0, 1, bits - 1, bits, bits + 1, 2 * bits, -1, -bits, info.min,
                          info.max) if info.min <= c <= info.max]
    values = [v for v in (info.min, -1, 1, 5, info.max) if info.min <= v <= info.max]
    a, b = numpy.meshgrid(numpy.array(values, dtype), numpy.array(counts, dtype))
    check_loop(name, "", [a, b])


@pytest.mark.parametrize("name", ["bitwise_and", "bitwise_or", "bitwise_xor", "left_shift"])
@pytest.mark.parametrize("dtype", ["float16", "float64", "complex64"])
@numpy_cupylike_equal(accept_error=TypeError)
def test_floating_inputs_raise_type_error(xp, name, dtype):
    return getattr(xp, name)(xp.asarray(numpy.ones(2, dtype)), 1)


def test_type_error_message_is_numpys():
    with pytest.raises(TypeError, match=r"ufunc 'bitwise_and' not supported for the input "
                       r"types.*casting rule ''safe''"):
        cupylike.bitwise_and(cupylike.ones(2), 1)


@numpy_cupylike_equal()
def test_operators_and_weak_scalars(xp):
    a = xp.asarray(numpy.array([0, 1, 200, 255], numpy.uint8))
    t = xp.asarray(numpy.array([True, False]))
    return a & 0x0F, 3 | a, a ^ 255, ~a, a << 3, a >> 9, ~t, t & True, t ^ t


def test_aliases_are_numpys():
    for alias, name in [("bitwise_not", "invert"), ("bitwise_invert", "invert"),
                        ("bitwise_left_shift", "left_shift"),
                        ("bitwise_right_shift", "right_shift")]:
        assert getattr(cupylike, alias) is getattr(cupylike, name)
        assert getattr(numpy, alias).__name__ == name
