"""Test helpers with CuPy's names (cupy.testing): assertions that take cupylike or NumPy
arrays, decorators that run one test body with NumPy and with cupylike and compare, decorators
that run a test over dtypes, orders and parameters, and arrays with known values.

The comparing decorators (numpy_cupy_allclose, numpy_cupy_array_equal, ..., and our
numpy_cupylike_equal and numpy_cupylike_allclose) pass a test ``xp`` (numpy, then cupylike);
results must agree in values, dtypes and shapes. A test that expects both libraries to raise
names the error (``accept_error=``); errors of the test's own code fail it whatever it accepts.
A downstream project tests its own functions on both libraries the same way.
"""

from cupylike.testing._array_builders import (
    generate_matrix,
    shaped_arange,
    shaped_linspace,
    shaped_random,
    shaped_reverse_arange,
)
from cupylike.testing._assertions import (
    assert_allclose,
    assert_array_almost_equal,
    assert_array_almost_equal_nulp,
    assert_array_equal,
    assert_array_less,
    assert_array_list_equal,
    assert_array_max_ulp,
    assert_same,
)
from cupylike.testing._decorators import (
    numpy_cupy_allclose,
    numpy_cupy_array_almost_equal,
    numpy_cupy_array_almost_equal_nulp,
    numpy_cupy_array_equal,
    numpy_cupy_array_less,
    numpy_cupy_array_list_equal,
    numpy_cupy_array_max_ulp,
    numpy_cupy_equal,
    numpy_cupy_raises,
    numpy_cupylike_allclose,
    numpy_cupylike_equal,
)
from cupylike.testing._dtypes import (
    ALL_DTYPES,
    BOOL_DTYPES,
    COMPLEX_DTYPES,
    FLOAT_DTYPES,
    INT_DTYPES,
    UINT_DTYPES,
    for_all_dtypes,
    for_all_dtypes_combination,
    for_complex_dtypes,
    for_dtypes,
    for_dtypes_combination,
    for_float_dtypes,
    for_int_dtypes,
    for_int_dtypes_combination,
    for_signed_dtypes,
    for_signed_dtypes_combination,
    for_unsigned_dtypes,
    for_unsigned_dtypes_combination,
    sample_values,
)
from cupylike.testing._errors import public_error_type, same_error
from cupylike.testing._isolation import AssertFunctionIsCalled, fix_random
from cupylike.testing._parametrize import (
    for_CF_orders,
    for_contiguous_axes,
    for_orders,
    parameterize,
    product,
    product_dict,
)
from cupylike.testing._requirements import (
    installed,
    multi_gpu,
    numpy_satisfies,
    slow,
    with_requires,
)

__all__ = [
    "AssertFunctionIsCalled",
    "ALL_DTYPES", "BOOL_DTYPES", "COMPLEX_DTYPES", "FLOAT_DTYPES", "INT_DTYPES", "UINT_DTYPES",
    "assert_allclose", "assert_array_almost_equal", "assert_array_almost_equal_nulp",
    "assert_array_equal", "assert_array_less", "assert_array_list_equal",
    "assert_array_max_ulp", "assert_same",
    "for_CF_orders", "for_all_dtypes", "for_all_dtypes_combination", "for_complex_dtypes",
    "for_contiguous_axes", "for_dtypes", "for_dtypes_combination", "for_float_dtypes",
    "for_int_dtypes", "for_int_dtypes_combination", "for_orders", "for_signed_dtypes",
    "for_signed_dtypes_combination", "for_unsigned_dtypes", "for_unsigned_dtypes_combination",
    "fix_random", "generate_matrix", "installed", "multi_gpu",
    "numpy_cupy_allclose", "numpy_cupy_array_almost_equal",
    "numpy_cupy_array_almost_equal_nulp", "numpy_cupy_array_equal", "numpy_cupy_array_less",
    "numpy_cupy_array_list_equal", "numpy_cupy_array_max_ulp", "numpy_cupy_equal",
    "numpy_cupy_raises",
    "numpy_cupylike_allclose", "numpy_cupylike_equal", "numpy_satisfies",
    "parameterize", "product", "product_dict", "public_error_type", "same_error",
    "sample_values", "shaped_arange", "shaped_linspace", "shaped_random",
    "shaped_reverse_arange", "slow", "with_requires",
]
