"""numpy.fft's helpers: sample frequencies (computed by NumPy on the host, then moved: a few
values, no kernel to compile) and the zero-frequency shifts (rolls)."""

import operator

import numpy

from cupylike._core import _native
from cupylike._core._device_arrays import device_array
from cupylike._manipulation._rearranging import roll


def fftfreq(n, d=1.0, device=None):
    """Return the Discrete Fourier Transform sample frequencies (see numpy.fft.fftfreq).

    Parameters
    ----------
    n : int
        Window length.
    d : scalar, optional
        Sample spacing (inverse of the sampling rate).
    device : cupylike.Device or str, optional
        Where to put the result (default: the current device).

    Returns
    -------
    cupylike.ndarray
        float64 array of length n: [0, 1, ..., n/2-1, -n/2, ..., -1] / (d * n) for even n.
    """
    return _native.asarray(numpy.fft.fftfreq(operator.index(n), d), device=device)


def rfftfreq(n, d=1.0, device=None):
    """Return the sample frequencies of `rfft` (see numpy.fft.rfftfreq).

    Parameters as for `fftfreq`; the result has n // 2 + 1 non-negative frequencies.
    """
    return _native.asarray(numpy.fft.rfftfreq(operator.index(n), d), device=device)


def _shifts(x, axes, sign):
    if axes is None:
        axes = tuple(range(x.ndim))
        return [sign * (n // 2) for n in x.shape], axes
    if isinstance(axes, int | numpy.integer):
        return sign * (x.shape[axes] // 2), axes
    return [sign * (x.shape[ax] // 2) for ax in axes], axes


def fftshift(x, axes=None):
    """Shift the zero-frequency component to the center of the spectrum (numpy.fft.fftshift).

    Parameters
    ----------
    x : cupylike.ndarray
        Input array.
    axes : int or shape tuple, optional
        Axes over which to shift (default: all).

    Returns
    -------
    cupylike.ndarray
        The shifted array (a new one).
    """
    x = device_array(x, "fftshift")
    shift, axes = _shifts(x, axes, 1)
    return roll(x, shift, axes)


def ifftshift(x, axes=None):
    """The inverse of `fftshift` (see numpy.fft.ifftshift); parameters as for it."""
    x = device_array(x, "ifftshift")
    shift, axes = _shifts(x, axes, -1)
    return roll(x, shift, axes)
