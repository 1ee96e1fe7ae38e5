"""svd, cholesky and qr against NumPy over the four LAPACK dtypes, stacks, ints, tall and wide
matrices, non-contiguous inputs and empty ones. Factors are compared sign- and
phase-independently: singular values and |R| against NumPy's, and the factors rebuilding the
input with orthonormal columns; cholesky's factor is unique and compared directly."""

import numpy
import pytest
from helpers.linalg_cases import (
    LAYOUTS,
    assert_orthonormal_columns,
    close,
    for_dtypes,
    hermitian_pd,
    host,
    layout,
    values,
)

import cupylike
from cupylike import linalg

SVD_SHAPES = [(5, 3), (2, 3, 5), (2, 1, 4, 4)]


def _check_svd(a_host, a_dev, dtype):
    for full in (True, False):
        u, s, vh = linalg.svd(a_dev, full_matrices=full)
        nu, ns, nvh = numpy.linalg.svd(a_host, full_matrices=full)
        assert (u.shape, vh.shape) == (nu.shape, nvh.shape)
        assert (u.dtype, vh.dtype) == (nu.dtype, nvh.dtype)
        close(s, ns, dtype)
        k = ns.shape[-1]
        rebuilt = (host(u)[..., :k] * host(s)[..., None, :]) @ host(vh)[..., :k, :]
        close(rebuilt, a_host.astype(nu.dtype), dtype, scale=10)
        assert_orthonormal_columns(u, dtype)
        assert_orthonormal_columns(numpy.swapaxes(host(vh), -1, -2).conj(), dtype)
    close(linalg.svd(a_dev, compute_uv=False), numpy.linalg.svd(a_host, compute_uv=False), dtype)


@pytest.mark.vendor_library
@for_dtypes
@pytest.mark.parametrize("shape", SVD_SHAPES, ids=str)
def test_svd_rebuilds_the_matrix_with_numpys_singular_values(dtype, shape):
    a = values(shape, dtype)
    _check_svd(a, cupylike.asarray(a), dtype)


@pytest.mark.vendor_library
@pytest.mark.parametrize("name", LAYOUTS)
@pytest.mark.parametrize("shape", [(4, 6), (6, 4)], ids=str)
def test_svd_reads_non_contiguous_inputs(name, shape):
    a_host, a_dev = layout(values((2,) + shape, numpy.float64), name)
    _check_svd(a_host, a_dev, numpy.dtype(numpy.float64))


@pytest.mark.vendor_library
def test_svd_of_ints_computes_in_float64():
    a = values((4, 3), numpy.int32)
    s = linalg.svd(cupylike.asarray(a), compute_uv=False)
    close(s, numpy.linalg.svd(a, compute_uv=False))


@pytest.mark.vendor_library
def test_svd_of_64x64_float32_keeps_float32():
    a = values((64, 64), numpy.float32)
    u, s, vh = linalg.svd(cupylike.asarray(a))
    assert (u.dtype, s.dtype, vh.dtype) == (numpy.float32,) * 3
    close(s, numpy.linalg.svd(a, compute_uv=False), scale=10)


@pytest.mark.parametrize("shape", [(0, 3), (3, 0), (0, 2, 2), (2, 0, 0)], ids=str)
@pytest.mark.parametrize("full", [True, False])
def test_svd_of_empty_matrices_matches_numpy(shape, full):
    a = numpy.zeros(shape)
    for ours, theirs in zip(linalg.svd(cupylike.asarray(a), full_matrices=full),
                            numpy.linalg.svd(a, full_matrices=full), strict=True):
        numpy.testing.assert_array_equal(host(ours), theirs)
        assert host(ours).dtype == theirs.dtype


@pytest.mark.vendor_library
def test_hermitian_svd_matches_numpy():
    a = values((2, 4, 4), numpy.float64)
    a = a + a.swapaxes(-1, -2)
    d = cupylike.asarray(a)
    close(linalg.svd(d, hermitian=True, compute_uv=False),
          numpy.linalg.svd(a, hermitian=True, compute_uv=False))
    u, s, vh = linalg.svd(d, hermitian=True)
    close(s, numpy.linalg.svd(a, compute_uv=False))
    close((host(u) * host(s)[..., None, :]) @ host(vh), a, scale=10)


@pytest.mark.parametrize("function", [linalg.svd, linalg.cholesky, linalg.qr])
def test_decompositions_reject_vectors_float16_and_host_arrays(function):
    assert linalg.LinAlgError is numpy.linalg.LinAlgError
    with pytest.raises(linalg.LinAlgError, match="1-dimensional array given"):
        function(cupylike.asarray(numpy.ones(3)))
    with pytest.raises(TypeError, match="array type float16 is unsupported in linalg"):
        function(cupylike.asarray(numpy.eye(3, dtype=numpy.float16)))
    with pytest.raises(TypeError):
        function(numpy.eye(3))


@pytest.mark.vendor_library
@for_dtypes
@pytest.mark.parametrize("upper", [False, True])
def test_cholesky_matches_numpy(dtype, upper):
    a = hermitian_pd((2, 4, 4), dtype)
    # Only one triangle is read: garbage in the other must not matter.
    a_in = numpy.triu(a) if upper else numpy.tril(a)
    ours = linalg.cholesky(cupylike.asarray(a_in), upper=upper)
    close(ours, numpy.linalg.cholesky(a_in, upper=upper), dtype, scale=10)


@pytest.mark.vendor_library
@pytest.mark.parametrize("name", LAYOUTS)
def test_cholesky_reads_non_contiguous_inputs(name):
    a_host, a_dev = layout(hermitian_pd((3, 3), numpy.complex128), name)
    close(linalg.cholesky(a_dev), numpy.linalg.cholesky(a_host))


@pytest.mark.vendor_library
def test_cholesky_of_ints_and_empty_matrices():
    a = numpy.array([[4, 2], [2, 3]])
    close(linalg.cholesky(cupylike.asarray(a)), numpy.linalg.cholesky(a))
    e = numpy.zeros((2, 0, 0))
    assert host(linalg.cholesky(cupylike.asarray(e))).shape == (2, 0, 0)


@pytest.mark.vendor_library
def test_cholesky_raises_for_indefinite_and_non_square_matrices():
    bad = cupylike.asarray(numpy.array([[[4.0, 0], [0, 1]], [[1.0, 2], [2, 1]]]))
    with pytest.raises(linalg.LinAlgError, match="Matrix is not positive definite"):
        linalg.cholesky(bad)
    with pytest.raises(linalg.LinAlgError, match="Last 2 dimensions of the array must be square"):
        linalg.cholesky(cupylike.ones((2, 3)))


def _check_qr(a, d, dtype, mode):
    q, r = linalg.qr(d, mode=mode)
    nq, nr = numpy.linalg.qr(a, mode=mode)
    assert (q.shape, r.shape, q.dtype, r.dtype) == (nq.shape, nr.shape, nq.dtype, nr.dtype)
    # R is unique up to a unit scale of each row; Q's first k columns up to the same scales.
    close(numpy.abs(host(r)), numpy.abs(nr), dtype, scale=10)
    assert not numpy.tril(host(r), -1).any()
    close(host(q) @ host(r), a.astype(nq.dtype), dtype, scale=10)
    assert_orthonormal_columns(q, dtype)


@pytest.mark.vendor_library
@for_dtypes
@pytest.mark.parametrize("shape", [(5, 3), (2, 3, 5)], ids=str)
@pytest.mark.parametrize("mode", ["reduced", "complete"])
def test_qr_rebuilds_the_matrix_with_numpys_r(dtype, shape, mode):
    a = values(shape, dtype)
    _check_qr(a, cupylike.asarray(a), dtype, mode)


@pytest.mark.vendor_library
@pytest.mark.parametrize("name", LAYOUTS)
def test_qr_reads_non_contiguous_inputs(name):
    a_host, a_dev = layout(values((2, 5, 3), numpy.float64), name)
    _check_qr(a_host, a_dev, numpy.dtype(numpy.float64), "complete")


@pytest.mark.vendor_library
@pytest.mark.parametrize("dtype", [numpy.float64, numpy.complex64, numpy.int64])
def test_qr_r_and_raw_modes_match_numpy(dtype):
    a = values((4, 3), dtype)
    d = cupylike.asarray(a)
    expected = numpy.linalg.qr(a, mode="r")
    close(numpy.abs(host(linalg.qr(d, mode="r"))), numpy.abs(expected), expected.dtype)
    h, tau = linalg.qr(d, mode="raw")
    nh, ntau = numpy.linalg.qr(a, mode="raw")
    close(h, nh, scale=10)
    close(tau, ntau, scale=10)


@pytest.mark.vendor_library
@pytest.mark.parametrize("shape", [(0, 3), (3, 0), (2, 0, 0)], ids=str)
@pytest.mark.parametrize("mode", ["reduced", "complete", "r"])
def test_qr_of_empty_matrices_matches_numpy(shape, mode):
    a = numpy.zeros(shape)
    ours, theirs = linalg.qr(cupylike.asarray(a), mode=mode), numpy.linalg.qr(a, mode=mode)
    if mode == "r":
        ours, theirs = (ours,), (theirs,)
    for x, y in zip(ours, theirs, strict=True):
        numpy.testing.assert_array_equal(host(x), y)


def test_qr_rejects_unknown_modes():
    with pytest.raises(ValueError, match="Unrecognized mode"):
        linalg.qr(cupylike.ones((2, 2)), mode="economy")
