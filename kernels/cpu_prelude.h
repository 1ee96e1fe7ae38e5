// Force-included (g++ -include) before every kernel source compiled for the cpu device. It
// turns CUDA C++ into host C++: qualifiers vanish, __shared__ becomes per-worker TLS, the
// built-in index variables read the runtime's per-thread context, and barriers and warp
// collectives call the block runner (csrc/runtime/cpu/) through the table in
// cpu_runtime_abi.h. See docs/architecture.md and the research note on the cpu backend.
//
// The default path is kept lean (it is parsed for every kernel module): the libc/libm headers,
// CUDA's vector types and our own definitions. Half precision, complex numbers, cooperative
// groups and cuRAND cost more and come only with the user's own #include, through the shim
// headers in cpu_shims/ (first on the include path), which add what the host side of CUDA's
// headers lacks.
#ifndef CUPYLIKE_CPU_PRELUDE_H
#define CUPYLIKE_CPU_PRELUDE_H

// Order matters: each part uses the ones above it.
// clang-format off
#include "cpu_runtime_abi.h"
#include "cpu/qualifiers.h"
#include "cpu/builtins.h"
#include "cpu/warp.h"
#include "cpu/atomics.h"
#include "cpu/math.h"
#include "cpu/mvec.h"
#include "cpu/rounding.h"
#include "cpu/intrinsics.h"
// clang-format on

#endif  // CUPYLIKE_CPU_PRELUDE_H
