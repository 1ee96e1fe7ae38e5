"""What a run of the suite leaves for tools/gpu_check.sh, which has minutes on a lent GPU and
must say what ran, what failed and what it did not reach (a pytest plugin, loaded by
conftest.py; each part is off unless its variable is set):

- CUPYLIKE_TEST_REPORT=path: one JSON line per outcome that matters (every test's call, and any
  setup or teardown that did not pass), and one line listing the collected tests, written as
  the run goes by the process that sees every outcome (pytest-xdist's controller), so that a
  run cut short by its time budget still tells what ran.
- CUPYLIKE_TEST_TIMEOUT=seconds: a test that runs longer fails with TimeoutError, raised in it
  at its next Python instruction; one stuck inside a C++ call (a hung kernel) is ended with its
  worker at twice the time, by faulthandler, which prints where it was.
"""

import faulthandler
import json
import os
import signal

import pytest

_report = None  # the open report file, in the process that writes it
_collected_written = False


def _first_line(report):
    """The line that says what happened: a skip's reason, or a failure's first 'E' line."""
    if report.outcome == "skipped" and isinstance(report.longrepr, tuple):
        return str(report.longrepr[2])
    lines = (getattr(report, "longreprtext", "") or "").splitlines()
    errors = [line[1:].strip() for line in lines if line.startswith("E ")]
    return (errors or [line for line in lines if line.strip()][-1:] or [""])[0][:500]


def _write(record):
    if _report is not None:
        _report.write(json.dumps(record) + "\n")
        _report.flush()


def _write_collected(ids):
    global _collected_written
    if not _collected_written:
        _collected_written = True
        _write({"collected": list(ids)})


def pytest_configure(config):
    global _report
    path = os.environ.get("CUPYLIKE_TEST_REPORT")
    if path and not hasattr(config, "workerinput"):  # not in an xdist worker
        _report = open(path, "w")  # noqa: SIM115 (closed at unconfigure)


def pytest_unconfigure(config):
    if _report is not None:
        _report.close()


def pytest_collection_finish(session):
    if not hasattr(session.config, "workerinput"):  # a run without xdist collects here
        _write_collected(item.nodeid for item in session.items)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_node_collection_finished(node, ids):
    _write_collected(ids)  # every worker collects the same tests: the first says


def pytest_runtest_logreport(report):
    if report.when != "call" and report.outcome == "passed":
        return
    _write({"id": report.nodeid, "when": report.when, "outcome": report.outcome,
            "seconds": round(report.duration, 3), "message": _first_line(report)})


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item):
    seconds = float(os.environ.get("CUPYLIKE_TEST_TIMEOUT") or 0)
    if seconds <= 0:
        yield
        return

    def expire(signum, frame):
        raise TimeoutError(f"ran over {seconds:g} s (CUPYLIKE_TEST_TIMEOUT)")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    faulthandler.dump_traceback_later(2 * seconds, exit=True)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        faulthandler.cancel_dump_traceback_later()
        signal.signal(signal.SIGALRM, previous)
