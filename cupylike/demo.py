"""The main job: a short tour of cupylike on the default device.

    cupylike-demo        (or: python -m cupylike.demo, outside the source folder)

It moves data to the device and back, takes views, runs a kernel and ufuncs, masks, sorts and
searches, multiplies, decomposes and transforms random matrices and signals (BLAS, LAPACK, FFT
and random numbers), uses a stream and an event, and reports the memory pool, printing what it
checks so a reader can follow along.
"""

import numpy

import cupylike as cp


def main():
    device = cp.Device()
    print(f"default device: {device} ({device.name}); CUDA available: {cp.cuda.is_available()}")

    host = numpy.random.default_rng(0).standard_normal((1000, 1000)).astype(numpy.float32)
    x = cp.asarray(host)
    print(f"x: {x.shape} {x.dtype} on {x.device}, strides {x.strides}")

    view = x[::2, 100:200].T
    assert view.base is x and view.strides == host[::2, 100:200].T.strides
    numpy.testing.assert_array_equal(view.get(), host[::2, 100:200].T)
    print(f"view x[::2, 100:200].T: shape {view.shape}, strides {view.strides}, shares x's memory")

    row = x.reshape(500, 2000)[7]
    row.set(numpy.arange(2000, dtype=numpy.float32))
    host.reshape(500, 2000)[7] = numpy.arange(2000, dtype=numpy.float32)
    numpy.testing.assert_array_equal(cp.asnumpy(x), host)
    print("wrote row 7 of a reshaped view; the base array shows it")

    # A CUDA C++ kernel from source: NVRTC compiles it for a GPU, the host compiler for cpu.
    saxpy = cp.RawKernel(r"""
    extern "C" __global__ void saxpy(float a, const float* x, float* y, int n) {
        int i = blockIdx.x * blockDim.x + threadIdx.x;
        if (i < n) y[i] = a * x[i] + y[i];
    }""", "saxpy")
    xs = cp.arange(10_000, dtype=cp.float32)
    ys = cp.ones(10_000, dtype=cp.float32)
    saxpy(((xs.size + 255) // 256,), (256,), (2.0, xs, ys, xs.size))
    numpy.testing.assert_array_equal(ys.get(), 2 * numpy.arange(10_000, dtype=numpy.float32) + 1)
    halves = ys.astype(cp.float16)[::-3]
    print(f"RawKernel saxpy on {xs.size} elements; astype(float16) of a reversed view: "
          f"{halves[:3]}")

    # NumPy's ufuncs and operators, with NumPy's dtypes (float32 stays float32 with a Python
    # float, as NumPy 2 does).
    z = cp.sqrt(cp.abs(x)) * 2 + 1
    numpy.testing.assert_allclose(z.get(), numpy.sqrt(numpy.abs(host)) * 2 + 1, rtol=1e-6)
    positive = cp.where(x > 0, x, 0.0)
    print(f"sqrt(|x|) * 2 + 1: {z.dtype}; where(x > 0, x, 0): {positive.dtype}")

    # Masks, sorting and searching, with NumPy's results (NaNs would sort last).
    large = x[x > 2.5]
    ordered = cp.sort(large)
    numpy.testing.assert_array_equal(ordered.get(), numpy.sort(host[host > 2.5]))
    where_two = int(cp.searchsorted(ordered, 3.0))
    counts = cp.unique(cp.floor(x[0] * 2), return_counts=True)[1]
    assert int(counts.sum()) == x.shape[1]
    print(f"x[x > 2.5]: {large.size} values, {where_two} of them below 3 after cp.sort; "
          f"unique(floor(2 x[0])) has {counts.size} values")

    # The vendor libraries: BLAS and LAPACK (OpenBLAS) on the cpu device, cuBLAS, cuSOLVER,
    # cuFFT and cuRAND on a GPU, behind one front-end.
    rng = cp.random.default_rng(7)
    a = rng.random((64, 64), dtype=cp.float32)
    b = rng.random((64, 64), dtype=cp.float32)
    product = cp.matmul(a, b)
    numpy.testing.assert_allclose(product.get(), a.get() @ b.get(), rtol=1e-5)
    u, s, vh = cp.linalg.svd(a)
    numpy.testing.assert_allclose(((u * s) @ vh).get(), a.get(), atol=1e-4)
    numpy.testing.assert_allclose(s.get(), numpy.linalg.svd(a.get(), compute_uv=False),
                                  rtol=1e-4)
    length = float(cp.linalg.norm(cp.array([1, 2, 3])))
    assert abs(length - 14 ** 0.5) < 1e-12
    signal = rng.standard_normal(1000)
    taps = cp.ones(31) / 31
    n = signal.size + taps.size - 1
    smooth = cp.fft.irfft(cp.fft.rfft(signal, n) * cp.fft.rfft(taps, n), n)
    numpy.testing.assert_allclose(smooth.get(), numpy.convolve(signal.get(), taps.get()),
                                  atol=1e-12)
    traced = cp.einsum("ij,ji->", a, b)
    numpy.testing.assert_allclose(float(traced), numpy.einsum("ij,ji->", a.get(), b.get()),
                                  rtol=1e-4)
    print(f"random 64x64 float32 matrices: matmul, svd (largest singular value {float(s[0]):.3f}),"
          f" einsum trace {float(traced):.2f}; norm([1, 2, 3]) = {length:.4f}; an FFT "
          f"convolution of {signal.size} samples matches numpy.convolve")

    stream = cp.cuda.Stream(non_blocking=True)
    start = cp.cuda.Event()
    with stream:
        start.record()
        y = cp.asarray(host)
        end = stream.record()
    end.synchronize()
    ms = cp.cuda.get_elapsed_time(start, end)
    print(f"uploaded {host.nbytes / 1e6:.1f} MB on {stream!r} in {ms:.2f} ms")
    numpy.testing.assert_array_equal(y.get(), host)

    pool = cp.get_default_memory_pool()
    print(f"memory pool: {pool.used_bytes():,} bytes in use, {pool.total_bytes():,} held")
    del x, y, view, row, xs, ys, halves, z, positive, large, ordered, counts
    del a, b, product, u, s, vh, signal, taps, smooth, traced
    pool.free_all_blocks()
    print(f"after freeing: {pool.used_bytes():,} bytes in use, {pool.total_bytes():,} held")
    print("demo finished: all checks passed")


if __name__ == "__main__":
    main()
