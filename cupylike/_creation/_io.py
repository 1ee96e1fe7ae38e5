"""Input and output (numpy's I/O section): files and buffers are read and written by NumPy on
the host, and what is read goes to the device in one host-to-device copy (asarray).

Object and structured arrays, which cupylike cannot hold, raise asarray's TypeError when read
(docs/differences_breadth.md).
"""

from collections.abc import Mapping

import numpy

from cupylike._core import _native
from cupylike._creation._from_data import check_like


def _to_device(host):
    return _native.asarray(host)


def _to_host(a):
    """A cupylike array as NumPy's (one device-to-host copy); anything else as it is."""
    return _native.asnumpy(a) if isinstance(a, _native.ndarray) else a


def frombuffer(buffer, dtype=None, count=-1, offset=0, *, like=None):
    """A 1-d array of the elements in a buffer (see numpy.frombuffer); the data is copied to
    the device, so the result does not share the buffer's memory."""
    check_like("frombuffer", like)
    return _to_device(numpy.frombuffer(buffer, dtype=dtype, count=count, offset=offset))


def fromfile(file, dtype=None, count=-1, sep="", offset=0, *, like=None):
    """An array of the data in a binary or text file (see numpy.fromfile)."""
    check_like("fromfile", like)
    return _to_device(numpy.fromfile(file, dtype=dtype, count=count, sep=sep, offset=offset))


def fromiter(iter, dtype, count=-1, *, like=None):  # noqa: A002 (NumPy's name)
    """A 1-d array of the values an iterable yields (see numpy.fromiter)."""
    check_like("fromiter", like)
    return _to_device(numpy.fromiter(iter, dtype=dtype, count=count))


def fromstring(string, dtype=float, count=-1, *, sep, like=None):
    """A 1-d array of the numbers in a text string (see numpy.fromstring; as in NumPy 2, the
    binary mode is gone: use frombuffer)."""
    check_like("fromstring", like)
    return _to_device(numpy.fromstring(string, dtype=dtype, count=count, sep=sep))


def fromregex(file, regexp, dtype, encoding=None):
    """An array of the regular expression's groups in a text file (see numpy.fromregex).

    NumPy's result is a structured array, which cupylike can hold only when `dtype` has a
    single field: that field's array is returned (NumPy's ``result[name]``)."""
    host = numpy.fromregex(file, regexp, dtype, encoding=encoding)
    names = host.dtype.names
    if names is not None and len(names) == 1:
        host = host[names[0]]
    return _to_device(host)


def loadtxt(fname, dtype=float, comments="#", delimiter=None, converters=None, skiprows=0,
            usecols=None, unpack=False, ndmin=0, encoding=None, max_rows=None, *,
            quotechar=None, like=None):
    """An array of the numbers in a text file (see numpy.loadtxt)."""
    check_like("loadtxt", like)
    host = numpy.loadtxt(fname, dtype=dtype, comments=comments, delimiter=delimiter,
                         converters=converters, skiprows=skiprows, usecols=usecols,
                         unpack=unpack, ndmin=ndmin, encoding=encoding, max_rows=max_rows,
                         quotechar=quotechar)
    return _to_device(host)


def genfromtxt(fname, dtype=float, comments="#", delimiter=None, skip_header=0, skip_footer=0,
               converters=None, missing_values=None, filling_values=None, usecols=None,
               names=None, excludelist=None,
               deletechars=" !#$%&'()*+,-./:;<=>?@[\\]^{|}~", replace_space="_",
               autostrip=False, case_sensitive=True, defaultfmt="f%i", unpack=None,
               usemask=False, loose=True, invalid_raise=True, max_rows=None, encoding=None,
               *, ndmin=0, like=None):
    """An array of the data in a text file, missing values filled (see numpy.genfromtxt).

    Raises
    ------
    NotImplementedError
        For ``usemask=True``: cupylike has no masked arrays.
    """
    check_like("genfromtxt", like)
    if usemask:
        raise NotImplementedError("genfromtxt(usemask=True): cupylike has no masked arrays")
    host = numpy.genfromtxt(
        fname, dtype=dtype, comments=comments, delimiter=delimiter, skip_header=skip_header,
        skip_footer=skip_footer, converters=converters, missing_values=missing_values,
        filling_values=filling_values, usecols=usecols, names=names, excludelist=excludelist,
        deletechars=deletechars, replace_space=replace_space, autostrip=autostrip,
        case_sensitive=case_sensitive, defaultfmt=defaultfmt, unpack=unpack, usemask=False,
        loose=loose, invalid_raise=invalid_raise, max_rows=max_rows, encoding=encoding,
        ndmin=ndmin)
    return _to_device(host)


def savetxt(fname, X, fmt="%.18e", delimiter=" ", newline="\n", header="", footer="",  # noqa: N803
            comments="# ", encoding=None):
    """Write a 1-d or 2-d array to a text file (see numpy.savetxt)."""
    numpy.savetxt(fname, _to_host(X), fmt=fmt, delimiter=delimiter, newline=newline,
                  header=header, footer=footer, comments=comments, encoding=encoding)


def save(file, arr, allow_pickle=True):
    """Write an array to a .npy file (see numpy.save)."""
    numpy.save(file, _to_host(arr), allow_pickle=allow_pickle)


def savez(file, *args, allow_pickle=True, **kwds):
    """Write arrays to an uncompressed .npz file (see numpy.savez)."""
    numpy.savez(file, *map(_to_host, args), allow_pickle=allow_pickle,
                **{k: _to_host(v) for k, v in kwds.items()})


def savez_compressed(file, *args, allow_pickle=True, **kwds):
    """Write arrays to a compressed .npz file (see numpy.savez_compressed)."""
    numpy.savez_compressed(file, *map(_to_host, args), allow_pickle=allow_pickle,
                           **{k: _to_host(v) for k, v in kwds.items()})


class NpzFile(Mapping):
    """The arrays of a .npz file, read lazily as NumPy's NpzFile reads them, each returned as
    a cupylike array: ``f["x"]``, ``f.files``, ``f.keys()``, ``f.items()``, ``with ...:``.
    """

    def __init__(self, npz):
        self._npz = npz

    @property
    def files(self):
        """The names of the arrays (without '.npy')."""
        return self._npz.files

    def __getitem__(self, key):
        return _to_device(self._npz[key])

    def __iter__(self):
        return iter(self._npz)

    def __len__(self):
        return len(self._npz)

    def __contains__(self, key):
        return key in self._npz

    def close(self):
        """Close the file."""
        self._npz.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __repr__(self):
        return repr(self._npz).replace("NpzFile", "cupylike NpzFile", 1)


def load(file, mmap_mode=None, allow_pickle=False, fix_imports=True, encoding="ASCII", *,
         max_header_size=10000):
    """Arrays from a .npy or .npz file, or pickled objects (see numpy.load).

    A .npy file gives a cupylike array (`mmap_mode` maps the file, which is then copied to
    the device); a .npz file gives an NpzFile whose items are cupylike arrays; a pickle gives
    the unpickled object as NumPy does (only with ``allow_pickle=True``).
    """
    host = numpy.load(file, mmap_mode=mmap_mode, allow_pickle=allow_pickle,
                      fix_imports=fix_imports, encoding=encoding,
                      max_header_size=max_header_size)
    if isinstance(host, numpy.lib.npyio.NpzFile):
        return NpzFile(host)
    if isinstance(host, numpy.ndarray):
        return _to_device(host)
    return host
