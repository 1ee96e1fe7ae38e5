"""What cupylike.vectorize cannot compile: each construct raises TypeError naming it, its line
and the function, when the vectorized function is called (never a silent host loop)."""

import inspect
import math

import numpy
import pytest

import cupylike

TABLE = [1, 2, 3]


def a_for_loop(x):
    for _ in range(3):
        x = x + 1
    return x


def a_while_loop(x):
    while x > 0:
        x = x - 1
    return x


def unknown_call(x):
    return len(x)


def value_attribute(x):
    return x.real


def string_constant(x):
    return x + "a"


def subscript(x):
    return TABLE[0] * x


def global_list(x):
    return x * TABLE


def nested_lambda(x):
    f = lambda y: y  # noqa: E731
    return f(x)


def try_block(x):
    try:
        return x
    except ValueError:
        return 0


def no_return_on_a_path(x):
    if x > 0:
        return x


def expression_statement(x):
    x + 1
    return x


def keyword_call(x):
    return round(x, ndigits=1)


def is_comparison(x):
    return x is None


def math_gamma(x):
    return math.gamma(x)


def bool_subtract(x):
    return x - x


def matmul(x):
    return x @ x


def tuple_value(x):
    t = (x, x)
    return t


CASES = [
    (a_for_loop, "a for loop"),
    (a_while_loop, "a while loop"),
    (unknown_call, "a call of len"),
    (value_attribute, r"the attribute \.real of a value"),
    (string_constant, "the constant 'a'"),
    (subscript, "a subscript"),
    (global_list, r"the name 'TABLE' \(list\)"),
    (nested_lambda, "a lambda"),
    (try_block, "a try block"),
    (no_return_on_a_path, "a path without a return"),
    (expression_statement, "an expression statement"),
    (keyword_call, "a call with keyword arguments"),
    (is_comparison, "the comparison Is"),
    (math_gamma, "a call of math.gamma"),
    (bool_subtract, r"`x - x` \(subtract of bool, bool\)"),
    (matmul, "the operator MatMult"),
    (tuple_value, "a tuple"),
]


@pytest.mark.parametrize("func, construct", CASES, ids=[c[0].__name__ for c in CASES])
def test_each_construct_is_named(func, construct):
    x = cupylike.asarray(numpy.array([True, False]) if func is bool_subtract else [1.0, 2.0])
    with pytest.raises(TypeError, match=rf"cupylike\.vectorize cannot compile {construct} "
                                        rf"at line \d+ of {func.__name__}"):
        cupylike.vectorize(func)(x)


def test_numpys_reason_is_given():
    with pytest.raises(TypeError, match="of bool_subtract: numpy boolean subtract, the `-` "
                                        "operator, is not supported"):
        cupylike.vectorize(bool_subtract)(cupylike.asarray(numpy.array([True])))


def test_the_line_is_the_files():
    _, first = inspect.getsourcelines(a_while_loop)
    with pytest.raises(TypeError, match=f"a while loop at line {first + 1} of a_while_loop"):
        cupylike.vectorize(a_while_loop)(cupylike.arange(3))


def test_functions_without_source():
    with pytest.raises(TypeError, match="cannot compile max: of the built-in functions, only"):
        cupylike.vectorize(max)(cupylike.arange(3.0))
    with pytest.raises(TypeError, match="cannot compile a call of len at line 1 of len"):
        cupylike.vectorize(len)(cupylike.arange(3.0))
    text = "def typed_in(x):\n    return x + 1\n"
    scope = {}
    exec(compile(text, "<typed>", "exec"), scope)  # noqa: S102 (code with no source file)
    with pytest.raises(TypeError, match="its source is not available"):
        cupylike.vectorize(scope["typed_in"])(cupylike.arange(3))


def test_lambdas_that_cannot_be_told_apart():
    k = 2
    pair = [lambda x: x * k, lambda x: x * k * k]  # one closure's names, one constant: alike
    with pytest.raises(TypeError, match="the lambda cannot be told apart"):
        cupylike.vectorize(pair[0])(cupylike.arange(3))


def test_complex_into_math_and_int():
    z = cupylike.asarray(numpy.array([1 + 2j]))
    with pytest.raises(TypeError, match="a call of math.sqrt.*must be real number, not "
                                        "complex"):
        cupylike.vectorize(lambda v: math.sqrt(v))(z)
    with pytest.raises(TypeError, match=r"a call of int.*int\(\) of a complex number"):
        cupylike.vectorize(lambda v: int(v))(z)


def test_lambda_default_that_is_an_array():
    table = numpy.arange(3)
    with pytest.raises(TypeError, match="the parameter 't'.*is not a number"):
        cupylike.vectorize(lambda v, t=table: v + t)(cupylike.arange(3))


def test_error_is_raised_on_every_call():
    v = cupylike.vectorize(a_for_loop)
    for _ in range(2):
        with pytest.raises(TypeError, match="a for loop"):
            v(cupylike.arange(3))
