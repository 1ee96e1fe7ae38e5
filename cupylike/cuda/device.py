"""Devices (``cupylike.cuda.device``, as ``cupy.cuda.device``)."""

from cupylike._core._native import Device
from cupylike.cuda.runtime import getDevice

__all__ = ["Device", "get_device_id", "synchronize"]


def get_device_id():
    """The number of the calling thread's current device (0 for the cpu device)."""
    return getDevice()


def synchronize():
    """Waits for all work on the current device."""
    Device().synchronize()

