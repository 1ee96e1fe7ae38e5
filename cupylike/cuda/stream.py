"""Streams and events (``cupylike.cuda.stream``, as ``cupy.cuda.stream``).

On the cpu device work runs as it is issued: every stream is in order, ``synchronize`` returns
at once, and events time the host's work between their records.
"""

from cupylike._core._native import (
    Event,
    Stream,
    _external_stream,
    get_current_stream,
    get_elapsed_time,
)

__all__ = ["Event", "ExternalStream", "Stream", "get_current_stream", "get_elapsed_time"]


def ExternalStream(ptr, device_id=-1):  # noqa: N802 (CuPy's class name)
    """A :class:`Stream` over another library's stream (its ``cudaStream_t`` as an int), as
    CuPy's ExternalStream: ``with ExternalStream(torch_stream.cuda_stream):``.

    ``device_id`` is the stream's device number (-1: the current device). cupylike issues work
    to the stream and never destroys it, so its owner must keep it alive. On the cpu device work
    runs as it is issued and any handle serves. Returns a Stream (CuPy: a subclass).
    """
    return _external_stream(ptr, device_id)
