"""The CUDA runtime queries CuPy programs call
(``cupylike.cuda.runtime``, as ``cupy.cuda.runtime``).

Devices are numbered as CUDA numbers them. On the cpu backend (no CUDA driver, or
``CUPYLIKE_DEVICE=cpu``) the cpu device is device 0 and the only one, so a program written for
one GPU runs unchanged; any other number raises :class:`CUDARuntimeError`
(``cudaErrorInvalidDevice: invalid device ordinal``), as CUDA does.
"""

from cupylike._core._native import (
    CUDARuntimeError,
    Device,
    _cuda_api_version,
    _device_properties,
    _driver_version,
    _ordinal_count,
)

__all__ = [
    "CUDARuntimeError", "deviceSynchronize", "driverGetVersion", "getDevice", "getDeviceCount",
    "getDeviceProperties", "is_hip", "memGetInfo", "runtimeGetVersion", "setDevice",
    "streamCaptureModeGlobal", "streamCaptureModeRelaxed", "streamCaptureModeThreadLocal",
]

is_hip = False

# cudaStreamCaptureMode, for Stream.begin_capture(mode=...).
streamCaptureModeGlobal = 0  # noqa: N816  (CUDA's names)
streamCaptureModeThreadLocal = 1  # noqa: N816
streamCaptureModeRelaxed = 2  # noqa: N816


def getDeviceCount():  # noqa: N802  (CUDA's names)
    """Number of devices: the CUDA devices, or 1 (the cpu device) on the cpu backend."""
    return _ordinal_count()


def getDevice():  # noqa: N802
    """The number of the calling thread's current device (0 for the cpu device)."""
    return Device().id


def setDevice(device):  # noqa: N802
    """Makes device number ``device`` current on the calling thread."""
    Device(device).use()


def deviceSynchronize():  # noqa: N802
    """Waits for all work on the current device."""
    Device().synchronize()


def memGetInfo():  # noqa: N802
    """(free, total) bytes of the current device's memory (host memory on the cpu device)."""
    return Device().mem_info


def getDeviceProperties(device):  # noqa: N802
    """cudaDeviceProp's fields for device number ``device``, as a dict (``name`` is bytes).

    A CUDA device answers from its driver. The cpu device answers what each field means for it:
    totalGlobalMem is host memory, multiProcessorCount the block runner's worker threads, the
    launch limits (block, grid, shared memory; major.minor) those of the sm_90 GPU it enforces,
    and clockRate 0 (not known). docs/differences_interop.md lists every field.
    """
    return _device_properties(Device(device))


def runtimeGetVersion():  # noqa: N802
    """The CUDA version cupylike was built against (cuda.h's CUDA_VERSION, e.g. 12040).

    cupylike calls the driver API and links no CUDA runtime, so this is the API version the
    extension uses, on every backend.
    """
    return _cuda_api_version


def driverGetVersion():  # noqa: N802
    """The CUDA driver's version (e.g. 12040), or 0 where there is no usable driver."""
    return _driver_version()
