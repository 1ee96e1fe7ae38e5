"""Pinned host memory (``cupylike.cuda.pinned_memory``, as ``cupy.cuda.pinned_memory``).

Without CUDA the pools hand out ordinary host memory: there is no device to pin it for, and
CuPy programs that set up a pinned pool run unchanged.
"""

from cupylike._core._native import (
    PinnedMemoryPool,
    get_default_pinned_memory_pool,
    set_pinned_memory_allocator,
)

__all__ = ["PinnedMemoryPool", "get_default_pinned_memory_pool", "set_pinned_memory_allocator"]
