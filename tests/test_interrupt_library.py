"""Ctrl-C during long host-library calls on the cpu device: argsort's radix sort and BLAS
products run in pieces that look at the interrupt count between them, so SIGINT raises
KeyboardInterrupt within a second instead of when the call ends, and the library works
normally afterwards. Each case runs in a child process that the test interrupts."""

import os
import signal
import tempfile
import textwrap
import time

import numpy
import pytest
from helpers.python_subprocess import read_line, start_interruptible_python

import cupylike

pytestmark = pytest.mark.cpu_device(reason="host-library calls of the cpu device")

# The acceptance bound of issue 14, from the signal to the exception reaching Python.
WITHIN_S = 1.0

_CHILD = r'''
import sys, time, numpy, cupylike
{setup}
{call}  # once small: kernels compiled, libraries loaded
print("started", flush=True)
t0 = time.monotonic()
try:
    for _ in range(20):  # on a faster machine the signal still lands inside a long call
        {long_call}
    print("finished", time.monotonic() - t0, flush=True)
except KeyboardInterrupt:
    print("interrupted", time.monotonic() - t0, flush=True)
{check}
print("checked", flush=True)
'''


def _interrupt(setup, call, long_call, check, delay):
    """Starts the child, sends SIGINT `delay` seconds after the long call began; returns
    (seconds from the signal to the child's report, the child's output)."""
    code = textwrap.dedent(_CHILD).format(setup=setup, call=call, long_call=long_call,
                                          check=check)
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    with tempfile.TemporaryDirectory() as cwd:
        child = start_interruptible_python(code, cwd, env)
        try:
            line = read_line(child, 300)
            assert line == "started", line + child.stderr.read()
            time.sleep(delay)
            child.send_signal(signal.SIGINT)
            sent = time.monotonic()
            report = read_line(child, 300) + "\n"
            latency = time.monotonic() - sent
            rest, err = child.communicate(timeout=300)
        finally:
            child.kill()
    return latency, report + rest + err, child.returncode


def _assert_interrupted_soon(*args, attempts=3, **kwargs):
    """Interrupts the child (_interrupt's arguments) until KeyboardInterrupt arrives within
    WITHIN_S, at most `attempts` times: every attempt must be interrupted and work afterwards,
    and one must be that quick. A busy two-core CI runner (the other test worker faulting in a
    gigabyte) has held a child back for a second; an interrupt that waited for the call to end
    would be late every time."""
    latencies = []
    for _ in range(attempts):
        latency, out, returncode = _interrupt(*args, **kwargs)
        assert out.startswith("interrupted"), out
        assert "checked" in out and returncode == 0, out
        latencies.append(latency)
        if latency < WITHIN_S:
            return
    raise AssertionError(f"no interrupt arrived within {WITHIN_S} s: {latencies}")


def test_ctrl_c_stops_an_argsort_of_1e8_elements():
    _assert_interrupted_soon(
        "x = cupylike.asarray(numpy.random.default_rng(0).random(10**8, numpy.float32))",
        "cupylike.argsort(x[:10**5])", "cupylike.argsort(x)", """
y = numpy.random.default_rng(1).random(10**6, numpy.float32)
got = cupylike.asnumpy(cupylike.argsort(cupylike.asarray(y)))
assert (got == numpy.argsort(y, kind="stable")).all()
""", delay=0.5)


@pytest.mark.parametrize("n", [4096, 8192])
def test_ctrl_c_stops_a_large_float_matmul(n):
    _assert_interrupted_soon(
        f"a = cupylike.ones(({n}, {n}), numpy.float32)",
        "a[:64, :64] @ a[:64, :64]", "a @ a", """
r = numpy.random.default_rng(2).random((300, 200))
s = numpy.random.default_rng(3).random((200, 100))
numpy.testing.assert_allclose(cupylike.asnumpy(cupylike.asarray(r) @ cupylike.asarray(s)), r @ s,
                              rtol=1e-12)
""", delay=0.5)


@pytest.mark.parametrize("layout", ["NN", "TN", "NT"])
def test_a_product_run_in_pieces_is_the_product(layout):
    """5200 x 2048 @ 2048 x 5200 runs as three slices of k (the last shorter) times two blocks
    of columns (4096 and 1104 wide); small integers keep every sum exact in float32, so a
    misplaced piece shows. T: the operand is the transpose of a C-contiguous array, which BLAS
    reads transposed."""
    m, k = 5200, 2048
    rows, cols = numpy.arange(m)[:, None], numpy.arange(k)[None, :]
    a = ((rows + 3 * cols) % 5).astype(numpy.float32)  # m x k
    b = numpy.ascontiguousarray(((7 * rows + cols) % 3).astype(numpy.float32).T)  # k x m

    def on_device(x, transposed):
        return cupylike.asarray(numpy.ascontiguousarray(x.T)).T if transposed else \
            cupylike.asarray(x)

    product = on_device(a, layout[0] == "T") @ on_device(b, layout[1] == "T")
    expected = (a.astype(numpy.float64) @ b.astype(numpy.float64)).astype(numpy.float32)
    numpy.testing.assert_array_equal(cupylike.asnumpy(product), expected)
