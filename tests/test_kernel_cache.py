"""The compile cache across processes: a second process loads what the first compiled, and a
corrupt cache entry is deleted and compiled again instead of crashing or being trusted."""

import glob
import os
import shutil
import subprocess
import sys

import pytest
from helpers.python_subprocess import run_python

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


# --- A cache that cannot be fooled (issue 14), on whichever device this pass runs ------------

def entries(cache_dir):
    """The cache's entries by name (lock files and temporaries aside)."""
    if not os.path.isdir(cache_dir):
        return set()
    return {n for n in os.listdir(cache_dir) if not n.endswith(".lock") and ".tmp-" not in n}


def run_program(cache_dir, add, timeout=240, **env):
    """Runs PROGRAM (its kernel adding `add`) and returns (its result, the entries it made)."""
    before = entries(cache_dir)
    done = run_python(PROGRAM % add, timeout=timeout, CUPYLIKE_CACHE_DIR=cache_dir, **env)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout.split(), sorted(entries(cache_dir) - before)


def suffix(name):
    return name[name.index("."):]


def test_swapped_entries_are_recompiled_not_loaded_for_each_other(cache_dir):
    run_program(cache_dir, 0)  # the library's own kernels, so what follows is the kernel's alone
    result_a, made_a = run_program(cache_dir, 4)
    result_b, made_b = run_program(cache_dir, 5)
    assert result_a == ["110"] and result_b == ["120"]
    assert sorted(map(suffix, made_a)) == sorted(map(suffix, made_b)) and made_a
    for a, b in zip(sorted(made_a, key=suffix), sorted(made_b, key=suffix), strict=True):
        pa, pb = os.path.join(cache_dir, a), os.path.join(cache_dir, b)
        tmp = pa + ".swap"
        os.rename(pa, tmp)
        os.rename(pb, pa)
        os.rename(tmp, pb)
    # Each digest vouched for its own file's bytes, but not for which kernel they are.
    assert run_program(cache_dir, 4)[0] == ["110"]
    assert run_program(cache_dir, 5)[0] == ["120"]


@pytest.mark.parametrize("damage", ["fifo", "dev_zero_link", "directory"])
def test_non_files_in_place_of_modules_are_replaced_without_hanging(cache_dir, damage):
    run_program(cache_dir, 0)
    _, made = run_program(cache_dir, 6)
    modules = [name for name in made if not name.endswith(".sha256")]  # their digests stay
    assert modules
    for name in modules:
        path = os.path.join(cache_dir, name)
        os.remove(path)
        if damage == "fifo":
            os.mkfifo(path)  # opened for reading, it blocks until a writer comes: never
        elif damage == "dev_zero_link":
            os.symlink("/dev/zero", path)  # read to the end, it exhausts memory
        else:
            os.makedirs(os.path.join(path, "inner"))
    # Before: a hang, a bad_alloc after minutes, or a RuntimeError with no recompile.
    result, _ = run_program(cache_dir, 6, timeout=120)
    assert result == ["130"]
    for name in modules:
        path = os.path.join(cache_dir, name)
        assert os.path.isfile(path) and not os.path.islink(path), name


WARN_PROGRAM = r"""
import warnings
warnings.simplefilter("always")
import numpy, cupylike
for add in (1, 2):
    k = cupylike.RawKernel('''
    extern "C" __global__ void fill(int* x, int n) {
        int i = blockIdx.x * blockDim.x + threadIdx.x;
        if (i < n) x[i] = %d + 0 * n;
    }''' % add, 'fill')
    x = cupylike.zeros(4, dtype=numpy.int32)
    k((1,), (32,), (x, 4))
    print(int(cupylike.asnumpy(x).sum()))
"""


@pytest.mark.parametrize("where", ["regular_file", "under_a_file", "proc"])
def test_an_unusable_cache_folder_falls_back_with_one_warning(tmp_path, where):
    a_file = tmp_path / "a_file"
    a_file.write_text("not a folder")
    folder = {"regular_file": str(a_file), "under_a_file": str(a_file / "cache"),
              "proc": "/proc/cupylike-cache"}[where]
    # Before: every uncached kernel failed with "filesystem error: cannot copy file".
    done = run_python(WARN_PROGRAM, timeout=240, CUPYLIKE_CACHE_DIR=folder)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.split() == ["4", "8"]
    warnings = [line for line in done.stderr.splitlines() if "RuntimeWarning" in line]
    assert len(warnings) == 1, done.stderr
    assert folder in warnings[0] and "CUPYLIKE_CACHE_DIR" in warnings[0]
    assert a_file.read_text() == "not a folder"


# A compiler that records each compile of a source (kernel.cu) holding MARKER, then runs the
# real one (linking, which reads the object file, is not a compile).
COUNTING_CXX = """#!/bin/sh
for a in "$@"; do
  case "$a" in
    *.cu) if grep -q {marker} "$a" 2>/dev/null; then echo "$$" >> {log}; fi ;;
  esac
done
exec {cxx} "$@"
"""

THREADS_PROGRAM = r"""
import os, threading, time, numpy, cupylike
code = 'extern "C" __global__ void once_%(marker)s(int* x) { x[threadIdx.x] = threadIdx.x; }'
x = cupylike.zeros(32, dtype=numpy.int32)  # the library's kernels, compiled beforehand
cupylike.asnumpy(x)
stats = cupylike._core._native._nvrtc_cache_stats
before = stats()["compiles"]
# The processes begin together: each waits until all are ready.
open(os.path.join(%(ready)r, str(os.getpid())), "w").close()
while len(os.listdir(%(ready)r)) < %(processes)d:
    time.sleep(0.01)
results = []
def work():
    y = cupylike.zeros(32, dtype=numpy.int32)
    cupylike.RawKernel(code, 'once_%(marker)s')((1,), (32,), (y,))
    results.append(int(cupylike.asnumpy(y).sum()))
threads = [threading.Thread(target=work) for _ in range(%(threads)d)]
for t in threads: t.start()
for t in threads: t.join()
print(results, stats()["compiles"] - before)
"""


def counting_compiler(tmp_path, marker):
    log = tmp_path / "compiles.log"
    cxx = tmp_path / "counting-cxx"
    real = shutil.which(os.environ.get("CUPYLIKE_CXX") or os.environ.get("CXX") or "g++")
    cxx.write_text(COUNTING_CXX.format(marker=marker, log=log, cxx=real))
    cxx.chmod(0o755)
    return str(cxx), log


@pytest.mark.parametrize("threads, processes", [(8, 1), (1, 2)])
def test_one_compile_per_kernel_across_threads_and_processes(tmp_path, threads, processes):
    marker = f"m{os.getpid()}_{threads}_{processes}"
    cxx, log = counting_compiler(tmp_path, marker)
    ready = tmp_path / "ready"
    ready.mkdir()
    env = dict(os.environ, CUPYLIKE_CACHE_DIR=str(tmp_path / "cache"), CUPYLIKE_CXX=cxx)
    code = THREADS_PROGRAM % {"marker": marker, "threads": threads, "processes": processes,
                              "ready": str(ready)}
    children = [subprocess.Popen([sys.executable, "-c", code], env=env, cwd=str(tmp_path),
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
                for _ in range(processes)]
    nvrtc_compiles = 0
    for child in children:
        out, err = child.communicate(timeout=300)
        assert child.returncode == 0, err[-3000:]
        results, compiles = out.rsplit("]", 1)
        assert results + "]" == str([496] * threads)
        nvrtc_compiles += int(compiles)
    # Before: one compile per thread (and per process) that found no cached module. Each
    # device is checked on what builds its kernels: the host compiler on the cpu device and on
    # the emulated GPU (its NVRTC stand-in runs it), NVRTC alone on a real GPU.
    on_gpu = cupylike.Device().kind == "cuda"
    if on_gpu and not cupylike._core._native._cuda_emulated():
        assert not log.exists()
    else:
        assert len(log.read_text().split()) == 1
    assert nvrtc_compiles == (1 if on_gpu else 0)
