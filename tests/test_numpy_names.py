"""Every public name of NumPy's main namespace exists in cupylike or is listed, with a reason,
in docs/differences.md's table "NumPy names cupylike does not have"; numpy.random's names and
both generator classes' methods all exist."""

import importlib.util
import pathlib
import re

import numpy
import pytest

import cupylike
import cupylike.random

pytestmark = pytest.mark.any_device(reason="lists names: the same on every device")

ROOT = pathlib.Path(__file__).resolve().parents[1]
_SECTION = "## NumPy names cupylike does not have"


def _public_names(module):
    path = ROOT / "tools" / "api_coverage.py"
    spec = importlib.util.spec_from_file_location("api_coverage", path)
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    return tool.public_names(module)


def _documented():
    """{name: reason} from the table of the section."""
    text = (ROOT / "docs" / "differences.md").read_text()
    assert _SECTION in text, f"docs/differences.md lacks the section {_SECTION!r}"
    section = text.split(_SECTION, 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in section.splitlines():
        m = re.match(r"\| ((?:`[\w.]+`(?:, )?)+) \| (.+) \|$", line)
        if m:
            for name in re.findall(r"`([\w.]+)`", m.group(1)):
                rows[name] = m.group(2).strip()
    return rows


def test_every_absent_numpy_name_has_a_reason():
    absent = {n for n in _public_names(numpy) if not hasattr(cupylike, n)}
    documented = _documented()
    assert all(len(reason) > 20 for reason in documented.values())
    undocumented = sorted(absent - set(documented))
    assert not undocumented, f"NumPy names missing without a reason: {undocumented}"
    present = sorted(set(documented) - absent)
    assert not present, f"listed as absent but cupylike has them: {present}"


def test_numpy_random_names_all_exist():
    missing = [n for n in _public_names(numpy.random) if not hasattr(cupylike.random, n)]
    assert not missing


@pytest.mark.parametrize(("ours", "theirs"), [
    (cupylike.random.Generator, numpy.random.Generator),
    (cupylike.random.RandomState, numpy.random.RandomState),
])
def test_generator_classes_have_every_method(ours, theirs):
    missing = [n for n in dir(theirs) if not n.startswith("_") and not hasattr(ours, n)]
    assert not missing
