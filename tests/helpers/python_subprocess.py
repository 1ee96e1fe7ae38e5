"""Runs Python code in a fresh interpreter, outside the source tree, so that it imports the
installed cupylike (the repository's cupylike/ has no compiled _core)."""

import os
import selectors
import signal
import subprocess
import sys
import tempfile
import time


def run_python(code, timeout=120, **env):
    """CompletedProcess of `python -c code` with `env` added to the environment."""
    full = dict(os.environ, **env)
    with tempfile.TemporaryDirectory() as cwd:
        return subprocess.run([sys.executable, "-c", code], env=full, cwd=cwd,
                              capture_output=True, text=True, timeout=timeout)


def _sigint_default():
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def start_interruptible_python(code, cwd, env):
    """Popen of `python -c code` (text pipes) in which SIGINT raises KeyboardInterrupt, as at a
    terminal: a shell that starts work in the background without job control (as CI runners
    may) leaves SIGINT ignored in its children, and Python keeps it ignored."""
    return subprocess.Popen([sys.executable, "-c", code], cwd=cwd, env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            preexec_fn=_sigint_default)


def read_line(child, timeout):
    """The child's next line of output, stripped, or "" if none comes within `timeout` seconds.
    Reads the pipe a byte at a time: a buffered readline could take the lines after this one
    into its buffer, where communicate(), which reads the pipe itself, would never see them."""
    fd = child.stdout.fileno()
    deadline = time.monotonic() + timeout
    line = b""
    with selectors.DefaultSelector() as selector:
        selector.register(fd, selectors.EVENT_READ)
        while not line.endswith(b"\n"):
            left = deadline - time.monotonic()
            if left <= 0 or not selector.select(left):
                return ""
            byte = os.read(fd, 1)
            if not byte:
                break
            line += byte
    return line.decode().strip()


def interrupt_when_ready(child, delay=0.5):
    """Sends SIGINT `delay` seconds after the child printed "ready" (its long work has begun);
    returns (the child's next line, seconds from the signal to it, the rest of its output, its
    errors). A child that prints nothing within 10 s ignored the signal and is killed."""
    assert read_line(child, 120) == "ready"
    try:
        time.sleep(delay)
        sent = time.monotonic()
        child.send_signal(signal.SIGINT)
        line = read_line(child, 10)
        latency = time.monotonic() - sent
        if not line:
            child.kill()
        rest, errors = child.communicate(timeout=120)
    finally:
        child.kill()
    return line, latency, rest, errors
