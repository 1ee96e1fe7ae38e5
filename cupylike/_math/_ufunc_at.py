"""ufunc.at: unbuffered in-place operation at indices, every update of a repeated index landing
in index order, as NumPy's.

Built for a GPU: the flat targets of the updates are sorted stably (the library's argsort), so
each distinct target's updates sit together in their original order; one thread per distinct
target then applies them one after another. Targets run in parallel, the updates of one target
in sequence, which is what makes repeated indices, non-commutative operations (subtract) and
floating rounding come out as NumPy's, whose loop walks the indices in order.

The operation is the ufunc's own loop: the kernel includes the ufunc family's source
(`ufunc._kernel_source()`, from the ufunc table) and calls the operation struct of the chosen
loop, so no operation is written a second time. NumPy's rules for the loop (its ufunc_at):
`b` is an array (a Python scalar takes NumPy's default dtype, not a weak one), the loop is
the one the ufunc picks for (a, b) with the inputs cast safely, and the result is cast back to
a's dtype unsafely (np.add.at(int8 array, i, 1.5) truncates, as NumPy's does).
"""

import numpy

from cupylike._core import _native
from cupylike._core._ufunc_table import TABLE
from cupylike._sorting._sort import argsort

_NEGATIVE_EXPONENT_ERROR = {e.name for e in TABLE if e.negative_exponent_error}
_SCALARS = (bool, int, float, complex, numpy.generic)
_SIGNED = "bhil"

# The body run by one thread per distinct target: starts[i]..starts[i + 1] are the positions,
# in sorted order, of the updates of target sorted_targets[starts[i]]; order maps them back to
# the updates' own positions (b's flat index). Each update reads a's element through the
# loop's storage type, as NumPy's loop does, and writes its result back in a's dtype.
_BINARY = """
const long long s = starts[i], e = starts[i + 1];
const long long t = targets[s];
A v = a[t];
for (long long k = s; k < e; ++k) {
  typename OP::C2 r;
  OP::f(cupylike::cast<typename OP::C0>(cupylike::cast<typename OP::S0>(v)),
        cupylike::cast<typename OP::C1>(cupylike::cast<typename OP::S1>(b[order[k]])), r);
  v = cupylike::cast<A>(cupylike::cast<typename OP::S2>(r));
}
a[t] = v;
"""
_UNARY = """
const long long s = starts[i], e = starts[i + 1];
const long long t = targets[s];
A v = a[t];
for (long long k = s; k < e; ++k) {
  typename OP::C1 r;
  OP::f(cupylike::cast<typename OP::C0>(cupylike::cast<typename OP::S0>(v)), r);
  v = cupylike::cast<A>(cupylike::cast<typename OP::S1>(r));
}
a[t] = v;
"""

_KERNELS = {}  # (ufunc name, loop index) -> ElementwiseKernel


def at_kernel(ufunc, loop):
    """The ElementwiseKernel applying loop number `loop` of `ufunc` at sorted targets."""
    key = (ufunc.__name__, loop)
    kernel = _KERNELS.get(key)
    if kernel is None:
        # 'cupylike::ew_kernel<cupylike_ufunc::add_3>' -> the loop's operation struct
        struct = ufunc._kernel_names()[loop].split("<", 1)[1].rstrip(">")
        binary = ufunc.nin == 2
        params = ("raw int64 starts, raw int64 targets, raw int64 order"
                  + (", raw B b" if binary else ""))
        body = (_BINARY if binary else _UNARY).replace("OP", struct)
        kernel = _native.ElementwiseKernel(
            params, "raw A a", body, f"cupylike_at_{ufunc.__name__}_{loop}",
            preamble=ufunc._kernel_source())
        _KERNELS[key] = kernel
    return kernel


def loop_index(ufunc, in_dtypes, out_dtype):
    """The index in ufunc.types of the first loop whose output is `out_dtype` and whose inputs
    `in_dtypes` cast to safely (the loop the ufunc itself picked for them)."""
    out = numpy.dtype(out_dtype).char
    for k, sig in enumerate(ufunc.types):
        ins, outs = sig.split("->")
        if outs == out and all(numpy.can_cast(t, c, "safe")
                                for t, c in zip(in_dtypes, ins, strict=True)):
            return k
    raise TypeError(f"ufunc '{ufunc.__name__}' has no loop for {tuple(in_dtypes)}")


def _operand(b, a):
    """b as ufunc.at reads it: arrays as they are, Python and NumPy scalars as arrays of
    NumPy's default dtype; anything else as the ufunc itself would (its TypeError)."""
    if isinstance(b, _native.ndarray):
        return b
    if isinstance(b, _SCALARS):
        return _native.asarray(b, device=a.device)
    return b


def _resolve(ufunc, a, b):
    """The loop index for ufunc.at on a (and b): the ufunc's own choice on empty operands of
    their dtypes, so its errors (no loop, boolean subtract, ...) are NumPy's."""
    sample = _native.empty((0,), a.dtype, device=a.device)
    if b is None:
        return loop_index(ufunc, (a.dtype,), ufunc(sample).dtype)
    other = _native.empty((0,), b.dtype, device=a.device) if isinstance(b, _native.ndarray) \
        else b
    return loop_index(ufunc, (a.dtype, b.dtype), ufunc(sample, other).dtype)


def _check_arguments(ufunc, a, b):
    if ufunc.nout != 1:
        raise ValueError("Only single output ufuncs supported at this time")
    if not isinstance(a, _native.ndarray):
        raise TypeError("first operand must be array")
    if ufunc.nin == 2 and b is None:
        raise ValueError("second operand needed for ufunc")
    if ufunc.nin == 1 and b is not None:
        raise ValueError("second operand provided when ufunc is unary")
    if not a.flags.writeable:
        raise ValueError("output array is read-only")


def apply_at(ufunc, loop, a, targets, b):
    """Applies loop `loop` of `ufunc` to a's elements at the flat C-order `targets` (int64,
    1-d), in order, with the elements of `b` of the same flat C-order index (any shape of
    targets.size elements, or None for unary ufuncs)."""
    if targets.size == 0:
        return
    order = argsort(targets, kind="stable")
    ordered = targets[order]
    new = _native.empty(ordered.shape, numpy.bool_, device=a.device)
    new[:1] = True
    new[1:] = ordered[1:] != ordered[:-1]
    starts = _native.arange(ordered.size, dtype=numpy.int64, device=a.device)[new]
    bounds = _native.empty((starts.size + 1,), numpy.int64, device=a.device)
    bounds[:-1] = starts
    bounds[-1:] = ordered.size
    args = (bounds, ordered, order) + ((b,) if b is not None else ())
    at_kernel(ufunc, loop)(*args, a, size=starts.size)


def at(self, a, indices, b=None, /):
    """Performs the operation in place on `a` at `indices` (NumPy's ufunc.at): every update of
    a repeated index lands, in index order."""
    _check_arguments(self, a, b)
    b = _operand(b, a) if b is not None else None
    loop = _resolve(self, a, b)
    positions = _native.arange(a.size, dtype=numpy.int64, device=a.device).reshape(a.shape)
    positions = positions[indices]
    if b is not None:
        try:
            b = _native.broadcast_to(b, positions.shape)
        except ValueError:
            raise ValueError("array is not broadcastable to correct shape") from None
        if self.__name__ in _NEGATIVE_EXPONENT_ERROR and self.types[loop][1] in _SIGNED \
                and b.size and bool((b < 0).any()):
            raise ValueError("Integers to negative integer powers are not allowed.")
        # b is read while a is written: a copy when it may be a view of a's memory.
        b = b.copy() if _may_share_memory(a, b) else b
    apply_at(self, loop, a, positions.reshape(-1), b)


def _root(x):
    while getattr(x, "base", None) is not None:
        x = x.base
    return x


def _may_share_memory(a, b):
    return _root(a) is _root(b)
