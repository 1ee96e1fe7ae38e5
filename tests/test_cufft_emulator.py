"""The emulated GPU's cuFFT stand-in (csrc/emulator/cufft*.cpp), called as cuFFT is: status
codes for misuse as NVIDIA documents them, transforms queued on the plan's stream and run in
stream order, in place and out of place, cuFFT's basic and advanced data layouts against NumPy,
the caller's work area used as the scratch, a plan per device, and an argument outside live
device memory faulting as a GPU would (the sticky CUDA_ERROR_ILLEGAL_ADDRESS). The library's
transforms against NumPy are the fft tests' (test_fft*.py run on the emulated pass).

The driver is loaded once per process, so each test runs a short program in a fresh interpreter
(tests/helpers/emulated_gpu.py)."""

import textwrap

import pytest
from helpers.emulated_gpu import run_on_emulator

pytestmark = pytest.mark.any_device(reason="runs its own processes on the emulated GPU")

# Direct calls into the stand-in, with cuFFT's prototypes. A cupylike transform first makes
# device 0's context current on this thread (and needs no kernel: its input is read in place and
# a forward transform is not scaled).
CUFFT = """
if not hasattr(_emu, "cufftCreate"):
    print(NO_STAND_IN)
    raise SystemExit(0)
from ctypes import POINTER, byref, c_int, c_longlong, c_size_t, c_void_p
from numpy.lib.stride_tricks import as_strided
SUCCESS, INVALID_PLAN, INVALID_TYPE, INVALID_VALUE, EXEC_FAILED = 0, 1, 3, 4, 6
INVALID_SIZE, INVALID_DEVICE, NO_WORKSPACE = 8, 11, 13
C2C, R2C, C2R, Z2Z, D2Z, Z2D = 0x29, 0x2A, 0x2C, 0x69, 0x6A, 0x6C
FORWARD, INVERSE = -1, 1
P, H, LL = c_void_p, c_int, c_longlong
LLP = POINTER(c_longlong)
_emu.cufftCreate.argtypes = [POINTER(c_int)]
_emu.cufftDestroy.argtypes = [H]
_emu.cufftSetAutoAllocation.argtypes = [H, c_int]
_emu.cufftMakePlanMany64.argtypes = [H, c_int, LLP, LLP, LL, LL, LLP, LL, LL, c_int, LL,
                                     POINTER(c_size_t)]
_emu.cufftSetWorkArea.argtypes = [H, P]
_emu.cufftSetStream.argtypes = [H, P]
for _name in ("C2C", "Z2Z"):
    getattr(_emu, "cufftExec" + _name).argtypes = [H, P, P, c_int]
for _name in ("R2C", "D2Z", "C2R", "Z2D"):
    getattr(_emu, "cufftExec" + _name).argtypes = [H, P, P]
_emu.cuMemsetD8Async.argtypes = [c_longlong, ctypes.c_ubyte, c_size_t, P]

def longs(values):
    return None if values is None else (c_longlong * len(values))(*values)

def make(h, type_, n, batch=1, inembed=None, istride=1, idist=1, onembed=None, ostride=1,
         odist=1, rank=None):
    size = c_size_t()
    status = _emu.cufftMakePlanMany64(
        h, len(n) if rank is None else rank, longs(n), longs(inembed), istride, idist,
        longs(onembed), ostride, odist, type_, batch, byref(size))
    return status, size.value

def plan(type_, n, auto=True, **kwargs):
    h = c_int()
    assert _emu.cufftCreate(byref(h)) == SUCCESS
    if not auto:
        assert _emu.cufftSetAutoAllocation(h, 0) == SUCCESS
    status, size = make(h, type_, n, **kwargs)
    assert status == SUCCESS, status
    return h, size

def exec_(h, name, x, y, direction=None):
    args = (h, x if isinstance(x, int) else x.data.ptr, y if isinstance(y, int) else y.data.ptr)
    if direction is not None:
        args += (direction,)
    return getattr(_emu, "cufftExec" + name)(*args)

def layout(buffer, lens, stride, dist, embed, batch):
    # A host array's elements as (batch, *lens) in cuFFT's advanced layout.
    steps = [stride]
    for e in reversed(embed[1:]):
        steps.insert(0, steps[0] * e)
    isz = buffer.itemsize
    return as_strided(buffer, (batch, *lens), (dist * isz, *(s * isz for s in steps)))

def values(shape, dtype, seed=0):
    rng = numpy.random.default_rng(seed)
    x = rng.standard_normal(shape)
    if numpy.dtype(dtype).kind == "c":
        x = x + 1j * rng.standard_normal(shape)
    return x.astype(dtype)

def close(actual, expected, rtol):
    scale = max(1.0, float(numpy.abs(expected).max()))
    numpy.testing.assert_allclose(actual, expected, rtol=rtol, atol=rtol * scale)

cupylike.fft.fft(cupylike.asarray(numpy.ones(4, numpy.complex64))).get()
"""


# An emulator built without kissfft's header has no cuFFT entry points.
NO_STAND_IN = "the emulator was built without its cuFFT stand-in"


def run_with_cufft(code):
    out = run_on_emulator(f"NO_STAND_IN = {NO_STAND_IN!r}\n" + CUFFT + textwrap.dedent(code))
    if NO_STAND_IN in out:
        pytest.skip(NO_STAND_IN)


def test_misuse_gets_cufft_status_codes():
    run_with_cufft("""
        assert _emu.cufftCreate(None) == INVALID_VALUE
        x = cupylike.asarray(values(8, numpy.complex64))
        unknown = 12345
        assert make(unknown, C2C, [8])[0] == INVALID_PLAN
        for call in (_emu.cufftSetAutoAllocation, _emu.cufftSetWorkArea, _emu.cufftSetStream):
            assert call(unknown, 0) == INVALID_PLAN
        h = c_int()
        assert _emu.cufftCreate(byref(h)) == SUCCESS
        assert exec_(h, "C2C", x, x, FORWARD) == INVALID_PLAN  # no plan made yet
        assert make(h, C2C, [8], rank=0)[0] == INVALID_VALUE
        assert make(h, C2C, [8, 8, 8, 8])[0] == INVALID_VALUE  # rank 4
        assert make(h, 0x99, [8])[0] == INVALID_TYPE
        assert make(h, C2C, [0])[0] == INVALID_SIZE
        assert make(h, C2C, [8], batch=0)[0] == INVALID_SIZE
        assert make(h, C2C, [2 ** 40, 2 ** 40])[0] == INVALID_SIZE  # beyond 63 bits
        # The advanced layout: positive strides and distances, embeddings at least the lengths
        # (the outermost one is not used).
        advanced = dict(inembed=[1, 8], onembed=[1, 8], idist=64, odist=64)
        assert make(h, C2C, [4, 8], **advanced)[0] == SUCCESS
        assert make(h, C2C, [4, 8], **{**advanced, "istride": 0})[0] == INVALID_VALUE
        assert make(h, C2C, [4, 8], **{**advanced, "odist": -1})[0] == INVALID_VALUE
        assert make(h, C2C, [4, 8], **{**advanced, "onembed": [4, 7]})[0] == INVALID_VALUE
        assert make(h, R2C, [4, 8], **{**advanced, "onembed": [4, 5]})[0] == SUCCESS  # 8 // 2 + 1
        # The work size: the scratch of one transform, in complex doubles.
        assert make(h, C2C, [8], batch=3) == (SUCCESS, 8 * 16)
        assert make(h, D2Z, [4, 6], batch=3) == (SUCCESS, 4 * 4 * 16)
        assert exec_(h, "C2C", x, x, FORWARD) == INVALID_PLAN  # a D2Z plan now
        assert make(h, C2C, [8])[0] == SUCCESS
        assert exec_(h, "Z2Z", x, x, FORWARD) == INVALID_PLAN  # another type than the plan's
        assert exec_(h, "C2C", x, x, 0) == INVALID_VALUE
        assert exec_(h, "C2C", 0, x, FORWARD) == INVALID_VALUE
        assert exec_(h, "C2C", x, 0, FORWARD) == INVALID_VALUE
        assert exec_(h, "C2C", x, x, FORWARD) == SUCCESS  # auto-allocated scratch
        assert _emu.cufftDestroy(h) == SUCCESS
        assert exec_(h, "C2C", x, x, FORWARD) == INVALID_PLAN
        assert _emu.cufftDestroy(h) == INVALID_PLAN
        assert _emu.cufftDestroy(-1) == SUCCESS  # CUFFT_PLAN_NULL
        # Without auto-allocation an execution needs the caller's work area.
        h, size = plan(C2C, [8], auto=False)
        y = cupylike.empty(8, numpy.complex64)
        assert exec_(h, "C2C", x, y, FORWARD) == NO_WORKSPACE
        work = cupylike.asarray(numpy.zeros(size, numpy.uint8))
        assert _emu.cufftSetWorkArea(h, work.data.ptr) == SUCCESS
        assert exec_(h, "C2C", x, y, FORWARD) == SUCCESS
        close(y.get(), numpy.fft.fft(x.get()), 1e-6)
        assert work.get().any()  # the transform computed in it
        assert _emu.cufftSetWorkArea(h, None) == SUCCESS
        assert exec_(h, "C2C", x, y, FORWARD) == NO_WORKSPACE
    """)


def test_transforms_in_and_out_of_place_match_numpy():
    run_with_cufft("""
        # Out of place, batched, every type; an inverse is unnormalised as cuFFT's.
        host = values((3, 10), numpy.complex128)
        for name, type_, dtype, rtol in (("C2C", C2C, numpy.complex64, 1e-6),
                                         ("Z2Z", Z2Z, numpy.complex128, 1e-13)):
            h, _ = plan(type_, [10], batch=3)
            x, y = cupylike.asarray(host.astype(dtype)), cupylike.empty((3, 10), dtype)
            assert exec_(h, name, x, y, FORWARD) == SUCCESS
            close(y.get(), numpy.fft.fft(host), rtol)
            assert exec_(h, name, x, y, INVERSE) == SUCCESS
            close(y.get(), numpy.fft.ifft(host, norm="forward"), rtol)
            assert y.dtype == dtype
        real = values((2, 3, 7), numpy.float64)
        for name, type_, dtype, rtol in (("R2C", R2C, numpy.float32, 1e-6),
                                         ("D2Z", D2Z, numpy.float64, 1e-13)):
            h, _ = plan(type_, [3, 7], batch=2)
            y = cupylike.empty((2, 3, 4), numpy.result_type(dtype, numpy.complex64))
            assert exec_(h, name, cupylike.asarray(real.astype(dtype)), y) == SUCCESS
            close(y.get(), numpy.fft.rfftn(real, axes=(1, 2)), rtol)
        spectrum = numpy.fft.rfftn(real, axes=(1, 2))
        for name, type_, dtype, rtol in (("C2R", C2R, numpy.complex64, 1e-6),
                                         ("Z2D", Z2D, numpy.complex128, 1e-13)):
            h, _ = plan(type_, [3, 7], batch=2)
            x = cupylike.asarray(spectrum.astype(dtype))
            y = cupylike.empty((2, 3, 7), numpy.float64 if name == "Z2D" else numpy.float32)
            assert exec_(h, name, x, y) == SUCCESS
            close(y.get(), real * 21, rtol)
            numpy.testing.assert_array_equal(x.get(), spectrum.astype(dtype))  # input kept
        # In place, the basic layout: complex in place of complex; a real row padded to
        # 2 * (n // 2 + 1) reals in place of its half spectrum.
        h, _ = plan(Z2Z, [10], batch=3)
        x = cupylike.asarray(host)
        assert exec_(h, "Z2Z", x, x, FORWARD) == SUCCESS
        close(x.get(), numpy.fft.fft(host), 1e-13)
        rows = values((4, 6), numpy.float64)
        padded = numpy.zeros((4, 8))
        padded[:, :6] = rows
        h, _ = plan(D2Z, [4, 6])
        x = cupylike.asarray(padded)
        assert exec_(h, "D2Z", x, x) == SUCCESS
        close(x.get().view(numpy.complex128), numpy.fft.rfft2(rows), 1e-13)
        h, _ = plan(Z2D, [4, 6])
        assert exec_(h, "Z2D", x, x) == SUCCESS
        close(x.get()[:, :6], rows * 24, 1e-13)
    """)


def test_advanced_layouts_match_numpy():
    run_with_cufft("""
        # Rank 2 complex: the input strided inside larger rows, the output packed closer; what
        # the layout does not name is never written.
        n, batch = [3, 5], 4
        src = dict(stride=2, dist=59, embed=[4, 7])
        dst = dict(stride=1, dist=20, embed=[3, 6])
        host_in = values(3 * 59 + (2 * 7 + 4) * 2 + 1, numpy.complex128)
        sentinel = numpy.full(3 * 20 + 2 * 6 + 4 + 1, 99 + 99j)
        h, _ = plan(Z2Z, n, batch=batch, istride=2, idist=59, inembed=[4, 7], ostride=1,
                    odist=20, onembed=[3, 6])
        x, y = cupylike.asarray(host_in), cupylike.asarray(sentinel)
        assert exec_(h, "Z2Z", x, y, FORWARD) == SUCCESS
        out = y.get()
        expected = numpy.fft.fft2(layout(host_in, n, batch=batch, **src))
        close(layout(out, n, batch=batch, **dst), expected, 1e-13)
        written = numpy.zeros(out.size, bool)
        layout(written, n, batch=batch, **dst)[...] = True
        assert (out[~written] == 99 + 99j).all()
        # Rank 3 real to complex: padded real rows in, interleaved complex out (ostride 2).
        n, batch = [2, 3, 4], 2
        src = dict(stride=1, dist=40, embed=[2, 4, 5])
        dst = dict(stride=2, dist=1, embed=[2, 3, 3])
        host_in = values(40 * 2, numpy.float64)
        h, _ = plan(D2Z, n, batch=batch, istride=1, idist=40, inembed=[2, 4, 5], ostride=2,
                    odist=1, onembed=[2, 3, 3])
        y = cupylike.asarray(numpy.zeros(2 * 18, numpy.complex128))
        assert exec_(h, "D2Z", cupylike.asarray(host_in), y) == SUCCESS
        expected = numpy.fft.rfftn(layout(host_in, n, batch=batch, **src), axes=(1, 2, 3))
        close(layout(y.get(), [2, 3, 3], batch=batch, **dst), expected, 1e-13)
        # Rank 2 complex to real in single precision: three batches interleaved in the output.
        n, batch = [4, 6], 3
        src = dict(stride=1, dist=21, embed=[4, 5])
        dst = dict(stride=3, dist=1, embed=[4, 6])
        host_in = values(21 * 3, numpy.complex64)
        h, _ = plan(C2R, n, batch=batch, istride=1, idist=21, inembed=[4, 5], ostride=3,
                    odist=1, onembed=[4, 6])
        y = cupylike.empty(3 * 24, numpy.float32)
        assert exec_(h, "C2R", cupylike.asarray(host_in), y) == SUCCESS
        spectrum = layout(host_in.astype(numpy.complex128), [4, 4], batch=batch, **src)
        expected = numpy.fft.irfftn(spectrum, s=n, axes=(1, 2), norm="forward")
        close(layout(y.get(), n, batch=batch, **dst), expected, 1e-5)
    """)


def test_transforms_run_in_their_streams_order():
    run_with_cufft("""
        stream = cupylike.cuda.Stream()
        h, _ = plan(C2C, [16])
        assert _emu.cufftSetStream(h, stream.ptr) == SUCCESS
        x = cupylike.asarray(values(16, numpy.complex64))
        y = cupylike.empty(16, numpy.complex64)
        # Queued behind a memset on the same stream: the transform reads its zeros.
        assert _emu.cuMemsetD8Async(x.data.ptr, 0, x.nbytes, stream.ptr) == 0
        before = stat("ops_pending")
        assert exec_(h, "C2C", x, y, FORWARD) == SUCCESS
        assert stat("ops_pending") == before + 1  # queued, not run
        stream.synchronize()
        assert stat("ops_pending") <= before
        assert not y.get().any()
        # Through the library: a transform on a stream, read back after it.
        host = values((5, 12), numpy.complex128)
        with stream:
            z = cupylike.fft.fft(cupylike.asarray(host))
        close(z.get(), numpy.fft.fft(host), 1e-13)
        assert cupylike.fft.config.get_plan_cache().get_curr_size() >= 1
    """)


def test_each_device_has_its_own_plans():
    run_with_cufft("""
        h, _ = plan(C2C, [8])  # device 0's
        with cupylike.cuda.Device(1):
            x = cupylike.asarray(values(8, numpy.complex64))
            stream1 = cupylike.cuda.Stream()
            # Device 0's plan on device 1: "execution of a plan was on different GPU than plan
            # creation".
            assert exec_(h, "C2C", x, x, FORWARD) == INVALID_DEVICE
            y = cupylike.fft.fft(x)  # the library's plan for device 1
            assert y.device == GPU1
            close(y.get(), numpy.fft.fft(x.get()), 1e-6)
        # A stream of device 1 on device 0's plan: a launch there fails.
        x = cupylike.asarray(values(8, numpy.complex64))
        assert _emu.cufftSetStream(h, stream1.ptr) == SUCCESS
        assert exec_(h, "C2C", x, x, FORWARD) == EXEC_FAILED
    """)


def test_an_argument_outside_live_memory_faults_as_on_a_gpu():
    run_with_cufft("""
        reset = _emu.cupylikeEmulatorSetStickyError
        h, size = plan(C2C, [8], auto=False)
        x = cupylike.asarray(values(8, numpy.complex64))
        work = cupylike.empty(size + 16, numpy.uint8)
        assert _emu.cufftSetWorkArea(h, work.data.ptr) == SUCCESS
        # Checked when it runs, as a GPU faults then: the call itself succeeds. (An address past
        # an array's end may still lie in the memory pool's block: this one is in no block.)
        cases = [(x.data.ptr, 4096, "odata (64 bytes at 0x1000)"),
                 (4096, x.data.ptr, "idata (64 bytes at 0x1000)")]
        for idata, odata, named in cases:
            assert exec_(h, "C2C", idata, odata, FORWARD) == SUCCESS
            message = raises(cupylike.cuda.CUDADriverError, cupylike.cuda.Device(0).synchronize)
            assert "CUDA_ERROR_ILLEGAL_ADDRESS" in message, message
            assert "cufftExecC2C: " + named in message, message
            reset(0)
        for area, named in [(4096, "workArea (128 bytes at 0x1000)"),
                            (work.data.ptr + 8, "is not aligned to 16 bytes")]:
            assert _emu.cufftSetWorkArea(h, area) == SUCCESS
            assert exec_(h, "C2C", x, x, FORWARD) == SUCCESS
            message = raises(cupylike.cuda.CUDADriverError, cupylike.cuda.Device(0).synchronize)
            assert named in message, message
            reset(0)
        # Once reset, transforms run again.
        host = values(6, numpy.complex128)
        close(cupylike.fft.fft(cupylike.asarray(host)).get(), numpy.fft.fft(host), 1e-13)
    """)


def test_long_and_prime_lengths_match_numpy_in_double_precision():
    run_with_cufft("""
        # kissfft's mixed radices (4, 2, 3, 5 and its generic butterfly for 7, 11, 1009).
        for n in (4096, 2 * 3 * 5 * 7 * 11, 1009, 1):
            host = values(n, numpy.complex128, seed=n)
            close(cupylike.fft.fft(cupylike.asarray(host)).get(), numpy.fft.fft(host), 1e-12)
            real = host.real.copy()
            close(cupylike.fft.rfft(cupylike.asarray(real)).get(), numpy.fft.rfft(real), 1e-12)
    """)


def test_infinities_turn_nan_as_in_cufft():
    run_with_cufft("""
        # kissfft's butterflies multiply by roots such as 1 + 0i, as cuFFT's do, so an
        # infinity's other part turns NaN (inf * 0) where NumPy's is 0: an H100's cuFFT gave
        # [inf+0j, -inf+nanj, inf+0j, -inf+nanj], kissfft NaNs in every imaginary part. The
        # library's transforms of such input run on the host FFT instead, which the emulated
        # pass of test_fft_nonfinite.py checks against NumPy.
        with numpy.errstate(invalid="ignore"):
            for name, type_, dtype in (("C2C", C2C, numpy.complex64),
                                       ("Z2Z", Z2Z, numpy.complex128)):
                h, _ = plan(type_, [4])
                x = cupylike.asarray(numpy.array([1, 0, numpy.inf, 0], dtype))
                y = cupylike.empty(4, dtype)
                assert exec_(h, name, x, y, INVERSE) == SUCCESS
                numpy.testing.assert_array_equal(y.get().real, [numpy.inf, -numpy.inf] * 2)
                assert numpy.isnan(y.get().imag).all()
    """)
