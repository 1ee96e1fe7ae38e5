"""Issue 15's acceptance list, as one program on the emulated GPU: the linalg routines on the
cuSOLVER stand-in, strided transforms on the cuFFT stand-in, batched and strided products on the
cuBLAS stand-in against NumPy, and cuRAND's device generator giving the cpu device's numbers for
the same seed (both APIs). Each family's own tests cover it in depth on the emulated pass; this
checks that every call in the list took the GPU path (the emulator counted work queued by each
library) and not a host fallback."""

import pytest
from helpers.emulated_gpu import run_on_emulator

pytestmark = pytest.mark.any_device(reason="runs its own processes on the emulated GPU")


def test_the_issues_list_runs_on_the_emulated_gpus_libraries():
    run_on_emulator("""
        from numpy.testing import assert_allclose
        cp, np = cupylike, numpy
        rng = np.random.default_rng(0)
        h = rng.standard_normal((6, 6)) + 6 * np.eye(6)
        spd = h @ h.T
        b = rng.standard_normal((6, 2))
        d, dspd, db = cp.asarray(h), cp.asarray(spd), cp.asarray(b)
        assert d.device == GPU0

        def host(x):
            return x.get() if isinstance(x, cp.ndarray) else x

        def close(ours, theirs, tol=1e-10):
            assert_allclose(host(ours), host(theirs), rtol=tol, atol=tol)

        # cuSOLVER. Factors are unique up to signs: compare what NumPy's would reconstruct.
        u, s, vt = cp.linalg.svd(d)
        close(s, np.linalg.svd(h, compute_uv=False))
        close((u * s) @ vt, h)
        close(cp.linalg.solve(d, db), np.linalg.solve(h, b))
        w, v = cp.linalg.eigh(dspd)
        close(w, np.linalg.eigh(spd)[0])
        close(dspd @ v, v * w)
        q, r = cp.linalg.qr(d)
        close(q @ r, h)
        close(cp.linalg.cholesky(dspd), np.linalg.cholesky(spd))
        close(cp.linalg.inv(d), np.linalg.inv(h))
        close(cp.linalg.det(d), np.linalg.det(h))
        tall, rhs = rng.standard_normal((9, 4)), rng.standard_normal(9)
        ours, theirs = cp.linalg.lstsq(cp.asarray(tall), cp.asarray(rhs)), \\
            np.linalg.lstsq(tall, rhs)
        close(ours[0], theirs[0])
        close(ours[3], theirs[3])
        w, v = cp.linalg.eig(d)
        close(np.sort_complex(w.get()), np.sort_complex(np.linalg.eigvals(h)))
        close(d @ v, v * w)

        # cuFFT, on strided views (every other element, a transposed plane).
        x = rng.standard_normal((8, 34)) + 1j * rng.standard_normal((8, 34))
        dx = cp.asarray(x)
        close(cp.fft.fft(dx[:, ::2]), np.fft.fft(x[:, ::2]))
        close(cp.fft.rfft(dx.real[::-1, 1::3]), np.fft.rfft(x.real[::-1, 1::3]))
        close(cp.fft.fftn(dx.T[::2]), np.fft.fftn(x.T[::2]))
        spectrum = np.fft.rfftn(x.real)
        close(cp.fft.irfftn(cp.asarray(spectrum)[:, ::1], x.real.shape), x.real)

        # cuBLAS: a batch, a broadcast batch, transposed and strided operands.
        a3 = rng.standard_normal((3, 5, 4)).astype(np.float32)
        b3 = rng.standard_normal((3, 4, 6)).astype(np.float32)
        da3, db3 = cp.asarray(a3), cp.asarray(b3)
        close(da3 @ db3, a3 @ b3, 1e-5)
        close(da3 @ db3[0], a3 @ b3[0], 1e-5)
        close(da3.swapaxes(1, 2)[:, ::2] @ da3[:, :, ::2], a3.swapaxes(1, 2)[:, ::2] @
              a3[:, :, ::2], 1e-5)
        close(d[::2, ::-1] @ d[1::2].T, h[::2, ::-1] @ h[1::2].T)

        # cuRAND's device generator: the cpu device's numbers for the same seed; float64
        # normals within rounding (the same words, but the cpu device's vectorised log, cos
        # and sin are libmvec's, an ULP or so apart, which loc + r cos t can magnify).
        def on_both(draw, rounding=False):
            gpu = draw()
            with cupylike.Device("cpu"):
                cpu = draw()
            assert gpu.device == GPU0 and cpu.device == cupylike.Device("cpu")
            if rounding:
                assert_allclose(gpu.get(), cpu.get(), rtol=1e-13, atol=1e-13)
            else:
                assert_array_equal(gpu.get(), cpu.get())

        on_both(lambda: cp.random.default_rng(1).standard_normal(10**6), rounding=True)

        def legacy():
            cp.random.seed(3)
            return cp.stack([cp.random.rand(1000), cp.random.randn(1000),
                             cp.random.normal(2.0, 3.0, 1000)])

        on_both(legacy, rounding=True)
        on_both(lambda: cp.random.RandomState(5).uniform(size=(7, 9)))

        # Every library ran on the emulated GPU: its work was queued there.
        for library in ("cublas", "cusolver", "cufft", "curand"):
            assert stat("work_" + library) > 0, library
    """)
