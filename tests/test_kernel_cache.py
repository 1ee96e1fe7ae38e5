"""The compile cache across processes: a second process loads what the first compiled, and a
corrupt cache entry is deleted and compiled again instead of crashing or being trusted."""

import glob
import os

import pytest
from python_subprocess import run_python

import cupylike

PROGRAM = r"""
import numpy, cupylike
k = cupylike.RawKernel('''
extern "C" __global__ void fill7(int* x, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] = 7 + %d;
}''', 'fill7')
x = cupylike.zeros(10, dtype=numpy.int32)
k((1,), (32,), (x, 10))
print(int(cupylike.asnumpy(x).sum()))  # a device sum would compile a second module
"""


@pytest.fixture
def cache_dir(tmp_path):
    return str(tmp_path / "cache")


def so_files(cache_dir):
    return sorted(glob.glob(os.path.join(cache_dir, "*.so")))


@pytest.mark.skipif(cupylike.Device().kind != "cpu", reason="the cpu compiler's cache")
def test_second_process_reuses_the_compiled_module(cache_dir):
    first = run_python(PROGRAM % 1, CUPYLIKE_CACHE_DIR=cache_dir, CUPYLIKE_DEVICE="cpu")
    assert first.stdout.split() == ["80"], first.stderr
    files = so_files(cache_dir)
    assert len(files) == 1
    stamp = os.stat(files[0]).st_mtime_ns
    second = run_python(PROGRAM % 1, CUPYLIKE_CACHE_DIR=cache_dir, CUPYLIKE_DEVICE="cpu")
    assert second.stdout.split() == ["80"], second.stderr
    assert so_files(cache_dir) == files and os.stat(files[0]).st_mtime_ns == stamp
    other = run_python(PROGRAM % 2, CUPYLIKE_CACHE_DIR=cache_dir, CUPYLIKE_DEVICE="cpu")
    assert other.stdout.split() == ["90"], other.stderr
    assert len(so_files(cache_dir)) == 2  # another source is another entry


@pytest.mark.skipif(cupylike.Device().kind != "cpu", reason="the cpu compiler's cache")
@pytest.mark.parametrize("damage", ["truncate", "garbage", "empty"])
def test_corrupt_cache_entry_is_recompiled(cache_dir, damage):
    assert run_python(PROGRAM % 3, CUPYLIKE_CACHE_DIR=cache_dir).returncode == 0
    (path,) = so_files(cache_dir)
    data = open(path, "rb").read()
    with open(path, "wb") as f:
        f.write({"truncate": data[: len(data) // 3], "garbage": b"\x7fELF" + os.urandom(4000),
                 "empty": b""}[damage])
    again = run_python(PROGRAM % 3, CUPYLIKE_CACHE_DIR=cache_dir)
    assert again.stdout.split() == ["100"], again.stderr
    assert open(path, "rb").read() == data or os.path.getsize(path) > 1000
