"""Every entry of the ufunc table against NumPy, enumerated from the table itself
(cupylike._core._ufunc_table.TABLE): its loops cover NumPy's (over our fourteen dtypes) with NumPy's
nin and nout; result dtypes (and errors) equal NumPy's for every combination of input dtypes,
for Python scalars and for NumPy scalars; values equal NumPy's on the standard layouts (exactly
unless tests/helpers/ufunc_tolerances.py gives a bound). Keywords are in
test_ufunc_table_keywords.py, operators in test_ufunc_table_operators.py, the NVRTC compile of
every loop in test_ufunc_table_nvrtc.py."""

import itertools

import numpy
import pytest
from helpers.ufunc_table_cases import (
    DTYPES,
    ENTRIES,
    FUNCTIONS,
    NAMES,
    difference,
    layout_inputs,
    loop_key,
    numpy_loops,
    numpy_ufunc,
    ours,
    reference,
    run,
)

import cupylike

# Python scalars: each kind, plus ints outside small dtypes' ranges (NumPy 2 raises
# OverflowError for most ufuncs and compares exactly in comparisons).
PYTHON_SCALARS = [True, 3, 2.5, 1.5 + 2j, 300, -1, 2**63]
NUMPY_SCALARS = [d.type(True) if d.kind == "b" else d.type(3) for d in DTYPES]


def _fail_with(mismatches, what):
    if mismatches:
        shown = "\n".join(mismatches[:60])
        more = f"\n... and {len(mismatches) - 60} more" if len(mismatches) > 60 else ""
        pytest.fail(f"{len(mismatches)} {what} differ from NumPy:\n{shown}{more}", False)


def _numpy_ufunc_or_skip(name):
    f = numpy_ufunc(name)
    if f is None:
        pytest.skip(f"NumPy has no ufunc for {name}")
    return f


def _callables_or_skip(name):
    """(NumPy's callable, cupylike's, nin): the ufuncs, or for an entry NumPy has as a
    function only (_where), both libraries' public functions."""
    f = numpy_ufunc(name)
    if f is not None:
        return f, ours(name), f.nin
    ref = FUNCTIONS.get(name)
    if ref is None or not hasattr(cupylike, ref.__name__):
        pytest.skip(f"nothing public to compare {name} with")
    return ref, getattr(cupylike, ref.__name__), ours(name).nin


# (a) Loops, nin and nout.

@pytest.mark.parametrize("name", NAMES)
def test_nin_and_nout_equal_numpys(name):
    ref = _numpy_ufunc_or_skip(name)
    assert (ours(name).nin, ours(name).nout) == (ref.nin, ref.nout)


@pytest.mark.parametrize("name", NAMES)
def test_types_contain_every_numpy_loop(name):
    ref = _numpy_ufunc_or_skip(name)
    have = {loop_key(sig) for sig in ours(name).types}
    missing = sorted(numpy_loops(ref) - have)
    assert not missing, f"{name} lacks NumPy's loops {missing}"


def test_table_entries_are_exported():
    for entry in ENTRIES:
        if not entry.name.startswith("_"):
            assert getattr(cupylike, entry.name) is ours(entry.name)
        for alias in entry.aliases:
            assert getattr(cupylike, alias) is ours(entry.name)


# (b) Result dtypes and errors.

@pytest.mark.parametrize("name", NAMES)
def test_result_dtypes_for_every_combination_of_array_dtypes(name):
    # Empty arrays: loop selection and its errors without running a kernel.
    ref, fn, nin = _callables_or_skip(name)
    mismatches = []
    for combo in itertools.product(DTYPES, repeat=nin):
        expected, np_error = run(ref, *[numpy.empty(0, d) for d in combo])
        actual, cp_error = run(fn, *[cupylike.empty(0, d) for d in combo])
        diff = difference(name, expected, np_error, actual, cp_error, compare_values=False)
        if diff:
            mismatches.append(f"{name}({', '.join(d.name for d in combo)}): {diff}")
    _fail_with(mismatches, "result dtypes")


def _scalar_cases(nin, scalars):
    """(array dtype, position, scalar) with the other inputs arrays of that dtype; for unary
    ufuncs the scalar alone."""
    if nin == 1:
        return [(None, 0, s) for s in scalars]
    return [(d, p, s) for d in DTYPES for p in range(nin) for s in scalars]


def _check_scalar_cases(name, scalars):
    ref, fn, nin = _callables_or_skip(name)
    mismatches = []
    for dtype, position, scalar in _scalar_cases(nin, scalars):
        host = [numpy.ones(1, dtype) for _ in range(nin)]
        dev = [cupylike.asarray(h) for h in host]
        host[position] = dev[position] = scalar
        expected, np_error = run(ref, *host)
        actual, cp_error = run(fn, *dev)
        diff = difference(name, expected, np_error, actual, cp_error,
                          hosts=[numpy.asarray(h) for h in host])
        if diff:
            args = ", ".join(repr(scalar) if k == position else f"{dtype.name}[1]"
                             for k in range(nin))
            mismatches.append(f"{name}({args}): {diff}")
    _fail_with(mismatches, "results with scalars")


@pytest.mark.parametrize("name", NAMES)
def test_result_with_python_scalars(name):
    _check_scalar_cases(name, PYTHON_SCALARS)


@pytest.mark.parametrize("name", NAMES)
def test_result_with_numpy_scalars(name):
    _check_scalar_cases(name, NUMPY_SCALARS)


# (c) Values on the standard layouts, loop by loop.

LOOPS = [(e.name, sig) for e in ENTRIES for sig, _ in e.loops]


@pytest.mark.parametrize("name, sig", LOOPS, ids=[f"{n}-{s}" for n, s in LOOPS])
def test_values_equal_numpys_on_layouts(name, sig):
    ref = reference(name)
    if ref is None:
        pytest.skip(f"NumPy has nothing to compare {name} with")
    mismatches = []
    for layout, (hosts, devs) in layout_inputs(name, sig).items():
        expected, np_error = run(ref, *hosts)
        actual, cp_error = run(ours(name), *devs)
        diff = difference(name, expected, np_error, actual, cp_error, hosts=hosts)
        if diff:
            mismatches.append(f"{name} {sig} {layout}: {diff}")
    _fail_with(mismatches, "layouts")
