"""numpy.gradient: second-order central differences inside, one-sided differences of order 1
or 2 at the ends, with uniform spacings (scalars: one kernel per axis) or sample coordinates
(1-d arrays: the ufuncs over slices of the input)."""

import functools
import operator

import numpy
from numpy.lib.array_utils import normalize_axis_tuple

from cupylike._core import _native
from cupylike._core._device_arrays import device_array
from cupylike._core._ufuncs import UFUNCS
from cupylike._math._cumulative import diff

_subtract = UFUNCS["subtract"]
_divide = UFUNCS["true_divide"]


# The uniform-spacing gradient along one axis of a C-contiguous f (the axis has `length`
# samples `inner` elements apart), with the formulas and roundings in T of the ufunc path
# below, which serves coordinate spacings and float16. Each index i is a run of up to 1024
# consecutive elements of one line: along the axis itself when it is the last (inner == 1),
# else across the inner axes at one sample k; so inside the runs the loops are plain
# vectorisable ones, and no element pays for a division to find its k.
_UNIFORM_PREAMBLE = r"""
template <class T>
__device__ inline T cupylike_gradient_at(const T* f, long long p, long long s, long long k,
                                         long long length, double dx, int edge_order) {
  if (k > 0 && k < length - 1) return (f[p + s] - f[p - s]) / T(2.0 * dx);
  if (edge_order == 1) return k == 0 ? (f[p + s] - f[p]) / T(dx) : (f[p] - f[p - s]) / T(dx);
  if (k == 0) return T(-1.5 / dx) * f[p] + T(2.0 / dx) * f[p + s] + T(-0.5 / dx) * f[p + 2 * s];
  return T(0.5 / dx) * f[p - 2 * s] + T(-2.0 / dx) * f[p - s] + T(1.5 / dx) * f[p];
}
"""
_RUN = 1024
_UNIFORM_SOURCE = (
    "raw T f, int64 length, int64 inner, float64 dx, int32 edge_order", "raw T out",
    f"const long long run = inner == 1 ? length : inner, chunks = (run + {_RUN - 1}) / {_RUN};\n"
    "const long long line = i / chunks, lo = (i % chunks) * " + str(_RUN) + ";\n"
    f"const long long hi = lo + {_RUN} < run ? lo + {_RUN} : run;\n"
    "const T* src = &f[0] + line * run;\n"
    "T* dst = &out[0] + line * run;\n"
    "const T twice = T(2.0 * dx);\n"
    "if (inner == 1) {\n"
    "  long long a = lo, b = hi;\n"
    "  if (a == 0) {\n"
    "    dst[0] = cupylike_gradient_at(src, 0, 1, 0, length, dx, edge_order);\n"
    "    a = 1;\n"
    "  }\n"
    "  if (b == length) {\n"
    "    dst[b - 1] = cupylike_gradient_at(src, b - 1, 1, b - 1, length, dx, edge_order);\n"
    "    b -= 1;\n"
    "  }\n"
    "  for (long long k = a; k < b; ++k) dst[k] = (src[k + 1] - src[k - 1]) / twice;\n"
    "} else {\n"
    "  const long long k = line % length;\n"
    "  if (k > 0 && k < length - 1) {\n"
    "    for (long long j = lo; j < hi; ++j) dst[j] = (src[j + inner] - src[j - inner]) / twice;\n"
    "  } else {\n"
    "    for (long long j = lo; j < hi; ++j)\n"
    "      dst[j] = cupylike_gradient_at(src, j, inner, k, length, dx, edge_order);\n"
    "  }\n"
    "}",
)


def _run_count(shape, axis):
    """How many runs (indices of the kernel) cover an array of `shape` along `axis`."""
    length = shape[axis]
    inner = int(numpy.prod(shape[axis + 1:], dtype=numpy.int64))
    size = int(numpy.prod(shape, dtype=numpy.int64))
    run = length if inner == 1 else inner
    return (size // run) * (-(-run // _RUN)), inner


@functools.cache
def _uniform_kernel():
    return _native.ElementwiseKernel(*_UNIFORM_SOURCE, "cupylike_gradient_uniform",
                                     preamble=_UNIFORM_PREAMBLE)


def _spacing(d, length):
    """A spacing argument as a host float (uniform) or a device array of the differences
    between coordinates (float64 for integer coordinates, as NumPy's)."""
    if not isinstance(d, _native.ndarray):
        d = numpy.asarray(d)
        if d.ndim == 0:
            return d[()]
        d = _native.asarray(d)
    if d.ndim == 0:
        return d.get()[()]
    if d.ndim != 1:
        raise ValueError("distances must be either scalars or 1d")
    if d.shape[0] != length:
        raise ValueError("when 1d, distances must match the length of the corresponding "
                         "dimension")
    if d.dtype.kind in "biu":
        d = d.astype(numpy.float64)
    steps = diff(d)
    if steps.size and bool((steps == steps[0]).all()):
        return steps[0].get()[()]  # evenly spaced: the uniform formulas, as NumPy's
    return steps


def _ndim(d):
    return d.ndim if isinstance(d, _native.ndarray) else numpy.ndim(d)


def _spacings(varargs, f, axes):
    n = len(varargs)
    if n == 0:
        return [1.0] * len(axes)
    if n == 1 and _ndim(varargs[0]) == 0:
        return [_spacing(varargs[0], None)] * len(axes)
    if n != len(axes):
        raise TypeError("invalid number of arguments")
    return [_spacing(d, f.shape[a]) for d, a in zip(varargs, axes, strict=True)]


def _at(ndim, axis, index):
    key = [slice(None)] * ndim
    key[axis] = index
    return tuple(key)


def _along(values, ndim, axis):
    """A 1-d array of per-sample values shaped to broadcast along `axis`."""
    shape = [1] * ndim
    shape[axis] = -1
    return _native.reshape(values, tuple(shape))


def _interior(f, out, axis, dx):
    n = f.ndim
    inner = out[_at(n, axis, slice(1, -1))]
    if not isinstance(dx, _native.ndarray):
        _subtract(f[_at(n, axis, slice(2, None))], f[_at(n, axis, slice(None, -2))], out=inner)
        _divide(inner, 2.0 * dx, out=inner)
        return
    dx1, dx2 = dx[:-1], dx[1:]
    a = -(dx2) / (dx1 * (dx1 + dx2))
    b = (dx2 - dx1) / (dx1 * dx2)
    c = dx1 / (dx2 * (dx1 + dx2))
    inner[...] = (_along(a, n, axis) * f[_at(n, axis, slice(None, -2))]
                  + _along(b, n, axis) * f[_at(n, axis, slice(1, -1))]
                  + _along(c, n, axis) * f[_at(n, axis, slice(2, None))])


def _weights_first(dx):
    if not isinstance(dx, _native.ndarray):
        return -1.5 / dx, 2.0 / dx, -0.5 / dx
    dx1, dx2 = dx[0], dx[1]
    return (-(2.0 * dx1 + dx2) / (dx1 * (dx1 + dx2)), (dx1 + dx2) / (dx1 * dx2),
            -dx1 / (dx2 * (dx1 + dx2)))


def _weights_last(dx):
    if not isinstance(dx, _native.ndarray):
        return 0.5 / dx, -2.0 / dx, 1.5 / dx
    dx1, dx2 = dx[-2], dx[-1]
    return (dx2 / (dx1 * (dx1 + dx2)), -(dx2 + dx1) / (dx1 * dx2),
            (2.0 * dx2 + dx1) / (dx2 * (dx1 + dx2)))


def _edges(f, out, axis, dx, edge_order):
    n = f.ndim
    if edge_order == 1:
        first, last = (dx, dx) if not isinstance(dx, _native.ndarray) else (dx[0], dx[-1])
        head = out[_at(n, axis, 0)]
        _subtract(f[_at(n, axis, 1)], f[_at(n, axis, 0)], out=head)
        _divide(head, first, out=head)
        tail = out[_at(n, axis, -1)]
        _subtract(f[_at(n, axis, -1)], f[_at(n, axis, -2)], out=tail)
        _divide(tail, last, out=tail)
        return
    a, b, c = _weights_first(dx)
    out[_at(n, axis, 0)] = (a * f[_at(n, axis, 0)] + b * f[_at(n, axis, 1)]
                            + c * f[_at(n, axis, 2)])
    a, b, c = _weights_last(dx)
    out[_at(n, axis, -1)] = (a * f[_at(n, axis, -3)] + b * f[_at(n, axis, -2)]
                             + c * f[_at(n, axis, -1)])


def gradient(f, *varargs, axis=None, edge_order=1):
    """The gradient of an N-d array (see numpy.gradient): central differences inside and
    one-sided ones of order `edge_order` (1 or 2) at the ends, along each of `axis` (all by
    default), with spacings given as one scalar, one per axis, or sample coordinates. Integer
    input gives float64; one axis gives an array, several a tuple."""
    f = device_array(f, "gradient")
    axes = tuple(range(f.ndim)) if axis is None else normalize_axis_tuple(axis, f.ndim)
    spacings = _spacings(varargs, f, axes)
    edge_order = operator.index(edge_order)
    if edge_order > 2:
        raise ValueError("'edge_order' greater than 2 not supported")
    if f.dtype.kind in "biu":
        f = f.astype(numpy.float64)
    results = []
    contiguous = None
    for ax, dx in zip(axes, spacings, strict=True):
        if f.shape[ax] < edge_order + 1:
            raise ValueError("Shape of array too small to calculate a numerical gradient, "
                             "at least (edge_order + 1) elements are required.")
        out = _native.empty(f.shape, f.dtype)
        if not isinstance(dx, _native.ndarray) and f.dtype != numpy.float16:
            runs, inner = _run_count(f.shape, ax)
            if runs:
                if contiguous is None:
                    contiguous = _native.ascontiguousarray(f)
                _uniform_kernel()(contiguous, f.shape[ax], inner, float(dx), edge_order, out,
                                  size=runs)
            results.append(out)
            continue
        _interior(f, out, ax, dx)
        _edges(f, out, ax, dx, edge_order)
        results.append(out)
    return results[0] if len(axes) == 1 else tuple(results)
