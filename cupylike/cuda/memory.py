"""Memory pools (``cupylike.cuda.memory``), mirroring ``cupy.cuda.memory``."""

from cupylike._core._native import (
    Memory,
    MemoryPointer,
    MemoryPool,
    OutOfMemoryError,
    PinnedMemoryPool,
    get_default_memory_pool,
    get_default_pinned_memory_pool,
    set_allocator,
)

__all__ = [
    "Memory", "MemoryPointer", "MemoryPool", "OutOfMemoryError", "PinnedMemoryPool",
    "get_default_memory_pool", "get_default_pinned_memory_pool", "set_allocator",
]
