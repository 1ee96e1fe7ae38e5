"""Exchange with CuPy on a real GPU: DLPack both ways and the CUDA array interface both ways share
the device memory (no copy), keep dtype, shape and strides, and order the producer's queued work
before the consumer's. Runs only where CuPy sees a GPU and cupylike's device is that real GPU
(the lent machine of tools/gpu_check.sh); the emulated GPU's memory is host memory that CuPy
cannot open, and test_dlpack.py / test_cuda_array_interface.py cover the protocols there."""

import numpy
import pytest

import cupylike
from cupylike.testing import assert_array_equal

cupy = pytest.importorskip("cupy", reason="CuPy is installed only on the GPU check's machine")

REAL_GPU = cupylike.Device().kind == "cuda" and not cupylike._core._native._cuda_emulated()
pytestmark = pytest.mark.skipif(not REAL_GPU, reason="exchanges device memory with CuPy on a GPU")


def _cupylike_views():
    base = cupylike.arange(60, dtype=cupylike.float32).reshape(3, 4, 5)
    return {"contiguous": base, "transposed": base.transpose(2, 0, 1),
            "strided": base[:, ::2, ::-1], "0-d": base[1, 2, 3], "empty": base[:, :0]}


@pytest.mark.parametrize("name", list(_cupylike_views()))
@pytest.mark.parametrize("protocol", ["dlpack", "cuda_array_interface"])
def test_cupy_reads_our_arrays_without_a_copy(name, protocol):
    ours = _cupylike_views()[name]
    theirs = cupy.from_dlpack(ours) if protocol == "dlpack" else cupy.asarray(ours)
    assert theirs.shape == ours.shape and theirs.dtype == ours.dtype
    assert theirs.strides == ours.strides
    numpy.testing.assert_array_equal(cupy.asnumpy(theirs), cupylike.asnumpy(ours))
    if ours.size:
        assert theirs.data.ptr == ours.data.ptr
        theirs[...] = 7  # written by CuPy, read by us: the same memory
        cupy.cuda.get_current_stream().synchronize()
        assert_array_equal(ours, numpy.full(ours.shape, 7, numpy.float32))


@pytest.mark.parametrize("protocol", ["dlpack", "cuda_array_interface"])
def test_we_read_cupys_arrays_without_a_copy(protocol):
    theirs = cupy.arange(24, dtype=cupy.complex64).reshape(4, 6)[::-1, 1::2]
    ours = cupylike.from_dlpack(theirs) if protocol == "dlpack" else cupylike.asarray(theirs)
    assert ours.shape == theirs.shape and ours.dtype == theirs.dtype
    assert ours.strides == theirs.strides and ours.data.ptr == theirs.data.ptr
    assert_array_equal(ours, cupy.asnumpy(theirs))
    ours += 1  # written by us, read by CuPy
    cupylike.cuda.get_current_stream().synchronize()
    numpy.testing.assert_array_equal(cupy.asnumpy(theirs),
                                     (numpy.arange(24).reshape(4, 6)[::-1, 1::2] + 1)
                                     .astype(numpy.complex64))


def test_work_queued_on_our_stream_is_seen_by_cupys_stream():
    n = 1 << 24  # long enough that a missing wait would read unwritten memory
    stream = cupylike.cuda.Stream(non_blocking=True)
    with stream:
        ours = cupylike.zeros(n, cupylike.float32)
        ours += 3
        theirs_stream = cupy.cuda.Stream(non_blocking=True)
        with theirs_stream:
            theirs = cupy.from_dlpack(ours)  # the capsule carries CuPy's stream: we wait for it
            total = float(theirs.sum())
    assert total == 3.0 * n
