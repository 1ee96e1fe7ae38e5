#pragma once
/// Checked mode (CUPYLIKE_CHECKED, off by default): a laptop's answer to compute-sanitizer.
/// 1: the cpu device puts guard pages around every allocation and poisons empty() memory; the
/// emulated GPU checks kernels' pointer arguments against live allocations. 2: as 1, and the
/// cpu device also protects freed blocks, so a use after free faults (each allocation and
/// release then changes page protections, which costs time in proportion to the block's size).
/// Both the extension and the emulator read the variable here, once per process.

namespace cupylike {

/// CUPYLIKE_CHECKED as a level: 0 when unset, empty or "0", 2 for "2", else 1.
int checked_level();

/// Whether any checks are on (checked_level() >= 1).
inline bool checked_mode() { return checked_level() >= 1; }

}  // namespace cupylike
