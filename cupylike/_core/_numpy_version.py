"""The installed NumPy's version, for the behaviours cupylike follows that changed between
NumPy releases (read at call time as ``_numpy_version.NUMPY_VERSION``, so tests can set it)."""

import numpy

# (major, minor): "2.5.0rc1" and "2.5.0.dev0+git..." both give (2, 5).
NUMPY_VERSION = tuple(int(part) for part in numpy.__version__.split(".")[:2])
