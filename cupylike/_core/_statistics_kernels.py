"""The kernels of the statistics, sorting, roll and integer matmul functions (kernels/cupylike/
select.cuh, histogram.cuh, sort.cuh, roll.cuh, int_matmul.cuh): a RawModule per instantiation,
compiled on first use (and cached on disk by content), and the launch shape of their index
loops on the current device."""

from cupylike._core import _native

# The C++ element type of each dtype, from the core's one table (csrc/core/dtype.cpp).
C_TYPES = _native._c_types()

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


def function(header, name):
    """The kernel `name` of `header`, in a module of its own: a program uses few of a header's
    instantiations (searchsorted of float32 one of sort.cuh's 78, whose module took 3 s to
    compile on 2 cores where one kernel takes 0.4 s), as CuPy compiles a kernel per dtype."""
    return module(header, (name,)).get_function(name)


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
