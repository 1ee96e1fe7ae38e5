"""The ufunc table's reduction facts are NumPy's: each binary ufunc's identity and whether it is
reorderable (several axes in one reduce) are those of the NumPy ufunc of its name, and the
reductions and scans generated from the table follow the flags."""

import numpy
import pytest

from cupylike._core._reduction_defs.ufunc_reduce import ENTRIES as REDUCTIONS
from cupylike._core._scan_defs import TABLE as SCANS
from cupylike._core._ufunc_table import TABLE

pytestmark = pytest.mark.any_device(reason="reads the tables only: the same on every device")

BINARY = [e for e in TABLE if e.nin == 2 and e.nout == 1]
IDS = [e.name for e in BINARY]


def _same_type_char(entry):
    """A type char of one of the entry's 'TT->T' loops (float64 where it has one), or None."""
    chars = [t[0] for t, _ in entry.loops if len(t) == 5 and t[0] == t[1] == t[4]]
    return ("d" if "d" in chars else chars[-1]) if chars else None


@pytest.mark.parametrize("entry", BINARY, ids=IDS)
def test_identity_is_numpys(entry):
    identity = getattr(numpy, entry.name).identity
    assert entry.identity == identity and type(entry.identity) is type(identity)


@pytest.mark.parametrize("entry", BINARY, ids=IDS)
def test_reorderable_is_numpys(entry):
    char = _same_type_char(entry)
    if char is None:
        pytest.skip("no 'TT->T' loop: the ufunc does not reduce")
    try:
        with numpy.errstate(all="ignore"):
            getattr(numpy, entry.name).reduce(numpy.ones((2, 2), char), axis=(0, 1))
        numpy_reorders = True
    except ValueError as e:
        assert "reorderable" in str(e)
        numpy_reorders = False
    assert entry.reorderable == numpy_reorders


def test_associative_ops_are_reorderable_or_bool_only():
    # Regrouping a scan is safe for NumPy's reorderable ops; equal/not_equal are XNOR/XOR on
    # their only same-type loop (bool) and lcm is exact on integers.
    for e in BINARY:
        if e.associative and not e.reorderable:
            assert e.name in ("equal", "not_equal", "lcm")


def test_generated_reductions_and_scans_follow_the_flags():
    by_name = {e.name: e for e in TABLE}
    for red in REDUCTIONS:
        entry = by_name[red.name]
        assert red.ordered == (not entry.reorderable)
        assert red.has_identity == (entry.identity is not None)
    for scan in SCANS.values():
        entry = by_name[scan.ufunc]
        for types, _, _, ordered in scan.loops:
            if not entry.associative:
                assert ordered, (scan.name, types)
