"""solve, inv, det, slogdet, matrix_power, tensorsolve and tensorinv against NumPy: the four
LAPACK dtypes, ints and mixed dtypes, stacks with broadcast batch axes, NumPy 2's 1-d b,
non-contiguous inputs, empty matrices, and NumPy's errors (singular and non-square matrices,
mismatched shapes)."""

import numpy
import pytest
from helpers.linalg_cases import LAYOUTS, close, for_dtypes, host, layout, values, well_conditioned

import cupylike
from cupylike import linalg


@pytest.mark.vendor_library
@for_dtypes
@pytest.mark.parametrize(("a_shape", "b_shape"), [((2, 4, 4), (2, 4, 3)), ((3, 3), (2, 3, 2)),
                                                  ((2, 1, 3, 3), (4, 3, 1)), ((2, 3, 3), (3,))],
                         ids=str)
def test_solve_matches_numpy_with_broadcast_batches(dtype, a_shape, b_shape):
    a = well_conditioned(a_shape, dtype)
    b = values(b_shape, dtype, seed=1)
    close(linalg.solve(cupylike.asarray(a), cupylike.asarray(b)), numpy.linalg.solve(a, b),
          scale=10)


@pytest.mark.vendor_library
@pytest.mark.parametrize(("a_dtype", "b_dtype"), [(numpy.int64, numpy.float32),
                                                  (numpy.float32, numpy.complex64)])
def test_solve_of_mixed_dtypes_matches_numpys_result_dtype(a_dtype, b_dtype):
    a = well_conditioned((3, 3), numpy.float64).round().astype(a_dtype)
    b = values((3, 2), b_dtype)
    expected = numpy.linalg.solve(a, b)
    close(linalg.solve(cupylike.asarray(a), cupylike.asarray(b)), expected, scale=100)


@pytest.mark.vendor_library
@pytest.mark.parametrize("name", LAYOUTS)
def test_solve_and_inv_read_non_contiguous_inputs(name):
    a_host, a_dev = layout(well_conditioned((2, 3, 3), numpy.complex128), name)
    b_host, b_dev = layout(values((2, 3, 2), numpy.complex128, seed=1), name)
    close(linalg.solve(a_dev, b_dev), numpy.linalg.solve(a_host, b_host))
    close(linalg.inv(a_dev), numpy.linalg.inv(a_host))
    close(linalg.det(a_dev), numpy.linalg.det(a_host), scale=10)


@pytest.mark.vendor_library
def test_solve_of_empty_systems_matches_numpy():
    for a_shape, b_shape in [((0, 0), (0,)), ((0, 0), (0, 2)), ((0, 3, 3), (0, 3, 1)),
                             ((3, 3), (3, 0))]:
        a, b = well_conditioned(a_shape, numpy.float64) if a_shape[-1] else numpy.zeros(
            a_shape), numpy.zeros(b_shape)
        ours = host(linalg.solve(cupylike.asarray(a), cupylike.asarray(b)))
        expected = numpy.linalg.solve(a, b)
        assert (ours.shape, ours.dtype) == (expected.shape, expected.dtype)


@pytest.mark.vendor_library
def test_solve_raises_numpys_errors():
    eye = cupylike.asarray(numpy.eye(3))
    with pytest.raises(linalg.LinAlgError, match="Singular matrix"):
        linalg.solve(cupylike.zeros((2, 3, 3)), cupylike.ones((2, 3, 1)))
    with pytest.raises(linalg.LinAlgError, match="must be square"):
        linalg.solve(cupylike.ones((3, 2)), cupylike.ones(3))
    with pytest.raises(linalg.LinAlgError, match="1-dimensional array given"):
        linalg.solve(cupylike.ones(3), cupylike.ones(3))
    with pytest.raises(ValueError, match=r"solve1: .* mismatch in its core dimension 0"):
        linalg.solve(eye, cupylike.ones(2))
    with pytest.raises(ValueError, match="mismatch in its core dimension 0"):
        linalg.solve(eye, cupylike.ones((2, 2)))
    with pytest.raises(ValueError):
        linalg.solve(cupylike.ones((2, 3, 3)), cupylike.ones((3, 3, 1)))
    with pytest.raises(TypeError, match="float16"):
        linalg.solve(eye, cupylike.ones(3, dtype=numpy.float16))


@pytest.mark.vendor_library
@for_dtypes
def test_inv_matches_numpy(dtype):
    a = well_conditioned((2, 3, 4, 4), dtype)
    close(linalg.inv(cupylike.asarray(a)), numpy.linalg.inv(a), scale=10)


@pytest.mark.vendor_library
def test_inv_of_ints_and_empty_matrices_matches_numpy():
    a = numpy.array([[2, 1], [1, 3]])
    close(linalg.inv(cupylike.asarray(a)), numpy.linalg.inv(a))
    for shape in [(0, 0), (2, 0, 0)]:
        assert host(linalg.inv(cupylike.zeros(shape))).shape == shape


@pytest.mark.vendor_library
def test_inv_raises_for_singular_and_non_square_matrices():
    with pytest.raises(linalg.LinAlgError, match="Singular matrix"):
        linalg.inv(cupylike.asarray(numpy.array([[1.0, 2], [2, 4]])))
    with pytest.raises(linalg.LinAlgError, match="must be square"):
        linalg.inv(cupylike.ones((2, 2, 3)))


@pytest.mark.vendor_library
@for_dtypes
def test_det_and_slogdet_match_numpy(dtype):
    # Pivoting row swaps change the sign: a permutation-heavy matrix makes sure they count.
    a = values((3, 4, 4), dtype)
    a[1] = a[1][::-1]
    d = cupylike.asarray(a)
    close(linalg.det(d), numpy.linalg.det(a), scale=10)
    sign, logdet = linalg.slogdet(d)
    n_sign, n_logdet = numpy.linalg.slogdet(a)
    close(sign, n_sign, scale=10)
    close(logdet, n_logdet, dtype, scale=10)


@pytest.mark.vendor_library
def test_det_and_slogdet_of_singular_ints_and_empty_matrices():
    singular = numpy.array([[[1, 2], [2, 4]], [[0, 1], [1, 0]]])
    d = cupylike.asarray(singular)
    close(linalg.det(d), numpy.linalg.det(singular))
    sign, logdet = linalg.slogdet(d)
    numpy.testing.assert_array_equal(host(sign), [0.0, -1.0])
    numpy.testing.assert_array_equal(host(logdet), [-numpy.inf, 0.0])
    empty = cupylike.zeros((2, 0, 0), dtype=numpy.complex64)
    numpy.testing.assert_array_equal(host(linalg.det(empty)), numpy.ones(2, numpy.complex64))
    sign, logdet = linalg.slogdet(empty)
    assert host(logdet).dtype == numpy.float32
    numpy.testing.assert_array_equal(host(logdet), [0, 0])
    with pytest.raises(linalg.LinAlgError, match="must be square"):
        linalg.det(cupylike.ones((2, 3)))


@pytest.mark.vendor_library
@pytest.mark.parametrize("n", [-3, -1, 0, 1, 2, 5])
def test_matrix_power_matches_numpy(n):
    a = well_conditioned((2, 3, 3), numpy.float64) / 4
    close(linalg.matrix_power(cupylike.asarray(a), n), numpy.linalg.matrix_power(a, n),
          scale=100)


def test_matrix_power_of_ints_stays_int_and_checks_its_arguments():
    # Powers 0 and 1 keep the int dtype without a product (int matmul is matmul's own test's).
    a = numpy.array([[1, 1], [1, 0]])
    for n in (0, 1):
        ours = host(linalg.matrix_power(cupylike.asarray(a), n))
        numpy.testing.assert_array_equal(ours, numpy.linalg.matrix_power(a, n))
        assert ours.dtype == a.dtype
    with pytest.raises(TypeError, match="exponent must be an integer"):
        linalg.matrix_power(cupylike.asarray(a), 1.5)
    with pytest.raises(linalg.LinAlgError, match="must be square"):
        linalg.matrix_power(cupylike.ones((2, 3)), 2)


@pytest.mark.vendor_library
def test_tensorsolve_and_tensorinv_match_numpy():
    a = well_conditioned((6, 6), numpy.float64).reshape(2, 3, 6)
    b = values((2, 3), numpy.float64, seed=1)
    close(linalg.tensorsolve(cupylike.asarray(a), cupylike.asarray(b)),
          numpy.linalg.tensorsolve(a, b))
    a4 = well_conditioned((6, 6), numpy.float64).reshape(6, 2, 3)
    b4 = values(6, numpy.float64, seed=2)
    close(linalg.tensorsolve(cupylike.asarray(a4).transpose(1, 2, 0), cupylike.asarray(b4),
                             axes=(0, 1)),
          numpy.linalg.tensorsolve(a4.transpose(1, 2, 0), b4, axes=(0, 1)))
    t = well_conditioned((6, 6), numpy.float64).reshape(2, 3, 6)
    close(linalg.tensorinv(cupylike.asarray(t), ind=2), numpy.linalg.tensorinv(t, ind=2))
    with pytest.raises(linalg.LinAlgError, match="prod"):
        linalg.tensorsolve(cupylike.ones((2, 3, 4)), cupylike.ones((2, 3)))
    with pytest.raises(ValueError, match="Invalid ind argument"):
        linalg.tensorinv(cupylike.asarray(t), ind=0)
