"""A program's first run on a cold kernel cache (issue 21): the notice on stderr that says what
is compiling and how to warm the cache ahead, `python -m cupylike.warmup`, kernels compiled
side by side, and the precompiled prelude the host compiler keeps in the cache. Each case runs
its programs in processes of their own, on a fresh cache folder, with few kernels (a cold
compile costs a few tenths of a second each)."""

import os
import subprocess
import sys
import time

import numpy
import pytest
from helpers.python_subprocess import run_python

import cupylike

ON_GPU = cupylike.Device().kind == "cuda"
EMULATED = ON_GPU and cupylike._core._native._cuda_emulated()
# The words the notice uses for the device the suite runs on.
TARGET = "a GPU (sm_" if ON_GPU else "the cpu device"
NOTICE = "cupylike: compiling kernels for "

# Seven ufunc loops: a few seconds of compiling on a cold cache, the notice's case.
SEVERAL = r"""
import numpy, cupylike as cp
x = cp.asarray(numpy.linspace(1, 2, 50, dtype=numpy.float32))
for y in (x + x, x * x, x - x, x / x, cp.sqrt(x), cp.exp(x), cp.floor(x)):
    pass
print(float(cp.asnumpy(x * x - x).sum()))
"""


def entries(folder):
    """The cache's compiled modules (host-compiled and NVRTC's)."""
    if not os.path.isdir(folder):
        return set()
    return {n for n in os.listdir(folder) if n.endswith((".so", ".nvrtc"))}


def expected_sum():
    x = numpy.linspace(1, 2, 50, dtype=numpy.float32)
    return float((x * x - x).sum())


def test_notice_on_a_cold_cache_says_device_cache_and_warmup_once(tmp_path):
    cache = str(tmp_path / "cache")
    done = run_python(SEVERAL, CUPYLIKE_CACHE_DIR=cache)
    assert done.returncode == 0, done.stderr[-3000:]
    assert float(done.stdout) == pytest.approx(expected_sum(), rel=1e-6)
    assert done.stderr.count(NOTICE) == 1, done.stderr
    notice = done.stderr[done.stderr.index(NOTICE):]
    assert TARGET in notice and cache in notice, notice
    assert "python -m cupylike.warmup --device " + ("cuda" if ON_GPU else "cpu") in notice
    assert "CUPYLIKE_QUIET=1" in notice


def test_no_notice_on_a_warm_cache_nor_when_quiet(tmp_path):
    cache = str(tmp_path / "cache")
    quiet = run_python(SEVERAL, CUPYLIKE_CACHE_DIR=cache, CUPYLIKE_QUIET="1")
    assert quiet.returncode == 0 and NOTICE not in quiet.stderr, quiet.stderr[-3000:]
    warm = run_python(SEVERAL, CUPYLIKE_CACHE_DIR=cache)
    assert warm.returncode == 0 and NOTICE not in warm.stderr, warm.stderr[-3000:]
    assert float(warm.stdout) == pytest.approx(expected_sum(), rel=1e-6)


def test_no_notice_for_one_fast_compile(tmp_path):
    one = r"""
import numpy, cupylike as cp
k = cp.RawKernel('extern "C" __global__ void seven(int* x) { x[threadIdx.x] = 7; }', 'seven')
x = cp.asarray(numpy.zeros(4, numpy.int32))
k((1,), (4,), (x,))
print(cp.asnumpy(x).tolist())
"""
    done = run_python(one, CUPYLIKE_CACHE_DIR=str(tmp_path / "cache"))
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.split() == ["[7,", "7,", "7,", "7]"]
    assert NOTICE not in done.stderr, done.stderr


def warmup(cache, *args):
    """`python -m cupylike.warmup` run outside the source tree (whose package has no _native)."""
    return subprocess.run([sys.executable, "-m", "cupylike.warmup", *args],
                          env=dict(os.environ, CUPYLIKE_CACHE_DIR=cache), capture_output=True,
                          text=True, timeout=600, cwd=os.path.dirname(cache))


TYPICAL = r"""
import numpy, cupylike as cp
for d in ("float32", "float64"):
    x = cp.asarray(numpy.arange(10, dtype=d))
    print(float((x + x).sum()))
"""


def test_warmup_leaves_nothing_for_a_typical_operation_to_compile(tmp_path):
    cache = str(tmp_path / "cache")
    done = warmup(cache, "--only", "add,sum")
    assert done.returncode == 0, done.stdout + done.stderr[-3000:]
    assert "steps done" in done.stdout and NOTICE not in done.stderr, done.stdout + done.stderr
    made = entries(cache)
    assert made
    typical = run_python(TYPICAL, CUPYLIKE_CACHE_DIR=cache)
    assert typical.returncode == 0, typical.stderr[-3000:]
    assert typical.stdout.split() == ["90.0", "90.0"]
    assert entries(cache) == made  # nothing compiled
    start = time.monotonic()
    again = warmup(cache, "--only", "add,sum")  # a warm cache: only loads
    assert again.returncode == 0 and "0 kernels compiled" in again.stdout, again.stdout
    assert time.monotonic() - start < 30


def test_warmup_names_an_unknown_group_and_fails(tmp_path):
    done = warmup(str(tmp_path / "cache"), "--only", "no_such_thing")
    assert done.returncode == 2 and "no_such_thing" in done.stderr


@pytest.mark.skipif(cupylike._core._native._cuda_device_count() > 0 and not EMULATED,
                    reason="a machine with a CUDA driver")
def test_warmup_on_a_device_it_cannot_use_fails_once(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("CUPYLIKE_CUDA_EMULATOR",
                                                            "CUPYLIKE_LIBCUDA", "CUPYLIKE_DEVICE")}
    done = subprocess.run([sys.executable, "-m", "cupylike.warmup", "--device", "cuda"],
                          env=dict(env, CUPYLIKE_CACHE_DIR=str(tmp_path / "cache")),
                          capture_output=True, text=True, timeout=120, cwd=str(tmp_path))
    assert done.returncode == 2 and len(done.stderr.splitlines()) == 1, done.stderr


def test_warmup_groups_name_real_ufuncs_and_reductions():
    from cupylike import warmup as w
    from cupylike._core._reductions import REDUCTIONS
    from cupylike._core._ufuncs import UFUNCS
    assert set(w._UFUNCS) <= set(UFUNCS)
    assert {reduction for reduction, _ in w._REDUCTIONS.values()} <= set(REDUCTIONS)
    for name, chars in w._UFUNCS.items():
        assert w._loops(UFUNCS[name].types, chars), name  # every entry compiles something


# Loops of three ufuncs, compiled by _compile_loops (side by side), then run and compared
# with NumPy: the same values whichever way the kernels were compiled.
PARALLEL = r"""
import os, sys, time, numpy, cupylike as cp
ready = sys.argv[1]
open(os.path.join(ready, str(os.getpid())), "w").close()
while len(os.listdir(ready)) < int(sys.argv[2]):
    time.sleep(0.01)
names = ("add", "multiply", "maximum")
for name in names:
    u = getattr(cp, name)
    u._compile_loops([u.types.index(t) for t in ("ff->f", "dd->d", "ll->l")])
a = numpy.array([1.5, -2.0, 3.25, 7.0])
for name in names:
    for d in ("float32", "float64", "int64"):
        x, y = a.astype(d), a[::-1].astype(d)
        got = cp.asnumpy(getattr(cp, name)(cp.asarray(x), cp.asarray(y)))
        assert got.dtype == d and (got == getattr(numpy, name)(x, y)).all(), (name, d, got)
print("ok")
"""


def test_parallel_compiles_in_concurrent_processes_match_serial_ones(tmp_path):
    cache = str(tmp_path / "cache")
    ready = tmp_path / "ready"
    ready.mkdir()
    env = dict(os.environ, CUPYLIKE_CACHE_DIR=cache)
    children = [subprocess.Popen([sys.executable, "-c", PARALLEL, str(ready), "2"], env=env,
                                 cwd=str(tmp_path), stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True) for _ in range(2)]
    for child in children:
        out, err = child.communicate(timeout=600)
        assert child.returncode == 0 and out.split() == ["ok"], err[-3000:]
    made = entries(cache)
    # A serial process (one compiler at a time) finds every kernel and computes the same.
    (tmp_path / "ready2").mkdir()
    serial = subprocess.run([sys.executable, "-c", PARALLEL, str(tmp_path / "ready2"), "1"],
                            env=dict(env, CUPYLIKE_COMPILE_JOBS="1"), cwd=str(tmp_path),
                            capture_output=True, text=True, timeout=600)
    assert serial.returncode == 0 and serial.stdout.split() == ["ok"], serial.stderr[-3000:]
    assert entries(cache) == made


# A compiler that records when each compile of a kernel source (.cu) starts and ends.
TIMING_CXX = """#!/bin/sh
for a in "$@"; do
  case "$a" in
    *.cu) start=$(date +%s.%N); "{cxx}" "$@"; rc=$?
          echo "$start $(date +%s.%N)" >> "{log}"; exit $rc ;;
  esac
done
exec "{cxx}" "$@"
"""


@pytest.mark.skipif(ON_GPU and not EMULATED, reason="NVRTC compiles in the process")
def test_compile_loops_runs_one_compiler_per_slot_at_most(tmp_path):
    log = tmp_path / "compiles.log"
    cxx = tmp_path / "timing-cxx"
    real = subprocess.run(["sh", "-c", "command -v ${CUPYLIKE_CXX:-${CXX:-g++}}"],
                          capture_output=True, text=True).stdout.strip()
    cxx.write_text(TIMING_CXX.format(cxx=real, log=log))
    cxx.chmod(0o755)
    code = ("import cupylike as cp\n"
            "u = cp.subtract\n"
            "u._compile_loops([u.types.index(t) for t in ('bb->b', 'hh->h', 'ii->i', 'll->l')])\n"
            "print(cp._core._native._compile_slots())\n")
    done = run_python(code, timeout=600, CUPYLIKE_CACHE_DIR=str(tmp_path / "cache"),
                      CUPYLIKE_CXX=str(cxx), CUPYLIKE_COMPILE_JOBS="2")
    assert done.returncode == 0 and done.stdout.split() == ["2"], done.stderr[-3000:]
    spans = [tuple(map(float, line.split())) for line in log.read_text().splitlines()]
    assert len(spans) >= 4  # the four loops (and the precompiled prelude's own compile)
    most = max(sum(1 for s, e in spans if s <= t < e) for t, _ in spans)
    assert most == 2  # side by side, and never more than the slots


@pytest.mark.skipif(ON_GPU and not EMULATED, reason="the host compiler's precompiled prelude")
def test_a_damaged_precompiled_prelude_is_rebuilt(tmp_path):
    cache = str(tmp_path / "cache")
    first = run_python("import cupylike as cp\ncp.negative._compile_loops([cp.negative.types"
                       ".index('f->f')])\n", CUPYLIKE_CACHE_DIR=cache)
    assert first.returncode == 0, first.stderr[-3000:]
    (image,) = [n for n in os.listdir(cache) if n.endswith(".pch.h.gch")]
    path = os.path.join(cache, image)
    good = os.path.getsize(path)
    with open(path, "wb") as f:
        f.write(b"gpch" + os.urandom(4000))
    second = run_python(SEVERAL, CUPYLIKE_CACHE_DIR=cache)
    assert second.returncode == 0, second.stderr[-3000:]
    assert float(second.stdout) == pytest.approx(expected_sum(), rel=1e-6)
    assert os.path.getsize(path) > 1000 and abs(os.path.getsize(path) - good) < good // 10
