"""gcd and lcm (of the magnitudes, wrapping as NumPy's do) and heaviside."""

from cupylike._core._ufunc_defs.common import FLOATS, INTS, same, ufunc


def _bool_type_error(name):
    return (f"ufunc '{name}' did not contain a loop with signature matching types "
            "(<class 'numpy.dtypes.BoolDType'>, <class 'numpy.dtypes.BoolDType'>) -> None")


ENTRIES = [
    ufunc("gcd", 2, 1, same(INTS, "out0 = cupylike::gcd(in0, in1)"),
          "Returns the greatest common divisor of ``|x1|`` and ``|x2|``",
          bool_error=_bool_type_error("gcd"), identity=0, reorderable=True, associative=True),
    ufunc("lcm", 2, 1, same(INTS, "out0 = cupylike::lcm(in0, in1)"),
          "Returns the lowest common multiple of ``|x1|`` and ``|x2|``",
          bool_error=_bool_type_error("lcm"), associative=True),
    ufunc("heaviside", 2, 1, same(FLOATS, "out0 = cupylike::heaviside(in0, in1)"),
          "Compute the Heaviside step function."),
]
