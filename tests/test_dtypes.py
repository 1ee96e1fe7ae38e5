"""Promotion and casting against NumPy 2, for every pair of dtypes and for weak scalars."""

import itertools

import numpy
import pytest

import cupylike
from cupylike.testing import ALL_DTYPES

PAIRS = list(itertools.product(ALL_DTYPES, ALL_DTYPES))
CASTINGS = ["no", "equiv", "safe", "same_kind", "unsafe"]


def test_promotion_table_matches_numpy_for_every_pair():
    table = cupylike._core._native._promotion_table()
    mismatches = {
        (a.name, b.name): (table[(a.name, b.name)], numpy.promote_types(a, b).name)
        for a, b in PAIRS
        if table[(a.name, b.name)] != numpy.promote_types(a, b).name
    }
    assert not mismatches


@pytest.mark.parametrize("a,b", PAIRS, ids=lambda d: d.name)
def test_promote_types_and_result_type_match_numpy(a, b):
    assert cupylike.promote_types(a, b) == numpy.promote_types(a, b)
    assert cupylike.result_type(a, b) == numpy.result_type(a, b)


@pytest.mark.parametrize("casting", CASTINGS)
def test_can_cast_matches_numpy_for_every_pair_and_casting(casting):
    for a, b in PAIRS:
        assert cupylike.can_cast(a, b, casting) == numpy.can_cast(a, b, casting), (a, b)


WEAK_SCALARS = [True, 1, -1, 300, 2.5, 1e300, 1j]


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=lambda d: d.name)
@pytest.mark.parametrize("scalar", WEAK_SCALARS, ids=repr)
def test_result_type_treats_python_scalars_as_weak(dtype, scalar):
    assert cupylike.result_type(dtype, scalar) == numpy.result_type(dtype, scalar)
    assert cupylike.result_type(scalar, dtype) == numpy.result_type(scalar, dtype)


@pytest.mark.parametrize(
    "args",
    [(1,), (1.0,), (1j,), (True,), (1, 1.0), (1, 1j), (True, 1), (numpy.int8, 1, 1.0),
     (numpy.float16, 1j), (numpy.float32, 1j), (numpy.uint64, numpy.int64, 1),
     (numpy.int8, numpy.uint8, 2.0), ("f4", "i8"), (numpy.float32(1), 1.0),
     (numpy.int16(1), numpy.float16)],
    ids=repr,
)
def test_result_type_of_several_arguments_matches_numpy(args):
    assert cupylike.result_type(*args) == numpy.result_type(*args)


def test_result_type_of_arrays_uses_their_dtype():
    x = cupylike.zeros(3, dtype=numpy.int16)
    assert cupylike.result_type(x, 1.0) == numpy.float64
    assert cupylike.result_type(x, numpy.float16) == numpy.float32
    assert cupylike.result_type(x, numpy.zeros(2, numpy.uint8)) == numpy.int16
    assert cupylike.can_cast(x, numpy.int32)
    assert not cupylike.can_cast(x, numpy.int8)


def test_result_type_without_arguments_raises_like_numpy():
    with pytest.raises(ValueError):
        numpy.result_type()
    with pytest.raises(ValueError):
        cupylike.result_type()


@pytest.mark.parametrize("scalar", [1, 1.0, 1j])
def test_can_cast_rejects_python_scalars_like_numpy(scalar):
    with pytest.raises(TypeError):
        numpy.can_cast(scalar, numpy.float64)
    with pytest.raises(TypeError):
        cupylike.can_cast(scalar, numpy.float64)


def test_can_cast_rejects_unknown_casting():
    with pytest.raises(ValueError):
        cupylike.can_cast(numpy.int8, numpy.int16, "sometimes")


# Every way numpy.dtype spells the supported dtypes.
SPELLINGS = [
    bool, int, float, complex, "bool", "?", "b1", "int8", "i1", "b", "int16", "i2", "h",
    "int32", "i4", "i", "int64", "i8", "l", "q", "long", "longlong", "uint8", "u1", "B",
    "uint16", "u2", "H", "uint32", "u4", "I", "uint64", "u8", "L", "Q", "float16", "f2", "e",
    "half", "float32", "f4", "f", "single", "float64", "f8", "d", "double", "float", "complex64",
    "c8", "F", "complex128", "c16", "D", "complex", "<f8", "=i4", "|b1", numpy.float32,
    numpy.dtype("uint16"), numpy.intp, numpy.uintp, numpy.bool_, numpy.cdouble,
]


@pytest.mark.parametrize("spec", SPELLINGS, ids=str)
def test_every_numpy_spelling_creates_the_same_dtype(spec):
    expected = numpy.dtype(spec)
    x = cupylike.empty(2, dtype=spec)
    assert x.dtype == expected
    assert cupylike.dtype(spec) == expected
    assert cupylike.zeros(1, dtype=spec).get().dtype == expected


@pytest.mark.parametrize("spec", ["U5", "S3", object, "M8[s]", "m8", "V8", "float128",
                                  "complex256", [("a", "i4")]], ids=str)
def test_dtypes_cupylike_lacks_raise_type_error(spec):
    with pytest.raises(TypeError):
        cupylike.empty(2, dtype=spec)
    with pytest.raises(TypeError):
        cupylike.asarray(numpy.zeros(2, dtype=spec))


def test_non_native_byte_order_is_refused_as_dtype_but_converted_as_data():
    with pytest.raises(TypeError):
        cupylike.empty(2, dtype=">f4")
    host = numpy.arange(5, dtype=">i4")
    x = cupylike.asarray(host)
    assert x.dtype == numpy.int32
    numpy.testing.assert_array_equal(x.get(), host)


@pytest.mark.parametrize("spec", ["float33", "nonsense", 3.5, "i3"], ids=str)
def test_unknown_dtype_raises_type_error(spec):
    with pytest.raises(TypeError):
        numpy.dtype(spec)
    with pytest.raises(TypeError):
        cupylike.zeros(2, dtype=spec)


def test_dtype_attributes_are_numpy_dtypes():
    x = cupylike.zeros((2, 3), dtype="f4")
    assert isinstance(x.dtype, numpy.dtype)
    assert x.dtype is numpy.dtype(numpy.float32) or x.dtype == numpy.float32
    assert cupylike.float32 is numpy.float32
    assert cupylike.dtype is numpy.dtype
