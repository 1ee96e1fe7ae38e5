#pragma once
/// Which devices can be used, the current device of each thread and the process default
/// (CUPYLIKE_DEVICE, else the first usable CUDA device, else cpu).
#include <cstdint>

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

/// The device a CUDA-style ordinal names (`cupy.cuda.Device(n)`, `device=n`). With a CUDA
/// device as the process default it is cuda:n (checked when used, as CUDA does). On the cpu
/// backend the cpu device is device 0, so CuPy programs run unchanged, and any other ordinal
/// raises CUDARuntimeError with CUDA's message for an invalid ordinal.
Device device_for_ordinal(int64_t ordinal);
/// How many ordinals name a device: the CUDA devices, or 1 (the cpu device) on the cpu backend.
int ordinal_count();

/// ValueError naming both devices when they differ (operations never move data implicitly).
void check_same_device(Device a, Device b);

}  // namespace cupylike
