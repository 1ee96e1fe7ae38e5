"""norm, cond, matrix_rank, lstsq, pinv and multi_dot against NumPy: every vector and matrix
order, axes and keepdims, the four LAPACK dtypes and ints, stacks, rank-deficient and singular
matrices, tolerances, and NumPy's errors."""

import numpy
import pytest
from helpers.linalg_cases import close, for_dtypes, host, values

import cupylike
from cupylike import linalg

INF = numpy.inf


def test_norm_of_an_int_vector_is_float64():
    ours = linalg.norm(cupylike.array([1, 2, 3]))
    close(ours, numpy.linalg.norm(numpy.array([1, 2, 3])))


@pytest.mark.parametrize("ord", [None, 2, 1, 0, 3, 0.5, -1, INF, -INF])
def test_vector_norms_match_numpy(ord):  # noqa: A002 (NumPy's name)
    x = values((3, 5), numpy.float64)
    d = cupylike.asarray(x)
    close(linalg.norm(d, ord, axis=1, keepdims=True),
          numpy.linalg.norm(x, ord, axis=1, keepdims=True))


@pytest.mark.vendor_library
def test_norms_read_non_contiguous_inputs():
    x = values((3, 5), numpy.float64)
    d = cupylike.asarray(x)
    close(linalg.norm(d[:, ::-2], axis=0), numpy.linalg.norm(x[:, ::-2], axis=0))
    close(linalg.norm(d.T, "nuc"), numpy.linalg.norm(x.T, "nuc"))


@pytest.mark.vendor_library
@pytest.mark.parametrize("ord", [None, "fro", "nuc", 1, -1, 2, -2, INF, -INF])
def test_matrix_norms_match_numpy(ord):  # noqa: A002 (NumPy's name)
    x = values((2, 3, 4), numpy.float64)
    d = cupylike.asarray(x)
    close(linalg.norm(d[0], ord), numpy.linalg.norm(x[0], ord))
    close(linalg.norm(d, ord, axis=(1, 2)), numpy.linalg.norm(x, ord, axis=(1, 2)))
    close(linalg.norm(d, ord, axis=(2, 0), keepdims=True),
          numpy.linalg.norm(x, ord, axis=(2, 0), keepdims=True))


@pytest.mark.vendor_library
@for_dtypes
def test_norms_of_each_dtype_are_real(dtype):
    x = values((3, 4), dtype)
    d = cupylike.asarray(x)
    for ord, axis in [(None, None), ("nuc", None), (1, 0)]:
        close(linalg.norm(d, ord, axis), numpy.linalg.norm(x, ord, axis), dtype, scale=10)


def test_norm_of_an_empty_vector_and_keepdims_on_the_whole_array():
    close(linalg.norm(cupylike.zeros((0,))), numpy.linalg.norm(numpy.zeros((0,))))
    x = values((2, 3), numpy.float32)
    close(linalg.norm(cupylike.asarray(x), keepdims=True), numpy.linalg.norm(x, keepdims=True))


def test_norm_raises_numpys_errors():
    x = cupylike.ones((2, 3, 4))
    with pytest.raises(ValueError, match="Invalid norm order 'fro' for vectors"):
        linalg.norm(x, "fro", axis=0)
    with pytest.raises(ValueError, match="Invalid norm order for matrices"):
        linalg.norm(x, 3, axis=(0, 1))
    with pytest.raises(ValueError, match="Improper number of dimensions to norm"):
        linalg.norm(x, axis=(0, 1, 2))
    with pytest.raises(ValueError, match="Duplicate axes given"):
        linalg.norm(x, axis=(1, 1))
    with pytest.raises(TypeError, match="'axis' must be None, an integer or a tuple"):
        linalg.norm(x, axis="x")
    with pytest.raises(numpy.exceptions.AxisError):
        linalg.norm(x, axis=(0, 3))


@pytest.mark.vendor_library
@pytest.mark.parametrize("p", [None, 2, -2, 1, -1, INF, -INF, "fro", "nuc"])
def test_cond_matches_numpy(p):
    a = values((2, 3, 3), numpy.float64)
    close(linalg.cond(cupylike.asarray(a), p), numpy.linalg.cond(a, p), scale=1e3)


@pytest.mark.vendor_library
def test_cond_of_singular_matrices_is_inf_and_of_empty_ones_an_error():
    a = numpy.array([[[1.0, 2], [2, 4]], [[1.0, 0], [0, 2]]])
    for p in (None, 1):
        ours = host(linalg.cond(cupylike.asarray(a), p))
        assert ours[0] > 1e15 or numpy.isinf(ours[0])
        close(ours[1], numpy.linalg.cond(a[1], p))
    zero = numpy.zeros((2, 2))
    assert numpy.isinf(host(linalg.cond(cupylike.asarray(zero))))
    with pytest.raises(linalg.LinAlgError, match="cond is not defined on empty arrays"):
        linalg.cond(cupylike.zeros((0, 0)))


@pytest.mark.vendor_library
def test_matrix_rank_matches_numpy_with_each_tolerance():
    x = values((3, 5, 2), numpy.float64)
    a = x @ x.swapaxes(-1, -2)  # rank 2 of 5
    a[2] = 0
    d = cupylike.asarray(a)
    numpy.testing.assert_array_equal(host(linalg.matrix_rank(d)), numpy.linalg.matrix_rank(a))
    numpy.testing.assert_array_equal(host(linalg.matrix_rank(d, tol=1e-8)),
                                     numpy.linalg.matrix_rank(a, tol=1e-8))
    numpy.testing.assert_array_equal(host(linalg.matrix_rank(d, rtol=0.5)),
                                     numpy.linalg.matrix_rank(a, rtol=0.5))
    numpy.testing.assert_array_equal(host(linalg.matrix_rank(d, hermitian=True)),
                                     numpy.linalg.matrix_rank(a, hermitian=True))
    assert linalg.matrix_rank(cupylike.asarray([0.0, 1.0])) == 1
    assert linalg.matrix_rank(cupylike.zeros(3)) == 0
    with pytest.raises(ValueError, match="can't be both set"):
        linalg.matrix_rank(d, tol=1, rtol=1)


@pytest.mark.vendor_library
@pytest.mark.parametrize(("a_shape", "b_shape"), [((6, 3), (6,)), ((6, 3), (6, 2)),
                                                  ((3, 6), (3, 2)), ((0, 3), (0, 2))],
                         ids=str)
@pytest.mark.parametrize("dtype", [numpy.float64, numpy.complex64])
def test_lstsq_matches_numpy(a_shape, b_shape, dtype):
    a, b = values(a_shape, dtype), values(b_shape, dtype, seed=1)
    ours = linalg.lstsq(cupylike.asarray(a), cupylike.asarray(b))
    theirs = numpy.linalg.lstsq(a, b)
    close(ours[0], theirs[0], scale=100)
    close(ours[1], theirs[1], scale=100)
    assert ours[2] == theirs[2]
    close(ours[3], theirs[3], scale=10)


@pytest.mark.vendor_library
def test_lstsq_of_rank_deficient_ints_with_rcond_and_its_errors():
    a = numpy.array([[1, 2], [2, 4], [3, 6]])
    b = numpy.array([1, 2, 4])
    for rcond in (None, 1e-3):
        ours = linalg.lstsq(cupylike.asarray(a), cupylike.asarray(b), rcond=rcond)
        theirs = numpy.linalg.lstsq(a, b, rcond=rcond)
        close(ours[0], theirs[0], scale=100)
        assert ours[2] == theirs[2] == 1
        assert host(ours[1]).shape == (0,)
    with pytest.raises(linalg.LinAlgError, match="Incompatible dimensions"):
        linalg.lstsq(cupylike.ones((3, 2)), cupylike.ones(2))
    with pytest.raises(linalg.LinAlgError, match="3-dimensional array given"):
        linalg.lstsq(cupylike.ones((2, 3, 2)), cupylike.ones(3))


@pytest.mark.vendor_library
@pytest.mark.parametrize("dtype", [numpy.float32, numpy.complex128])
def test_pinv_matches_numpy(dtype):
    a = values((2, 4, 3), dtype)
    close(linalg.pinv(cupylike.asarray(a)), numpy.linalg.pinv(a), scale=10)


@pytest.mark.vendor_library
def test_pinv_with_cutoffs_hermitian_and_empty_inputs():
    x = values((4, 2), numpy.float64)
    a = x @ x.T  # rank 2
    d = cupylike.asarray(a)
    close(linalg.pinv(d, rcond=1e-10), numpy.linalg.pinv(a, rcond=1e-10), scale=1e3)
    close(linalg.pinv(d, rtol=None), numpy.linalg.pinv(a, rtol=None), scale=1e3)
    close(linalg.pinv(d, hermitian=True), numpy.linalg.pinv(a, hermitian=True), scale=1e3)
    assert host(linalg.pinv(cupylike.zeros((2, 0, 3)))).shape == (2, 3, 0)
    with pytest.raises(ValueError, match="can't be both set"):
        linalg.pinv(d, rcond=1e-3, rtol=1e-3)


@pytest.mark.vendor_library
def test_multi_dot_matches_numpy_in_its_cheapest_order():
    a, b, c = values((10, 30), numpy.float64), values((30, 5), numpy.float64), values(
        (5, 60), numpy.float64)
    v = values(10, numpy.float64)
    da, db, dc, dv = (cupylike.asarray(x) for x in (a, b, c, v))
    close(linalg.multi_dot([da, db, dc]), numpy.linalg.multi_dot([a, b, c]))
    close(linalg.multi_dot([dv, da, db, dc, dc.T]), numpy.linalg.multi_dot([v, a, b, c, c.T]),
          scale=10)
    close(linalg.multi_dot([dv, da, db, db.T, da.T, dv]),
          numpy.linalg.multi_dot([v, a, b, b.T, a.T, v]), scale=100)
    close(linalg.multi_dot([da, db]), numpy.linalg.multi_dot([a, b]))
    with pytest.raises(ValueError, match="Expecting at least two arrays"):
        linalg.multi_dot([da])
    with pytest.raises(linalg.LinAlgError, match="3-dimensional"):
        linalg.multi_dot([da, cupylike.ones((2, 30, 5)), dc])


@pytest.mark.parametrize("ord", [2, -2, "nuc"])
@pytest.mark.parametrize("axis", [None, (0, 1)])
def test_spectral_and_nuclear_norms_of_float16_are_a_type_error(ord, axis):  # noqa: A002
    # They go through the SVD, which NumPy has no float16 loop for; the other orders convert.
    with pytest.raises(TypeError, match="float16 is unsupported in linalg"):
        numpy.linalg.norm(numpy.ones((2, 2), numpy.float16), ord, axis)
    with pytest.raises(TypeError, match="float16 is unsupported in linalg"):
        linalg.norm(cupylike.ones((2, 2), numpy.float16), ord, axis)


@pytest.mark.vendor_library
@pytest.mark.parametrize("ord", [2, -2, "nuc"])
@pytest.mark.parametrize("dtype", [numpy.float64, numpy.complex64])
def test_norms_through_the_svd_of_nan_do_not_converge(ord, dtype):  # noqa: A002
    # LAPACK's gesdd rejects NaN input as an invalid argument; NumPy reports LinAlgError.
    a = numpy.array([[numpy.nan, 1.0], [2.0, 3.0]], dtype)
    with pytest.raises(numpy.linalg.LinAlgError, match="SVD did not converge"):
        numpy.linalg.norm(a, ord)
    with pytest.raises(numpy.linalg.LinAlgError, match="SVD did not converge"):
        linalg.norm(cupylike.asarray(a), ord)
    with pytest.raises(numpy.linalg.LinAlgError, match="SVD did not converge"):
        linalg.svd(cupylike.asarray(a))
