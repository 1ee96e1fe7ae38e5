#include "python/dlpack_capsule.hpp"

#include <functional>
#include <string>

#include "core/error.hpp"
#include "memory/external.hpp"
#include "runtime/device.hpp"

namespace cupylike::python {

using dlpack::DLManagedTensor;
using dlpack::DLManagedTensorVersioned;

namespace {

constexpr const char* kVersioned = "dltensor_versioned";
constexpr const char* kUsedVersioned = "used_dltensor_versioned";
constexpr const char* kLegacy = "dltensor";
constexpr const char* kUsedLegacy = "used_dltensor";

// The destructor of a capsule: only an unconsumed one still owns its tensor. It may run while
// an exception is being raised, and the producer's deleter may run Python code.
template <class Managed>
void delete_unconsumed(PyObject* capsule, const char* name) {
  if (!PyCapsule_IsValid(capsule, name)) return;
  auto* m = static_cast<Managed*>(PyCapsule_GetPointer(capsule, name));
  // Python 3.12 deprecates PyErr_Fetch; pybind11 (a system header here) keeps the warning out.
  py::error_scope keep;
  if (m && m->deleter) m->deleter(m);
}

void versioned_destructor(PyObject* capsule) {
  delete_unconsumed<DLManagedTensorVersioned>(capsule, kVersioned);
}

void legacy_destructor(PyObject* capsule) { delete_unconsumed<DLManagedTensor>(capsule, kLegacy); }

template <class Managed>
py::capsule wrap(Managed* m, const char* name, PyCapsule_Destructor destructor) {
  PyObject* capsule = PyCapsule_New(m, name, destructor);
  if (!capsule) {
    m->deleter(m);
    throw py::error_already_set();
  }
  return py::reinterpret_steal<py::capsule>(capsule);
}

// Runs a producer's deleter when the last view goes. Producers' deleters take the GIL when
// they need it, as the protocol asks; taking it here as well guards against those that do not.
// After the interpreter has ended the tensor is left alone, as NumPy's deleter does.
template <class Managed>
std::function<void()> deleter_of(Managed* m) {
  return [m] {
    if (!m->deleter || !Py_IsInitialized()) return;
    py::gil_scoped_acquire gil;
    m->deleter(m);
  };
}

// Takes the tensor from the capsule: from the rename on, `release` is the one owner.
ArrayPtr adopt(py::handle capsule, const char* used_name, const dlpack::DLTensor& t, bool read_only,
               std::function<void()> release) {
  Device device = dlpack::device_from(t.device);
  ForeignView plan = dlpack::plan_import(t);
  check_device_usable(device);
  if (PyCapsule_SetName(capsule.ptr(), used_name) != 0) throw py::error_already_set();
  MemoryPtr memory;
  if (plan.bytes == 0) {
    release();  // nothing to view: the producer may have its tensor back now
  } else {
    try {
      memory = std::make_shared<ExternalMemory>(device, plan.base, plan.bytes, release);
    } catch (...) {
      release();
      throw;
    }
  }
  return foreign_array(plan, std::move(memory), device, read_only);
}

}  // namespace

py::capsule capsule_of(const ArrayPtr& a, bool versioned, bool copied) {
  if (versioned)
    return wrap(dlpack::export_versioned(*a, copied), kVersioned, versioned_destructor);
  return wrap(dlpack::export_legacy(*a), kLegacy, legacy_destructor);
}

bool is_dlpack_capsule(py::handle obj) {
  if (!PyCapsule_CheckExact(obj.ptr())) return false;
  const char* name = PyCapsule_GetName(obj.ptr());
  if (!name) {
    PyErr_Clear();
    return false;
  }
  for (const char* n : {kVersioned, kLegacy, kUsedVersioned, kUsedLegacy})
    if (std::string(name) == n) return true;
  return false;
}

dlpack::DLDevice capsule_device(py::handle capsule) {
  if (PyCapsule_IsValid(capsule.ptr(), kVersioned))
    return static_cast<DLManagedTensorVersioned*>(PyCapsule_GetPointer(capsule.ptr(), kVersioned))
        ->dl_tensor.device;
  if (PyCapsule_IsValid(capsule.ptr(), kLegacy))
    return static_cast<DLManagedTensor*>(PyCapsule_GetPointer(capsule.ptr(), kLegacy))
        ->dl_tensor.device;
  raise(ErrorKind::value, "A DLPack tensor object cannot be consumed multiple times");
}

ArrayPtr array_from_capsule(py::handle capsule) {
  if (PyCapsule_IsValid(capsule.ptr(), kVersioned)) {
    auto* m =
        static_cast<DLManagedTensorVersioned*>(PyCapsule_GetPointer(capsule.ptr(), kVersioned));
    if (m->version.major > dlpack::kMajorVersion)
      raise(ErrorKind::buffer, "DLPack version " + std::to_string(m->version.major) + "." +
                                   std::to_string(m->version.minor) +
                                   " is newer than cupylike reads (" +
                                   std::to_string(dlpack::kMajorVersion) + ".x)");
    return adopt(capsule, kUsedVersioned, m->dl_tensor, m->flags & dlpack::kFlagReadOnly,
                 deleter_of(m));
  }
  if (PyCapsule_IsValid(capsule.ptr(), kLegacy)) {
    auto* m = static_cast<DLManagedTensor*>(PyCapsule_GetPointer(capsule.ptr(), kLegacy));
    return adopt(capsule, kUsedLegacy, m->dl_tensor, false, deleter_of(m));
  }
  if (is_dlpack_capsule(capsule))
    raise(ErrorKind::value, "A DLPack tensor object cannot be consumed multiple times");
  raise(ErrorKind::type,
        std::string("expected a DLPack capsule, got ") + Py_TYPE(capsule.ptr())->tp_name);
}

}  // namespace cupylike::python
