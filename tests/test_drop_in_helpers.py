"""CuPy's drop-in helpers: get_array_module picks the library of its arguments, show_config
reports versions, device, CUDA components and folders."""

import contextlib
import io
import sys

import numpy
import pytest

import cupylike


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


def test_show_config_reports_each_component(capsys):
    cupylike.show_config()
    lines = dict(line.split(" : ", 1) for line in capsys.readouterr().out.splitlines())
    lines = {name.strip(): value for name, value in lines.items()}
    assert lines["cupylike"] == cupylike.__version__
    assert lines["NumPy"] == numpy.__version__
    assert lines["Python"].split()[0] == ".".join(map(str, sys.version_info[:3]))
    assert lines["Device"].startswith(str(cupylike.Device()))
    assert lines["Backend"].startswith(cupylike.Device().kind)
    for component in ("CUDA driver", "NVRTC", "cuBLAS", "cuFFT", "cuRAND", "cuSOLVER",
                      "CUDA emulator"):
        value = lines[f"{component} path"]
        assert value.startswith("/") or value.startswith("not found"), component
    assert lines["Kernel cache directory"] == cupylike._core._native._cache_dir()
    assert "Host compiler (cpu device)" in lines


def test_show_config_names_the_emulator_when_it_runs():
    if not (cupylike.Device().kind == "cuda" and cupylike._core._native._cuda_emulated()):
        pytest.skip("runs on the emulated GPU (CUPYLIKE_CUDA_EMULATOR=1)")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        cupylike.show_config()
    assert "(emulated GPU)" in out.getvalue()
    assert "libcupylike_cuda_emulator.so" in out.getvalue()


def test_show_config_full_adds_the_environment(capsys, monkeypatch):
    monkeypatch.setenv("CUPYLIKE_CACHE_DIR", "/tmp/somewhere")
    cupylike.show_config(_full=True)
    assert "/tmp/somewhere" in capsys.readouterr().out
