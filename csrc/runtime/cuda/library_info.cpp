#include "runtime/cuda/library_info.hpp"

#include <link.h>

namespace cupylike::cuda {

std::string library_file(void* handle) {
  // The link map holds the name the loader opened: the path it found for a bare soname.
  link_map* map = nullptr;
  if (!handle || dlinfo(handle, RTLD_DI_LINKMAP, &map) != 0 || !map || !map->l_name) return {};
  return map->l_name;
}

}  // namespace cupylike::cuda
