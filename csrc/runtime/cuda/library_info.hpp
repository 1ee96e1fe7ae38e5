#pragma once
/// What show_config reports of a CUDA component: whether the library its user opens opens (the
/// same call, so the same choice of file: CUPYLIKE_LIB* variables, the emulated GPU, the
/// toolkit's folders), the file the loader took, and the version the library itself gives.
/// Each library's file has the query for it (driver.cpp, jit/nvrtc.cpp, libs/cu*.cpp).
#include <dlfcn.h>
#include <library_types.h>

#include <exception>
#include <initializer_list>
#include <string>
#include <vector>

namespace cupylike::cuda {

struct LibraryInfo {
  std::string component;     ///< "cuBLAS"
  bool found = false;        ///< the library opened
  std::string path;          ///< the file it was loaded from, as the loader resolved it
  std::vector<int> version;  ///< as the library answers: major, minor[, patch]; empty if not
  std::string error;         ///< why it did not open, or why the opened library cannot be used
};

/// The file a dlopen handle was loaded from; empty when the loader cannot tell.
std::string library_file(void* handle);

/// `component`'s row: the handle `open()` returns (its exception's text when it raises), the
/// file, and major, minor and patch level from the library's <prefix>GetProperty, `symbol`,
/// which every vendor library (and its stand-in on the emulated GPU) exports.
template <class GetProperty, class Open>
LibraryInfo describe_library(const char* component, Open open, const char* symbol) {
  LibraryInfo info;
  info.component = component;
  void* lib = nullptr;
  try {
    lib = open();
  } catch (const std::exception& e) {
    info.error = e.what();
    return info;
  }
  info.found = true;
  info.path = library_file(lib);
  auto get = reinterpret_cast<GetProperty>(dlsym(lib, symbol));
  if (!get) {
    info.error = std::string("the library lacks ") + symbol;
    return info;
  }
  for (libraryPropertyType type : {MAJOR_VERSION, MINOR_VERSION, PATCH_LEVEL}) {
    int value = 0;
    if (int status = int(get(type, &value)); status != 0) {
      info.version.clear();
      info.error = std::string(symbol) + " failed (status " + std::to_string(status) + ")";
      return info;
    }
    info.version.push_back(value);
  }
  return info;
}

}  // namespace cupylike::cuda
