"""numpy.fft's transforms on cupylike arrays (NumPy 2.4's signatures, dtypes and errors):
complex, real and Hermitian, in 1, 2 and n dimensions. The work is cupylike/fft/_engine.py's;
these functions check arguments as NumPy does and write into `out` when given."""

import numpy

from cupylike._core._device_arrays import device_array
from cupylike.fft import _args, _engine


def _one_d_c2c(name, a, n, axis, norm, out, forward):
    a = device_array(a, name)
    sizes, axes = _args.one_axis(a, n, axis, norm)
    return _engine.store(_engine.c2c(a, sizes, axes, forward, norm), out, name)


def _n_d_c2c(name, a, s, axes, norm, out, forward):
    a = device_array(a, name)
    sizes, axes = _args.nd_axes(a, s, axes)
    _args.check_norm(norm)
    if not axes:  # NumPy hands the input back untouched
        return a
    return _engine.store(_engine.c2c(a, sizes, axes, forward, norm), out, name)


def _half_input(a, name):
    a = device_array(a, name)
    if a.dtype.kind == "c":
        raise TypeError(f"ufunc '{name}' not supported for the input types ({a.dtype}): the "
                        "input of a real transform must be real")
    return a


def _real_result(x, a):
    """float16 input gives float16 output, computed in single precision (as NumPy 2)."""
    return x.astype(numpy.float16) if a.dtype == numpy.float16 else x


def _nd_real_result(x, a, axes):
    """NumPy's irfftn keeps float16 only with one axis (with more, its ifft steps go to
    complex64 first)."""
    return _real_result(x, a) if len(axes) == 1 else x


def fft(a, n=None, axis=-1, norm=None, out=None):
    """Compute the one-dimensional discrete Fourier Transform (see numpy.fft.fft).

    Parameters
    ----------
    a : cupylike.ndarray
        Input array, real or complex.
    n : int, optional
        Length of the transformed axis of the output; the input is cropped or zero-padded.
    axis : int, optional
        Axis over which to compute the FFT (default: the last).
    norm : {"backward", "ortho", "forward"}, optional
        Normalization mode (default "backward": no scaling forward).
    out : cupylike.ndarray, optional
        Where to put the result (its shape must match).

    Returns
    -------
    cupylike.ndarray
        complex64 for float16/float32/complex64 input, else complex128.
    """
    return _one_d_c2c("fft", a, n, axis, norm, out, True)


def ifft(a, n=None, axis=-1, norm=None, out=None):
    """Compute the one-dimensional inverse discrete Fourier Transform (see numpy.fft.ifft).

    Parameters and result as for `fft`; "backward" normalization scales by 1/n here.
    """
    return _one_d_c2c("ifft", a, n, axis, norm, out, False)


def fftn(a, s=None, axes=None, norm=None, out=None):
    """Compute the N-dimensional discrete Fourier Transform (see numpy.fft.fftn).

    Parameters
    ----------
    a : cupylike.ndarray
        Input array, real or complex.
    s : sequence of ints, optional
        Lengths of the transformed axes of the output (-1: the input's); cropped or padded.
    axes : sequence of ints, optional
        Axes to transform (default: the last len(s), or all). A repeated axis is transformed
        again.
    norm : {"backward", "ortho", "forward"}, optional
        Normalization mode.
    out : cupylike.ndarray, optional
        Where to put the result.

    Returns
    -------
    cupylike.ndarray
        The transform (the input itself when there are no axes to transform, as NumPy).
    """
    return _n_d_c2c("fftn", a, s, axes, norm, out, True)


def ifftn(a, s=None, axes=None, norm=None, out=None):
    """Compute the N-dimensional inverse discrete Fourier Transform (see numpy.fft.ifftn).

    Parameters and result as for `fftn`.
    """
    return _n_d_c2c("ifftn", a, s, axes, norm, out, False)


def fft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    """Compute the 2-dimensional discrete Fourier Transform (see numpy.fft.fft2).

    `fftn` with the last two axes by default.
    """
    return _n_d_c2c("fft2", a, s, axes, norm, out, True)


def ifft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    """Compute the 2-dimensional inverse discrete Fourier Transform (see numpy.fft.ifft2).

    `ifftn` with the last two axes by default. Unlike NumPy 2.4, which ignores it, `out` is
    honoured.
    """
    return _n_d_c2c("ifft2", a, s, axes, norm, out, False)


def rfft(a, n=None, axis=-1, norm=None, out=None):
    """Compute the one-dimensional discrete Fourier Transform of real input (numpy.fft.rfft).

    Parameters
    ----------
    a : cupylike.ndarray
        Real input (complex raises TypeError, as NumPy).
    n : int, optional
        Number of input points used (cropped or zero-padded); the output has n // 2 + 1.
    axis : int, optional
        Axis over which to compute the FFT.
    norm : {"backward", "ortho", "forward"}, optional
        Normalization mode.
    out : cupylike.ndarray, optional
        Where to put the result.

    Returns
    -------
    cupylike.ndarray
        The non-negative frequency terms (complex64 for float16/float32 input).
    """
    a = device_array(a, "rfft")
    sizes, axes = _args.one_axis(a, n, axis, norm)
    a = _half_input(a, "rfft")  # after the arguments' checks, as in NumPy
    return _engine.store(_engine.r2c(a, sizes, axes, norm), out, "rfft")


def irfft(a, n=None, axis=-1, norm=None, out=None):
    """Compute the inverse of `rfft` (see numpy.fft.irfft).

    Parameters
    ----------
    a : cupylike.ndarray
        The non-negative frequency terms.
    n : int, optional
        Length of the real output (default 2 * (m - 1) for m input points).
    axis, norm, out
        As for `rfft`.

    Returns
    -------
    cupylike.ndarray
        Real: float32 for complex64/float32 input, float16 for float16, else float64.
    """
    a = device_array(a, "irfft")
    sizes, axes = _args.one_axis(a, n, axis, norm, default=lambda m: (m - 1) * 2)
    return _engine.store(_real_result(_engine.c2r(a, sizes, axes, norm), a), out, "irfft")


def rfftn(a, s=None, axes=None, norm=None, out=None):
    """Compute the N-dimensional discrete Fourier Transform of real input (numpy.fft.rfftn).

    The last axis in `axes` is transformed as by `rfft`, the others as by `fft`; `s`, `axes`,
    `norm` and `out` as for `fftn`.
    """
    a = _half_input(a, "rfftn")
    sizes, axes = _args.nd_axes(a, s, axes)
    _args.check_norm(norm)
    return _engine.store(_engine.r2c(a, sizes, axes, norm), out, "rfftn")


def rfft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    """Compute the 2-dimensional FFT of real input (see numpy.fft.rfft2): `rfftn` over the
    last two axes by default."""
    a = _half_input(a, "rfft2")
    sizes, axes = _args.nd_axes(a, s, axes)
    _args.check_norm(norm)
    return _engine.store(_engine.r2c(a, sizes, axes, norm), out, "rfft2")


def irfftn(a, s=None, axes=None, norm=None, out=None):
    """Compute the inverse of `rfftn` (see numpy.fft.irfftn).

    `s[-1]` is the length of the real output's last transformed axis (default 2 * (m - 1));
    the other axes are transformed as by `ifft`. `axes`, `norm` and `out` as for `fftn`.
    """
    a = device_array(a, "irfftn")
    sizes, axes = _args.nd_axes(a, s, axes, inverse_real=True)
    _args.check_norm(norm)
    return _engine.store(_nd_real_result(_engine.c2r(a, sizes, axes, norm), a, axes), out,
                         "irfftn")


def irfft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    """Compute the inverse of `rfft2` (see numpy.fft.irfft2): `irfftn` over the last two axes
    by default. Unlike NumPy 2.4, which ignores it, `out` is honoured."""
    a = device_array(a, "irfft2")
    sizes, axes = _args.nd_axes(a, s, axes, inverse_real=True)
    _args.check_norm(norm)
    return _engine.store(_nd_real_result(_engine.c2r(a, sizes, axes, norm), a, axes), out,
                         "irfft2")


def hfft(a, n=None, axis=-1, norm=None, out=None):
    """Compute the FFT of a signal with Hermitian symmetry, given its first half (see
    numpy.fft.hfft): a real spectrum of n points (default 2 * (m - 1)).

    `norm` as for `fft`; `out` honoured (NumPy 2.4 ignores it).
    """
    a = device_array(a, "hfft")
    if n is not None:  # NumPy swaps the norm before irfft checks n
        _args.check_norm(norm)
    sizes, axes = _args.one_axis(a, n, axis, norm, default=lambda m: (m - 1) * 2)
    norm = _args.swap_direction(norm)  # hfft(a) is irfft(conj(a)) scaled the other way
    x = _engine.c2r(_engine.conjugate_copy(a), sizes, axes, norm, owned=True, source=a)
    return _engine.store(_real_result(x, a), out, "hfft")


def ihfft(a, n=None, axis=-1, norm=None, out=None):
    """Compute the inverse of `hfft` (see numpy.fft.ihfft): conj(rfft(a)) scaled as an
    inverse transform. Real input; `n`, `axis`, `norm` and `out` as for `rfft`."""
    a = _half_input(a, "ihfft")
    if n is not None:  # NumPy swaps the norm before rfft checks n
        _args.check_norm(norm)
    sizes, axes = _args.one_axis(a, n, axis, norm)
    norm = _args.swap_direction(norm)
    x = _engine.conjugate_in_place(_engine.r2c(a, sizes, axes, norm))
    return _engine.store(x, out, "ihfft")


__all__ = ["fft", "ifft", "fftn", "ifftn", "fft2", "ifft2", "rfft", "irfft", "rfftn", "rfft2",
           "irfftn", "irfft2", "hfft", "ihfft"]

