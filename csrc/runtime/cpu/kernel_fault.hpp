#pragma once
/// The error a kernel's fault becomes on the host (the cpu device, and the emulated GPU, which
/// turns it into the CUDA error a GPU gives): what happened, where, and for an address fault the
/// pointer argument the address lies past.
#include <cpu_runtime_abi.h>

#include <cstdint>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "runtime/cpu/kernel_signals.hpp"

namespace cupylike::cpu {

class KernelFault : public Error {
 public:
  enum class Kind { address, misaligned, arithmetic, stack_overflow, timeout, deadlock };
  KernelFault(Kind kind, const std::string& message)
      : Error(ErrorKind::kernel, message), kind(kind) {}
  Kind kind;
};

/// Where a fault happened, as the block runner knows it.
struct FaultSite {
  std::string kernel;
  uint3 block{}, thread{};
  void** args = nullptr;
  const std::vector<bool>* pointer_params = nullptr;  // null: unknown
  uintptr_t stack_low = 0;   // the faulting thread's stack: lowest usable address
  bool fiber_stack = false;  // a fiber's (else the OS thread's own)
};

/// The error for a fault the signal handler recorded (not the stop signal).
KernelFault fault_error(const FaultRecord& fault, const FaultSite& site);

/// The prefix every kernel fault message starts with: "kernel 'k' ... in block (..), thread (..)".
std::string fault_place(const FaultSite& site);

/// "(x, y, z)".
std::string dim_str(uint3 d);

}  // namespace cupylike::cpu
