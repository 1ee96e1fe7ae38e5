"""The ndarray methods of NumPy's "Array conversion" section that the core does not define:
bytes and files (tobytes, tofile, dump, dumps), byte order (byteswap) and format specs
(__format__). Bytes and text are made on the host from the array's values, as NumPy makes them.
"""

import os
import pickle

import numpy

from cupylike._core import _native

# Complex numbers swap the bytes of their real and imaginary parts separately, as NumPy does.
_SWAP_UNITS = {"c": 2}


def _host(a):
    # order="K" keeps a Fortran-ordered array Fortran-ordered, for tobytes(order="A").
    return a.get(order="K")


def tobytes(self, order="C"):
    """The array's raw bytes in C (default), Fortran ('F') or the array's own ('A') order."""
    # NumPy's rule: 'A' is Fortran order only for an array that is Fortran- and not
    # C-contiguous; any other order it accepts ('K') is C order.
    fortran = order in ("F", "f") or (
        order in ("A", "a") and self.flags.f_contiguous and not self.flags.c_contiguous)
    host = self.get(order="F" if fortran else "C")
    return host.tobytes(order="F" if fortran else order)


def tofile(self, fid, sep="", format="%s"):  # noqa: A002 (NumPy's name)
    """Writes the elements to a file in C order: raw bytes, or text when ``sep`` is given.

    ``fid`` is an open file or a path, as for numpy.ndarray.tofile.
    """
    _host(self).tofile(fid, sep=sep, format=format)


def dumps(self):
    """The array pickled (protocol 2, as NumPy's dumps); ``pickle.loads`` gives it back."""
    return pickle.dumps(self, protocol=2)


def dump(self, file):
    """Pickles the array into ``file`` (a path or a file opened for binary writing)."""
    if isinstance(file, (str, os.PathLike)):
        with open(file, "wb") as f:
            pickle.dump(self, f, protocol=2)
    else:
        pickle.dump(self, file, protocol=2)


def byteswap(self, inplace=False):
    """The array with each element's bytes reversed, in the same (native) dtype.

    ``inplace=True`` swaps the array's own bytes and returns it.
    """
    dtype = self.dtype
    parts = _SWAP_UNITS.get(dtype.kind, 1)
    unit = dtype.itemsize // parts
    flat = _native.ascontiguousarray(self).reshape(-1)
    grouped = flat.view(numpy.uint8).reshape(flat.size, parts, unit)
    swapped = grouped[..., ::-1].copy().reshape(-1).view(dtype).reshape(self.shape)
    if not inplace:
        return swapped
    self[...] = swapped
    return self


def __format__(self, format_spec):  # noqa: N807 (the protocol's name)
    """A 0-d array formats as its scalar does (``f'{x:.3f}'``); others only with an empty spec."""
    if self.ndim == 0:
        return format(_host(self)[()], format_spec)
    if format_spec:
        raise TypeError("unsupported format string passed to cupylike.ndarray.__format__")
    return str(self)
