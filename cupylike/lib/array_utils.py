"""numpy.lib.array_utils: axis normalisation (host arithmetic on ints, NumPy's own functions)
and byte_bounds (device addresses)."""

from numpy.lib.array_utils import normalize_axis_index, normalize_axis_tuple

from cupylike._core._memory_overlap import byte_bounds

__all__ = ["byte_bounds", "normalize_axis_index", "normalize_axis_tuple"]
