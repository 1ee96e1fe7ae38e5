"""The FFT plan caches, like CuPy's ``cupy.fft.config``: each CUDA device keeps up to a set
number of cuFFT plans (16 by default), least recently used first out. A plan is made for each
distinct call description (kind, precision, lengths, batch and layout) and reused by later
calls with the same description. The cpu device keeps no plans (NumPy's pocketfft caches its
own); its cache reports none and accepts a size, which has no effect.

>>> from cupylike.fft import config
>>> cache = config.get_plan_cache()      # the current device's
>>> cache.set_size(64)                   # keep up to 64 plans (0: keep none)
>>> cache.get_size(), cache.get_curr_size()
(64, 0)
>>> cache.clear()                        # destroy the cached plans
"""

import operator

from cupylike._core import _native


class PlanCache:
    """The plan cache of one device (see the module's documentation)."""

    def __init__(self, device=None):
        self.device = _native.Device(device)

    def get_size(self):
        """The most plans the cache keeps."""
        return _native._fft_plan_cache_limit(self.device)

    def set_size(self, size):
        """Keep at most `size` plans (an int >= 0), destroying the least recently used ones
        beyond it."""
        size = operator.index(size)
        if size < 0:
            raise ValueError(f"the plan cache size must be non-negative, not {size}")
        _native._set_fft_plan_cache_limit(self.device, size)

    def get_curr_size(self):
        """The plans the cache holds now."""
        return _native._fft_plan_cache_count(self.device)

    def clear(self):
        """Destroy every cached plan (after the device finishes its queued work)."""
        _native._clear_fft_plan_cache(self.device)

    def show_info(self):
        """Print the cache's device, size limit and plan count."""
        print(f"FFT plan cache of {self.device}: {self.get_curr_size()} of {self.get_size()} "
              "plans")

    def __repr__(self):
        return f"<PlanCache {self.device}: {self.get_curr_size()}/{self.get_size()} plans>"


def get_plan_cache(device=None):
    """The plan cache of `device` (default: the current device)."""
    return PlanCache(device)


def show_plan_cache_info():
    """Print the current device's plan cache information."""
    get_plan_cache().show_info()
