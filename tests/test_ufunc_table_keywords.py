"""out=, where=, dtype= and casting= against NumPy: a sweep over every ufunc of the table
(non-contiguous out, where= with out, out overlapping an input), then the rules themselves on
representative ufuncs (overlap, outputs larger than the inputs, errors that leave out
untouched, casting rules, dtype=, where broadcasting, the forms of out=)."""

import numpy
import pytest
from helpers.ufunc_table_cases import (
    NAMES,
    difference,
    loop_dtypes,
    numpy_ufunc,
    ours,
    run,
)
from helpers.ufunc_tolerances import INPUTS

import cupylike
from cupylike.testing import assert_array_equal, numpy_cupylike_equal, sample_values

SHAPE = (3, 4)


def _loop(name):
    """The loop the sweep uses: all-float64 inputs if there is one, else the first."""
    types = ours(name).types
    return next((t for t in types if set(t.split("->")[0]) == {"d"}), types[0])


def _inputs(name, sig):
    in_dtypes, _ = loop_dtypes(sig)
    hook = INPUTS.get(name)
    hosts = []
    for k, d in enumerate(in_dtypes):
        v = sample_values(d, SHAPE, seed=k)
        hosts.append(v if hook is None else hook(sig, k, v))
    return hosts, [cupylike.asarray(h) for h in hosts]


def _sweep(name, make_call):
    """Runs make_call(xp, ufunc, inputs, sig) -> out arrays on both libraries and compares the
    out arrays' contents (an assertion failing inside make_call counts as an error there)."""
    ref = numpy_ufunc(name)
    if ref is None:
        pytest.skip(f"NumPy has no ufunc for {name}")
    sig = _loop(name)
    hosts, devs = _inputs(name, sig)
    expected, np_error = run(make_call, numpy, ref, hosts, sig)
    actual, cp_error = run(make_call, cupylike, ours(name), devs, sig)
    diff = difference(name, expected, np_error, actual, cp_error, hosts=hosts)
    assert diff is None, f"{name} {sig}: {diff}"


def _returns_out(result, outs):
    result = result if isinstance(result, tuple) else (result,)
    assert all(r is o for r, o in zip(result, outs, strict=True)), "the result is not out"
    return outs


def _outs(xp, sig, fill=None):
    _, out_dtypes = loop_dtypes(sig)
    outs = []
    for d in out_dtypes:
        base = xp.zeros((SHAPE[0], 2 * SHAPE[1]), d)
        if fill is not None:
            base[...] = fill
        outs.append(base[:, ::2])  # non-contiguous
    return tuple(outs)


@pytest.mark.parametrize("name", NAMES)
def test_out_non_contiguous(name):
    def call(xp, ufunc, inputs, sig):
        outs = _outs(xp, sig)
        return _returns_out(ufunc(*inputs, out=outs if len(outs) > 1 else outs[0]), outs)

    _sweep(name, call)


@pytest.mark.parametrize("name", NAMES)
def test_where_writes_only_where_true(name):
    def call(xp, ufunc, inputs, sig):
        outs = _outs(xp, sig, fill=1)
        mask = xp.asarray(numpy.array([True, False, True, False]))  # broadcast over rows
        return _returns_out(ufunc(*inputs, out=outs, where=mask), outs)

    _sweep(name, call)


@pytest.mark.parametrize("name", NAMES)
def test_out_overlapping_an_input(name):
    sig = _loop(name)
    ins, outs = loop_dtypes(sig)
    if len(outs) != 1 or outs[0] != ins[0]:
        pytest.skip(f"{sig}: the output's dtype is not the first input's")

    def call(xp, ufunc, inputs, sig):
        x = inputs[0].copy()
        y = inputs[0].copy()
        rest = inputs[1:]
        # Reversed in place, then shifted by one row (NumPy buffers as needed).
        ufunc(x[::-1], *[r[::-1] for r in rest], out=x)
        ufunc(y[:-1], *[r[1:] for r in rest], out=y[1:])
        return x, y

    _sweep(name, call)


# The rules on representative ufuncs.

def _host(dtype, shape=SHAPE, seed=0):
    return numpy.random.default_rng(seed).integers(1, 9, shape).astype(dtype)


@numpy_cupylike_equal()
def test_inplace_add_with_shifted_overlap(xp):
    x = xp.asarray(numpy.arange(10.0))
    x[1:] += x[:-1]
    return x


@numpy_cupylike_equal()
def test_add_of_self_and_reversed_self_into_self(xp):
    x = xp.asarray(numpy.arange(10, dtype=numpy.int32))
    r = xp.add(x, x[::-1], out=x)
    assert r is x
    return x


@numpy_cupylike_equal()
def test_out_larger_than_the_inputs_receives_them_broadcast(xp):
    out = xp.zeros((2,) + SHAPE)
    xp.multiply(xp.asarray(_host(numpy.float64)), 2.0, out=out)
    return out


@pytest.mark.parametrize("case", ["wrong shape", "no broadcast", "cast", "no loop"])
@numpy_cupylike_equal()
def test_failed_call_writes_nothing_into_out(xp, case):
    out = xp.full(SHAPE, 7, numpy.int64)
    a = xp.asarray(_host(numpy.int64))
    calls = {
        "wrong shape": (ValueError, lambda: xp.add(a, a, out=xp.full((4, 3), 7, numpy.int64))),
        "no broadcast": (ValueError, lambda: xp.add(a, xp.ones(5, numpy.int64), out=out)),
        "cast": (TypeError, lambda: xp.add(a, 1.5, out=out)),
        "no loop": (TypeError, lambda: xp.bitwise_and(xp.ones(SHAPE), 1, out=out)),
    }
    error, call = calls[case]
    with pytest.raises(error):
        call()
    return out


def _two_faults(xp, case):
    a = xp.asarray(numpy.ones(3))
    if case == "cast and out shape":
        return xp.log(a, out=xp.zeros((), "i8"))
    if case == "cast and input shapes":
        return xp.add(a, xp.ones(2), out=xp.zeros(2, "i8"))
    if case == "where dtype and cast":
        return xp.add(a, a, out=xp.zeros(4, "i8"), where=xp.ones(3, "i4"))
    if case == "where dtype and bogus casting":
        return xp.negative(a, casting="bogus", where=xp.ones(3, "i4"))
    if case == "read-only and where dtype":
        return xp.negative(a, where=xp.ones(3, "i4"), out=xp.broadcast_to(xp.zeros(1), (3,)))
    if case == "read-only and no loop":
        return xp.bitwise_and(a, 1, out=xp.broadcast_to(xp.zeros(1, "i8"), (3,)))
    u8 = xp.asarray(numpy.zeros(3, numpy.uint8))
    if case == "scalar overflow and shapes":
        return xp.add(u8, -1, out=xp.zeros(4, numpy.uint8))
    if case == "scalar overflow and out cast":
        return xp.add(u8, -1, out=xp.zeros(3, bool))
    if case == "scalar overflow of three operands and shapes":
        return xp.clip(xp.asarray(numpy.ones(4, bool)), -1, xp.zeros((3, 2), numpy.uint64))
    if case == "scalar overflow of an empty array":
        return xp.add(u8[:0], -1)
    return xp.add(a, a, out=xp.broadcast_to(xp.zeros(1, "i8"), (3,)))


@pytest.mark.parametrize("case, error", [
    ("cast and out shape", TypeError), ("cast and input shapes", TypeError),
    ("where dtype and cast", TypeError), ("read-only and no loop", ValueError),
    ("where dtype and bogus casting", TypeError), ("read-only and where dtype", ValueError),
    ("read-only and cast", ValueError), ("scalar overflow and shapes", OverflowError),
    ("scalar overflow and out cast", OverflowError),
    ("scalar overflow of three operands and shapes", OverflowError),
    ("scalar overflow of an empty array", OverflowError)])
def test_errors_come_in_numpys_order(case, error):
    # NumPy rejects read-only outputs first, then a mask that is not bool, then a bad casting
    # name, then finds the loop, converts Python scalars to it, checks the casting rules, and
    # the shapes last: a call with two faults raises the first of them.
    for xp in (numpy, cupylike):
        with pytest.raises(error):
            _two_faults(xp, case)


@pytest.mark.parametrize("ufunc, dtypes, kwargs", [
    ("add", ("f8", "f8"), {"out": "i8"}),
    ("add", ("f8", "f8"), {"out": "i8", "casting": "unsafe"}),
    ("add", ("f8", "f8"), {"out": "f4"}),
    ("add", ("f8", "f8"), {"out": "f4", "casting": "safe"}),
    ("add", ("i1", "i2"), {"casting": "no"}),
    ("add", ("i1", "i2"), {"casting": "equiv"}),
    ("add", ("i1", "i2"), {"casting": "safe"}),
    ("add", ("i1", "f4"), {"casting": "same_kind"}),
    ("subtract", ("u1", "i8"), {"out": "u1"}),
    ("subtract", ("u1", "i8"), {"out": "u1", "casting": "unsafe"}),
    ("multiply", ("c8", "c8"), {"out": "f4"}),
    ("sqrt", ("i4",), {"out": "f2"}),
    ("sqrt", ("i4",), {"out": "f2", "casting": "unsafe"}),
    ("equal", ("f8", "f8"), {"out": "i1"}),
    ("equal", ("f8", "f8"), {"out": "f4", "casting": "safe"}),
    ("negative", ("f4",), {"casting": "nonsense"}),
])
@numpy_cupylike_equal(accept_error=(TypeError, ValueError))
def test_casting_rules(xp, ufunc, dtypes, kwargs):
    inputs = [xp.asarray(_host(d, seed=k)) for k, d in enumerate(dtypes)]
    kwargs = dict(kwargs)
    if "out" in kwargs:
        kwargs["out"] = xp.zeros(SHAPE, kwargs["out"])
    return getattr(xp, ufunc)(*inputs, **kwargs)


@pytest.mark.parametrize("ufunc, dtypes, kwargs", [
    ("add", ("i1", "i1"), {"dtype": "f4"}),
    ("add", ("f8", "f8"), {"dtype": "f4"}),
    ("add", ("f8", "f8"), {"dtype": "i4"}),
    ("add", ("f8", "f8"), {"dtype": "i4", "casting": "unsafe"}),
    ("add", ("i8", "i8"), {"dtype": "u1", "casting": "unsafe"}),
    ("true_divide", ("i4", "i4"), {"dtype": "f4"}),
    ("sqrt", ("i2",), {"dtype": "f4"}),
    ("sqrt", ("f8",), {"dtype": "c16"}),
    ("negative", ("i8",), {"dtype": "f2"}),
    ("divmod", ("i4", "i4"), {"dtype": "f8"}),
    ("less", ("f4", "f4"), {"dtype": "?"}),
    ("bitwise_and", ("f4", "f4"), {"dtype": "i4"}),
    ("bitwise_and", ("f4", "f4"), {"dtype": "i4", "casting": "unsafe"}),
])
@numpy_cupylike_equal(accept_error=TypeError)
def test_dtype_keyword(xp, ufunc, dtypes, kwargs):
    inputs = [xp.asarray(_host(d, seed=k)) for k, d in enumerate(dtypes)]
    return getattr(xp, ufunc)(*inputs, **kwargs)


LARGE = {"u4": [4294967294, 3, 0], "i1": [0, -3, 5], "c8": [1 + 1j, -2.5j, 3],
         "c16": [1 + 1j, -2.5j, 3], "f8": [1.5, -2.25, 1e300], "i2": [7, -9, 300]}


@pytest.mark.parametrize("ufunc, dtypes, dtype", [
    ("less", ("u4", "i1"), "?"),     # the int64 loop, not int8's (which wraps 4294967294)
    ("absolute", ("c8",), "f4"),     # 'F->f'
    ("absolute", ("c16",), "f8"),
    ("add", ("f8", "i2"), "f4"),     # no loop casts them safely: the all-float32 one
])
def test_dtype_takes_the_first_loop_the_inputs_cast_to_safely(ufunc, dtypes, dtype):
    host = [numpy.array(LARGE[d], d) for d in dtypes]
    with numpy.errstate(over="ignore"):
        expected = getattr(numpy, ufunc)(*host, dtype=dtype)
    actual = getattr(cupylike, ufunc)(*map(cupylike.asarray, host), dtype=dtype)
    assert_array_equal(actual, expected)


@pytest.mark.parametrize("ufunc, dtypes, dtype", [
    ("absolute", ("c16",), "f4"),
    ("sqrt", ("c16",), "f8"),
    ("add", ("c16", "f8"), "f8"),
])
def test_dtype_without_a_safe_loop_is_every_operands_type(ufunc, dtypes, dtype):
    # complex128 to float32 is no same_kind cast: NumPy's error names the input.
    host = [numpy.array(LARGE[d], d) for d in dtypes]
    with pytest.raises(TypeError) as numpy_error:
        getattr(numpy, ufunc)(*host, dtype=dtype)
    with pytest.raises(TypeError, match="Cannot cast ufunc") as error:
        getattr(cupylike, ufunc)(*map(cupylike.asarray, host), dtype=dtype)
    assert str(error.value) == str(numpy_error.value)


@pytest.mark.parametrize("where", ["row", "column", "full", True, False, "int", "0-d"])
@numpy_cupylike_equal(accept_error=TypeError)
def test_where_broadcasts_and_must_be_bool(xp, where):
    masks = {
        "row": numpy.array([True, False, True, True]),
        "column": numpy.array([[True], [False], [True]]),
        "full": _host(numpy.int8) > 4,
        "int": numpy.array([1, 0, 1, 1]),
        "0-d": numpy.array(False),
    }
    mask = xp.asarray(masks[where]) if isinstance(where, str) else where
    out = xp.full(SHAPE, -1.0)
    xp.subtract(xp.asarray(_host(numpy.float64)), 0.5, out=out, where=mask)
    return out


@numpy_cupylike_equal()
def test_two_outputs_take_out_in_every_form(xp):
    a, b = xp.asarray(_host(numpy.int32)), xp.asarray(_host(numpy.int32, seed=1))
    q1, r1 = xp.zeros(SHAPE, numpy.int32), xp.zeros(SHAPE, numpy.int32)
    res = xp.divmod(a, b, out=(q1, r1))
    assert res[0] is q1 and res[1] is r1
    q2, r2 = xp.zeros(SHAPE, numpy.int32), xp.zeros(SHAPE, numpy.int32)
    res = xp.divmod(a, b, q2, r2)
    assert res[0] is q2 and res[1] is r2
    r3 = xp.zeros(SHAPE, numpy.int64)
    q3, res3 = xp.divmod(a, b, out=(None, r3))
    assert res3 is r3
    return q1, r1, q2, r2, q3, r3


@pytest.mark.parametrize("form", ["tuple of one", "positional and keyword", "not an array",
                                  "tuple too long", "single for two outputs"])
@numpy_cupylike_equal(accept_error=(TypeError, ValueError))
def test_out_forms(xp, form):
    a = xp.asarray(_host(numpy.float64))
    o = xp.zeros(SHAPE)
    if form == "tuple of one":
        assert xp.add(a, a, out=(o,)) is o
        return o
    if form == "positional and keyword":
        return xp.add(a, a, o, out=o)
    if form == "not an array":
        return xp.add(a, a, out=[1, 2])
    if form == "tuple too long":
        return xp.add(a, a, out=(o, o))
    return xp.divmod(a, a, out=o)
