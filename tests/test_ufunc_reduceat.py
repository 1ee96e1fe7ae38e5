"""ufunc.reduceat against NumPy's: its segment rules (decreasing indices give the element, the
last segment runs to the end, out-of-range indices raise), dtypes, axes and out=; and
ufunc.identity for every ufunc of the table."""

import numpy
import pytest

import cupylike
from cupylike._core._ufunc_table import TABLE
from cupylike.testing import numpy_cupylike_allclose, numpy_cupylike_equal

INDICES = [0, 4, 4, 2, 9, 1]


@pytest.mark.parametrize("name", ["add", "multiply", "maximum", "minimum", "subtract",
                                  "logical_and", "logical_or", "bitwise_or", "divide"])
@pytest.mark.parametrize("dtype", ["int8", "int64", "uint16", "bool", "float32"])
@numpy_cupylike_equal(accept_error=TypeError)
def test_segments_of_every_kind(xp, name, dtype):
    a = xp.asarray((numpy.arange(10) % 4 + 1).astype(dtype))
    with numpy.errstate(all="ignore"):
        return getattr(xp, name).reduceat(a, xp.asarray(INDICES))


@numpy_cupylike_allclose(rtol=1e-12)
def test_float_sums_along_an_axis_of_a_non_contiguous_array(xp):
    a = xp.asarray(numpy.random.default_rng(1).standard_normal((7, 40)))[::-1, ::2]
    return xp.add.reduceat(a, xp.asarray([0, 5, 3, 19]), axis=1)


@pytest.mark.parametrize("axis", [0, -1, (1,)])
@numpy_cupylike_equal()
def test_axes(xp, axis):
    a = xp.arange(24).reshape(2, 3, 4)
    return xp.add.reduceat(a, xp.asarray([0, 1]), axis=axis)


@pytest.mark.parametrize("dtype", [None, "float32", "int16"])
@numpy_cupylike_equal()
def test_dtype_argument(xp, dtype):
    return xp.multiply.reduceat(xp.arange(1, 9, dtype=xp.int8), xp.asarray([0, 3, 6]),
                                dtype=dtype)


@numpy_cupylike_equal()
def test_out_receives_the_result_cast(xp):
    out = xp.zeros(2, dtype=xp.int64)
    r = xp.add.reduceat(xp.asarray([0.6, 0.6, 0.7]), xp.asarray([0, 2]), out=(out,))
    return r is out, out


@numpy_cupylike_equal()
def test_empty_indices(xp):
    return xp.maximum.reduceat(xp.arange(5, dtype=xp.int8), xp.asarray([], dtype=xp.int64))


@pytest.mark.parametrize("case,error", [
    ("past_end", IndexError), ("negative", IndexError), ("empty_array", IndexError),
    ("scalar", TypeError), ("unary", ValueError), ("two_outputs", ValueError),
    ("two_axes", ValueError), ("bad_axis", numpy.exceptions.AxisError),
    ("no_loop", TypeError), ("two_dim_indices", ValueError),
])
def test_errors_are_numpys(case, error):
    messages = []
    for xp in (numpy, cupylike):
        with pytest.raises(error) as info:
            _error_call(xp, case)
        messages.append(str(info.value))
    if case != "no_loop":
        assert messages[0] == messages[1]


def _error_call(xp, case):
    a = xp.arange(6.0).reshape(2, 3)
    return {
        "past_end": lambda: xp.add.reduceat(a, xp.asarray([0, 2])),
        "negative": lambda: xp.add.reduceat(a, xp.asarray([-1])),
        "empty_array": lambda: xp.add.reduceat(xp.zeros(0), xp.asarray([0])),
        "scalar": lambda: xp.add.reduceat(xp.asarray(5.0), xp.asarray([0])),
        "unary": lambda: xp.negative.reduceat(a, xp.asarray([0])),
        "two_outputs": lambda: xp.divmod.reduceat(a, xp.asarray([0])),
        "two_axes": lambda: xp.add.reduceat(a, xp.asarray([0]), axis=None),
        "bad_axis": lambda: xp.add.reduceat(a, xp.asarray([0]), axis=2),
        "no_loop": lambda: xp.ldexp.reduceat(a, xp.asarray([0])),
        "two_dim_indices": lambda: xp.add.reduceat(a, xp.asarray([[0]])),
    }[case]()


# Every public ufunc of the table (its private helpers such as _clip are not NumPy's).
@pytest.mark.parametrize("name", sorted(n for e in TABLE for n in (e.name, *e.aliases)
                                        if not n.startswith("_")))
def test_identity_is_numpys(name):
    ours = getattr(cupylike, name).identity
    # CuPy's rsqrt (not NumPy's) has no identity, as cupyx.rsqrt.
    theirs = getattr(numpy, name).identity if name != "rsqrt" else None
    assert type(ours) is type(theirs) and (ours == theirs or ours is theirs), (ours, theirs)
