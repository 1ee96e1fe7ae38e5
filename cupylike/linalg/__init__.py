"""numpy.linalg for cupylike arrays: factorisations and solvers run in the SOLVER facade
(csrc/libs/solver.hpp: LAPACK from scipy-openblas32 on the cpu device, cuSOLVER on GPUs), with
NumPy's shapes, dtypes, stacking rules and errors (docs/differences.md lists what differs)."""

from numpy.linalg import LinAlgError

from cupylike.linalg._array_api import (
    cross,
    diagonal,
    matmul,
    matrix_norm,
    matrix_transpose,
    outer,
    svdvals,
    tensordot,
    trace,
    vecdot,
    vector_norm,
)
from cupylike.linalg._decompositions import cholesky, qr, svd
from cupylike.linalg._eigen import eig, eigh, eigvals, eigvalsh
from cupylike.linalg._least_squares import lstsq, pinv
from cupylike.linalg._multi_dot import multi_dot
from cupylike.linalg._norms import cond, matrix_rank, norm
from cupylike.linalg._solvers import det, inv, matrix_power, slogdet, solve, tensorinv, tensorsolve

__all__ = [
    "LinAlgError",
    "cholesky",
    "cond",
    "cross",
    "det",
    "diagonal",
    "eig",
    "eigh",
    "eigvals",
    "eigvalsh",
    "inv",
    "lstsq",
    "matmul",
    "matrix_norm",
    "matrix_power",
    "matrix_rank",
    "matrix_transpose",
    "multi_dot",
    "norm",
    "outer",
    "pinv",
    "qr",
    "slogdet",
    "solve",
    "svd",
    "svdvals",
    "tensordot",
    "tensorinv",
    "tensorsolve",
    "trace",
    "vecdot",
    "vector_norm",
]
