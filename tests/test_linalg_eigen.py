"""eigh, eigvalsh, eig and eigvals against NumPy: eigenvalues compared directly (eigh's are
sorted; geev's matched to NumPy's nearest), eigenvectors through A v = v w and orthonormality,
over the four LAPACK dtypes, both triangles (the other one holding garbage), stacks, ints,
non-contiguous and empty inputs, and real inputs with real or complex spectra."""

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
from cupylike._core import _numpy_version


def _one_triangle(h, uplo, seed=5):
    """h with the triangle eigh does not read replaced by garbage."""
    garbage = values(h.shape, h.dtype, seed=seed)
    keep = numpy.tril(numpy.ones(h.shape[-2:], bool)) if uplo == "L" else numpy.triu(
        numpy.ones(h.shape[-2:], bool))
    return numpy.where(keep, h, garbage)


@pytest.mark.vendor_library
@for_dtypes
@pytest.mark.parametrize("uplo", ["L", "U"])
def test_eigh_and_eigvalsh_read_one_triangle_like_numpy(dtype, uplo):
    h = hermitian_pd((2, 4, 4), dtype) - 6 * numpy.eye(4, dtype=dtype)
    a = _one_triangle(h, uplo)
    d = cupylike.asarray(a)
    w, v = linalg.eigh(d, UPLO=uplo)
    nw, nv = numpy.linalg.eigh(a, UPLO=uplo)
    assert (w.dtype, v.dtype) == (nw.dtype, nv.dtype)
    close(w, nw, dtype, scale=10)
    close(h @ host(v), host(v) * host(w)[..., None, :], dtype, scale=30)
    assert_orthonormal_columns(v, dtype)
    close(linalg.eigvalsh(d, UPLO=uplo), numpy.linalg.eigvalsh(a, UPLO=uplo), dtype, scale=10)


@pytest.mark.vendor_library
@pytest.mark.parametrize("name", LAYOUTS)
def test_eigh_reads_non_contiguous_inputs(name):
    a_host, a_dev = layout(hermitian_pd((2, 3, 3), numpy.complex128), name)
    close(linalg.eigh(a_dev)[0], numpy.linalg.eigh(a_host)[0])
    close(linalg.eigvalsh(a_dev), numpy.linalg.eigvalsh(a_host))


@pytest.mark.vendor_library
def test_eigh_of_ints_and_empty_matrices_matches_numpy():
    a = numpy.array([[2, 1], [1, 2]])
    close(linalg.eigvalsh(cupylike.asarray(a)), numpy.linalg.eigvalsh(a))
    w, v = linalg.eigh(cupylike.zeros((2, 0, 0), dtype=numpy.complex64))
    assert (host(w).shape, host(w).dtype, host(v).shape) == ((2, 0), numpy.float32, (2, 0, 0))


def test_eigh_raises_numpys_errors():
    with pytest.raises(ValueError, match="UPLO argument must be 'L' or 'U'"):
        linalg.eigh(cupylike.ones((2, 2)), UPLO="X")
    with pytest.raises(linalg.LinAlgError, match="must be square"):
        linalg.eigvalsh(cupylike.ones((2, 3)))
    with pytest.raises(TypeError, match="float16"):
        linalg.eigh(cupylike.ones((2, 2), dtype=numpy.float16))


def _matched(ours, theirs):
    """ours reordered to face NumPy's eigenvalues (each nearest one, used once)."""
    ours, theirs = list(host(ours).ravel()), numpy.asarray(theirs).ravel()
    out = []
    for t in theirs:
        i = int(numpy.argmin([abs(o - t) for o in ours]))
        out.append(ours.pop(i))
    return numpy.array(out)


@pytest.mark.vendor_library
@for_dtypes
def test_eig_satisfies_a_v_equals_v_w_with_numpys_eigenvalues(dtype):
    a = values((2, 4, 4), dtype)
    w, v = linalg.eig(cupylike.asarray(a))
    nw, nv = numpy.linalg.eig(a)
    assert (w.dtype, v.dtype) == (nw.dtype, nv.dtype)
    for i in range(2):
        close(_matched(w[i], nw[i]), nw[i], dtype, scale=30)
    close(a @ host(v), host(v) * host(w)[..., None, :], dtype, scale=30)
    close(numpy.linalg.norm(host(v), axis=-2), numpy.ones((2, 4), nw.real.dtype), dtype)
    ev = linalg.eigvals(cupylike.asarray(a))
    assert ev.dtype == nw.dtype
    close(_matched(ev[0], nw[0]), nw[0], dtype, scale=30)


@pytest.mark.vendor_library
def test_eig_of_real_symmetric_input_has_numpys_dtype_and_of_a_rotation_complex():
    sym = hermitian_pd((3, 3), numpy.float64)
    w, v = linalg.eig(cupylike.asarray(sym))
    nw, nv = numpy.linalg.eig(sym)  # real before NumPy 2.5, complex from it
    assert (w.dtype, v.dtype) == (nw.dtype, nv.dtype)
    close(numpy.sort(host(w).real), numpy.linalg.eigvalsh(sym))
    assert not host(w).imag.any()
    rot = numpy.array([[0.0, -1.0], [1.0, 0.0]], numpy.float32)
    w, v = linalg.eig(cupylike.asarray(rot))
    assert (w.dtype, v.dtype) == (numpy.complex64, numpy.complex64)
    close(numpy.sort_complex(host(w)), numpy.sort_complex(numpy.linalg.eigvals(rot)))
    close(rot @ host(v), host(v) * host(w)[None, :])


@pytest.mark.vendor_library
@pytest.mark.parametrize("version", [(2, 4), (2, 5)])
def test_eig_of_a_real_spectrum_follows_the_installed_numpys_rule(monkeypatch, version):
    # NumPy 2.5 returns complex eigenvalues and vectors for every real input; NumPy 2.4 real
    # ones when all eigenvalues are real. Both branches, whichever NumPy is installed.
    monkeypatch.setattr(_numpy_version, "NUMPY_VERSION", version)
    sym = hermitian_pd((2, 3, 3), numpy.float32)
    w, v = linalg.eig(cupylike.asarray(sym))
    want = numpy.dtype(numpy.float32 if version < (2, 5) else numpy.complex64)
    assert (w.dtype, v.dtype, linalg.eigvals(cupylike.asarray(sym)).dtype) == (want,) * 3
    w, v = host(w), host(v)
    close(numpy.sort(w.real, axis=-1), numpy.linalg.eigvalsh(sym), scale=30)
    numpy.testing.assert_array_equal(w.imag, 0)
    close(sym @ v, v * w[..., None, :], want, scale=30)
    # roots and polyroots kept the real results in NumPy 2.5 (its run on a GPU compared them).
    p = cupylike.asarray([1.0, -3.0, 2.0])
    assert cupylike.roots(p).dtype == cupylike.polynomial.polynomial.polyroots(p).dtype == "f8"


@pytest.mark.vendor_library
@pytest.mark.parametrize("name", LAYOUTS)
def test_eig_reads_non_contiguous_inputs(name):
    a_host, a_dev = layout(values((3, 3), numpy.float64), name)
    nw = numpy.linalg.eigvals(a_host)
    close(_matched(linalg.eigvals(a_dev), nw), nw, scale=30)


@pytest.mark.vendor_library
def test_eig_of_ints_and_empty_matrices_and_errors():
    a = numpy.array([[2, 0], [0, 3]])
    want = numpy.sort(numpy.linalg.eigvals(a))  # complex from NumPy 2.5
    close(numpy.sort(host(linalg.eigvals(cupylike.asarray(a)))), want)
    w, v = linalg.eig(cupylike.zeros((0, 0)))
    assert (host(w).shape, host(v).shape) == ((0,), (0, 0))
    with pytest.raises(linalg.LinAlgError, match="must be square"):
        linalg.eig(cupylike.ones((2, 3)))
    with pytest.raises(linalg.LinAlgError, match="1-dimensional"):
        linalg.eigvals(cupylike.ones(3))
    with pytest.raises(linalg.LinAlgError, match="Array must not contain infs or NaNs"):
        linalg.eig(cupylike.asarray(numpy.array([[1.0, numpy.nan], [0.0, 1.0]])))
