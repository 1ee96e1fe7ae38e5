"""Printing against NumPy: array2string, array_repr, array_str, repr and str of arrays under
NumPy's print options (one set of options for both libraries), and the number formatters."""

import numpy
import pytest

import cupylike


def _arrays(xp):
    return [
        xp.asarray(numpy.linspace(0, 1, 7, dtype=numpy.float32)),
        xp.asarray(numpy.arange(12).reshape(3, 4))[::-1, 1::2],
        xp.asarray(numpy.array(3.25)),
        xp.asarray(numpy.zeros((0, 3))),
        xp.asarray(numpy.array([1 + 2j, numpy.nan, -numpy.inf])),
        xp.asarray(numpy.arange(2000, dtype=numpy.int16)),
        xp.asarray(numpy.array([True, False])),
    ]


CASES = range(7)


@pytest.mark.parametrize("case", CASES)
def test_array2string_repr_and_str_match_numpy(case):
    a, na = _arrays(cupylike)[case], _arrays(numpy)[case]
    assert cupylike.array2string(a) == numpy.array2string(na)
    assert cupylike.array2string(a, 20, 2, True, ", ", "x = ", sign="+", suffix=";",
                                 floatmode="fixed", threshold=5, edgeitems=1) == \
        numpy.array2string(na, 20, 2, True, ", ", "x = ", sign="+", suffix=";",
                           floatmode="fixed", threshold=5, edgeitems=1)
    assert cupylike.array_repr(a) == numpy.array_repr(na) == repr(a)
    assert cupylike.array_str(a) == numpy.array_str(na) == str(a)
    assert cupylike.array_repr(a, 30, 1, True) == numpy.array_repr(na, 30, 1, True)
    assert cupylike.array_str(a, max_line_width=30, precision=1) == numpy.array_str(
        na, max_line_width=30, precision=1)


def test_formatter_and_legacy_pass_through():
    a, na = _arrays(cupylike)[0], _arrays(numpy)[0]
    fmt = {"float_kind": lambda v: f"<{v:.1f}>"}
    assert cupylike.array2string(a, formatter=fmt) == numpy.array2string(na, formatter=fmt)
    assert cupylike.array2string(a, legacy="1.13") == numpy.array2string(na, legacy="1.13")


@pytest.mark.parametrize("case", CASES)
def test_repr_honours_print_options(case):
    a, na = _arrays(cupylike)[case], _arrays(numpy)[case]
    with cupylike.printoptions(precision=2, threshold=10, edgeitems=2, linewidth=40):
        assert repr(a) == repr(na) and str(a) == str(na)
        assert cupylike.get_printoptions()["precision"] == 2
    old = cupylike.get_printoptions()
    try:
        cupylike.set_printoptions(floatmode="unique", sign=" ")
        assert repr(a) == repr(na) and cupylike.array2string(a) == numpy.array2string(na)
    finally:
        cupylike.set_printoptions(**old)
    assert cupylike.get_printoptions() == old


def test_array2string_errors_as_numpy():
    a = cupylike.ones(2)
    with pytest.raises(ValueError, match="floatmode"):
        numpy.array2string(numpy.ones(2), floatmode="bad")
    with pytest.raises(ValueError, match="floatmode"):
        cupylike.array2string(a, floatmode="bad")
    with pytest.raises(TypeError):
        cupylike.array2string(a, 10, 2, False, " ", "", None)


def test_number_formatters_are_numpys():
    assert cupylike.base_repr(255, 16) == "FF" and cupylike.binary_repr(-5, width=8) == \
        numpy.binary_repr(-5, width=8)
    assert cupylike.format_float_positional(numpy.float32(0.1)) == "0.1"
    assert cupylike.format_float_scientific(1.5e-10, precision=2) == numpy.format_float_scientific(
        1.5e-10, precision=2)
