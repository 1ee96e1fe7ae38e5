#pragma once
/// Which devices can be used, the current device of each thread and the process default
/// (CUPYLIKE_DEVICE, else the first usable CUDA device, else cpu).
#include "core/device.hpp"

namespace cupylike {

/// The device of this thread: set by set_current_device, else the process default.
Device current_device();
void set_current_device(Device device);
/// For `with device:` blocks: make `device` current, then restore what was there before
/// (including "no choice made", so the process default still applies after the block).
void push_current_device(Device device);
void pop_current_device();
/// CUPYLIKE_DEVICE if set (raising CUDAUnavailableError when it names CUDA and there is none),
/// else the first usable CUDA device, else cpu. Resolved once per process.
Device default_device();
/// Raises a clear error when the device cannot be used (no driver, no such device).
void check_device_usable(Device device);

/// ValueError naming both devices when they differ (operations never move data implicitly).
void check_same_device(Device a, Device b);

}  // namespace cupylike
