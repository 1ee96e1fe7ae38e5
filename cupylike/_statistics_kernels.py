"""The kernels of the statistics functions (kernels/cupylike/select.cuh and histogram.cuh): a
RawModule per header holding its instantiations for every element type, compiled once on first
use (and cached on disk by content), and the launch shape of their index loops on the current
device."""

import os

import numpy

from cupylike import _core

# The C++ element type of each dtype, as kernels/cupylike/types.cuh names them.
C_TYPES = {
    numpy.dtype(numpy.bool_): "bool",
    numpy.dtype(numpy.int8): "signed char",
    numpy.dtype(numpy.uint8): "unsigned char",
    numpy.dtype(numpy.int16): "short",
    numpy.dtype(numpy.uint16): "unsigned short",
    numpy.dtype(numpy.int32): "int",
    numpy.dtype(numpy.uint32): "unsigned int",
    numpy.dtype(numpy.int64): "long long",
    numpy.dtype(numpy.uint64): "unsigned long long",
    numpy.dtype(numpy.float16): "__half",
    numpy.dtype(numpy.float32): "float",
    numpy.dtype(numpy.float64): "double",
    numpy.dtype(numpy.complex64): "cupylike::complex<float>",
    numpy.dtype(numpy.complex128): "cupylike::complex<double>",
}

_modules = {}


def module(header, expressions):
    """The RawModule instantiating `expressions` from `header`, built once per process (the
    compile itself happens on first use per device and is cached on disk by content)."""
    key = (header, tuple(expressions))
    found = _modules.get(key)
    if found is None:
        found = _core.RawModule(code=f"#include <{header}>\n", options=("--fmad=false",),
                                name_expressions=list(expressions))
        _modules[key] = found
    return found


def source_of(header):
    """The source every module of `header` compiles (for the NVRTC test)."""
    return f"#include <{header}>\n"


_CPU_WORKERS = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (
    os.cpu_count() or 1)


def on_cpu():
    return _core.Device().kind == "cpu"


def launch_dims(items, work=None, block=256, per_thread=1):
    """(grid, block) for a kernel whose index loop (CUPYLIKE_FOR) covers `items`.

    On a GPU: `block` threads per block and enough blocks for `per_thread` items per thread (the
    loop is grid-stride beyond the 65536 blocks allowed here). On the cpu device: one thread per
    block and up to four blocks per worker, each block at least ~16 Ki elements of `work` (the
    total element count, default `items`), so small jobs run in one block and starting a block
    never dominates.
    """
    items = max(int(items), 1)
    if on_cpu():
        work = items if work is None else max(int(work), 1)
        return max(1, min(work // (16 << 10), 4 * _CPU_WORKERS, items)), 1
    per_block = block * per_thread
    return max(1, min((items + per_block - 1) // per_block, 1 << 16)), block


def launch(kernel, items, args, work=None, block=256, per_thread=1, shared_mem=0):
    """Runs `kernel` over `items` with launch_dims' grid and block; returns the grid size."""
    grid, block = launch_dims(items, work, block, per_thread)
    kernel((grid,), (block,), args, shared_mem=shared_mem)
    return grid
