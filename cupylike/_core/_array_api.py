"""The Array API's protocol at the array level, as NumPy 2.4 offers it: astype,
ndarray.to_device, ndarray.__array_namespace__ and __array_namespace_info__ (what the namespace
can do, its devices and its dtypes).

Devices are cupylike's (the cpu device and each usable CUDA device), so moving between them
copies; the dtypes are NumPy's own objects, so the dtype tables are NumPy's.
"""

import sys

import numpy

from cupylike._core import _native
from cupylike._core._device_arrays import device_array

__array_api_version__ = "2024.12"

# The versions NumPy 2.4's ndarray.__array_namespace__ accepts.
_API_VERSIONS = ("2021.12", "2022.12", "2023.12", "2024.12")

# NumPy's own tables of the standard's dtypes, which are ours too.
_NUMPY_INFO = numpy.__array_namespace_info__()


def _device(device):
    """`device` as a Device; None is the current device."""
    return _native.Device(device)


def astype(x, dtype, /, *, copy=True, device=None):
    """x cast to `dtype` (see numpy.astype); `device` moves the result there."""
    x = device_array(x, "astype")
    if device is None or _device(device) == x.device:
        return x.astype(dtype, copy=copy)
    return _native.asarray(x, dtype=dtype, device=_device(device))


def to_device(self, device, /, *, stream=None):
    """The array on `device`: itself when it is there already, else a copy made on `stream`
    (a Stream of the target device; None: its current stream)."""
    target = _device(device)
    if target == self.device:
        return self
    if stream is None:
        return _native.asarray(self, device=target)
    with stream:
        return _native.asarray(self, device=target)


def __array_namespace__(self, /, *, api_version=None):
    """The cupylike module, which implements the Array API standard (2024.12 and earlier)."""
    if api_version is not None and not isinstance(api_version, str):
        raise ValueError("Only None and strings are allowed as the Array API version, but "
                         f"received: {api_version}.")
    if api_version is not None and api_version not in _API_VERSIONS:
        raise ValueError(f'Version "{api_version}" of the Array API Standard is not supported.')
    return sys.modules["cupylike"]  # the package that made this array is imported by now


class __array_namespace_info__:  # noqa: N801 (the standard's name)
    """What cupylike offers of the Array API standard (see numpy.__array_namespace_info__)."""

    __module__ = "cupylike"

    def capabilities(self):
        """Whether boolean indexing and data-dependent shapes work, and the most dimensions."""
        return {"boolean indexing": True, "data-dependent shapes": True,
                "max dimensions": _NUMPY_INFO.capabilities()["max dimensions"]}

    def default_device(self):
        """The device arrays are made on when no device is named: the current one."""
        return _native.Device()

    def devices(self):
        """The cpu device, then each usable CUDA device."""
        return [_native.Device("cpu")] + [
            _native.Device(f"cuda:{i}") for i in range(_native._cuda_device_count())]

    def default_dtypes(self, *, device=None):
        """The default real, complex, integer and index dtypes (the same on every device)."""
        _device(device)
        return _NUMPY_INFO.default_dtypes()

    def dtypes(self, *, device=None, kind=None):
        """The standard's dtypes of `kind` (a kind name, a tuple of them, or None: all), by
        name; every device has them all."""
        _device(device)
        return _NUMPY_INFO.dtypes(kind=kind)
