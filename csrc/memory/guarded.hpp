#pragma once
/// Guarded host memory for checked mode (runtime/checked_mode.hpp) on the cpu device. Each block
/// is its own mapping, [PROT_NONE page][data pages][PROT_NONE page], with the data placed so
/// that its last byte abuts the upper guard: reading or writing one element past the end
/// faults at that access. The start then is aligned to the largest power of two that divides
/// the size (up to a page), which is at least the element's alignment for every dtype (an
/// array's size is a multiple of its itemsize), so no gap is left before the guard; only the
/// 512-byte alignment of pool blocks is lost, which no kernel relies on. An underrun faults
/// once it crosses into the lower guard page, i.e. up to a page below the data's start.
///
/// Released blocks are kept for reuse by allocations of the same page count (bounded in bytes
/// and blocks; the oldest are unmapped beyond that), so an operation maps nothing once warm.
/// With CUPYLIKE_CHECKED=2 they are made PROT_NONE while they wait and reused oldest first, so a
/// use after free faults until the block is handed out again; that costs two protection
/// changes per block (measured ~3 ms for 40 MB and ~5 us for a page, docs/reliability.md),
/// which is why level 1 keeps them readable and reuses the most recent (warm in cache). The
/// pool's caching and statistics are bypassed.
#include <cstddef>

#include "memory/memory.hpp"

namespace cupylike {

/// A guarded block of `bytes` (> 0) on the cpu device; OutOfMemoryError when it cannot be
/// mapped.
MemoryPtr guarded_allocate(Device device, size_t bytes);

}  // namespace cupylike
