"""tools/check_package.py: cupylike/ holds only public modules, __init__.py and packages at its
top, its modules import each other without a cycle, and no import hides in a function; the
check fails, naming the module, on a copy with each fault planted."""

import pathlib
import shutil
import subprocess
import sys

import pytest

pytestmark = pytest.mark.any_device(reason="reads source files only: the same on every device")

ROOT = pathlib.Path(__file__).resolve().parents[1]
CHECKER = ROOT / "tools" / "check_package.py"


def check(package):
    return subprocess.run([sys.executable, str(CHECKER), str(package)], capture_output=True,
                          text=True, timeout=60)


def copy(tmp_path):
    """A copy of cupylike/'s Python files."""
    package = tmp_path / "cupylike"
    shutil.copytree(ROOT / "cupylike", package, ignore=shutil.ignore_patterns(
        "__pycache__", "*.so", "*.so.*"))
    return package


def failures(package):
    result = check(package)
    assert result.returncode == 1, result.stdout + result.stderr
    return result.stdout.splitlines()[:-1]  # without the summary


def test_the_package_is_grouped_without_cycles_or_deferred_imports():
    result = check(ROOT / "cupylike")
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout == ""


def test_a_private_module_at_the_top_fails(tmp_path):
    package = copy(tmp_path)
    (package / "_helpers.py").write_text('"""Something that belongs in a group."""\n')
    (package / "public_name.py").write_text('"""A public module is fine."""\n')
    assert failures(package) == [
        "cupylike/_helpers.py: a private module at the top of the package: move it into _core/ "
        "or the package of its NumPy section"]


def test_an_import_cycle_fails_naming_its_modules(tmp_path):
    package = copy(tmp_path)
    ufuncs = package / "_core" / "_ufuncs.py"
    # _math._sumprod imports the ufuncs, so this closes a cycle.
    ufuncs.write_text(ufuncs.read_text() + "\nfrom cupylike._math._sumprod import sum  # noqa\n")
    assert failures(package) == [
        "import cycle: cupylike._core._ufuncs -> cupylike._math._sumprod -> "
        "cupylike._core._ufuncs"]


def test_a_cycle_through_from_package_import_module_fails(tmp_path):
    package = copy(tmp_path)
    (package / "_math" / "_extra.py").write_text(
        "from cupylike._math import _more\n")
    (package / "_math" / "_more.py").write_text(
        "if True:\n    from cupylike import _math\n    from cupylike._math._extra import *\n")
    assert failures(package) == [
        "import cycle: cupylike._math._extra -> cupylike._math._more -> cupylike._math._extra"]


def test_an_import_inside_a_function_fails_naming_file_and_line(tmp_path):
    package = copy(tmp_path)
    module = package / "_sorting" / "_sort.py"
    text = module.read_text()
    number = len(text.splitlines()) + 4  # two blank lines, the def, then the import
    module.write_text(text + "\n\ndef late():\n    from cupylike._indexing import _placement\n"
                             "    return _placement\n")
    assert failures(package) == [
        f"cupylike/_sorting/_sort.py:{number}: `import cupylike._indexing` inside late(): "
        "import at the top of the module"]


def test_an_allowed_deferred_import_that_is_gone_fails(tmp_path):
    package = copy(tmp_path)
    module = package / "linalg" / "_products.py"
    module.write_text("\n".join(line for line in module.read_text().splitlines()
                                if "import scipy_openblas32" not in line))
    assert failures(package) == [
        "cupylike/linalg/_products.py: DEFERRED lists `import scipy_openblas32`, which is not "
        "there any more"]
