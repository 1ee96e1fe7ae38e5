"""numpy.lib.array_utils: axis normalisation (host arithmetic on ints, NumPy's own functions)
and byte_bounds."""

from numpy.lib.array_utils import normalize_axis_index, normalize_axis_tuple

__all__ = ["normalize_axis_index", "normalize_axis_tuple"]
