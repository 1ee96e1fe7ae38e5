"""tools/check_layers.py: no `#include` under csrc/ goes up the layers of docs/architecture.md,
and the check fails, naming file and line, when one does."""

import pathlib
import shutil
import subprocess
import sys

import pytest

pytestmark = pytest.mark.any_device(reason="reads source files only: the same on every device")

ROOT = pathlib.Path(__file__).resolve().parents[1]
CHECKER = ROOT / "tools" / "check_layers.py"


def check(csrc):
    return subprocess.run([sys.executable, str(CHECKER), str(csrc)], capture_output=True,
                          text=True, timeout=60)


def test_every_include_goes_down_the_layers():
    result = check(ROOT / "csrc")
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout == ""


def plant(tmp_path, relative, line):
    """A copy of csrc/ with `line` added after the first include of `relative`; the line's
    number in the copy."""
    csrc = tmp_path / "csrc"
    shutil.copytree(ROOT / "csrc", csrc)
    path = csrc / relative
    lines = path.read_text().splitlines(keepends=True)
    at = next(i for i, text in enumerate(lines) if text.startswith("#include")) + 1
    lines.insert(at, line + "\n")
    path.write_text("".join(lines))
    return csrc, at + 1


def test_an_upward_include_fails_naming_file_and_line(tmp_path):
    csrc, number = plant(tmp_path, "core/dtype.hpp", '#include "memory/pool.hpp"')
    result = check(csrc)
    assert result.returncode == 1, result.stdout + result.stderr
    assert f'csrc/core/dtype.hpp:{number}: #include "memory/pool.hpp"' in result.stdout
    assert len(result.stdout.splitlines()) == 2  # the planted include and the summary


def test_an_include_of_the_emulator_fails(tmp_path):
    csrc, number = plant(tmp_path, "ops/copy.cpp", '#include "emulator/state.hpp"')
    result = check(csrc)
    assert result.returncode == 1, result.stdout + result.stderr
    assert f"csrc/ops/copy.cpp:{number}: " in result.stdout
    assert "emulator/ is a separate library that nothing includes" in result.stdout


def test_an_include_across_one_rank_fails(tmp_path):
    csrc, number = plant(tmp_path, "emulator/state.hpp", '#include "ops/copy.hpp"')
    result = check(csrc)
    assert result.returncode == 1, result.stdout + result.stderr
    assert (f"csrc/emulator/state.hpp:{number}: " in result.stdout
            and "emulator/ (rank 5) includes ops/ (rank 5)" in result.stdout)


def test_a_folder_without_a_rank_fails(tmp_path):
    csrc = tmp_path / "csrc"
    shutil.copytree(ROOT / "csrc", csrc)
    (csrc / "extra").mkdir()
    (csrc / "extra" / "thing.hpp").write_text('#include "core/error.hpp"\n')
    result = check(csrc)
    assert result.returncode == 1
    assert "csrc/extra/: a folder with no rank" in result.stdout
