"""tools/without_toolkit.sh runs a command as on a machine without the CUDA toolkit (the way
docs/install.md builds cupylike without one): inside, no nvcc, no toolkit folder, no
CUDA_HOME, and the script itself stops if the compiler still finds <cuda.h>; the command's
exit status comes back. Where mount namespaces are not permitted the script says so."""

import pathlib
import subprocess

import pytest

pytestmark = pytest.mark.any_device(reason="runs a shell script: the same on every device")

SCRIPT = pathlib.Path(__file__).resolve().parents[1] / "tools" / "without_toolkit.sh"


def without_toolkit(shell_code):
    result = subprocess.run(["bash", str(SCRIPT), "sh", "-c", shell_code], capture_output=True,
                            text=True, timeout=120)
    if result.returncode == 1 and "is not permitted here" in result.stderr:
        pytest.skip("mount namespaces are not permitted here")
    return result


def test_the_command_sees_no_toolkit():
    result = without_toolkit('command -v nvcc; echo "home=${CUDA_HOME:-}${CUDA_PATH:-}"; '
                             "ls -A /usr/local/cuda/ 2>/dev/null | wc -l")
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["home=", "0"]


def test_the_commands_exit_status_comes_back():
    assert without_toolkit("exit 3").returncode == 3
