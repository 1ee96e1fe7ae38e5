"""Streams and events (``cupylike.cuda.stream``, as ``cupy.cuda.stream``).

On the cpu device work runs as it is issued: every stream is in order, ``synchronize`` returns
at once, and events time the host's work between their records.
"""

from cupylike._core._native import Event, Stream, get_current_stream, get_elapsed_time

__all__ = ["Event", "Stream", "get_current_stream", "get_elapsed_time"]
