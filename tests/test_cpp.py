"""Runs the C++ unit tests (csrc/tests, GoogleTest) and reports each failing test by name."""

import subprocess

import pytest
from helpers.cpp_build import build_dir

pytestmark = pytest.mark.any_device(reason="C++ unit tests of the core, the same on every device")


def test_cpp_unit_tests_pass():
    binary = build_dir() / "cupylike_cpp_tests"
    result = subprocess.run([str(binary), "--gtest_brief=1"], capture_output=True, text=True,
                            timeout=600)
    assert result.returncode == 0, result.stdout[-20000:] + result.stderr[-5000:]
