"""matvec and vecmat against NumPy: stacks broadcasting, dtypes as NumPy's promotion (int8
sums wrap, bool is an or of ands), vecmat's conjugated vector, out=, axes= and NumPy's
errors."""

import numpy
import pytest

import cupylike
from cupylike.testing import numpy_cupylike_allclose, numpy_cupylike_equal

DTYPE_PAIRS = [(numpy.float32, numpy.float32), (numpy.float64, numpy.float32),
               (numpy.int8, numpy.uint8), (numpy.int64, numpy.int64), (numpy.bool_, numpy.bool_),
               (numpy.complex64, numpy.complex128), (numpy.int32, numpy.float16)]


def _operands(xp, name, shapes, dtypes, seed=0):
    rng = numpy.random.default_rng(seed)
    out = []
    for shape, dtype in zip(shapes, dtypes, strict=True):
        values = rng.integers(-3, 4, shape)
        if numpy.dtype(dtype).kind == "c":
            values = values + 1j * rng.integers(-3, 4, shape)
        out.append(xp.asarray(values.astype(dtype)))
    return out


@pytest.mark.parametrize("dtypes", DTYPE_PAIRS)
@pytest.mark.parametrize("name", ["matvec", "vecmat"])
@numpy_cupylike_allclose(rtol=1e-3)
def test_product_matches_numpy_values_and_dtype(xp, name, dtypes):
    shapes = [(2, 3, 4), (4,)] if name == "matvec" else [(3,), (2, 3, 4)]
    a, b = _operands(xp, name, shapes, dtypes)
    return getattr(xp, name)(a, b)


@pytest.mark.parametrize("name, shapes", [
    ("matvec", [(5, 1, 3, 4), (2, 4)]), ("matvec", [(0, 3, 4), (4,)]), ("matvec", [(3, 0), (0,)]),
    ("vecmat", [(2, 1, 3), (5, 3, 4)]), ("vecmat", [(0,), (0, 2)]),
])
@numpy_cupylike_equal()
def test_stacks_broadcast_and_empty_core_sums_to_zero(xp, name, shapes):
    a, b = _operands(xp, name, shapes, [numpy.float64] * 2)
    return getattr(xp, name)(a, b)


@numpy_cupylike_equal()
def test_vecmat_conjugates_the_vector(xp):
    v = xp.asarray(numpy.array([1j, 2 - 1j]))
    m = xp.asarray(numpy.array([[1, 2j], [3, 4]]))
    return xp.vecmat(v, m)


@numpy_cupylike_equal()
def test_non_contiguous_and_negative_strides(xp):
    a = xp.asarray(numpy.arange(60.0).reshape(3, 4, 5))[:, ::-1, ::2]
    v = xp.asarray(numpy.arange(6.0))[::-2]
    return xp.matvec(a, v), xp.vecmat(v[::-1], a.transpose(0, 2, 1))


@numpy_cupylike_equal()
def test_axes_name_the_core_dimensions(xp):
    a = xp.asarray(numpy.arange(24.0).reshape(2, 3, 4))
    return (xp.matvec(a, xp.ones(3), axes=[(0, 1), (0,), (0,)]),
            xp.vecmat(xp.ones(2), a, axes=[(0,), (0, 2), (0,)]))


@pytest.mark.parametrize("name", ["matvec", "vecmat"])
@numpy_cupylike_equal()
def test_out_and_dtype(xp, name):
    a = xp.asarray(numpy.arange(6, dtype=numpy.int32).reshape(2, 3))
    v = xp.asarray(numpy.arange(3 if name == "matvec" else 2, dtype=numpy.int32))
    out = xp.zeros(2 if name == "matvec" else 3, dtype=numpy.float64)
    args = (a, v) if name == "matvec" else (v, a)
    result = getattr(xp, name)(*args, out=out)
    assert result is out
    return out, getattr(xp, name)(*args, dtype=numpy.float32)


@pytest.mark.parametrize("name, shapes, kwargs, error", [
    ("matvec", [(2, 3), (2,)], {}, ValueError),        # core mismatch
    ("matvec", [(3,), (3,)], {}, ValueError),          # matrix with one dimension
    ("vecmat", [(3,), (3,)], {}, ValueError),
    ("vecmat", [(2,), (3, 2)], {}, ValueError),
    ("matvec", [(2, 3), (3,)], {"axis": 0}, TypeError),
    ("matvec", [(2, 3), (3,)], {"keepdims": True}, TypeError),
    ("matvec", [(2, 3), (3,)], {"out": "int"}, TypeError),  # float64 into int8: same_kind
])
def test_errors_as_numpy(name, shapes, kwargs, error):
    for xp in (numpy, cupylike):
        a, b = _operands(xp, name, shapes, [numpy.float64] * 2)
        given = {"out": xp.zeros(2, numpy.int8)} if kwargs.get("out") == "int" else kwargs
        with pytest.raises(error, match=name if error is ValueError else None):
            getattr(xp, name)(a, b, **given)
