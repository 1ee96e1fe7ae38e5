"""The kernels of the statistics functions (kernels/cupylike/select.cuh and histogram.cuh): a
RawModule per header holding its instantiations for every element type, compiled once on first
use (and cached on disk by content), and the launch shape of their index loops on the current
device."""


import numpy

from cupylike._core import _native

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
        found = _native.RawModule(code=f"#include <{header}>\n", options=("--fmad=false",),
                                name_expressions=list(expressions))
        _modules[key] = found
    return found


def source_of(header):
    """The source every module of `header` compiles (for the NVRTC test)."""
    return f"#include <{header}>\n"


def launch_dims(items, work=None, block=256, per_thread=1):
    """(grid, block) for a kernel whose index loop (CUPYLIKE_FOR) covers `items`, from the
    library's one launch policy (csrc/runtime/launch.hpp); `work` is the whole job's
    element count (default `items`). These kernels stop a GPU's grid at 65536 blocks: their
    loops are grid-stride beyond."""
    return _native._launch_dims(int(items), 0 if work is None else max(int(work), 1), block,
                              per_thread, 1 << 16)


def launch(kernel, items, args, work=None, block=256, per_thread=1, shared_mem=0):
    """Runs `kernel` over `items` with launch_dims' grid and block; returns the grid size."""
    grid, block = launch_dims(items, work, block, per_thread)
    kernel((grid,), (block,), args, shared_mem=shared_mem)
    return grid
