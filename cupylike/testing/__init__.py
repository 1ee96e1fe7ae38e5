"""Test helpers: run one test body with NumPy and with cupylike, and compare.

The pattern is CuPy's ``numpy_cupy_allclose``: a test takes ``xp`` and is run twice; results
(values, dtypes, shapes, optionally strides) or raised exceptions must agree.
"""

from cupylike.testing._compare import (
    assert_array_equal,
    assert_same,
    numpy_cupylike_equal,
    public_error_type,
    same_error,
)
from cupylike.testing._dtypes import (
    ALL_DTYPES,
    COMPLEX_DTYPES,
    FLOAT_DTYPES,
    INT_DTYPES,
    UINT_DTYPES,
    for_all_dtypes,
    sample_values,
)

__all__ = [
    "ALL_DTYPES", "COMPLEX_DTYPES", "FLOAT_DTYPES", "INT_DTYPES", "UINT_DTYPES",
    "assert_array_equal", "assert_same", "for_all_dtypes", "numpy_cupylike_equal",
    "public_error_type", "same_error", "sample_values",
]
