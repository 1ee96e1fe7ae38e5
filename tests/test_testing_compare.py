"""cupylike.testing's own comparisons: numpy_cupylike_equal and numpy_cupylike_allclose run a
test body with NumPy and with cupylike and pass only when the results agree, or when both
raise an error the test names (accept_error=) that is the libraries' and not the test's own."""

import json

import numpy
import pytest

import cupylike
from cupylike.testing import assert_allclose, numpy_cupylike_allclose, numpy_cupylike_equal


def _shapes_do_not_broadcast(xp):
    return xp.zeros((2, 3)) + xp.zeros(4)  # ValueError on both sides


def test_equal_results_pass():
    @numpy_cupylike_equal()
    def body(xp):
        return xp.arange(3) + 1, [xp.float32(2)], "text"

    body()


def test_different_values_dtypes_or_strides_fail():
    @numpy_cupylike_equal()
    def values(xp):
        return xp.arange(3) + (xp is cupylike)

    @numpy_cupylike_equal()
    def dtypes(xp):
        return xp.arange(3, dtype=numpy.int32 if xp is cupylike else numpy.int64)

    @numpy_cupylike_equal(strides=True)
    def strides(xp):
        x = xp.zeros((3, 4))
        return x if xp is numpy else xp.asfortranarray(x)

    for body in (values, dtypes, strides):
        with pytest.raises(AssertionError):
            body()


def test_both_raising_fails_unless_the_test_names_the_error():
    with pytest.raises(AssertionError, match="accept_error=ValueError"):
        numpy_cupylike_equal()(_shapes_do_not_broadcast)()
    with pytest.raises(AssertionError, match="both raised"):
        numpy_cupylike_equal(accept_error=TypeError)(_shapes_do_not_broadcast)()


def test_both_raising_the_named_error_passes():
    numpy_cupylike_equal(accept_error=ValueError)(_shapes_do_not_broadcast)()
    numpy_cupylike_equal(accept_error=(TypeError, ValueError))(_shapes_do_not_broadcast)()
    numpy_cupylike_equal(accept_error=Exception)(_shapes_do_not_broadcast)()


def test_numpys_private_ufunc_errors_match_their_public_base():
    @numpy_cupylike_equal(accept_error=TypeError)
    def body(xp):  # NumPy raises its private _UFuncNoLoopError, a TypeError
        return xp.bitwise_and(xp.ones(2), xp.ones(2))

    body()


def test_only_one_side_raising_fails():
    @numpy_cupylike_equal(accept_error=IndexError)
    def numpy_raises(xp):
        return xp.arange(3)[5 if xp is numpy else 0]

    @numpy_cupylike_equal(accept_error=IndexError)
    def cupylike_raises(xp):
        return xp.arange(3)[5 if xp is cupylike else 0]

    with pytest.raises(AssertionError, match="NumPy raised .*cupylike did not"):
        numpy_raises()
    with pytest.raises(AssertionError, match="cupylike raised, NumPy did not"):
        cupylike_raises()


def test_errors_of_different_types_fail():
    @numpy_cupylike_equal(accept_error=Exception)
    def body(xp):
        if xp is numpy:
            return xp.arange(3)[5]  # IndexError
        return _shapes_do_not_broadcast(xp)  # ValueError

    with pytest.raises(AssertionError, match="cupylike raised ValueError, NumPy IndexError"):
        body()


def test_a_name_error_in_the_test_body_fails_whatever_it_accepts():
    @numpy_cupylike_equal(accept_error=Exception)
    def body(xp):
        return xp.zeros(3) + undefined_name  # noqa: F821 (the typo the rule is for)

    with pytest.raises(AssertionError, match="NameError is a test's own error"):
        body()


def test_an_unbound_local_fails_whatever_it_accepts():
    @numpy_cupylike_equal(accept_error=Exception)
    def body(xp):
        if xp is None:
            result = 1
        return result

    with pytest.raises(AssertionError, match="UnboundLocalError is a test's own error"):
        body()


@pytest.mark.parametrize("own", [
    "assert False",
    "import cupylike._no_such_module",
    "compile('1 +', 'case', 'exec')",
])
def test_asserts_imports_and_syntax_errors_fail_whatever_it_accepts(own):
    @numpy_cupylike_equal(accept_error=Exception)
    def body(xp):
        exec(own)

    with pytest.raises(AssertionError, match="is a test's own error"):
        body()


def test_a_raise_in_the_test_module_fails_whatever_it_accepts():
    def check(x):
        if x.ndim:
            raise ValueError("a helper of the test")
        return x

    @numpy_cupylike_equal(accept_error=ValueError)
    def body(xp):
        return check(xp.zeros(3))

    with pytest.raises(AssertionError, match=r"raised by the test's own code \(check\)"):
        body()


def test_an_error_raised_outside_the_libraries_fails_whatever_it_accepts():
    @numpy_cupylike_equal(accept_error=ValueError)
    def body(xp):
        return xp.asarray(json.loads("[1, 2"))  # the json module's ValueError

    with pytest.raises(AssertionError, match="raised outside NumPy and cupylike"):
        body()


def test_accept_error_takes_exception_types_only():
    with pytest.raises(TypeError, match="exception types"):
        numpy_cupylike_equal(accept_error="ValueError")


def test_the_decorated_test_has_no_xp_parameter():
    @numpy_cupylike_equal()
    def body(xp, n):
        return xp.arange(n)

    assert list(body.__signature__.parameters) == ["n"]
    body(n=4)


def test_calling_the_test_with_arguments_that_do_not_fit_fails_whatever_it_accepts():
    @numpy_cupylike_allclose(accept_error=TypeError)
    def body(xp, n):
        return xp.arange(n)

    with pytest.raises(AssertionError, match="raised calling the test"):
        body(4)  # n by position: xp= twice


def _scaled(xp, factor, dtype=numpy.float64):
    values = xp.asarray([1.0, 100.0, 0.0], dtype=dtype)
    return values * dtype(factor) if xp is cupylike else values


def test_allclose_passes_within_rtol_and_fails_beyond_it():
    numpy_cupylike_allclose(rtol=1e-5)(lambda xp: _scaled(xp, 1 + 1e-6))()
    with pytest.raises(AssertionError):
        numpy_cupylike_allclose(rtol=1e-7)(lambda xp: _scaled(xp, 1 + 1e-6))()


def test_allclose_atol_can_scale_with_the_largest_value():
    def body(xp):
        return xp.asarray([1000.0, 1e-3 if xp is cupylike else 0.0])

    with pytest.raises(AssertionError):
        numpy_cupylike_allclose(rtol=0, atol=1e-5)(body)()
    numpy_cupylike_allclose(rtol=0, atol=1e-5, scale_atol=True)(body)()


def test_allclose_tolerances_by_dtype():
    tol = {numpy.float32: 1e-3, "default": 0.0}
    numpy_cupylike_allclose(rtol=tol)(lambda xp: _scaled(xp, 1 + 1e-4, numpy.float32))()
    with pytest.raises(AssertionError):
        numpy_cupylike_allclose(rtol=tol)(lambda xp: _scaled(xp, 1 + 1e-4))()


def test_allclose_needs_equal_dtypes_and_shapes_and_exact_integers():
    with pytest.raises(AssertionError, match="dtype"):
        assert_allclose(cupylike.zeros(2, numpy.float32), numpy.zeros(2))
    with pytest.raises(AssertionError, match="shape"):
        assert_allclose(cupylike.zeros(2), numpy.zeros(3))
    with pytest.raises(AssertionError):
        assert_allclose(cupylike.asarray([1, 2]), numpy.asarray([1, 3]), rtol=1)


def test_allclose_nans_are_equal_and_infinities_exact():
    assert_allclose(cupylike.asarray([numpy.nan, numpy.inf]), numpy.asarray([numpy.nan, numpy.inf]))
    with pytest.raises(AssertionError):
        assert_allclose(cupylike.asarray([numpy.inf]), numpy.asarray([-numpy.inf]), rtol=10)


def test_allclose_compares_tuples_and_python_numbers():
    numpy_cupylike_allclose(rtol=1e-5)(
        lambda xp: (float(_scaled(xp, 1 + 1e-6).sum()), [_scaled(xp, 1 + 1e-6)]))()
    with pytest.raises(AssertionError):
        numpy_cupylike_allclose(rtol=1e-7)(lambda xp: float(_scaled(xp, 1 + 1e-6).sum()))()


def test_allclose_judges_errors_as_equal_does():
    with pytest.raises(AssertionError, match="accept_error=ValueError"):
        numpy_cupylike_allclose()(_shapes_do_not_broadcast)()
    numpy_cupylike_allclose(accept_error=ValueError)(_shapes_do_not_broadcast)()

    @numpy_cupylike_allclose(accept_error=Exception)
    def typo(xp):
        return xp.zeros(3) + undefined_name  # noqa: F821

    with pytest.raises(AssertionError, match="NameError"):
        typo()
