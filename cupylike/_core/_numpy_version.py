"""The installed NumPy's (major, minor) version. cupylike promises NumPy's results, so where
NumPy releases differ (docs/differences_breadth.md, "NumPy 2.4 and 2.5") it follows the
installed one. Readers look NUMPY_VERSION up at call time (`_numpy_version.NUMPY_VERSION`), so
tests can check either release's behaviour by patching this one attribute."""

import numpy

NUMPY_VERSION = tuple(int(part) for part in numpy.__version__.split(".")[:2])
