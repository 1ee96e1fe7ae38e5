"""Complex products of arrays holding infinities and NaNs against NumPy. numpy.matmul sums
one term (k == 1) in its own loop, 0 + a * b in the plain complex formula, and numpy.einsum
never calls BLAS; complex BLAS scales by alpha = 1 in complex arithmetic, which turns the
other part of an infinite element into NaN (inf * (2+3j) came out nan+infj, NumPy inf+infj).
Non-finite parts must sit exactly where NumPy's are; finite ones agree to rounding (BLAS sums
in another order)."""

import numpy
import pytest
from helpers.nonfinite_values import assert_parts_match

import cupylike

INF, NAN = numpy.inf, numpy.nan
VALUES = numpy.array([0, 1, INF, -INF, NAN, 1j, complex(0, INF), 2 + 3j, complex(INF, 1),
                      complex(1, -INF), complex(-1, -0.0)])


def _same_values(actual, expected):
    actual = actual.get() if isinstance(actual, cupylike.ndarray) else numpy.asarray(actual)
    assert_parts_match(actual, expected, rtol=1e-5)


def _operands(seed, a_shape, b_shape, dtype):
    rng = numpy.random.default_rng(seed)
    return (rng.choice(VALUES, a_shape).astype(dtype), rng.choice(VALUES, b_shape).astype(dtype))


CALLS = {
    "matmul_k1": (lambda xp, a, b: xp.matmul(a, b), (4, 1), (1, 5)),
    "matmul_k1_batched": (lambda xp, a, b: xp.matmul(a, b), (3, 4, 1), (1, 1, 5)),
    "matmul_k1_row_column": (lambda xp, a, b: xp.matmul(a, b), (1, 1), (1, 1)),
    "matmul_k1_vector": (lambda xp, a, b: xp.matmul(a, b[:, 0]), (4, 1), (1, 3)),
    "operator_k1": (lambda xp, a, b: a @ b, (5, 1), (1, 4)),
    "einsum_matrix": (lambda xp, a, b: xp.einsum("ij,jk->ik", a, b), (4, 3), (3, 5)),
    "einsum_transposed": (lambda xp, a, b: xp.einsum("ij,jk->ki", a, b), (4, 3), (3, 5)),
    "einsum_batched": (lambda xp, a, b: xp.einsum("bij,bjk->bik", a, b), (2, 3, 4), (2, 4, 3)),
    "einsum_vector": (lambda xp, a, b: xp.einsum("i,i", a[0], b[:, 0]), (3, 6), (6, 2)),
    "einsum_mixed_real": (lambda xp, a, b: xp.einsum("ij,jk", a, b.real), (4, 3), (3, 5)),
}


def _marked(name):
    """einsum's contractions use a real gemm (cuBLAS on a GPU); matmul's one-term sums use no
    library and run on the emulated GPU too."""
    marks = [pytest.mark.vendor_library] if name.startswith("einsum") else []
    return pytest.param(name, marks=marks)


@pytest.mark.filterwarnings("ignore::RuntimeWarning")
@pytest.mark.parametrize("dtype", [numpy.complex128, numpy.complex64], ids=["c16", "c8"])
@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("call", [_marked(name) for name in CALLS])
def test_complex_products_with_infinities_match_numpy(call, seed, dtype):
    fn, a_shape, b_shape = CALLS[call]
    a, b = _operands(seed, a_shape, b_shape, dtype)
    expected = fn(numpy, a, b)
    _same_values(fn(cupylike, cupylike.asarray(a), cupylike.asarray(b)), expected)


@pytest.mark.filterwarnings("ignore::RuntimeWarning")
def test_issue_example_inf_times_complex_in_matmul():
    a = numpy.array([[complex(INF, 0)], [complex(INF, 1)]])
    b = numpy.array([[2 + 3j]])
    got = cupylike.matmul(cupylike.asarray(a), cupylike.asarray(b)).get()
    numpy.testing.assert_array_equal(got, [[complex(INF, INF)], [complex(INF, INF)]])
    numpy.testing.assert_array_equal(got, a @ b)


def test_one_term_real_products_give_numpys_positive_zero():
    """NumPy's loop starts each sum at 0, so -1 * 0 comes out +0.0, not -0.0."""
    a, b = numpy.array([[-1.0], [2.0]]), numpy.array([[0.0, -3.0]])
    got = cupylike.matmul(cupylike.asarray(a), cupylike.asarray(b)).get()
    numpy.testing.assert_array_equal(numpy.signbit(got), numpy.signbit(a @ b))
