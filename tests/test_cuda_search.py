"""Where the library finds NVIDIA's CUDA components (cupylike/_core/_cuda_search.py over
cuda-pathfinder, asked by csrc/runtime/cuda_search.hpp): the compilers' header folders and the
libraries are cuda-pathfinder's answers, nothing is searched at import, and
CUPYLIKE_CUDA_SEARCH=wheels refuses what is not in an NVIDIA wheel with a message that says so.
The wheels themselves are checked by tools/wheel_check.sh (CI), in a venv that has them."""

import os

import pytest
from cuda import pathfinder
from helpers.python_subprocess import run_python

import cupylike
from cupylike._core import _cuda_search, _native

pytestmark = pytest.mark.any_device(reason="checks the search itself, in its own processes")


def headers_in_a_wheel():
    where = pathfinder.locate_nvidia_header_directory("cudart")
    return where is not None and where.found_via == "site-packages"


def test_the_compilers_include_what_cuda_pathfinder_finds():
    runtime, why = _cuda_search.locate("headers", "cudart")
    cccl, why_cccl = _cuda_search.locate("headers", "cccl")
    if not runtime or not cccl:
        pytest.skip(f"no CUDA headers here: {why or why_cccl}")
    assert os.path.isfile(os.path.join(runtime, "cuda_fp16.h"))
    assert os.path.isfile(os.path.join(cccl, "cuda", "std", "complex"))
    assert _native._cuda_include_dirs() == list(dict.fromkeys([runtime, cccl]))
    options = _native._nvrtc_options([], 90, False)
    assert "-I" + runtime in options and "-I" + cccl in options


@pytest.mark.parametrize("name, soname", [("nvrtc", "libnvrtc.so"), ("curand", "libcurand.so")])
def test_libraries_are_the_files_cuda_pathfinder_finds(name, soname):
    path, why = _cuda_search.locate("library", name)
    if not path:
        pytest.skip(f"no {name} here: {why}")
    assert os.path.basename(path).startswith(soname) and os.path.isfile(path)
    assert _cuda_search.found["library", name][0] == path


def test_importing_cupylike_searches_nothing_and_opens_no_cuda_library():
    code = """
import sys
import cupylike
maps = open("/proc/self/maps").read()
names = ("nvrtc", "curand", "cublas", "cufft", "cusolver")
print("cuda.pathfinder" in sys.modules, any(f"lib{n}." in maps for n in names))
"""
    proc = run_python(code, CUPYLIKE_DEVICE="cpu")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == ["False", "False"]


def test_a_draw_opens_curand_where_cuda_pathfinder_found_it():
    code = """
import cupylike
from cupylike._core import _cuda_search
cupylike.random.default_rng(1).poisson(3.0, 4)  # cuRAND host generator's
path = _cuda_search.found["library", "curand"][0]
import os
print(any(os.path.realpath(path) in line for line in open("/proc/self/maps")))
"""
    proc = run_python(code, CUPYLIKE_DEVICE="cpu")
    if "cannot load cuRAND" in proc.stderr:
        pytest.skip("no cuRAND here")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == ["True"]


def test_wheels_only_refuses_a_toolkit_and_says_why(tmp_path):
    if headers_in_a_wheel():
        pytest.skip("NVIDIA's wheels are installed here: nothing to refuse")
    code = """
import cupylike
from cupylike.cuda import CUDAUnavailableError
for name, call in [("kernel", lambda: cupylike.arange(3) + 1),
                   ("nvrtc", lambda: cupylike._core._native._nvrtc_version())]:
    try:
        call()
        print(name, "ran")
    except (RuntimeError, CUDAUnavailableError) as e:
        print(name, "|", " ".join(str(e).split()))
cupylike.show_config()
"""
    proc = run_python(code, CUPYLIKE_DEVICE="cpu", CUPYLIKE_CUDA_SEARCH="wheels",
                      CUPYLIKE_CACHE_DIR=str(tmp_path))
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    kernel, nvrtc = lines[:2]
    assert kernel.startswith("kernel | the CUDA headers kernels are compiled with")
    assert "CUPYLIKE_CUDA_SEARCH=wheels takes the wheels only" in kernel
    assert 'pip install "cupylike[cuda13]"' in kernel
    assert nvrtc.startswith("nvrtc | NVRTC (the CUDA runtime compiler) cannot be loaded")
    assert "not in an NVIDIA wheel" in nvrtc
    config = dict(line.split(" : ", 1) for line in lines[2:])
    config = {name.strip(): value for name, value in config.items()}
    assert config["CUDA search (cuda-pathfinder)"] == "NVIDIA's wheels only"
    for row in ("NVRTC", "cuRAND (host generator)", "cuBLAS", "CUDA headers"):
        assert config[row].startswith("not found: ") and "not in an NVIDIA wheel" in config[row]


def test_an_unknown_search_mode_is_named_in_the_error(tmp_path):
    code = """
import cupylike
try:
    cupylike.arange(3) + 1
except RuntimeError as e:
    print(" ".join(str(e).split()))
"""
    proc = run_python(code, CUPYLIKE_DEVICE="cpu", CUPYLIKE_CUDA_SEARCH="toolkit",
                      CUPYLIKE_CACHE_DIR=str(tmp_path))
    assert proc.returncode == 0, proc.stderr
    assert "CUPYLIKE_CUDA_SEARCH='toolkit' is not one of '', 'wheels'" in proc.stdout


def test_cupylike_libnvrtc_still_names_the_file():
    proc = run_python(
        "import cupylike\n"
        "try:\n    cupylike._core._native._nvrtc_version()\n"
        "except cupylike.cuda.CUDAUnavailableError as e:\n    print(e)\n",
        CUPYLIKE_LIBNVRTC="/nonexistent/libnvrtc.so.13")
    assert proc.returncode == 0, proc.stderr
    assert "/nonexistent/libnvrtc.so.13" in proc.stdout


def test_show_config_says_how_each_component_was_found(capsys):
    cupylike.show_config()
    out = capsys.readouterr().out
    for (kind, name), (path, via) in _cuda_search.found.items():
        if kind == "headers":
            assert f"at {path} ({via})" in out, name
