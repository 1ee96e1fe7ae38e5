#include "runtime/signal_owner.hpp"

#include <dlfcn.h>

#include <cstring>

namespace cupylike {

bool installed_by_cupylike(const struct sigaction& action) {
  void* handler = (action.sa_flags & SA_SIGINFO) ? reinterpret_cast<void*>(action.sa_sigaction)
                                                 : reinterpret_cast<void*>(action.sa_handler);
  if (action.sa_handler == SIG_DFL || action.sa_handler == SIG_IGN) return false;
  Dl_info info;
  // Both libraries are named for the package: _native.*.so in cupylike/_core/, and
  // libcupylike_cuda_emulator.so beside it.
  return dladdr(handler, &info) && info.dli_fname && std::strstr(info.dli_fname, "cupylike");
}

}  // namespace cupylike
