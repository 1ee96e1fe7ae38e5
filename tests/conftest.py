import pathlib
import sys

# Lets tests import the helpers next to them (cpp_build) without making tests/ a package.
sys.path.insert(0, str(pathlib.Path(__file__).parent))


def pytest_collection_modifyitems(items):
    """The NVRTC compile checks (*_nvrtc.py) first: with a cold kernel cache they are the
    longest files, and pytest-xdist hands out files in this order, so starting them early keeps
    one worker from running them alone at the end."""
    items.sort(key=lambda item: not item.path.stem.endswith("_nvrtc"))  # stable: keeps the rest
