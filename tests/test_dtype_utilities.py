"""dtype utilities against NumPy: common_type, min_scalar_type, mintypecode, NumPy's own
dtype objects and scalar types, error state, exceptions and CuPy's aliases."""

import inspect

import numpy
import pytest

import cupylike

SCALAR_TYPES = [
    "generic", "number", "integer", "signedinteger", "unsignedinteger", "inexact", "floating",
    "complexfloating", "flexible", "character", "bytes_", "str_", "void", "object_", "long",
    "ulong", "uint", "longdouble", "clongdouble",
]
NUMPYS_OWN = [
    "issubdtype", "typename", "typecodes", "sctypeDict", "ScalarType", "True_", "False_",
    "little_endian", "isscalar", "iterable", "s_", "index_exp", "ndindex", "base_repr",
    "binary_repr", "format_float_positional", "format_float_scientific", "get_printoptions",
    "set_printoptions", "printoptions", "errstate", "seterr", "geterr", "seterrcall",
    "geterrcall", "getbufsize", "setbufsize",
]


@pytest.mark.parametrize("name", SCALAR_TYPES + NUMPYS_OWN)
def test_names_are_numpys_objects(name):
    assert getattr(cupylike, name) is getattr(numpy, name)


@pytest.mark.parametrize("name", [
    "common_type", "min_scalar_type", "mintypecode", "isclose", "allclose", "array_equal",
    "array_equiv", "isneginf", "isposinf", "iscomplex", "isreal", "iscomplexobj", "isrealobj",
    "isfortran", "real_if_close", "shares_memory", "may_share_memory", "tril_indices",
    "tril_indices_from", "triu_indices", "triu_indices_from", "mask_indices", "diag_indices",
    "diag_indices_from", "array2string", "array_repr", "array_str", "ndenumerate"])
def test_signatures_are_numpys(name):
    assert inspect.signature(getattr(cupylike, name)) == inspect.signature(getattr(numpy, name))


def test_byte_bounds_signature_is_numpys():
    assert inspect.signature(cupylike.byte_bounds) == inspect.signature(
        numpy.lib.array_utils.byte_bounds)


def test_abstract_types_classify_cupylike_dtypes():
    x = cupylike.ones(2, dtype=cupylike.int16)
    assert cupylike.issubdtype(x.dtype, cupylike.signedinteger)
    assert not cupylike.issubdtype(x.dtype, cupylike.floating)
    assert issubclass(cupylike.float32, cupylike.inexact)


@pytest.mark.parametrize("dtype", [object, "U3", "S2", "V4", numpy.longdouble,
                                   numpy.clongdouble], ids=str)
def test_unsupported_dtypes_raise_type_error(dtype):
    with pytest.raises(TypeError, match="does not support"):
        cupylike.zeros(3, dtype=dtype)


@pytest.mark.parametrize("dtypes", [
    [numpy.float32], [numpy.float16, numpy.int8], [numpy.complex64, numpy.float64],
    [numpy.uint8, numpy.float32], [numpy.complex64], [numpy.float16], [],
], ids=str)
def test_common_type(dtypes):
    arrays = [cupylike.ones(2, dtype=d) for d in dtypes]
    assert cupylike.common_type(*arrays) is numpy.common_type(*[numpy.ones(2, d)
                                                                 for d in dtypes])


def test_common_type_of_booleans_raises_as_numpy():
    with pytest.raises(TypeError, match="can't get common type for non-numeric array"):
        numpy.common_type(numpy.ones(2, bool))
    with pytest.raises(TypeError, match="can't get common type for non-numeric array"):
        cupylike.common_type(cupylike.ones(2, dtype=bool))


@pytest.mark.parametrize("value", [300, -1, 1e40, 1.5, 2 + 0j, True, numpy.int64(7)])
def test_min_scalar_type_of_scalars_and_0d_arrays(value):
    want = numpy.min_scalar_type(value)
    assert cupylike.min_scalar_type(value) == want
    assert cupylike.min_scalar_type(cupylike.asarray(numpy.asarray(value))) == \
        numpy.min_scalar_type(numpy.asarray(value))


def test_min_scalar_type_of_arrays_is_their_dtype():
    for dtype in (numpy.int64, numpy.float32, numpy.bool_):
        assert cupylike.min_scalar_type(cupylike.ones(3, dtype=dtype)) == \
            numpy.min_scalar_type(numpy.ones(3, dtype)) == dtype


@pytest.mark.parametrize("args", [
    (["d", "F"],), ("if",), (["?"], "GDFgdfQqLlIiHhBb?"), (["d"], "dz"), (["i"],),
    (["f", "d", "g"],), (["l", "L"], "lL", "x"), ([],),
], ids=str)
def test_mintypecode(args):
    assert cupylike.mintypecode(*args) == numpy.mintypecode(*args)


def test_mintypecode_of_arrays():
    typechars = [cupylike.ones(2, dtype=cupylike.float32), numpy.float64(1), "F"]
    assert cupylike.mintypecode(typechars) == numpy.mintypecode(["f", "d", "F"]) == "D"


def test_error_state_is_numpys_state():
    old = cupylike.seterr(divide="raise")
    try:
        assert numpy.geterr()["divide"] == "raise"
        assert cupylike.geterr() == numpy.geterr()
    finally:
        cupylike.seterr(**old)
    with cupylike.errstate(invalid="ignore"):
        assert numpy.geterr()["invalid"] == "ignore"

    @cupylike.errstate(over="raise")
    def inside():
        return cupylike.geterr()["over"]

    assert inside() == "raise" and cupylike.geterr()["over"] == old["over"]


def test_device_arithmetic_does_not_read_the_error_state():
    with cupylike.errstate(all="raise"):
        r = cupylike.divide(cupylike.ones(2), 0.0)
    assert bool(cupylike.isinf(r).all())


def test_exceptions_module_and_cupy_aliases():
    for name in numpy.exceptions.__all__ + ["RankWarning"]:
        assert getattr(cupylike.exceptions, name) is getattr(numpy.exceptions, name)
    for name in ("AxisError", "ComplexWarning", "ModuleDeprecationWarning", "RankWarning",
                 "TooHardError", "VisibleDeprecationWarning"):
        assert getattr(cupylike, name) is getattr(numpy.exceptions, name)
    with pytest.raises(cupylike.AxisError):
        cupylike.sum(cupylike.ones(2), axis=3)
    assert cupylike.Inf == cupylike.Infinity == cupylike.PINF == cupylike.infty == numpy.inf
    assert cupylike.NINF == -numpy.inf
    assert numpy.isnan(cupylike.NAN) and numpy.isnan(cupylike.NaN)
    assert cupylike.PZERO == 0.0 and not numpy.signbit(cupylike.PZERO)
    assert cupylike.NZERO == 0.0 and numpy.signbit(cupylike.NZERO)
    assert (cupylike.pi, cupylike.e, cupylike.euler_gamma, cupylike.newaxis) == (
        numpy.pi, numpy.e, numpy.euler_gamma, numpy.newaxis)
