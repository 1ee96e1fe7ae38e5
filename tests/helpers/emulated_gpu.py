"""Running short programs on the emulated GPU (csrc/emulator/) in a fresh interpreter, with the
emulator's counters and launch records at hand: the driver is loaded once per process, so tests
that set its devices, memory or failure modes each run a program of their own.

Programs run with two emulated devices of 1 GiB each unless a test asks otherwise."""

import ctypes
import os
import pathlib
import signal
import subprocess
import sys
import tempfile
import textwrap

import pytest

import cupylike

# The emulator the package installs beside its extension.
EMULATOR = str(
    pathlib.Path(cupylike._core._native.__file__).with_name("libcupylike_cuda_emulator.so")
)

# Variables that choose the driver, the device or pool limits; programs start without them.
_OWN_ENV = ("CUPYLIKE_DEVICE", "CUPYLIKE_LIBCUDA", "CUPYLIKE_GPU_MEMORY_LIMIT", "CUPYLIKE_CHECKED")

# Run before each program: NumPy, cupylike, the test helpers, and the emulator's hooks.
PRELUDE = f"_EMULATOR = {EMULATOR!r}\n" + """
import ctypes, os, threading
import numpy
import cupylike
from cupylike.cuda import CUDAUnavailableError, Event, OutOfMemoryError, Stream
from cupylike.testing import ALL_DTYPES, assert_array_equal, sample_values

_emu = ctypes.CDLL(os.environ.get("CUPYLIKE_LIBCUDA") or _EMULATOR)
_emu.cupylikeEmulatorStat.restype = ctypes.c_longlong
_emu.cupylikeEmulatorStat.argtypes = [ctypes.c_char_p, ctypes.c_int]
_emu.cupylikeEmulatorIsDeviceAddress.argtypes = [ctypes.c_ulonglong]

def stat(name, device=-1):
    value = _emu.cupylikeEmulatorStat(name.encode(), device)
    assert value >= 0, "the emulator has no counter " + name
    return value

def is_device_address(p):
    return _emu.cupylikeEmulatorIsDeviceAddress(p) == 1

def raises(kind, fn, *args, **kwargs):
    try:
        fn(*args, **kwargs)
    except kind as e:
        return str(e)
    raise AssertionError(f"{fn} did not raise {kind.__name__}")

GPU0, GPU1 = cupylike.Device("cuda:0"), cupylike.Device("cuda:1")
"""

DEFAULTS = {"CUPYLIKE_CUDA_EMULATOR": "1", "CUPYLIKE_CUDA_EMULATOR_DEVICES": "2",
            "CUPYLIKE_CUDA_EMULATOR_MEMORY": str(1 << 30)}


def environment(**env):
    full = {k: v for k, v in os.environ.items()
            if k not in _OWN_ENV and not k.startswith("CUPYLIKE_CUDA_EMULATOR")}
    full.update({k: str(v) for k, v in env.items()})
    return full


def run(code, timeout=300, **env):
    """CompletedProcess of `code` run as a script (so a failing assert's traceback shows its
    line) with `env` added to the environment, without the driver and device settings of this
    process."""
    with tempfile.TemporaryDirectory() as folder:
        script = os.path.join(folder, "program.py")
        with open(script, "w") as f:
            f.write(textwrap.dedent(code))
        return subprocess.run([sys.executable, script], env=environment(**env), cwd=folder,
                              capture_output=True, text=True, timeout=timeout)


def check_exit(proc):
    output = proc.stdout + proc.stderr
    if proc.returncode < 0:
        sig = signal.Signals(-proc.returncode)
        hint = {signal.SIGSEGV: " (a device pointer dereferenced on the host?)",
                signal.SIGBUS: " (a device pointer dereferenced on the host?)",
                signal.SIGABRT: " (a C++ exception escaping a destructor?)"}.get(sig, "")
        pytest.fail(f"the program crashed with {sig.name}{hint}\n{output}")
    assert proc.returncode == 0, output
    return proc.stdout


def run_on_emulator(code, **env):
    """Runs PRELUDE + `code` on the emulated GPU (DEFAULTS, then `env`); returns its stdout,
    failing with its output if it raises or crashes."""
    return check_exit(run(PRELUDE + textwrap.dedent(code), **{**DEFAULTS, **env}))


def system_driver_loads():
    try:
        ctypes.CDLL("libcuda.so.1")
    except OSError:
        return False
    return True
