"""SVD-based functions of matrices with infinities or NaN, against NumPy: gesdd (NumPy's
routine) returns NaN singular values for a matrix with infinities and no NaN, and fails on NaN.
cuSOLVER's gesvd reports neither (on an H100 [[nan]] came back with devInfo 0, [[inf]] with the
singular value inf), and LAPACK's SVDs can loop forever on infinities, so the front end decides
before the vendor routine runs, on every device, and hands it no NaN or infinity; the emulated
GPU's stand-in reports nothing for them either, and a stand-in vendor here answers as the H100
did."""

import numpy
import pytest

import cupylike
from cupylike import linalg
from cupylike._core import _native
from cupylike.linalg import _lapack

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


@pytest.mark.vendor_library
def test_nan_never_reaches_the_vendor_routine():
    a = cupylike.asarray(numpy.array([[[1.0, 2.0], [3.0, 4.0]], [[nan, 1.0], [2.0, 3.0]]]))
    _native._solver_log(True)
    try:
        with pytest.raises(numpy.linalg.LinAlgError, match="SVD did not converge"):
            linalg.svd(a)
        assert _native._take_solver_log() == []
        linalg.svd(a[:1])
        assert len(_native._take_solver_log()) == 1  # the log does record gesdd
    finally:
        _native._solver_log(False)


@pytest.fixture
def vendor_reporting_nothing(monkeypatch):
    """gesdd as cuSOLVER's gesvd answered on an H100: info 0 and singular values inf for every
    matrix holding NaN or an infinity. Returns the list of such matrices it was given."""
    run = _lapack.call
    given = []

    def call(routine, a, **kwargs):
        if routine != "gesdd":
            return run(routine, a, **kwargs)
        batch = kwargs["batch"]
        nonfinite = ~numpy.isfinite(cupylike.asnumpy(a).reshape(batch, -1)).all(axis=1)
        given.extend(numpy.flatnonzero(nonfinite))
        infos = run(routine, a, **kwargs) if not nonfinite.any() else [0] * batch
        s = cupylike.asnumpy(kwargs["v"]).reshape(batch, -1)
        s[nonfinite] = inf
        kwargs["v"][...] = cupylike.asarray(s.reshape(kwargs["v"].shape))
        return infos

    monkeypatch.setattr(_lapack, "call", call)
    return given


@pytest.mark.vendor_library
def test_a_vendor_reporting_nothing_still_gives_numpys_answers(vendor_reporting_nothing):
    for matrix in INFINITE:
        a = numpy.array(matrix)
        x = cupylike.asarray(a)
        numpy.testing.assert_array_equal(cupylike.asnumpy(linalg.svd(x, compute_uv=False)),
                                         numpy.linalg.svd(a, compute_uv=False))
        numpy.testing.assert_array_equal(cupylike.asnumpy(linalg.norm(x, "nuc", axis=(-2, -1))),
                                         numpy.linalg.norm(a, "nuc", axis=(-2, -1)))
    for matrix in ([[nan]], [[nan, 1.0], [inf, 3.0]]):
        with pytest.raises(numpy.linalg.LinAlgError, match="SVD did not converge"):
            numpy.linalg.norm(numpy.array(matrix), 2)
        with pytest.raises(numpy.linalg.LinAlgError, match="SVD did not converge"):
            linalg.norm(cupylike.asarray(numpy.array(matrix)), 2)
    assert vendor_reporting_nothing == []  # no NaN or infinity reached the vendor routine


@pytest.mark.vendor_library
@pytest.mark.parametrize("full_matrices", [True, False])
def test_an_infinity_that_makes_lapacks_svd_loop_forever_gives_nan(full_matrices):
    # LAPACK's xBDSQR never returns for this matrix (NumPy 2.4's svd hangs on it): the front
    # end factors zeros instead, and returns gesdd's NaN singular values; pinv is then zeros
    # (NumPy's is zeros or NaN, by what its gesdd leaves in U and Vh).
    a = cupylike.asarray(numpy.array([[inf, 1.0, 1.0], [1.0, 1.0, 1.0], [1.0, 1.0, 1.0]]))
    u, s, vh = linalg.svd(a, full_matrices=full_matrices)
    assert numpy.isnan(cupylike.asnumpy(s)).all()
    assert numpy.isfinite(cupylike.asnumpy(u)).all() and numpy.isfinite(cupylike.asnumpy(vh)).all()
    numpy.testing.assert_array_equal(cupylike.asnumpy(linalg.pinv(a)), numpy.zeros((3, 3)))


@pytest.mark.vendor_library
@pytest.mark.parametrize("matrix", [[[nan, 1.0], [2.0, 3.0]], [[inf, 1.0], [2.0, 3.0]], [[inf]]])
def test_lstsq_of_a_non_finite_matrix_fails_as_numpys_gelsd(matrix):
    a = numpy.array(matrix)
    b = numpy.ones(a.shape[0])
    message = "SVD did not converge in Linear Least Squares"
    with pytest.raises(numpy.linalg.LinAlgError, match=message):
        numpy.linalg.lstsq(a, b)
    with pytest.raises(numpy.linalg.LinAlgError, match=message):
        linalg.lstsq(cupylike.asarray(a), cupylike.asarray(b))


@pytest.mark.vendor_library
@pytest.mark.parametrize("value", [inf, complex(inf, nan)])
def test_cond_of_an_infinite_matrix_is_numpys(value):
    # NaN singular values: NumPy's cond is inf unless the matrix holds a NaN (inf + nanj does).
    a = numpy.array([[value, 1.0], [2.0, 3.0]])
    numpy.testing.assert_array_equal(cupylike.asnumpy(linalg.cond(cupylike.asarray(a))),
                                     numpy.linalg.cond(a))
