import os
import pathlib
import sys

import pytest
from hypothesis import settings

# Lets tests import the helpers package next to them (helpers.cpp_build) without making tests/
# a package.
sys.path.insert(0, str(pathlib.Path(__file__).parent))

# Reports and time limits for tools/gpu_check.sh (off unless their variables are set).
pytest_plugins = ["helpers.run_report"]

# Hypothesis draws the same examples on every run by default, so a landing's CI result does
# not depend on luck; CUPYLIKE_HYPOTHESIS=explore draws new ones (run it before landing work
# that a hypothesis test covers, and keep what it finds as explicit tests).
settings.register_profile("reproducible", derandomize=True)
settings.register_profile("explore", derandomize=False)
settings.load_profile(os.environ.get("CUPYLIKE_HYPOTHESIS", "reproducible"))


# What the suite runs on: the default device (CUPYLIKE_DEVICE, else a GPU if there is one).
# CI runs it twice, on the cpu device and on the emulated GPU (CUPYLIKE_DEVICE=cuda
# CUPYLIKE_CUDA_EMULATOR=1); tools/gpu_check.sh runs it on a real GPU.
MARKERS = {
    "cpu_device": "cpu_device(reason): about the cpu device alone (its compiler, worker pool or "
                  "forced modes); skipped on other devices",
    "any_device": "any_device(reason): does not depend on the default device (its own "
                  "processes, compile checks, C++ unit tests); runs in the cpu pass only",
    "vendor_library": "vendor_library: uses cuBLAS, cuSOLVER, cuFFT or cuRAND on a GPU; on the "
                      "emulated GPU skipped where it reaches one this build of the emulator has "
                      "no stand-in for (cuFFT's needs kissfft's header when it is built)",
}


def pytest_configure(config):
    """A crashed xdist worker ends the run with its test named, instead of being replaced: with
    --dist loadfile a replacement can leave the run waiting for ever (seen with xdist 3.8),
    which CI shows only as a time-out. --max-worker-restart on the command line still wins."""
    if config.pluginmanager.hasplugin("xdist") and config.option.maxworkerrestart is None:
        config.option.maxworkerrestart = "0"
    for help_text in MARKERS.values():
        config.addinivalue_line("markers", help_text)


def _device_skip(item, on_cpu):
    """The reason `item` does not run on this pass's device, or None."""
    if not on_cpu:
        for name in ("cpu_device", "any_device"):
            marker = item.get_closest_marker(name)
            if marker is not None:
                return marker.kwargs.get("reason") or marker.args[0]
    return None


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item):
    """A vendor_library test that reaches a library this build of the emulated GPU has no
    stand-in for is skipped, naming the library; the cpu pass and a real GPU run it."""
    outcome = yield
    excinfo = outcome.excinfo
    if excinfo is None or item.get_closest_marker("vendor_library") is None:
        return
    from helpers.vendor_stand_ins import missing_stand_in  # noqa: PLC0415 (tests/ is on the path now)

    if missing_stand_in(excinfo[1]):
        library = str(excinfo[1]).split(" cannot run")[0]
        outcome.force_exception(pytest.skip.Exception(
            f"{library}: this build of the emulated GPU has no stand-in for it",
            _use_item_location=True))


def pytest_collection_modifyitems(items):
    """Skips what does not run on this pass's device (MARKERS), then puts the files in the
    order pytest-xdist should hand them out (the README's command keeps it with
    --no-loadscope-reorder): those _files_first names, then the NVRTC compile checks
    (*_nvrtc.py), since with a cold kernel cache they are the longest files though they hold
    few tests, then the others by their number of tests, most first (xdist's own order), so no
    worker runs a long file alone at the end."""
    import cupylike  # noqa: PLC0415 (after pytest has set up the import path)

    on_cpu = cupylike.Device().kind == "cpu"
    for item in items:
        reason = _device_skip(item, on_cpu)
        if reason is not None:
            item.add_marker(pytest.mark.skip(reason=reason))
    counts = {}
    for item in items:
        counts[item.path] = counts.get(item.path, 0) + 1
    first = _files_first()
    items.sort(key=lambda item: (first.get(item.path.name, len(first)),
                                 not item.path.stem.endswith("_nvrtc"), -counts[item.path]))


def _files_first():
    """CUPYLIKE_TEST_ORDER names a file listing test files (one per line, # comments) to hand
    out first, in that order: tools/gpu_check.sh puts the most telling first, since its time
    on a lent GPU may run out."""
    path = os.environ.get("CUPYLIKE_TEST_ORDER")
    if not path:
        return {}
    names = [line.split("#")[0].strip() for line in pathlib.Path(path).read_text().splitlines()]
    return {name: rank for rank, name in enumerate(n for n in names if n)}


@pytest.fixture(params=["host", "kernels", "radix"])
def sort_path(request, monkeypatch):
    """Every way the library sorts on the cpu device: host sorts, and the GPU's kernels
    (cupylike._sorting._kernels.forced): short rows by rank in one launch, longer ones by the
    radix passes, or ("radix") every row by the radix passes."""
    import cupylike  # noqa: PLC0415 (after pytest has set up the import path)
    from cupylike._sorting import _kernels as _sort_kernels  # noqa: PLC0415 (imported when a test asks)

    if request.param == "kernels" and cupylike.Device().kind != "cpu":
        pytest.skip("a GPU sorts with the kernels anyway: the same as the 'host' case there")
    monkeypatch.setattr(_sort_kernels, "forced", request.param != "host")
    if request.param == "radix":
        monkeypatch.setattr(_sort_kernels, "_RANK_ROW", 0)
        monkeypatch.setattr(_sort_kernels, "_RANK_WORK", 0)
    return request.param


@pytest.fixture
def pool():
    """The current device's default memory pool, its limit and allocator reset afterwards."""
    import gc

    import cupylike

    p = cupylike.get_default_memory_pool()
    gc.collect()
    yield p
    p.set_limit(size=0)
    cupylike.cuda.set_allocator(None)
