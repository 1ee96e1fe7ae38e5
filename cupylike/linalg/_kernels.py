"""The few kernels linalg runs besides the vendor routines, each one generic over the four
LAPACK dtypes (T), so a cold cache compiles one per dtype and no chain of ufuncs.

det and slogdet read getrf's results: the diagonal of U and the pivots, where pivot j (1-based)
differing from j + 1 is one row swap, each flipping the determinant's sign.
"""

from cupylike._core import _native
from cupylike._core._native import ElementwiseKernel, ReductionKernel

# The determinant: the product of U's diagonal, negated once per row swap.
LU_DET = ReductionKernel("T d, int32 p", "T y", "p != _J + 1 ? -d : d", "a * b", "y = a", "1",
                         "cupylike_lu_det")

# slogdet's sign: the product of the diagonal's phases (0 when one is 0) and of the swaps.
LU_SIGN = ReductionKernel(
    "T d, int32 p", "T y",
    "d == T(0) ? T(0) : (p != _J + 1 ? -d / abs(d) : d / abs(d))", "a * b", "y = a", "1",
    "cupylike_lu_sign")

# Reductions of magnitudes for slogdet and the norms, accumulated in double and returned in T
# (the real part carries the value for complex T). Own kernels rather than chains of the
# library's ufuncs and reductions: one compile each per dtype on a cold cache.
def _magnitudes(name, map_expr, reduce_expr, identity, in_params="T x"):
    return ReductionKernel(in_params, "T y", map_expr, reduce_expr, "y = a", identity,
                           f"cupylike_{name}", reduce_type="double")


LOG_ABS_SUM = _magnitudes("log_abs_sum", "log((double)abs(x))", "a + b", "0")
ABS_SQUARE_SUM = _magnitudes("abs_square_sum", "(double)abs(x) * (double)abs(x)", "a + b", "0")
ABS_SUM = _magnitudes("abs_sum", "(double)abs(x)", "a + b", "0")
ABS_POWER_SUM = _magnitudes("abs_power_sum", "pow((double)abs(x), p)", "a + b", "0",
                            "T x, float64 p")
NONZERO_COUNT = _magnitudes("nonzero_count", "x != T(0) ? 1.0 : 0.0", "a + b", "0")
# Maxima and minima that keep NaN, as NumPy's do.
ABS_MAX = _magnitudes("abs_max", "(double)abs(x)", "(a > b || a != a) ? a : b", "0")
ABS_MIN = _magnitudes("abs_min", "(double)abs(x)", "(a < b || a != a) ? a : b", None)


def real_part(x):
    """x's real part as a view (x itself when real)."""
    return x.real if x.dtype.kind == "c" else x

# matrix_rank: how many singular values exceed reference * factor.
COUNT_ABOVE = ReductionKernel("T s, T reference, T factor", "int64 y",
                              "s > reference * factor ? 1 : 0", "a + b", "y = a", "0",
                              "cupylike_count_above")

# pinv's reciprocal of the singular values above the cutoff, zero for the others.
RECIPROCAL_ABOVE = ElementwiseKernel("T s, T cutoff", "T y", "y = s > cutoff ? T(1) / s : T(0)",
                                     "cupylike_reciprocal_above")

# The lower (col <= row) or upper (col >= row) triangle of C-contiguous rows x cols matrices,
# zeros elsewhere: cholesky's factor and qr's r (whose column-major buffer keeps the lower one).
TRIANGLE = ElementwiseKernel(
    "raw T x, int64 rows, int64 cols, bool lower", "T y",
    "const long long col = i % cols, row = (i / cols) % rows;"
    " y = (lower ? col <= row : col >= row) ? x[i] : T(0)", "cupylike_triangle")


def triangle(x, lower):
    """TRIANGLE on C-contiguous x (..., rows, cols), into a new array."""
    y = _native.empty(x.shape, x.dtype, device=x.device)
    if y.size:
        TRIANGLE(x, x.shape[-2], x.shape[-1], lower, y)
    return y


# eig of real matrices: geev packs a complex pair's eigenvectors into two real columns, the
# real part in column j (whose eigenvalue has a positive imaginary part) and the imaginary part
# in column j + 1 (the conjugate's vector is the conjugate). On the matrices' column-major
# buffers (batch, column, row), element i of the complex vectors reads one or two of vr's.
UNPACK_EIGENVECTORS = ElementwiseKernel(
    "raw R vr, raw C w, int64 n", "C v",
    "const long long col = (i / n) % n; const R wi = imag(w[(i / (n * n)) * n + col]);"
    " v = wi == R(0) ? C(vr[i], R(0)) : wi > R(0) ? C(vr[i], vr[i + n]) : C(vr[i - n], -vr[i])",
    "cupylike_unpack_eigenvectors")
