"""Runs the cpu-device prelude tests (csrc/tests/prelude, GoogleTest): kernels/cpu_prelude.h and
its shims compiled into test code with the kernel flags, over a stand-in runtime, plus kernel
sources compiled at test time with g++ and clang++."""

import subprocess

import pytest
from helpers.cpp_build import build_dir

pytestmark = pytest.mark.cpu_device(reason="the cpu device's prelude and host compiler")


def test_cpu_prelude_tests_pass():
    binary = build_dir() / "cupylike_prelude_tests"
    result = subprocess.run([str(binary), "--gtest_brief=1"], capture_output=True, text=True,
                            timeout=600)
    assert result.returncode == 0, result.stdout[-20000:] + result.stderr[-5000:]
