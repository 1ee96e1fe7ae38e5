#include "runtime/cpu/kernel_fault.hpp"

#include <signal.h>

#include <cstdio>

#include "runtime/cpu/fiber.hpp"

namespace cupylike::cpu {

namespace {

std::string hex(uintptr_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
  return buf;
}

// Stack overflows land in the guard below the stack; with -fstack-clash-protection (which the
// host compiler is given) a large frame is probed page by page, so the first probe past the
// end faults there rather than in whatever mapping lies further down.
bool is_stack_overflow(uintptr_t address, const FaultSite& site) {
  constexpr uintptr_t kReach = uintptr_t(1) << 20;
  return site.stack_low != 0 && address < site.stack_low && site.stack_low - address <= kReach;
}

// "0x... lies N bytes past pointer argument k (0x...)": the argument with the nearest address
// at or below the faulting one, which is the array a kernel overran (with CUPYLIKE_CHECKED=1's
// guard pages, exactly); an address below every argument names the nearest above.
std::string nearest_argument(uintptr_t address, const FaultSite& site) {
  if (!site.args || !site.pointer_params) return "";
  int below = -1, above = -1;
  uintptr_t below_at = 0, above_at = 0;
  for (size_t k = 0; k < site.pointer_params->size(); ++k) {
    if (!(*site.pointer_params)[k]) continue;
    uintptr_t p = *static_cast<uintptr_t*>(site.args[k]);
    if (p == 0) continue;
    if (p <= address && (below < 0 || p > below_at)) below = int(k), below_at = p;
    if (p > address && (above < 0 || p < above_at)) above = int(k), above_at = p;
  }
  if (below >= 0)
    return ", " + std::to_string(address - below_at) +
           " bytes past the start of pointer argument " + std::to_string(below) + " (" +
           hex(below_at) + ")";
  if (above >= 0)
    return ", " + std::to_string(above_at - address) + " bytes before pointer argument " +
           std::to_string(above) + " (" + hex(above_at) + ")";
  return ", near no pointer argument";
}

std::string access(const FaultRecord& f) {
  return f.write < 0 ? "invalid memory access" : f.write ? "invalid write" : "invalid read";
}

}  // namespace

std::string dim_str(uint3 d) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "(%u, %u, %u)", d.x, d.y, d.z);
  return buf;
}

std::string fault_place(const FaultSite& site) {
  return "kernel '" + site.kernel + "' failed in block " + dim_str(site.block) + ", thread " +
         dim_str(site.thread) + ": ";
}

KernelFault fault_error(const FaultRecord& f, const FaultSite& site) {
  using Kind = KernelFault::Kind;
  const std::string place = fault_place(site);
  const std::string tail = "; memory the kernel wrote may be inconsistent";
  if (f.signo == SIGFPE)
    return KernelFault(Kind::arithmetic,
                       place +
                           "integer division by zero or overflow (x / 0, x % 0 or INT_MIN / -1)"
                           " (SIGFPE at instruction " +
                           hex(f.address) +
                           "); a GPU gives an unspecified value and goes on, the cpu device stops "
                           "the kernel" +
                           tail);
  if (f.signo == SIGSEGV && is_stack_overflow(f.address, site)) {
    std::string stack =
        site.fiber_stack
            ? "the CUDA thread's stack of " + std::to_string(fiber_stack_bytes() >> 10) +
                  " KiB (CUPYLIKE_CPU_STACK_SIZE, in bytes; CUDA allows up to 512 KiB)"
            : "the stack of the OS thread running the block (threads that never synchronise run "
              "on it; a block of a kernel that calls __syncthreads runs on fibers of "
              "CUPYLIKE_CPU_STACK_SIZE bytes)";
    return KernelFault(Kind::stack_overflow, place + "stack overflow (SIGSEGV at " +
                                                 hex(f.address) + "): local variables outgrew " +
                                                 stack + tail);
  }
  if (f.signo == SIGBUS)
    return KernelFault(Kind::misaligned, place + "bus error (SIGBUS) at " + hex(f.address) +
                                             nearest_argument(f.address, site) + tail);
  if (f.code == SI_KERNEL)  // x86-64: the kernel reports no address for these
    return KernelFault(Kind::address, place +
                                          "invalid memory access at an address outside the "
                                          "address space (SIGSEGV, general protection)" +
                                          tail);
  return KernelFault(Kind::address, place + access(f) + " at " + hex(f.address) + " (SIGSEGV)" +
                                        nearest_argument(f.address, site) + tail);
}

}  // namespace cupylike::cpu
