"""RawKernel and RawModule on the emulated GPU: NVRTC compiles the real source, the emulator
loads the image, records each launch and runs it from the source, so what reaches
cuLaunchKernel — grid, block, shared memory, stream and the bytes of every argument — is checked
without a GPU, and so are the results."""

import textwrap

import pytest
from helpers.cpp_build import build_dir
from helpers.emulated_gpu import run_on_emulator
from test_cuda_emulator_modules import MODULES

pytestmark = pytest.mark.any_device(reason="runs its own processes on the emulated GPU")

RAW = MODULES + """
import numpy, struct

cp = cupylike

def args_of(launch):
    return [bytes.fromhex(a) for a in launch["args"]]
"""


def run_raw(code, **env):
    return run_on_emulator(RAW + textwrap.dedent(code), **env)


def test_raw_kernel_marshals_arguments_by_parameter_size():
    run_raw("""
        add = cp.RawKernel(SOURCE, "my_add")
        x = cp.asarray(numpy.arange(8, dtype=numpy.float32))
        y = cp.empty_like(x)
        add((2,), (4,), (x, x, y, 8))
        l = launch()
        assert l["function"] == "my_add" and l["grid"] == [2, 1, 1] and l["block"] == [4, 1, 1]
        assert args_of(l) == [ptr_bytes(x.data.ptr), ptr_bytes(x.data.ptr),
                              ptr_bytes(y.data.ptr), struct.pack("<I", 8)]
        s = cp.cuda.Stream()
        add((1, 2), (4, 2, 1), (x, x, y, numpy.uint32(3)), shared_mem=64, stream=s)
        l = launch()
        assert l["grid"] == [1, 2, 1] and l["shared_bytes"] == 64 and l["stream"] == s.ptr
        mixed = cp.RawKernel(SOURCE, "mixed")
        triple = numpy.array([(1.0, 2.0, 3.0)], dtype="f8,f8,f8")
        mixed((1,), (1,), (x, 5, 2.5, 7, triple, -2, y))
        assert args_of(launch()) == [
            ptr_bytes(x.data.ptr), struct.pack("<i", 5), struct.pack("<d", 2.5),
            struct.pack("<b", 7), triple.tobytes(), struct.pack("<h", -2),
            ptr_bytes(y.data.ptr)]
        assert add.attributes["max_threads_per_block"] > 0
        assert set(add.attributes) >= {"num_regs", "shared_size_bytes", "binary_version"}
    """)


def test_raw_kernel_argument_errors_on_cuda():
    run_raw("""
        add = cp.RawKernel(SOURCE, "my_add")
        x = cp.asarray(numpy.arange(8, dtype=numpy.float32))
        launches = stat("launches", 0)
        for bad, error in [((x, x, x), TypeError), ((x, x, x, numpy.float64(1)), TypeError),
                           ((x, x, x[::2], 4), ValueError)]:
            try:
                add((1,), (8,), bad)
            except error:
                pass
            else:
                raise AssertionError(bad)
        other = cp.asarray(numpy.arange(8, dtype=numpy.float32), device=1)
        try:
            add((1,), (8,), (x, other, x, 8))
        except ValueError as e:
            assert "cuda:0" in str(e) and "cuda:1" in str(e)
        else:
            raise AssertionError("mixed devices")
        try:
            add((1,), (2048,), (x, x, x, 8))
        except ValueError:
            pass
        else:
            raise AssertionError("block too big")
        assert stat("launches", 0) == launches  # nothing reached the driver
    """)


def test_raw_module_templates_and_globals_on_cuda():
    run_raw("""
        module = cp.RawModule(code=SOURCE, name_expressions=EXPRESSIONS)
        data, lowered = image()
        x = cp.asarray(numpy.arange(4, dtype=numpy.float64))
        module.get_function("my_sqrt<double>")((1,), (4,), (x, 4))
        assert launch()["function"] == lowered[1]
        counter = cp.ndarray((10,), numpy.int32, module.get_global("counter"))
        counter.set(numpy.arange(10, dtype=numpy.int32))
        again = cp.ndarray((10,), numpy.int32, module.get_global("counter"))
        assert again.get().tolist() == list(range(10))
        for missing in ("nope", "my_sqrt<int>"):
            try:
                module.get_function(missing)
            except ValueError:
                pass
            else:
                raise AssertionError(missing)
        with cp.cuda.Device(1):
            x1 = cp.zeros(4, dtype=cp.float32)
            module.get_function("my_add")((1,), (1,), (x1, x1, x1, 1))
            assert launch()["device"] == 1
    """)


def test_old_driver_without_param_info_passes_values_as_cupy_does():
    old = str(build_dir() / "libcupylike_cuda_emulator_old.so")
    run_raw("""
        add = cp.RawKernel(SOURCE, "my_add")
        x = cp.zeros(4, dtype=cp.float32)
        add((1,), (4,), (x, x, x, 4))
        assert args_of(launch())[3][:4] == struct.pack("<i", 4)  # long long's low bytes
        add((1,), (4,), (x, x, x, numpy.int64(1)))  # unchecked: the driver cannot tell sizes
        # The source still tells what each parameter is, so a float for the int is refused.
        try:
            add((1,), (4,), (x, x, x, numpy.float64(1)))
        except TypeError as e:
            assert "argument 3 of kernel 'my_add' is a NumPy float64 value" in str(e), e
            assert "parameter 3 is an integer" in str(e), e
        else:
            raise AssertionError("a float for an int parameter was passed")
    """, CUPYLIKE_LIBCUDA=old)
