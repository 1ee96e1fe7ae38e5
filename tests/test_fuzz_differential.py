"""The differential fuzzer: random, often invalid calls of about 90 library functions
(tests/helpers/fuzz_calls.py), each compared with NumPy (tests/helpers/fuzz_compare.py). Both
succeed with equal values, dtypes and shapes, or both raise the same exception type, or the
difference is one that docs/differences.md lists in its fuzzer table; anything else fails here
with the seed and index that reproduce it (`python -m helpers.fuzz_run SEED INDEX` in tests/).

CI runs fixed seeds; CUPYLIKE_HYPOTHESIS=explore draws new ones (printed) and runs more calls.
Long campaigns that survive crashes: tools/fuzz_differential.py."""

import os
import secrets

import pytest
from helpers import fuzz_compare
from helpers.fuzz_arrays import ArraySpec
from helpers.fuzz_call_args import Call
from helpers.fuzz_run import run_range

EXPLORE = os.environ.get("CUPYLIKE_HYPOTHESIS") == "explore"
SEEDS = [secrets.randbits(32) for _ in range(4)] if EXPLORE else [1, 2, 3, 4]
CALLS_PER_SEED = 2000 if EXPLORE else 150


@pytest.mark.parametrize("seed", SEEDS)
def test_fuzzed_calls_agree_with_numpy(seed):
    print(f"fuzzer seed {seed}, {CALLS_PER_SEED} calls")
    found = run_range(seed, 0, CALLS_PER_SEED)
    failures = [f"seed {seed} index {index}: {outcome}: {call!r}\n  {detail}"
                for index, outcome, kind, detail, call in found if kind == "failure"]
    assert not failures, "\n".join(failures)


def _call(name, fn, *args, **kwargs):
    return Call(name, fn, args, kwargs)


def test_judge_finds_a_value_difference():
    # A fuzzer that cannot fail is no test: a call whose two sides differ must be caught.
    import numpy

    call = _call("add", lambda xp, a: a + (1 if xp is numpy else 2),
                 ArraySpec(numpy.arange(3.0)))
    assert fuzz_compare.judge(call)[0] == "value"
    assert fuzz_compare.classify(call, "value") == "failure"


def test_judge_finds_an_error_type_difference():
    import numpy

    def fn(xp):
        raise (ValueError if xp is numpy else TypeError)("bad")

    call = _call("reshape", fn)
    assert fuzz_compare.judge(call)[0] == "error-type"


def test_judge_finds_a_one_sided_error_and_a_dtype_difference():
    import numpy

    def fn(xp, a):
        if xp is not numpy:
            raise ValueError("only cupylike")
        return a

    assert fuzz_compare.judge(_call("ravel", fn, ArraySpec(numpy.ones(2))))[0] == \
        "cupylike-raises"
    call = _call("ravel", lambda xp, a: a.astype("f4" if xp is numpy else "f8"),
                 ArraySpec(numpy.ones(2)))
    assert fuzz_compare.judge(call)[0] == "value"


def test_documented_differences_come_from_the_table_in_differences_md():
    rows = fuzz_compare.documented_differences()
    assert ("*", "float-to-int-cast", "value") in rows
    call = Call("astype", None, tags={"float-to-int-cast"})
    assert fuzz_compare.classify(call, "value") == "documented"
    assert fuzz_compare.classify(call, "error-type") == "failure"
