"""Iterating over arrays: ndenumerate and broadcast (see NumPy's indexing section), beside
``ndarray.flat`` (_flatiter).

ndenumerate reads the array to the host once and then walks that copy, giving NumPy scalars,
as NumPy's does. broadcast computes the common shape on the host and walks the arrays through
their flat iterators, so its elements are 0-d arrays, as ``x.flat``'s are.
"""

import numpy

from cupylike._core import _native
from cupylike._core._device_arrays import device_array


class ndenumerate:  # noqa: N801 (NumPy's name)
    """An iterator of (index tuple, element) over an array in C order (see
    numpy.ndenumerate)."""

    def __init__(self, arr):
        host = device_array(arr, "ndenumerate").get()
        self._iter = numpy.ndenumerate(host)

    def __iter__(self):
        return self

    def __next__(self):
        return next(self._iter)


def _operand(a):
    """A cupylike array; a scalar becomes a 0-d one, a NumPy array is refused."""
    if isinstance(a, numpy.ndarray):
        device_array(a, "broadcast")
    return a if isinstance(a, _native.ndarray) else _native.asarray(numpy.asarray(a))


class broadcast:  # noqa: N801 (NumPy's name)
    """The broadcast of arrays against each other: its shape, and an iterator of tuples of
    their elements in C order (see numpy.broadcast)."""

    def __init__(self, *arrays):
        if len(arrays) > 64:
            raise ValueError("Need at least 0 and at most 64 array objects.")
        views = [_operand(a) for a in arrays]
        self._shape = numpy.broadcast_shapes(*(v.shape for v in views))
        self._views = tuple(_native.broadcast_to(v, self._shape) for v in views)
        self.reset()

    @property
    def shape(self):
        """The shape of the broadcast."""
        return self._shape

    @property
    def ndim(self):
        """The number of axes of the broadcast."""
        return len(self._shape)

    nd = ndim

    @property
    def size(self):
        """The number of elements of the broadcast."""
        return int(numpy.prod(self._shape, dtype=numpy.int64))

    @property
    def numiter(self):
        """The number of arrays broadcast."""
        return len(self._views)

    @property
    def iters(self):
        """A flat iterator per array over its broadcast view, advanced with the broadcast."""
        return self._iters

    @property
    def index(self):
        """The flat position of the next tuple iteration gives."""
        return self._index

    def reset(self):
        """Start the iteration again from the first element."""
        self._iters = tuple(v.flat for v in self._views)
        self._index = 0

    def __iter__(self):
        return self

    def __next__(self):
        if self._index >= self.size:
            raise StopIteration
        self._index += 1
        return tuple(next(it) for it in self._iters)
