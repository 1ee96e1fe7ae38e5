#pragma once
/// DLPack's Python capsules: "dltensor_versioned" (DLPack 1.x) and "dltensor" (before 1.0).
/// The rules are the protocol's: a consumer renames the capsule it consumed to
/// "used_dltensor(_versioned)" and from then on owns the tensor (its deleter runs when the last
/// view goes); a capsule nobody consumed calls the tensor's deleter when it is collected.
#include <pybind11/pybind11.h>

#include "array/dlpack.hpp"

namespace cupylike::python {

namespace py = pybind11;

/// A capsule holding a managed tensor over `a` (versioned or legacy; see dlpack::export_*).
py::capsule capsule_of(const ArrayPtr& a, bool versioned, bool copied);

/// Whether `obj` is a DLPack capsule, consumed or not.
bool is_dlpack_capsule(py::handle obj);
/// The device of an unconsumed capsule's tensor, without consuming it.
dlpack::DLDevice capsule_device(py::handle capsule);
/// Consumes a capsule: an array viewing its tensor (read-only when the versioned flags say so).
/// ValueError for a capsule already consumed, BufferError for a DLPack major version newer
/// than cupylike reads or a tensor it cannot view (the capsule then stays unconsumed).
ArrayPtr array_from_capsule(py::handle capsule);

}  // namespace cupylike::python
