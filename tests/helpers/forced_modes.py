"""Forcing how the engines cut their work, so that the cpu device runs every path a GPU takes.

Reductions (`_native._force_reduction_mode`): 0 thread per output, 1 tiles, 2 partial results
combined by a final launch, 3 GPU-style blocks with a shared-memory tree. Scans
(`_native._force_scan_mode`): THREAD, TILE, CHUNK, BLOCK, each slice cut into `chunks`."""

import contextlib

from cupylike._core import _native

REDUCTION_MODES = [(mode, parts) for mode in range(4) for parts in (1, 3)]
REDUCTION_MODE_IDS = [f"mode{mode}-parts{parts}" for mode, parts in REDUCTION_MODES]

THREAD, TILE, CHUNK, BLOCK = range(4)


@contextlib.contextmanager
def forced_reduction(mode, parts):
    _native._force_reduction_mode(mode, parts)
    try:
        yield
    finally:
        _native._force_reduction_mode(None)


@contextlib.contextmanager
def forced_scan(mode, chunks=1):
    """Scans cut their work as `mode` (None: as they choose) with `chunks` per slice."""
    _native._force_scan_mode(mode, chunks)
    try:
        yield
    finally:
        _native._force_scan_mode(None)
