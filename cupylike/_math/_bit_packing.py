"""packbits and unpackbits: the bits of bool/integer elements packed into uint8 bytes along
an axis, and back. The axis moves last into a contiguous work copy [rows][n]; one kernel
thread writes one output element (a byte from up to 8 elements, or a bit from a byte)."""

import operator

import numpy
from numpy.lib.array_utils import normalize_axis_index

from cupylike._core import _native

_PACK = _native.ElementwiseKernel(
    "raw T src, int64 n, int64 nbytes, bool little", "uint8 out",
    """
    const long long row = i / nbytes, first = (i % nbytes) * 8;
    unsigned int byte = 0;
    for (int b = 0; b < 8; ++b) {
      const long long k = first + b;
      if (k < n && src[row * n + k] != T(0)) byte |= 1u << (little ? b : 7 - b);
    }
    out = (unsigned char)byte;
    """, "cupylike_packbits")

_UNPACK = _native.ElementwiseKernel(
    "raw uint8 src, int64 n, int64 nbits, bool little", "uint8 out",
    """
    const long long row = i / nbits, k = i % nbits, byte = k / 8;
    const int shift = little ? (int)(k % 8) : 7 - (int)(k % 8);
    out = byte < n ? (unsigned char)((src[row * n + byte] >> shift) & 1) : (unsigned char)0;
    """, "cupylike_unpackbits")


def _rows(a, axis):
    """a as a contiguous [rows][n] array with `axis` last (None: flattened), and the shape
    that puts the result's axis back."""
    if axis is None or a.ndim == 0:
        a = a.reshape(-1)
        axis = 0
    axis = normalize_axis_index(axis, a.ndim)
    moved = _native.ascontiguousarray(_native.moveaxis(a, axis, -1))
    rows = int(numpy.prod(moved.shape[:-1], dtype=numpy.int64))
    return moved.reshape(rows, moved.shape[-1]), moved.shape[:-1], axis


def _check_order(bitorder, function, little_if, message):
    if not isinstance(bitorder, str):
        raise TypeError(f"{function}() argument {3 if function == 'pack' else 4} must be str, "
                        f"not {type(bitorder).__name__}")
    little, valid = little_if(bitorder)
    if not valid:
        raise ValueError(message)
    return little


def _as_array(a):
    return a if isinstance(a, _native.ndarray) else _native.asarray(a)


def packbits(a, /, axis=None, bitorder="big"):
    """Packs the elements of a bool or integer array into the bits of uint8 bytes along
    `axis` (None: the flattened array), each nonzero element a 1 bit, the last byte padded
    with zeros (see numpy.packbits). `bitorder` 'big' puts the first element in the most
    significant bit, 'little' in the least."""
    a = _as_array(a)
    little = _check_order(bitorder, "pack", lambda s: (s.startswith("little"),
                                                       s.startswith(("little", "big"))),
                          "'order' must be either 'little' or 'big'")
    if a.dtype.kind not in "biu":
        raise TypeError("Expected an input array of integer or boolean data type")
    work, outer, axis = _rows(a, axis)
    nbytes = (work.shape[1] + 7) // 8
    out = _native.empty((work.shape[0], nbytes), numpy.uint8)
    if out.size:
        _PACK(work.reshape(-1), work.shape[1], nbytes, little, out)
    return _native.ascontiguousarray(_native.moveaxis(out.reshape(outer + (nbytes,)), -1, axis))


def unpackbits(a, /, axis=None, count=None, bitorder="big"):
    """Unpacks the bits of a uint8 array into elements 0 and 1 (uint8) along `axis` (None:
    the flattened array), 8 per byte (see numpy.unpackbits); `count` keeps that many (more
    pads with zeros; negative drops that many from the end)."""
    a = _as_array(a)
    little = _check_order(bitorder, "unpack", lambda s: (s[:1] == "l", s[:1] in ("l", "b")),
                          "'order' must begin with 'l' or 'b'")
    if a.dtype != numpy.uint8:
        raise TypeError("Expected an input array of unsigned byte data type")
    work, outer, axis = _rows(a, axis)
    nbits = 8 * work.shape[1]
    if count is not None:
        count = operator.index(count)
        if count < 0:
            if -count > nbits:
                raise ValueError("-count larger than number of elements")
            nbits += count
        else:
            nbits = count
    out = _native.empty((work.shape[0], nbits), numpy.uint8)
    if out.size:
        _UNPACK(work.reshape(-1), work.shape[1], nbits, little, out)
    return _native.ascontiguousarray(_native.moveaxis(out.reshape(outer + (nbits,)), -1, axis))
