import os
import pathlib
import sys

import pytest
from hypothesis import settings

# Lets tests import the helpers next to them (cpp_build) without making tests/ a package.
sys.path.insert(0, str(pathlib.Path(__file__).parent))

# Hypothesis draws the same examples on every run by default, so a landing's CI result does
# not depend on luck; CUPYLIKE_HYPOTHESIS=explore draws new ones (run it before landing work
# that a hypothesis test covers, and keep what it finds as explicit tests).
settings.register_profile("reproducible", derandomize=True)
settings.register_profile("explore", derandomize=False)
settings.load_profile(os.environ.get("CUPYLIKE_HYPOTHESIS", "reproducible"))


def pytest_configure(config):
    """A crashed xdist worker ends the run with its test named, instead of being replaced: with
    --dist loadfile a replacement can leave the run waiting for ever (seen with xdist 3.8),
    which CI shows only as a time-out. --max-worker-restart on the command line still wins."""
    if config.pluginmanager.hasplugin("xdist") and config.option.maxworkerrestart is None:
        config.option.maxworkerrestart = "0"


def pytest_collection_modifyitems(items):
    """Files in the order pytest-xdist should hand them out (the README's command keeps it with
    --no-loadscope-reorder): the NVRTC compile checks (*_nvrtc.py) first, since with a cold
    kernel cache they are the longest files though they hold few tests, then the others by
    their number of tests, most first (xdist's own order), so no worker runs a long file alone
    at the end."""
    counts = {}
    for item in items:
        counts[item.path] = counts.get(item.path, 0) + 1
    items.sort(key=lambda item: (not item.path.stem.endswith("_nvrtc"), -counts[item.path]))


@pytest.fixture(params=["host", "kernels"])
def sort_path(request, monkeypatch):
    """Both ways the library sorts on the cpu device: host sorts, and the GPU's radix kernels
    (cupylike._sort_kernels.forced)."""
    from cupylike import _sort_kernels  # noqa: PLC0415 (imported when a test asks)

    monkeypatch.setattr(_sort_kernels, "forced", request.param == "kernels")
    return request.param
