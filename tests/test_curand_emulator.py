"""The emulated GPU's cuRAND stand-in (csrc/emulator/curand.cpp), called as cuRAND's device
generator is: status codes for misuse as curand.h documents them, numbers equal to NVIDIA's host
generator's for the same seed, offset and ordering, work queued on the generator's stream and
run in stream order, a generator bound to its device, and an output outside live device memory
faulting as a GPU would (the sticky CUDA_ERROR_ILLEGAL_ADDRESS). The random tests
(test_random_*.py) run on the emulated pass for the rest.

The driver is loaded once per process, so each test runs a short program in a fresh interpreter
(tests/helpers/emulated_gpu.py)."""

import textwrap

import pytest
from helpers.emulated_gpu import run_on_emulator

pytestmark = pytest.mark.any_device(reason="runs its own processes on the emulated GPU")

# Direct calls into the stand-in and into NVIDIA's library (its host generator, the reference),
# with cuRAND's prototypes. A cupylike draw on device 0 first names NVIDIA's library to the
# emulator and makes device 0's context current on this thread.
CURAND = """
import ctypes
from ctypes import POINTER, byref, c_double, c_float, c_size_t, c_uint64, c_void_p
from cupylike._core import _cuda_search
SUCCESS, NOT_INITIALIZED, TYPE_ERROR, OUT_OF_RANGE, LENGTH_NOT_MULTIPLE = 0, 101, 103, 104, 105
LAUNCH_FAILURE, PREEXISTING_FAILURE = 201, 202
PHILOX, SOBOL32 = 161, 201
P = c_void_p
nvidia = ctypes.CDLL(_cuda_search.locate("library", "curand")[0])  # the one the library opens
for lib in (_emu, nvidia):
    lib.curandCreateGenerator.argtypes = [POINTER(c_void_p), ctypes.c_int]
    lib.curandDestroyGenerator.argtypes = [P]
    lib.curandSetStream.argtypes = [P, P]
    lib.curandSetPseudoRandomGeneratorSeed.argtypes = [P, c_uint64]
    lib.curandSetGeneratorOffset.argtypes = [P, c_uint64]
    lib.curandSetGeneratorOrdering.argtypes = [P, ctypes.c_int]
    lib.curandGenerate.argtypes = [P, P, c_size_t]
    lib.curandGenerateUniformDouble.argtypes = [P, P, c_size_t]
    lib.curandGenerateNormal.argtypes = [P, P, c_size_t, c_float, c_float]
    lib.curandGenerateNormalDouble.argtypes = [P, P, c_size_t, c_double, c_double]
    lib.curandGeneratePoisson.argtypes = [P, P, c_size_t, c_double]
nvidia.curandCreateGeneratorHost.argtypes = [POINTER(c_void_p), ctypes.c_int]

def create():
    g = c_void_p()
    assert _emu.curandCreateGenerator(byref(g), PHILOX) == SUCCESS
    return g

def host_numbers(function, dtype, n, seed, offset, *args):
    # NVIDIA's host generator, seeded and positioned as given.
    g = c_void_p()
    assert nvidia.curandCreateGeneratorHost(byref(g), PHILOX) == SUCCESS
    assert nvidia.curandSetPseudoRandomGeneratorSeed(g, seed) == SUCCESS
    assert nvidia.curandSetGeneratorOffset(g, offset) == SUCCESS
    out = numpy.zeros(n, dtype)
    assert getattr(nvidia, function)(g, out.ctypes.data, n, *args) == SUCCESS
    assert nvidia.curandDestroyGenerator(g) == SUCCESS
    return out

cupylike.random.default_rng(0).random(2)
"""


def run_with_curand(code):
    run_on_emulator(CURAND + textwrap.dedent(code))


def test_misuse_gets_curand_status_codes():
    run_with_curand("""
        assert _emu.curandCreateGenerator(None, PHILOX) != SUCCESS
        g = c_void_p()
        assert _emu.curandCreateGenerator(byref(g), 12345) == TYPE_ERROR
        assert _emu.curandCreateGenerator(byref(g), SOBOL32) == TYPE_ERROR  # no quasirandom
        g = create()
        out = cupylike.zeros(4)
        p = out.data.ptr
        assert _emu.curandSetGeneratorOrdering(g, 999) == OUT_OF_RANGE
        assert _emu.curandGenerateNormalDouble(g, p, 3, 0.0, 1.0) == LENGTH_NOT_MULTIPLE
        assert _emu.curandGeneratePoisson(g, p, 4, 0.0) == OUT_OF_RANGE
        assert _emu.curandGeneratePoisson(g, p, 4, 400001.0) == OUT_OF_RANGE
        assert _emu.curandGenerate(g, p, 0) == SUCCESS
        assert _emu.curandDestroyGenerator(g) == SUCCESS
        for call in (lambda: _emu.curandGenerate(g, p, 4),
                     lambda: _emu.curandGenerateNormalDouble(g, p, 3, 0.0, 1.0),
                     lambda: _emu.curandSetPseudoRandomGeneratorSeed(g, 1),
                     lambda: _emu.curandSetStream(g, None),
                     lambda: _emu.curandDestroyGenerator(g),
                     lambda: _emu.curandGenerate(None, p, 4)):
            assert call() == NOT_INITIALIZED
        assert (out.get() == 0).all()  # nothing was written
    """)


def test_numbers_are_the_host_generators():
    run_with_curand("""
        g = create()
        assert _emu.curandSetPseudoRandomGeneratorSeed(g, 1234) == SUCCESS
        assert _emu.curandSetGeneratorOffset(g, 10) == SUCCESS
        words = cupylike.zeros(1001, numpy.uint32)
        assert _emu.curandGenerate(g, words.data.ptr, 1001) == SUCCESS
        assert_array_equal(words.get(), host_numbers("curandGenerate", numpy.uint32, 1001, 1234,
                                                     10))
        # The next draw continues where this one stopped, as the device generator's offset
        # advances: the host generator's words from offset 1011.
        more = cupylike.zeros(7, numpy.uint32)
        assert _emu.curandGenerate(g, more.data.ptr, 7) == SUCCESS
        assert_array_equal(more.get(), host_numbers("curandGenerate", numpy.uint32, 7, 1234,
                                                    1011))
        normals = cupylike.zeros(1000)
        assert _emu.curandSetGeneratorOffset(g, 0) == SUCCESS
        assert _emu.curandGenerateNormalDouble(g, normals.data.ptr, 1000, 2.0, 3.0) == SUCCESS
        assert_array_equal(normals.get(), host_numbers("curandGenerateNormalDouble",
                                                       numpy.float64, 1000, 1234, 0, 2.0, 3.0))
        counts = cupylike.zeros(10, numpy.uint32)
        assert _emu.curandSetPseudoRandomGeneratorSeed(g, 5) == SUCCESS
        assert _emu.curandSetGeneratorOffset(g, 0) == SUCCESS
        assert _emu.curandGeneratePoisson(g, counts.data.ptr, 10, 3.5) == SUCCESS
        assert_array_equal(counts.get(), host_numbers("curandGeneratePoisson", numpy.uint32,
                                                      10, 5, 0, 3.5))
    """)


def test_the_same_seed_gives_the_cpu_devices_numbers():
    run_with_curand("""
        for make in (lambda: cupylike.random.default_rng(1).standard_normal(10**5),
                     lambda: cupylike.random.default_rng(7).random(1001, dtype=numpy.float32),
                     lambda: cupylike.random.default_rng(3).integers(0, 10**9, 999),
                     lambda: cupylike.random.default_rng(2).poisson(4.0, 500)):
            on_gpu = make()
            with cupylike.Device("cpu"):
                on_cpu = make()
            assert on_gpu.device == GPU0 and on_cpu.device == cupylike.Device("cpu")
            if on_gpu.dtype == numpy.float64:  # normals: the cpu device's libmvec, an ULP or so
                numpy.testing.assert_allclose(on_gpu.get(), on_cpu.get(), rtol=1e-13, atol=1e-13)
            else:
                assert_array_equal(on_gpu.get(), on_cpu.get())
        cupylike.random.seed(11)
        on_gpu = cupylike.random.standard_normal(1000).get()
        with cupylike.Device("cpu"):
            cupylike.random.seed(11)
            numpy.testing.assert_allclose(on_gpu, cupylike.random.standard_normal(1000).get(),
                                          rtol=1e-13, atol=1e-13)
    """)


def test_generations_run_in_their_streams_order():
    run_with_curand("""
        g = create()
        stream = cupylike.cuda.Stream()
        assert _emu.curandSetStream(g, c_void_p(stream.ptr)) == SUCCESS
        out = cupylike.zeros(64, numpy.uint32)
        before = stat("ops_pending")
        assert _emu.curandGenerate(g, out.data.ptr, 64) == SUCCESS
        assert stat("ops_pending") == before + 1  # queued, not run
        # Settings changed after the call do not reach the queued generation.
        assert _emu.curandSetPseudoRandomGeneratorSeed(g, 99) == SUCCESS
        stream.synchronize()
        assert stat("ops_pending") <= before
        assert_array_equal(out.get(), host_numbers("curandGenerate", numpy.uint32, 64, 0, 0))
        # Destroyed with a generation still queued: the generation still runs, with the new
        # seed at the offset the first one reached (a seed does not reset the offset).
        words = cupylike.zeros(8, numpy.uint32)
        assert _emu.curandGenerate(g, words.data.ptr, 8) == SUCCESS
        assert _emu.curandDestroyGenerator(g) == SUCCESS
        stream.synchronize()
        assert_array_equal(words.get(), host_numbers("curandGenerate", numpy.uint32, 8, 99, 64))
        # Through the library: a draw on a stream.
        with stream:
            x = cupylike.random.default_rng(4).random(100)
        with cupylike.Device("cpu"):
            assert_array_equal(x.get(), cupylike.random.default_rng(4).random(100).get())
    """)


def test_a_generator_belongs_to_its_device():
    run_with_curand("""
        g = create()  # device 0's
        with cupylike.cuda.Device(1):
            out = cupylike.zeros(4, numpy.uint32)
            assert _emu.curandGenerate(g, out.data.ptr, 4) == LAUNCH_FAILURE
            # A stream of device 1 on device 0's generator fails the same way.
            other = cupylike.cuda.Stream()
        assert _emu.curandSetStream(g, c_void_p(other.ptr)) == SUCCESS
        out = cupylike.zeros(4, numpy.uint32)
        assert _emu.curandGenerate(g, out.data.ptr, 4) == LAUNCH_FAILURE
        with cupylike.cuda.Device(1):
            x = cupylike.random.default_rng(5).standard_normal(10)
            assert x.device == GPU1
        with cupylike.Device("cpu"):
            assert_array_equal(x.get(), cupylike.random.default_rng(5).standard_normal(10).get())
    """)


def test_an_output_outside_live_memory_faults_as_on_a_gpu():
    run_with_curand("""
        g = create()
        out = cupylike.zeros(4, numpy.uint32)
        # Checked when it runs, as a GPU faults then: the call itself succeeds. (This address is
        # in no block of the memory pool.)
        assert _emu.curandGenerate(g, 4096, 16) == SUCCESS
        message = raises(cupylike.cuda.CUDADriverError, cupylike.cuda.Device(0).synchronize)
        assert "CUDA_ERROR_ILLEGAL_ADDRESS" in message, message
        assert "curandGenerate: the output (64 bytes" in message, message
        assert _emu.curandGenerate(g, out.data.ptr, 4) == PREEXISTING_FAILURE
    """)
