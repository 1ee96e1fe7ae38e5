"""The Python-level methods of cupylike.ndarray and cupylike.ufunc, listed in one place.

The classes are the core's (csrc/python/); what the core does not define is a NumPy function
with the array first, bound here as a method, and `install()` (called once, by cupylike's
__init__) sets them all. The reductions bind the path that needs no argument check, as self
is an ndarray, and their common calls (``x.sum()``, ``x.max(axis=0)``) skip even that: the
core's C-level methods run them and call the Python ones for everything else.

This is the one module of _core/ that reads the grouped packages; none of them imports it.
"""

import inspect
import types

import numpy

from cupylike._core import _array_conversion, _native
from cupylike._core._array_api import __array_namespace__, to_device
from cupylike._core._array_function import __array_function__
from cupylike._core._array_ufunc import __array_ufunc__
from cupylike._core._reductions import REDUCTIONS
from cupylike._core._scans import accumulate
from cupylike._core._ufunc_reduce import ARRAY_DTYPES, loop_dtypes, reduce, reduce_array
from cupylike._core._ufuncs import UFUNCS
from cupylike._creation._matrices import diagonal as _diagonal
from cupylike._creation._matrices import trace
from cupylike._indexing._flatiter import flat, set_flat
from cupylike._indexing._indexing import compress as _compress
from cupylike._indexing._indexing import nonzero, take
from cupylike._indexing._placement import choose, put
from cupylike._manipulation._rearranging import repeat
from cupylike._math._cumulative import cumprod, cumsum
from cupylike._math._rounding import around
from cupylike._math._scatter import scatter_add, scatter_max, scatter_min
from cupylike._math._selection import (
    array_imag,
    array_real,
    clip_between,
    set_array_imag,
    set_array_real,
)
from cupylike._math._sumprod import ptp
from cupylike._math._ufunc_at import at
from cupylike._math._ufunc_reduceat import identity, reduceat
from cupylike._sorting._search import argmax, argmin, searchsorted
from cupylike._sorting._sort import argpartition, argsort, check_kind, partition, sort
from cupylike._statistics._meanvar import mean, std, var
from cupylike.linalg._products import dot, matmul

_NoValue = numpy._NoValue
_conjugate = UFUNCS["conjugate"]
_equal = UFUNCS["equal"]


def sum(self, axis=None, dtype=None, out=None, keepdims=False, initial=_NoValue,  # noqa: A001
        where=True):
    """Sum of the array's elements over the given axes (see cupylike.sum)."""
    return reduce_array("add", self, axis, dtype, out, keepdims, initial, where)


def prod(self, axis=None, dtype=None, out=None, keepdims=False, initial=_NoValue,
         where=True):
    """Product of the array's elements over the given axes (see cupylike.prod)."""
    return reduce_array("multiply", self, axis, dtype, out, keepdims, initial, where)


def max(self, axis=None, out=None, keepdims=False, initial=_NoValue, where=True):  # noqa: A001
    """Maximum along the given axes (see cupylike.max)."""
    return reduce_array("maximum", self, axis, None, out, keepdims, initial, where)


def min(self, axis=None, out=None, keepdims=False, initial=_NoValue, where=True):  # noqa: A001
    """Minimum along the given axes (see cupylike.min)."""
    return reduce_array("minimum", self, axis, None, out, keepdims, initial, where)


def all(self, axis=None, out=None, keepdims=False, *, where=True):  # noqa: A001
    """Whether all elements along the given axes are true (see cupylike.all)."""
    return reduce_array("logical_and", self, axis, numpy.bool_, out, keepdims, _NoValue, where)


def any(self, axis=None, out=None, keepdims=False, *, where=True):  # noqa: A001
    """Whether any element along the given axes is true (see cupylike.any)."""
    return reduce_array("logical_or", self, axis, numpy.bool_, out, keepdims, _NoValue, where)


def clip(self, min=None, max=None, out=None, **kwargs):  # noqa: A002 (NumPy's names)
    return clip_between(self, min, max, out=out, **kwargs)


def _conj(self):
    return _conjugate(self)


def _compress_method(self, condition, axis=None, out=None):
    return _compress(condition, self, axis, out)


def _diagonal_method(self, offset=0, axis1=0, axis2=1):
    return _diagonal(self, offset, axis1, axis2)


def _sort_in_place(self, axis=-1, kind=None, order=None, *, stable=None):
    check_kind(kind, stable, order)
    self[...] = sort(self, axis=axis)


def _partition_in_place(self, kth, axis=-1, kind="introselect", order=None):
    self[...] = partition(self, kth, axis=axis, kind=kind, order=order)


def _matmul_operator(self, value, /):
    c = _native._matmul_direct(self, value)  # the common case without matmul's keywords
    return matmul(self, value) if c is None else c


def _rmatmul(self, value, /):
    return matmul(value, self)


def _imatmul(self, value, /):
    # NumPy allows a @= b only where the product keeps a's shape, and writes into a.
    return matmul(self, value, out=self)


def _flatten(self, order="C"):
    # ravel's order (NumPy's flatten('K') follows the array's strides, stride-0 axes
    # included), copied only where ravel gave a view of the array.
    flat = self.ravel(order)
    same_block = flat.size and flat.data.mem.ptr == self.data.mem.ptr
    return flat.copy() if same_block else flat


def _contains(self, value):
    try:
        if isinstance(value, (list, tuple)):  # NumPy compares with a sequence elementwise
            value = _native.asarray(numpy.asarray(value), device=self.device)
        equal = _equal(self, value)
    except TypeError:
        return False  # NumPy: an object it cannot compare (None, a string) equals no element
    return bool(equal.any())


def _class_getitem(cls, item):
    # NumPy's generic form: ndarray[shape type, dtype type], at most two arguments.
    if isinstance(item, tuple) and len(item) > 2:
        raise TypeError(f"Too many arguments for {cls.__module__}.{cls.__name__}")
    return types.GenericAlias(cls, item)


def _reduce(self):
    return (_native._rebuild, (self.get(order="K"), self.device))


def _reduce_ex(self, protocol):
    # A cpu-device array's own bytes, seen by NumPy without a copy: NumPy's pickle protocol 5
    # hands them to the pickler as an out-of-band buffer (Dask's distributed sends such
    # buffers as frames, uncopied). Other arrays go through a host copy.
    if protocol >= 5 and self.device.kind == "cpu" and (self.flags.c_contiguous
                                                        or self.flags.f_contiguous):
        return (_native._rebuild, (numpy.from_dlpack(self), self.device))
    return _reduce(self)


NDARRAY_METHODS = {
    # calculation
    "sum": sum, "prod": prod, "max": max, "min": min, "all": all, "any": any,
    "argmax": argmax, "argmin": argmin, "mean": mean, "var": var, "std": std,
    "cumsum": cumsum, "cumprod": cumprod, "clip": clip, "round": around,
    "conj": _conj, "conjugate": _conj, "trace": trace, "dot": dot,
    # item selection and manipulation
    "nonzero": nonzero, "take": take, "compress": _compress_method, "put": put,
    "choose": choose, "repeat": repeat, "diagonal": _diagonal_method,
    "sort": _sort_in_place, "argsort": argsort, "partition": _partition_in_place,
    "argpartition": argpartition, "searchsorted": searchsorted,
    # CuPy's in-place scatter updates (not in NumPy)
    "scatter_add": scatter_add, "scatter_max": scatter_max, "scatter_min": scatter_min,
    # array conversion (ptp: CuPy has it; NumPy 2 removed ndarray.ptp, docs/differences_interop.md)
    "tobytes": _array_conversion.tobytes, "tofile": _array_conversion.tofile,
    "dump": _array_conversion.dump, "dumps": _array_conversion.dumps,
    "byteswap": _array_conversion.byteswap, "flatten": _flatten, "ptp": ptp,
    # operators and protocols
    "__matmul__": _matmul_operator, "__rmatmul__": _rmatmul, "__imatmul__": _imatmul,
    "__reduce__": _reduce, "__reduce_ex__": _reduce_ex, "__array_ufunc__": __array_ufunc__,
    # CuPy's value: above NumPy's 0.0, so that Dask joins mixed chunks with cupylike's functions.
    "__array_priority__": 100.0,
    "__format__": _array_conversion.__format__, "__contains__": _contains,
    "__class_getitem__": classmethod(_class_getitem), "__array_function__": __array_function__,
    # the Array API's
    "to_device": to_device, "__array_namespace__": __array_namespace__,
    # attributes: views of the real and imaginary parts, assignable
    "real": property(array_real, set_array_real, doc="The real part of the array (a view)."),
    "imag": property(array_imag, set_array_imag, doc="The imaginary part of the array."),
    "flat": property(flat, set_flat, doc="A flat iterator over the array, in C order; "
                     "assigning to it writes the array."),
}

_P = inspect.Parameter


def _ufunc_signature(self):
    # numpy.ufunc's signature, which inspect reads: x (or x1, x2, ...) positional-only, out,
    # then the keyword-only arguments every ufunc call takes.
    inputs = ["x"] if self.nin == 1 else [f"x{i + 1}" for i in range(self.nin)]
    out = None if self.nout == 1 else (None,) * self.nout
    keywords = {"where": True, "casting": "same_kind", "order": "K", "dtype": None,
                "subok": True, "signature": None}
    return inspect.Signature(
        [_P(n, _P.POSITIONAL_ONLY) for n in inputs]
        + [_P("out", _P.POSITIONAL_OR_KEYWORD, default=out)]
        + [_P(k, _P.KEYWORD_ONLY, default=v) for k, v in keywords.items()])


UFUNC_METHODS = {
    "reduce": reduce, "accumulate": accumulate, "at": at, "reduceat": reduceat,
    "identity": property(identity, doc="The identity value of the ufunc (None: it has none)."),
    "__signature__": property(_ufunc_signature),
}

# The methods set as C-level methods (csrc/python/bind_reduction_methods.cpp): x.sum(),
# x.sum(axis) and keepdims= go straight to the reduction, in the loop dtype the Python method
# would pick ({input dtype: loop dtype}; None: the core picks it); any other call, and for the
# arg reductions an empty array (their ValueError), runs the Python method above.
# method: (reduction, loops, whether an empty input goes to the Python method).
_SAME_DTYPE = {t: t for t in ARRAY_DTYPES}
FAST_REDUCTION_METHODS = {
    "sum": ("add", None, False), "prod": ("multiply", None, False),
    "max": ("maximum", loop_dtypes("maximum"), False),
    "min": ("minimum", loop_dtypes("minimum"), False),
    "all": ("logical_and", loop_dtypes("logical_and", numpy.bool_), False),
    "any": ("logical_or", loop_dtypes("logical_or", numpy.bool_), False),
    "argmax": ("argmax", _SAME_DTYPE, True), "argmin": ("argmin", _SAME_DTYPE, True),
}


def install():
    """Sets the methods above on the core's classes (once, from cupylike's __init__)."""
    for name, method in NDARRAY_METHODS.items():
        setattr(_native.ndarray, name, method)
    for name, (reduction, loops, nonempty) in FAST_REDUCTION_METHODS.items():
        _native._set_reduction_method(name, REDUCTIONS[reduction], NDARRAY_METHODS[name], loops,
                                      nonempty)
    for name, method in UFUNC_METHODS.items():
        setattr(_native.ufunc, name, method)
    _native.ndarray.__module__ = "cupylike"
