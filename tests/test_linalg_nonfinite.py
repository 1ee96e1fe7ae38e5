"""SVD-based functions of matrices with infinities or NaN, against NumPy: gesdd (NumPy's
routine) returns NaN singular values for a matrix with infinities and no NaN, and fails on NaN;
cuSOLVER's gesvd calls both unconverged, so a GPU must still give NumPy's answers."""

import numpy
import pytest

import cupylike
from cupylike import linalg

inf, nan = numpy.inf, numpy.nan

INFINITE = [
    [[inf]],
    [[inf, 1.0], [2.0, 3.0]],
    [[-inf, inf, 0.0], [1.0, 2.0, 3.0]],
    [[[1.0, 2.0], [3.0, 4.0]], [[inf, 0.0], [0.0, 1.0]]],  # one finite, one infinite matrix
]


@pytest.mark.vendor_library
@pytest.mark.parametrize("dtype", ["float32", "float64", "complex64", "complex128"])
@pytest.mark.parametrize("case", range(len(INFINITE)))
def test_infinite_matrices_give_numpys_values(case, dtype):
    a = numpy.array(INFINITE[case], dtype=dtype)
    x = cupylike.asarray(a)
    for got, want in [
        (linalg.svd(x, compute_uv=False), numpy.linalg.svd(a, compute_uv=False)),
        (linalg.norm(x, 2, axis=(-2, -1)), numpy.linalg.norm(a, 2, axis=(-2, -1))),
        (linalg.norm(x, "nuc", axis=(-2, -1)), numpy.linalg.norm(a, "nuc", axis=(-2, -1))),
    ]:
        got = cupylike.asnumpy(got)
        assert got.dtype == want.dtype and got.shape == want.shape
        numpy.testing.assert_allclose(got, want, rtol=1e-5)  # NaN matches NaN


@pytest.mark.vendor_library
@pytest.mark.parametrize("matrix", [[[nan]], [[nan, 1.0], [inf, 3.0]]])
def test_nan_matrices_raise_as_numpy_does(matrix):
    a = numpy.array(matrix)
    with pytest.raises(numpy.linalg.LinAlgError, match="SVD did not converge"):
        numpy.linalg.svd(a, compute_uv=False)
    with pytest.raises(numpy.linalg.LinAlgError, match="SVD did not converge"):
        linalg.svd(cupylike.asarray(a), compute_uv=False)
