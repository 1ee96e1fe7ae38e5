#pragma once
// The version the vendor libraries' stand-ins give through <library>GetProperty: that of the
// library whose API they implement, as cuda_api/'s declarations follow it (the stand-ins
// compute with host libraries, which have versions of their own).
#include <library_types.h>

namespace cupylike::emulator {

/// Stores the major version, minor version or patch level into `*value`, as `type` asks; false
/// for another type or a null `value`.
inline bool library_property(libraryPropertyType type, int* value, int major, int minor,
                             int patch) {
  if (!value) return false;
  switch (type) {
    case MAJOR_VERSION:
      *value = major;
      return true;
    case MINOR_VERSION:
      *value = minor;
      return true;
    case PATCH_LEVEL:
      *value = patch;
      return true;
  }
  return false;
}

}  // namespace cupylike::emulator
