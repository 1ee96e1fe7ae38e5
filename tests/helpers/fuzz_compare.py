"""Running a fuzzer Call (tests/helpers/fuzz_calls.py) with NumPy and cupylike and judging the pair:
both succeed with equal values, dtypes and shapes; or both raise the same exception type; or
the difference is a documented one.

Documented differences are read from the table in docs/differences.md ("Differences the
differential fuzzer accepts"), so each is written once: a row names the function (or `*`), a
tag that the call must carry (fuzz_calls.py tags the situations) and the outcome accepted."""

import pathlib
import re
import warnings

import numpy

import cupylike
from cupylike.testing import same_error
from helpers import ufunc_accuracy, ufunc_tolerances
from helpers.fuzz_arrays import build
from helpers.vendor_stand_ins import missing_stand_in

OUTCOMES = ("value", "error-type", "cupylike-raises", "numpy-raises")

_DOC = pathlib.Path(__file__).resolve().parents[2] / "docs" / "differences.md"
_TABLE_TITLE = "## Differences the differential fuzzer accepts"


def documented_differences(path=_DOC):
    """{(function, tag, outcome)} from the fuzzer's table in docs/differences.md."""
    text = path.read_text()
    section = text.split(_TABLE_TITLE, 1)[1].split("\n## ", 1)[0]
    rows = set()
    for line in section.splitlines():
        cells = [c.strip().strip("`") for c in line.strip().strip("|").split("|")]
        if len(cells) >= 4 and cells[2] in OUTCOMES:
            rows.add((cells[0], cells[1], cells[2]))
    return rows


DOCUMENTED = documented_differences()


def run(call, xp):
    """(result, exception) of `call` in `xp`; NumPy's warnings are silenced."""
    try:
        with warnings.catch_warnings(), numpy.errstate(all="ignore"):
            warnings.simplefilter("ignore")
            args = build(call.args, xp)
            kwargs = build(call.kwargs, xp)
            result = call.fn(xp, *args, **kwargs)
            if call.mutates is not None:
                result = (result, kwargs[call.mutates])
            return _to_host(result), None
    except Exception as e:  # judged by the caller
        return None, e


def _to_host(value):
    if isinstance(value, cupylike.ndarray):
        return value.get()
    if isinstance(value, (tuple, list)):
        return type(value)(_to_host(v) for v in value)
    return value


def _leaves(value):
    if isinstance(value, (tuple, list)):
        for v in value:
            yield from _leaves(v)
    else:
        yield value


def _part_size(dtype):
    return dtype.itemsize // (2 if dtype.kind == "c" else 1)


def _close(a, d, call):
    size = _part_size(d.dtype)
    loop = getattr(call, "loop_dtype", None)
    if loop is not None and loop.kind in "fc":  # computed in a narrower dtype than d's
        size = min(size, _part_size(loop))
    rtol = {2: 1e-2, 4: 1e-4, 8: 1e-10, 16: 1e-10}[size]
    atol = rtol * min(call.scale, 1e300) * max(1, d.size)
    # Part by part: allclose takes a complex value with an infinite part as one infinity,
    # which must then equal the other side exactly, finite part included.
    parts = (numpy.real, numpy.imag) if d.dtype.kind == "c" else (numpy.asarray,)
    for part in parts:
        numpy.testing.assert_allclose(part(a), part(d), rtol=rtol, atol=atol, equal_nan=True)


def _wider_than_loop(call, d):
    loop = getattr(call, "loop_dtype", None)
    return (loop is not None and loop.kind in "fc" and d.dtype != loop
            and numpy.can_cast(loop, d.dtype, "safe"))


def _ulp_bound(call, d):
    """The ULP bound of `call`'s ufunc for results of d's dtype, None for exact."""
    if d.dtype.kind not in "fc":
        return None
    return ufunc_tolerances.bound(call.name, d.dtype.char)


def _compare_arrays(a, d, call):
    a, d = numpy.asarray(a), numpy.asarray(d)
    assert a.shape == d.shape, f"shape {a.shape} != {d.shape}"
    assert a.dtype == d.dtype, f"dtype {a.dtype} != {d.dtype}"
    if call.check == "shape" or d.size == 0:
        return
    if call.check == "close" and d.dtype.kind in "fc":
        _close(a, d, call)
    elif call.check == "ufunc" and _wider_than_loop(call, d):
        # The loop's results cast to a wider output: compare them in the loop's precision.
        loop = call.loop_dtype
        if d.dtype.kind == "c" and loop.kind == "f":
            numpy.testing.assert_array_equal(a.imag, d.imag, strict=True)
            a, d = a.real, d.real
        _compare_arrays(a.astype(loop), d.astype(loop), call)
    elif call.check == "ufunc" and _ulp_bound(call, d) is not None:
        bound = _ulp_bound(call, d)
        if bound == "complex":
            ufunc_accuracy.assert_complex_close(a, d)
        else:  # float16 loops round a float32 result once: 1 ULP where float32 differs
            ufunc_accuracy.assert_ulp_close(a, d, 1 if bound == "half" else bound)
    else:
        numpy.testing.assert_array_equal(a, d, strict=True)
        if d.dtype.kind in "fc":  # zeros' signs (NaNs' signs are documented as free)
            zero = (d.real == 0) & (a.real == 0)
            assert numpy.array_equal(numpy.signbit(a.real[zero]), numpy.signbit(d.real[zero])), \
                "signs of zeros differ"


def _masked(value, mask):
    value = numpy.asarray(value)
    return value[numpy.broadcast_to(mask, value.shape)]


def compare(actual, desired, call):
    """Raises AssertionError unless cupylike's `actual` equals NumPy's `desired`."""
    if call.where is not None:
        assert numpy.shape(actual) == numpy.shape(desired), \
            f"shape {numpy.shape(actual)} != {numpy.shape(desired)}"
        mask = call.where.build(numpy)
        actual, desired = _masked(actual, mask), _masked(desired, mask)
    a_leaves, d_leaves = list(_leaves(actual)), list(_leaves(desired))
    assert len(a_leaves) == len(d_leaves), f"{len(a_leaves)} results != {len(d_leaves)}"
    for a, d in zip(a_leaves, d_leaves, strict=True):
        if isinstance(d, (numpy.ndarray, numpy.generic)) or isinstance(a, numpy.ndarray):
            _compare_arrays(a, d, call)
        else:
            assert a == d or (d != d and a != a), f"{a!r} != {d!r}"


def judge(call):
    """(outcome, detail): outcome None when cupylike agrees with NumPy, "unavailable" when the
    call reached a vendor library this build of the emulated GPU has no stand-in for, else one of
    OUTCOMES."""
    expected, np_error = run(call, numpy)
    actual, cp_error = run(call, cupylike)
    if missing_stand_in(cp_error):
        return "unavailable", str(cp_error)
    if np_error is not None and cp_error is not None:
        if same_error(cp_error, np_error):
            return None, f"both raise {type(np_error).__name__}: {np_error}"
        return "error-type", (f"cupylike {type(cp_error).__name__}: {cp_error}; "
                              f"NumPy {type(np_error).__name__}: {np_error}")
    if cp_error is not None:
        return "cupylike-raises", f"{type(cp_error).__name__}: {cp_error}"
    if np_error is not None:
        return "numpy-raises", f"{type(np_error).__name__}: {np_error}"
    try:
        compare(actual, expected, call)
    except AssertionError as e:
        return "value", f"{str(e)[:1500]}\ncupylike: {_short(actual)}\nNumPy: {_short(expected)}"
    return None, ""


def _short(value):
    return re.sub(r"\s+", " ", repr(value))[:600]


def classify(call, outcome):
    """'documented' or 'failure' for a call whose outcome differs."""
    for name in (call.name, "*"):
        for tag in call.tags | {""}:
            if (name, tag, outcome) in DOCUMENTED:
                return "documented"
    return "failure"
