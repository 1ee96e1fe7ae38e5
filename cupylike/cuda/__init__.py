"""Devices, streams, events and memory, with CuPy's names (``cupylike.cuda.Device(0)``...).

On a machine without a GPU these work for the ``cpu`` device, except where CUDA itself is asked
for, which raises :class:`CUDAUnavailableError` naming what is missing.
"""

from cupylike._core._native import (
    CompileError,
    CUDADriverError,
    CUDAUnavailableError,
    Device,
    Event,
    KernelError,
    LaunchError,
    MemoryPointer,
    Stream,
    _cuda_device_count,
    get_allocator,
    get_current_stream,
    get_elapsed_time,
    set_allocator,
)
from cupylike.cuda import memory
from cupylike.cuda.memory import MemoryPool, OutOfMemoryError, PinnedMemoryPool

__all__ = [
    "CompileError", "CompileException", "CUDADriverError", "CUDAUnavailableError", "Device",
    "Event", "KernelError", "LaunchError", "MemoryPointer", "MemoryPool",
    "OutOfMemoryError", "PinnedMemoryPool", "Stream", "get_allocator", "get_current_stream",
    "get_elapsed_time", "is_available", "memory", "runtime", "set_allocator",
]

CompileException = CompileError  # CuPy's name


def is_available():
    """True when a CUDA driver and at least one CUDA device can be used."""
    return _cuda_device_count() > 0


class runtime:  # noqa: N801  (CuPy's module name)
    """The few CUDA runtime queries CuPy users call."""

    @staticmethod
    def getDeviceCount():  # noqa: N802
        return _cuda_device_count()
