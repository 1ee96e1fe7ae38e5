"""multi_dot: a chain of matrix products in the order that needs the fewest multiplications
(NumPy's rule: a direct cost comparison for three matrices, dynamic programming beyond)."""

from cupylike.linalg import _lapack as L
from cupylike.linalg._products import dot


def _chain_order(dims):
    """split[i][j]: where the cheapest product of matrices i..j splits, for matrices
    dims[i] x dims[i + 1]."""
    n = len(dims) - 1
    cost = [[0] * n for _ in range(n)]
    split = [[0] * n for _ in range(n)]
    for length in range(1, n):
        for i in range(n - length):
            j = i + length
            cost[i][j] = float("inf")
            for k in range(i, j):
                c = cost[i][k] + cost[k + 1][j] + dims[i] * dims[k + 1] * dims[j + 1]
                if c < cost[i][j]:
                    cost[i][j], split[i][j] = c, k
    return split


def _product(arrays, split, i, j, out=None):
    if i == j:
        return arrays[i]
    k = split[i][j]
    return dot(_product(arrays, split, i, k), _product(arrays, split, k + 1, j), out=out)


def multi_dot(arrays, *, out=None):
    """The product of two or more arrays in the cheapest order (see numpy.linalg.multi_dot).

    Parameters
    ----------
    arrays : sequence of cupylike.ndarray
        2-d, except that the first may be 1-d (a row) and the last 1-d (a column).
    out : cupylike.ndarray, optional
        Where the result goes (dot's rules).
    """
    n = len(arrays)
    if n < 2:
        raise ValueError("Expecting at least two arrays.")
    if n == 2:
        return dot(arrays[0], arrays[1], out=out)
    arrays = [L.linalg_array(a, "multi_dot") for a in arrays]
    first, last = arrays[0].ndim, arrays[-1].ndim
    if first == 1:
        arrays[0] = arrays[0][None, :]
    if last == 1:
        arrays[-1] = arrays[-1][:, None]
    for a in arrays:
        if a.ndim != 2:
            raise L.LinAlgError(f"{a.ndim}-dimensional array given. Array must be two-"
                                "dimensional")
    dims = [a.shape[0] for a in arrays] + [arrays[-1].shape[1]]
    result = _product(arrays, _chain_order(dims), 0, n - 1, out=out if first == last == 2
                      else None)
    if first == 1 and last == 1:
        return result[0, 0]
    if first == 1 or last == 1:
        return result.reshape(-1)
    return result
