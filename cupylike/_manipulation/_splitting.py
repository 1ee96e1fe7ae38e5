"""Splitting arrays into views: split, array_split, hsplit, vsplit and dsplit, as NumPy has
them (the pieces share memory with the input)."""

import operator

import numpy
from numpy.lib.array_utils import normalize_axis_index

from cupylike._core._device_arrays import device_array


def array_split(ary, indices_or_sections, axis=0):
    """Views of `ary` cut along `axis`: into N nearly equal pieces (the first len % N one
    longer) or at the given indices (see numpy.array_split)."""
    ary = device_array(ary, "array_split")
    axis = normalize_axis_index(operator.index(axis), ary.ndim)
    n = ary.shape[axis]
    try:
        cuts = [int(i) for i in indices_or_sections]
        bounds = [0] + cuts + [n]
    except TypeError:
        sections = operator.index(indices_or_sections)
        if sections <= 0:
            raise ValueError("number sections must be larger than 0.") from None
        each, extra = divmod(n, sections)
        sizes = [0] + extra * [each + 1] + (sections - extra) * [each]
        bounds = numpy.cumsum(sizes).tolist()
    lead = (slice(None),) * axis
    return [ary[lead + (slice(start, stop),)] for start, stop in zip(bounds[:-1], bounds[1:],
                                                                     strict=True)]


def split(ary, indices_or_sections, axis=0):
    """array_split, where a number of sections must divide the axis exactly (ValueError
    otherwise)."""
    ary = device_array(ary, "split")
    if not hasattr(indices_or_sections, "__len__") and not hasattr(indices_or_sections,
                                                                    "__iter__"):
        sections = operator.index(indices_or_sections)
        n = ary.shape[normalize_axis_index(operator.index(axis), ary.ndim)]
        if n % sections:  # 0 sections: NumPy's ZeroDivisionError, from this very modulo
            raise ValueError("array split does not result in an equal division")
    return array_split(ary, indices_or_sections, axis)


def hsplit(ary, indices_or_sections):
    """split along the second axis (the first for 1-d arrays)."""
    ary = device_array(ary, "hsplit")
    if ary.ndim == 0:
        raise ValueError("hsplit only works on arrays of 1 or more dimensions")
    return split(ary, indices_or_sections, 1 if ary.ndim > 1 else 0)


def vsplit(ary, indices_or_sections):
    """split along the first axis of an array of at least two dimensions."""
    ary = device_array(ary, "vsplit")
    if ary.ndim < 2:
        raise ValueError("vsplit only works on arrays of 2 or more dimensions")
    return split(ary, indices_or_sections, 0)


def dsplit(ary, indices_or_sections):
    """split along the third axis of an array of at least three dimensions."""
    ary = device_array(ary, "dsplit")
    if ary.ndim < 3:
        raise ValueError("dsplit only works on arrays of 3 or more dimensions")
    return split(ary, indices_or_sections, 2)
