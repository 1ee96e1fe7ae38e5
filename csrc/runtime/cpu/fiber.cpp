#include "runtime/cpu/fiber.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "core/error.hpp"

#if !defined(__x86_64__) && !defined(__aarch64__)
#error "the cpu device's fibers have a context switch for x86-64 and AArch64 only"
#endif

// The switch: push the callee-saved registers, store the stack pointer in *from, load `to`,
// pop and return. Every fiber enters and leaves through this one routine, so the return-stack
// predictor stays in sync (a pop+jmp switch measured 3x slower). Floating-point control words
// are not saved: CUDA code never changes the rounding mode or exception masks.
extern "C" void cupylike_fiber_switch(void** from_sp, void* to_sp);
extern "C" void cupylike_fiber_trampoline();

#if defined(__x86_64__)
asm(R"(
  .text
  .globl cupylike_fiber_switch
  .hidden cupylike_fiber_switch
  .type cupylike_fiber_switch, @function
cupylike_fiber_switch:
  pushq %rbp
  pushq %rbx
  pushq %r12
  pushq %r13
  pushq %r14
  pushq %r15
  movq %rsp, (%rdi)
  movq %rsi, %rsp
  popq %r15
  popq %r14
  popq %r13
  popq %r12
  popq %rbx
  popq %rbp
  ret
  .size cupylike_fiber_switch, .-cupylike_fiber_switch

  .globl cupylike_fiber_trampoline
  .hidden cupylike_fiber_trampoline
  .type cupylike_fiber_trampoline, @function
cupylike_fiber_trampoline:
  movq %r13, %rdi
  callq *%r12
  ud2
  .size cupylike_fiber_trampoline, .-cupylike_fiber_trampoline
)");
#elif defined(__aarch64__)
asm(R"(
  .text
  .globl cupylike_fiber_switch
  .hidden cupylike_fiber_switch
  .type cupylike_fiber_switch, %function
cupylike_fiber_switch:
  sub sp, sp, #176
  stp x19, x20, [sp, #0]
  stp x21, x22, [sp, #16]
  stp x23, x24, [sp, #32]
  stp x25, x26, [sp, #48]
  stp x27, x28, [sp, #64]
  stp x29, x30, [sp, #80]
  stp d8, d9, [sp, #96]
  stp d10, d11, [sp, #112]
  stp d12, d13, [sp, #128]
  stp d14, d15, [sp, #144]
  mov x9, sp
  str x9, [x0]
  mov sp, x1
  ldp x19, x20, [sp, #0]
  ldp x21, x22, [sp, #16]
  ldp x23, x24, [sp, #32]
  ldp x25, x26, [sp, #48]
  ldp x27, x28, [sp, #64]
  ldp x29, x30, [sp, #80]
  ldp d8, d9, [sp, #96]
  ldp d10, d11, [sp, #112]
  ldp d12, d13, [sp, #128]
  ldp d14, d15, [sp, #144]
  add sp, sp, #176
  ret
  .size cupylike_fiber_switch, .-cupylike_fiber_switch

  .globl cupylike_fiber_trampoline
  .hidden cupylike_fiber_trampoline
  .type cupylike_fiber_trampoline, %function
cupylike_fiber_trampoline:
  mov x0, x20
  blr x19
  brk #0
  .size cupylike_fiber_trampoline, .-cupylike_fiber_trampoline
)");
#endif

namespace cupylike::cpu {

void fiber_switch(FiberContext& from, const FiberContext& to) {
  cupylike_fiber_switch(&from.sp, to.sp);
}

size_t fiber_stack_bytes() {
  static const size_t bytes = [] {
    const char* env = std::getenv("CUPYLIKE_CPU_STACK_SIZE");
    size_t n = env && *env ? std::strtoull(env, nullptr, 10) : 0;
    return n >= 16384 ? n : size_t(512) << 10;
  }();
  return bytes;
}

// More than a page: a frame that skips the guard would land in the next stack down, and
// address space costs nothing.
constexpr size_t kGuardBytes = size_t(64) << 10;

FiberStack::FiberStack(size_t bytes) {
  size_t page = size_t(sysconf(_SC_PAGESIZE));
  bytes_ = (bytes + page - 1) / page * page + kGuardBytes;
  void* p = mmap(nullptr, bytes_, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED) raise(ErrorKind::memory, "cannot map a fiber stack");
  base_ = static_cast<char*>(p);
  mprotect(base_, kGuardBytes, PROT_NONE);  // an overflow faults instead of corrupting a neighbour
}

uintptr_t FiberStack::low() const { return reinterpret_cast<uintptr_t>(base_) + kGuardBytes; }

FiberStack::~FiberStack() { munmap(base_, bytes_); }

FiberContext FiberStack::start(void (*entry)(void*), void* arg) {
  auto top = reinterpret_cast<uintptr_t>(base_ + bytes_) & ~uintptr_t(15);
  auto* sp = reinterpret_cast<void**>(top);
#if defined(__x86_64__)
  // Popped by the switch: r15 r14 r13 r12 rbx rbp, then `ret` into the trampoline, which
  // then sits at the 16-byte aligned top, so its call enters entry() aligned as the ABI asks.
  *--sp = reinterpret_cast<void*>(&cupylike_fiber_trampoline);
  *--sp = nullptr;                         // rbp
  *--sp = nullptr;                         // rbx
  *--sp = reinterpret_cast<void*>(entry);  // r12
  *--sp = arg;                             // r13
  *--sp = nullptr;                         // r14
  *--sp = nullptr;                         // r15
#else
  sp -= 22;  // the 176-byte frame popped by the switch
  std::memset(sp, 0, 176);
  sp[0] = reinterpret_cast<void*>(entry);                        // x19
  sp[1] = arg;                                                   // x20
  sp[11] = reinterpret_cast<void*>(&cupylike_fiber_trampoline);  // x30 (lr)
#endif
  return FiberContext{sp};
}

}  // namespace cupylike::cpu
