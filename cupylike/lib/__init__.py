"""cupylike.lib: the parts of numpy.lib that work on arrays: stride_tricks (as_strided,
sliding_window_view), scimath (also cupylike.emath) and array_utils."""

from cupylike.lib import array_utils, scimath, stride_tricks

__all__ = ["array_utils", "scimath", "stride_tricks"]
