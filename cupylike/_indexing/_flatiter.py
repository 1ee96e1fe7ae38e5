"""``ndarray.flat``: the array as one flat sequence in C order, read and written by index.

As NumPy's flatiter: ``x.flat[k]`` takes an int, a slice, ``...``, an int array or a 1-d
boolean mask over the ``x.size`` positions and returns a copy; ``x.flat[k] = v`` writes through
to ``x`` (whatever its strides), with ``v`` repeated as needed, as ``numpy.put``; iterating
walks the elements and advances ``index`` and ``coords``. One difference: an element comes back
as a 0-d array, as ``x[i]`` does here, not as a NumPy scalar.
"""

import numpy

from cupylike._core import _native
from cupylike._indexing._placement import put

_ADVANCED = (list, numpy.ndarray, _native.ndarray)


def _flat_key(key):
    """The key for the flat positions; NumPy's IndexError for more than one index."""
    count = None
    if isinstance(key, tuple):
        count = len(key)
        if count == 1:
            key, count = key[0], None
    elif isinstance(key, (numpy.ndarray, _native.ndarray)) and key.dtype == numpy.bool_:
        count = key.ndim if key.ndim > 1 else None
    if count is not None:
        raise IndexError("too many indices for flat iterator: flat iterator is 1-dimensional, "
                         f"but {count} were indexed")
    return key


class flatiter:  # noqa: N801 (NumPy's name)
    """A flat iterator over an array (see numpy.flatiter)."""

    __slots__ = ("_base", "_index")

    def __init__(self, base):
        self._base = base
        self._index = 0

    @property
    def base(self):
        """The array being iterated over."""
        return self._base

    @property
    def index(self):
        """The flat position of the next element iteration gives."""
        return self._index

    @property
    def coords(self):
        """The N-d index of the next element iteration gives."""
        # Past the end the first coordinate runs over, as NumPy's does: (2, 0) after a (2, 3).
        coords, rest = [], self._index
        for n in reversed(self._base.shape[1:]):
            rest, c = divmod(rest, n) if n else (rest, 0)
            coords.append(c)
        return (rest, *reversed(coords)) if self._base.ndim else ()

    def __len__(self):
        return self._base.size

    def __iter__(self):
        return self

    def __next__(self):
        if self._index >= self._base.size:
            raise StopIteration
        value = self[self._index]
        self._index += 1
        return value

    def __getitem__(self, key):
        key = _flat_key(key)
        result = self._base.ravel()[key]
        # A basic key gives a view of the array; the flat iterator hands out copies.
        return result if isinstance(key, _ADVANCED) else result.copy()

    def __setitem__(self, key, value):
        key = _flat_key(key)
        positions = _native.arange(self._base.size, dtype=numpy.intp)[key]
        if not isinstance(value, _native.ndarray):
            value = numpy.asarray(value)
        if value.size == 0:
            return  # NumPy writes nothing when there is nothing to repeat
        if positions.ndim == 0 and value.size != 1:
            raise ValueError("Error setting single item of array.")
        put(self._base, positions.reshape(-1), value)

    def copy(self):
        """The elements as a new 1-d array (``x.flatten()``)."""
        return self._base.flatten()


def flat(self):
    return flatiter(self)


def set_flat(self, value):
    flatiter(self)[...] = value
