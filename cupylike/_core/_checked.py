"""Checked mode (CUPYLIKE_CHECKED=1): the public empty and empty_like hand out poisoned memory
(NaN for floating dtypes, 0xCC bytes for the others), so a read before a write stands out.
The library's own uses of _native.empty are written before they are read and do not pay."""

import functools

from cupylike._core import _native


def poisoning(make):
    """`make` (empty or empty_like) as the public function of this mode: itself when checked
    mode is off, so the default costs nothing."""
    if not _native._checked_mode():
        return make

    @functools.wraps(make)
    def poisoned(*args, **kwargs):
        return _native._poisoned_if_checked(make(*args, **kwargs))

    return poisoned
