"""einsum (see numpy.einsum) through diagonals, sums and matmul: each operand first takes the
diagonals of its repeated labels and sums the labels nobody else needs, then operands are
contracted in pairs as one batched matrix product each (batch labels shared and kept, the
contracted ones shared and not kept), in the order numpy.einsum_path's greedy search picks for
three operands or more. einsum_path itself is NumPy's, run on stand-ins of the operands'
shapes (no data)."""

import numpy

from cupylike._core import _native
from cupylike._core._device_arrays import device_array
from cupylike._logic._truth import any as _any
from cupylike._math._sumprod import sum as _sum
from cupylike.linalg._einsum_parse import parse, split_arguments
from cupylike.linalg._products import plain_matmul

_OPTIMIZE = (False, True, None, "greedy", "optimal")


class _Term:
    """An operand with one label per axis."""

    def __init__(self, array, labels):
        self.array, self.labels = array, list(labels)

    def size_of(self, label):
        return self.array.shape[self.labels.index(label)]


def _take_diagonals(term):
    """Repeated labels of one operand become one axis (the diagonal), as NumPy's einsum does."""
    a, labels = term.array, term.labels
    while len(set(labels)) < len(labels):
        label = next(x for x in labels if labels.count(x) > 1)
        i = labels.index(label)
        j = labels.index(label, i + 1)
        if a.shape[i] != a.shape[j]:
            raise ValueError(f"dimensions in operand for collapsing index '{label}' don't match "
                             f"({a.shape[i]} != {a.shape[j]})")
        a = a.diagonal(axis1=i, axis2=j)
        labels = [x for k, x in enumerate(labels) if k not in (i, j)] + [label]
    return _Term(a, labels)


def _reduce(term, drop, dtype):
    """Sums (bool: any) the axes of `drop` labels out of the term."""
    axes = tuple(i for i, x in enumerate(term.labels) if x in drop)
    if not axes:
        return term
    if dtype == numpy.bool_:
        a = _any(term.array, axis=axes)
    else:
        a = _sum(term.array, axis=axes, dtype=dtype)
    return _Term(a, [x for x in term.labels if x not in drop])


def _squeeze_broadcast(a, b):
    """Labels both share where one side has size 1 and the other more (_check_sizes allows no
    other difference): the size-1 axis broadcasts, so it leaves that side (the label then
    belongs to the other alone)."""
    for label in [x for x in a.labels if x in b.labels]:
        sa, sb = a.size_of(label), b.size_of(label)
        if sa == sb:
            continue
        small = a if sa == 1 else b
        i = small.labels.index(label)
        small.array = small.array.reshape(small.array.shape[:i] + small.array.shape[i + 1:])
        small.labels.pop(i)


def _contract(a, b, keep, dtype):
    """One term for the pair: shared kept labels batch, shared others contract."""
    _squeeze_broadcast(a, b)
    a = _reduce(a, {x for x in a.labels if x not in keep and x not in b.labels}, dtype)
    b = _reduce(b, {x for x in b.labels if x not in keep and x not in a.labels}, dtype)
    shared = [x for x in a.labels if x in b.labels]
    batch = [x for x in shared if x in keep]
    summed = [x for x in shared if x not in keep]
    a_free = [x for x in a.labels if x not in shared]
    b_free = [x for x in b.labels if x not in shared]
    sizes = {x: a.size_of(x) for x in a.labels} | {x: b.size_of(x) for x in b.labels}

    def arranged(term, rows, cols):
        order = [term.labels.index(x) for x in batch + rows + cols]
        moved = term.array.transpose(order)
        shape = tuple(sizes[x] for x in batch)
        return moved.reshape(shape + (_prod(sizes[x] for x in rows), _prod(sizes[x] for x in
                                                                           cols)))

    # NumPy's einsum sums products in its own loops, not BLAS: their values for inf and NaN.
    product = plain_matmul(arranged(a, a_free, summed), arranged(b, summed, b_free), dtype=dtype)
    labels = batch + a_free + b_free
    return _Term(product.reshape(tuple(sizes[x] for x in labels)), labels)


def _prod(values):
    out = 1
    for v in values:
        out *= v
    return out


def _check_sizes(terms):
    sizes = {}
    for i, term in enumerate(terms):
        for label, n in zip(term.labels, term.array.shape, strict=True):
            seen = sizes.setdefault(label, n)
            if n != seen and 1 not in (n, seen):
                raise ValueError(f"size of label '{label}' for operand {i} ({n}) does not match "
                                 f"previous terms ({seen}).")
            sizes[label] = max(n, seen)


def _stand_ins(operands):
    return [numpy.broadcast_to(numpy.empty((), a.dtype), a.shape) for a in operands]


def _result_dtype(operands, dtype, casting):
    if dtype is None:
        return numpy.result_type(*(a.dtype for a in operands))
    dtype = numpy.dtype(dtype)
    for i, a in enumerate(operands):
        if not numpy.can_cast(a.dtype, dtype, casting):
            raise TypeError(f"Iterator operand {i} dtype could not be cast from {a.dtype!r} to "
                            f"{dtype!r} according to the rule {casting!r}")
    return dtype


def _order(subscripts, operands, n):
    """Pairs to contract, as positions in the shrinking list (NumPy's einsum_path convention)."""
    if n <= 2:
        return [tuple(range(n))]
    path, _ = numpy.einsum_path(subscripts, *_stand_ins(operands), optimize="greedy")
    return [tuple(step) for step in path[1:]]


def _device_operands(arrays):
    """cupylike arrays as they are; Python scalars become 0-d arrays on the arrays' device (as
    numpy.asarray types them, which is what numpy.einsum does); host arrays raise TypeError (no
    implicit transfers)."""
    device = next((a.device for a in arrays if isinstance(a, _native.ndarray)), None)
    out = []
    for a in arrays:
        if type(a) in (bool, int, float, complex):
            scalar = numpy.asarray(a)
            out.append(_native.asarray(scalar) if device is None else
                       _native.asarray(scalar, device=device))
        else:
            out.append(device_array(a, "einsum"))
    return out


def einsum(*operands, out=None, dtype=None, order="K", casting="safe", optimize=False):
    """Einstein summation over the operands (see numpy.einsum): both the subscripts-string and
    the interleaved forms, '...' broadcasting, implicit and explicit outputs."""
    subscripts, arrays = split_arguments(operands)
    if optimize not in _OPTIMIZE and not isinstance(optimize, list):
        raise TypeError(f"Did not understand the path (optimize): {optimize!r}")
    arrays = _device_operands(arrays)
    inputs, output = parse(subscripts, [a.ndim for a in arrays])
    result_dtype = _result_dtype(arrays, dtype, casting)
    terms = [_take_diagonals(_Term(a.astype(result_dtype, copy=False), labels))
             for a, labels in zip(arrays, inputs, strict=True)]
    _check_sizes(terms)
    for step in _order(subscripts, arrays, len(terms)):
        chosen = [terms[i] for i in step]
        rest = [t for i, t in enumerate(terms) if i not in step]
        keep = set(output).union(*(t.labels for t in rest))
        if len(chosen) == 1:
            merged = _reduce(chosen[0], set(chosen[0].labels) - keep, result_dtype)
        else:
            merged = chosen[0]
            for i, other in enumerate(chosen[1:]):
                later = set().union(*(t.labels for t in chosen[i + 2:]))
                merged = _contract(merged, other, keep | later, result_dtype)
        terms = rest + [merged]
    (final,) = terms
    final = _reduce(final, set(final.labels) - set(output), result_dtype)
    result = final.array.transpose([final.labels.index(x) for x in output])
    result = result.astype(result_dtype, order=order if order in "CFAK" else "K", copy=True)
    if out is None:
        return result
    if not isinstance(out, _native.ndarray):
        raise TypeError("out must be a cupylike.ndarray")
    if not numpy.can_cast(result.dtype, out.dtype, casting):
        raise TypeError(f"Iterator requested dtype could not be cast from {result.dtype!r} to "
                        f"{out.dtype!r}, the operand {len(arrays)} dtype, according to the rule "
                        f"{casting!r}")
    out[...] = result
    return out


def einsum_path(*operands, optimize="greedy", einsum_call=False):
    """The contraction order and its cost report (see numpy.einsum_path): NumPy's own search,
    run on stand-ins of the operands' shapes and dtypes."""
    subscripts, arrays = split_arguments(operands)
    stand_ins = _stand_ins([a if isinstance(a, _native.ndarray) else numpy.asarray(a)
                            for a in arrays])
    return numpy.einsum_path(subscripts, *stand_ins, optimize=optimize, einsum_call=einsum_call)
