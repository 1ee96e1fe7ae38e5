"""Devices, streams, events and memory, with CuPy's names (``cupylike.cuda.Device(0)``...).

Device numbers are CUDA's. On the cpu backend (no CUDA driver, or ``CUPYLIKE_DEVICE=cpu``) the
cpu device is device 0, so CuPy programs that begin ``cupy.cuda.Device(0).use()`` run unchanged;
where CUDA itself is asked for (``Device('cuda:0')``) :class:`CUDAUnavailableError` names what
is missing.
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
from cupylike.cuda import device, graph, memory, pinned_memory, runtime, stream
from cupylike.cuda.device import get_device_id
from cupylike.cuda.graph import Graph
from cupylike.cuda.memory import MemoryPool, OutOfMemoryError
from cupylike.cuda.pinned_memory import PinnedMemoryPool, set_pinned_memory_allocator
from cupylike.cuda.stream import ExternalStream

__all__ = [
    "CompileError", "CompileException", "CUDADriverError", "CUDAUnavailableError", "Device",
    "Event", "ExternalStream", "Graph", "KernelError", "LaunchError", "MemoryPointer", "MemoryPool",
    "OutOfMemoryError", "PinnedMemoryPool", "Stream", "device", "get_allocator",
    "get_current_stream", "get_device_id", "get_elapsed_time", "graph", "is_available", "memory",
    "pinned_memory", "runtime", "set_allocator", "set_pinned_memory_allocator", "stream",
]

CompileException = CompileError  # CuPy's name


def is_available():
    """True when a CUDA driver and at least one CUDA device can be used."""
    return _cuda_device_count() > 0
