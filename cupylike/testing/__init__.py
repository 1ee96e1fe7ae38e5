"""Test helpers: run one test body with NumPy and with cupylike, and compare.

The pattern is CuPy's ``numpy_cupy_array_equal`` and ``numpy_cupy_allclose``: a test takes
``xp`` and is run twice; results (values, dtypes, shapes, optionally strides) must agree, exactly
(numpy_cupylike_equal) or within tolerances (numpy_cupylike_allclose). A test that expects
both libraries to raise names the error (``accept_error=``); errors of the test's own code fail
it whatever it accepts.
"""

from cupylike.testing._assertions import (
    assert_allclose,
    assert_array_equal,
    assert_same,
    numpy_cupylike_allclose,
    numpy_cupylike_equal,
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
from cupylike.testing._errors import public_error_type, same_error

__all__ = [
    "ALL_DTYPES", "COMPLEX_DTYPES", "FLOAT_DTYPES", "INT_DTYPES", "UINT_DTYPES",
    "assert_allclose", "assert_array_equal", "assert_same", "for_all_dtypes",
    "numpy_cupylike_allclose", "numpy_cupylike_equal",
    "public_error_type", "same_error", "sample_values",
]
