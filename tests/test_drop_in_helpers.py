"""CuPy's drop-in helpers: get_array_module picks the library of its arguments, show_config
reports versions, device, CUDA components and folders."""

import os
import re
import sys

import numpy
import pytest
from helpers.python_subprocess import run_python

import cupylike
from cupylike._core import _native


@pytest.mark.parametrize("args, want", [
    ((), numpy),
    ((numpy.ones(2),), numpy),
    ((numpy.float32(1), 2, [3.0], None), numpy),
    ((cupylike.ones(2),), cupylike),
    ((numpy.ones(2), cupylike.ones(()), 3), cupylike),
    ((1.5, numpy.ones(1), cupylike.ones(2)[::-1]), cupylike),
], ids=["none", "numpy", "scalars", "cupylike", "mixed", "view-last"])
def test_get_array_module(args, want):
    assert cupylike.get_array_module(*args) is want


def test_get_array_module_writes_code_for_both():
    def softplus(x):
        xp = cupylike.get_array_module(x)
        return xp.log1p(xp.exp(x))

    host = numpy.linspace(-3, 3, 7)
    assert isinstance(softplus(cupylike.asarray(host)), cupylike.ndarray)
    numpy.testing.assert_allclose(softplus(cupylike.asarray(host)).get(), softplus(host))


# The rows of the CUDA components, in show_config's order.
COMPONENTS = ("CUDA driver", "NVRTC", "cuBLAS", "cuFFT", "cuRAND (device generator)",
              "cuRAND (host generator)", "cuSOLVER")
EMULATOR = os.path.join(os.path.dirname(_native.__file__), "libcupylike_cuda_emulator.so")


def shown(text):
    """{row name: value} of show_config's output."""
    rows = (line.split(" : ", 1) for line in text.splitlines())
    return {name.strip(): value for name, value in rows}


def library(value):
    """(version, path) of a component's row that found its library ("<version> at <path>",
    then how it was found and why it is unusable, each in parentheses); None for "not found"."""
    if value.startswith("not found: "):
        return None
    version, rest = value.split(" at ", 1)
    return version, rest.split(" (", 1)[0]


def test_show_config_reports_each_component(capsys):
    cupylike.show_config()
    lines = shown(capsys.readouterr().out)
    assert lines["cupylike"] == cupylike.__version__
    assert lines["NumPy"] == numpy.__version__
    assert lines["Python"].split()[0] == ".".join(map(str, sys.version_info[:3]))
    assert lines["Device"].startswith(str(cupylike.Device()))
    assert lines["Backend"].startswith(cupylike.Device().kind)
    assert [name for name in lines if name in COMPONENTS] == list(COMPONENTS)
    for component in COMPONENTS:
        found = library(lines[component])
        if found is None:
            assert len(lines[component]) > len("not found: "), "a reason"
            continue
        version, path = found
        assert re.fullmatch(r"\d+(\.\d+){1,2}", version), (component, version)
        assert os.path.isfile(path), (component, path)
    assert lines["Kernel cache directory"] == _native._cache_dir()
    compiler = lines["Host compiler (cpu device)"]
    assert compiler == _native._host_compiler_path()
    assert os.access(compiler, os.X_OK)  # the cpu device compiles its kernels with it


def test_show_config_gives_the_version_nvrtc_gives(capsys):
    try:
        want = _native._nvrtc_version()
    except cupylike.cuda.CUDAUnavailableError:
        pytest.skip("no NVRTC here")
    cupylike.show_config()
    version, path = library(shown(capsys.readouterr().out)["NVRTC"])
    assert version == f"{want // 1000}.{want % 1000 // 10}"
    assert os.path.basename(path).startswith("libnvrtc.so")


def test_show_config_names_the_emulator_when_it_runs(capsys):
    if not (cupylike.Device().kind == "cuda" and _native._cuda_emulated()):
        pytest.skip("runs on the emulated GPU (CUPYLIKE_CUDA_EMULATOR=1)")
    cupylike.show_config()
    lines = shown(capsys.readouterr().out)
    assert lines["Device"].endswith("(emulated GPU)")
    version, path = library(lines["CUDA driver"])
    assert os.path.samefile(path, EMULATOR)
    assert "unusable" not in lines["CUDA driver"]
    assert re.fullmatch(r"\d+\.\d+", version)
    # The vendor libraries' stand-ins are the emulator too (cuFFT only where it was built with
    # kissfft); the host generator is NVIDIA's cuRAND, which the stand-in draws with.
    for component in ("cuBLAS", "cuRAND (device generator)", "cuSOLVER"):
        version, path = library(lines[component])
        assert os.path.samefile(path, EMULATOR), component
        assert re.fullmatch(r"\d+\.\d+\.\d+", version), component
    host = library(lines["cuRAND (host generator)"])
    assert host is None or os.path.basename(host[1]).startswith("libcurand.so")


def test_show_config_follows_cupylike_libcuda():
    # In a fresh process: the driver is opened once per process.
    code = "import cupylike; cupylike.show_config()"
    missing = run_python(code, CUPYLIKE_DEVICE="cpu", CUPYLIKE_LIBCUDA="/nonexistent/libcuda.so.1")
    assert missing.returncode == 0, missing.stderr
    value = shown(missing.stdout)["CUDA driver"]
    assert value.startswith("not found: ") and "/nonexistent/libcuda.so.1" in value
    named = run_python(code, CUPYLIKE_DEVICE="cpu", CUPYLIKE_LIBCUDA=EMULATOR)
    assert named.returncode == 0, named.stderr
    _, path = library(shown(named.stdout)["CUDA driver"])
    assert os.path.samefile(path, EMULATOR)


def test_show_config_full_adds_the_environment(capsys, monkeypatch):
    monkeypatch.setenv("CUPYLIKE_CACHE_DIR", "/tmp/somewhere")
    cupylike.show_config(_full=True)
    assert "/tmp/somewhere" in capsys.readouterr().out
