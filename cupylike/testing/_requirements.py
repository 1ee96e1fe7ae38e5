"""Markers that run a test only where it can run (CuPy's installed, numpy_satisfies,
with_requires, multi_gpu, slow)."""

import importlib.metadata
import unittest
import warnings

import numpy
from packaging.requirements import Requirement
from packaging.version import Version

import cupylike
from cupylike.testing._parametrize import pytest


def installed(*specifiers):
    """Whether every requirement of `specifiers` ("scipy>=1.10", "numpy") is installed."""
    for specifier in specifiers:
        requirement = Requirement(specifier)
        try:
            version = importlib.metadata.version(requirement.name)
        except importlib.metadata.PackageNotFoundError:
            return False
        if not requirement.specifier.contains(Version(version), prereleases=True):
            return False
    return True


def numpy_satisfies(version_range):
    """Whether the NumPy in use is in `version_range` (">=2.0,<3")."""
    return Requirement(f"numpy{version_range}").specifier.contains(
        Version(numpy.__version__), prereleases=True)


def _skip_unless(condition, reason):
    if pytest is None:
        return unittest.skipUnless(condition, reason)
    return pytest.mark.skipif(not condition, reason=reason)


def with_requires(*requirements):
    """Marker: run the test only when every one of `requirements` is installed."""
    return _skip_unless(installed(*requirements), f"requires: {', '.join(requirements)}")


def multi_gpu(gpu_num):
    """Marker: run the test only where `gpu_num` CUDA devices or more can be used; marks it
    ``multi_gpu`` too, so that ``-m "not multi_gpu"`` leaves it out."""
    count = cupylike.cuda.runtime.getDeviceCount()
    skip = _skip_unless(count >= gpu_num, f"needs {gpu_num} GPUs, {count} found")
    if pytest is None:
        return skip
    return lambda fn: _mark("multi_gpu")(skip(fn))


def _mark(name):
    """pytest.mark.<name>, without pytest's warning for a marker the project has not
    registered yet: a project that uses it registers it (``markers =`` in its pytest
    configuration), as the marker is ours to offer, not the project's typo."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", pytest.PytestUnknownMarkWarning)
        return getattr(pytest.mark, name)


def _unmarked(fn):
    return fn


slow = _mark("slow") if pytest is not None else _unmarked
