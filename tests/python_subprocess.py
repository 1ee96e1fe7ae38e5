"""Runs Python code in a fresh interpreter, outside the source tree, so that it imports the
installed cupylike (the repository's cupylike/ has no compiled _core)."""

import os
import subprocess
import sys
import tempfile


def run_python(code, timeout=120, **env):
    """CompletedProcess of `python -c code` with `env` added to the environment."""
    full = dict(os.environ, **env)
    with tempfile.TemporaryDirectory() as cwd:
        return subprocess.run([sys.executable, "-c", code], env=full, cwd=cwd,
                              capture_output=True, text=True, timeout=timeout)
