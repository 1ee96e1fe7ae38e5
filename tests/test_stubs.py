"""The type stubs (cupylike/**/__init__.pyi, written by tools/stubs.py) are current and let
mypy check a user program: `cp.zeros(3) + 1` is a cupylike.ndarray."""

import importlib.util
import pathlib
import pickle
import textwrap

import pytest

import cupylike
import cupylike.random

pytestmark = pytest.mark.any_device(reason="reads names and runs mypy: the same on every device")

ROOT = pathlib.Path(__file__).resolve().parents[1]

USER_PROGRAM = """
import numpy as np

import cupylike as cp
from cupylike import testing

x = cp.zeros(3) + 1
reveal_type(x)
reveal_type(cp.arange(10).reshape(2, 5).shape)
reveal_type(x.T @ x)
n = cp.linalg.norm(x)
f = cp.fft.fft(x)
r = cp.random.rand(3)
with cp.cuda.Device(0):
    h = cp.asnumpy(cp.exp(x))
testing.assert_allclose(x, np.ones(3))
"""


def _tool():
    spec = importlib.util.spec_from_file_location("stubs", ROOT / "tools" / "stubs.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_stubs_are_current():
    # Pickling sets copyreg's __slotnames__ on a class; whether a test pickled one before in
    # this process must not change the stubs.
    pickle.dumps(cupylike.random.default_rng(0))
    pickle.dumps(cupylike.random.RandomState(0))
    for path, text in _tool().stubs().items():
        assert (ROOT / path).read_text() == text, f"{path} is not current: run python " \
            "tools/stubs.py"
    assert (ROOT / "cupylike" / "py.typed").exists()


def test_mypy_accepts_a_user_program(tmp_path, monkeypatch):
    api = pytest.importorskip("mypy.api", reason="the test extra's mypy")
    program = tmp_path / "user.py"
    program.write_text(textwrap.dedent(USER_PROGRAM))
    # mypy hides errors in installed packages' stubs: it reads a copy of ours, so an error in
    # them fails the test wherever the package lives.
    package = pathlib.Path(cupylike.__file__).resolve().parent
    for stub in [*package.rglob("*.pyi"), package / "py.typed"]:
        copy = tmp_path / "stubs" / "cupylike" / stub.relative_to(package)
        copy.parent.mkdir(parents=True, exist_ok=True)
        copy.write_bytes(stub.read_bytes())
    monkeypatch.setenv("MYPYPATH", str(tmp_path / "stubs"))
    out, err, status = api.run([str(program), "--cache-dir", str(tmp_path / "cache"),
                                "--no-error-summary"])
    assert status == 0, out + err
    revealed = [line.split("Revealed type is ")[1] for line in out.splitlines()
                if "Revealed type" in line]
    assert revealed == ['"cupylike.ndarray"', '"tuple[int, ...]"',
                        '"cupylike.ndarray"'], out
