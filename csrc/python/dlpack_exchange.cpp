#include "python/dlpack_exchange.hpp"

#include <optional>
#include <string>

#include "core/error.hpp"
#include "python/convert.hpp"
#include "python/dlpack_capsule.hpp"
#include "python/host_transfer.hpp"
#include "python/host_values.hpp"
#include "runtime/device.hpp"
#include "runtime/stream_handoff.hpp"

namespace cupylike::python {

namespace {

// NumPy's reading of `copy=`: None, or a truth value other than a string.
std::optional<bool> copy_flag(py::handle copy) {
  if (copy.is_none()) return std::nullopt;
  if (py::isinstance<py::str>(copy))
    raise(ErrorKind::value,
          "strings are not allowed for 'copy' keyword. Use True/False/None instead.");
  return truth_from_py(copy);
}

bool reads_versioned(py::handle max_version) {
  if (max_version.is_none()) return false;
  if (!PyTuple_Check(max_version.ptr()) || PyTuple_GET_SIZE(max_version.ptr()) != 2)
    raise(ErrorKind::type, "max_version must be None or a tuple with two elements.");
  py::tuple t = py::reinterpret_borrow<py::tuple>(max_version);
  int_from_py(t[1]);
  return int_from_py(t[0]) >= int64_t(dlpack::kMajorVersion);
}

dlpack::DLDevice dl_device_from_py(py::handle obj, const char* what) {
  if (!PyTuple_Check(obj.ptr())) raise(ErrorKind::type, std::string(what) + " must be a tuple");
  if (PyTuple_GET_SIZE(obj.ptr()) != 2)
    raise(ErrorKind::type, std::string(what) + " must be a tuple of two integers");
  py::tuple t = py::reinterpret_borrow<py::tuple>(obj);
  return {int32_t(int_in_range(t[0], "DLPack device type", 0, INT32_MAX)),
          int32_t(int_in_range(t[1], "DLPack device id", 0, INT32_MAX))};
}

// The device a consumer asks the array to be exported to (dl_device=): one cupylike can put
// arrays on, or BufferError as the standard says.
Device requested_device(py::handle dl_device) {
  dlpack::DLDevice d = dl_device_from_py(dl_device, "dl_device");
  bool known = (d.device_type == dlpack::kDLCPU && d.device_id == 0) ||
               (d.device_type == dlpack::kDLCUDA && d.device_id < kMaxCudaDevices);
  if (!known) raise(ErrorKind::buffer, "unsupported device requested");
  Device device = dlpack::device_from(d);
  try {
    check_device_usable(device);
  } catch (const Error& e) {
    raise(ErrorKind::buffer, "unsupported device requested: " + std::string(e.what()));
  }
  return device;
}

// The producer's half of the handshake: the consumer's stream waits for this thread's work.
void hand_off(Device device, py::handle stream) {
  if (device.is_cpu()) {
    if (!stream.is_none())
      raise(ErrorKind::runtime, "cupylike only supports stream=None for the cpu device.");
    return;
  }
  int64_t value = stream.is_none() ? 1 : int_from_py(stream);
  if (value == -1) return;  // the consumer asks for no synchronisation
  stream_wait_stream(device, protocol_stream_handle(value), current_stream(device)->handle());
}

// Where from_dlpack puts the array when it is not told: see from_dlpack.
Device default_target(Device source) { return source.is_cpu() ? current_device() : source; }

// Asks a producer for a capsule as NumPy does: DLPack 1.x first, then, for a producer older than
// the `max_version` / `copy` / `dl_device` keywords, the legacy call (unless a copy was asked
// for, which such a producer cannot be told).
py::object request_capsule(py::handle x, const py::object& stream, py::handle copy) {
  py::object dlpack = x.attr("__dlpack__");
  try {
    return dlpack(
        py::arg("stream") = stream,
        py::arg("max_version") = py::make_tuple(dlpack::kMajorVersion, dlpack::kMinorVersion),
        py::arg("dl_device") = py::none(), py::arg("copy") = copy);
  } catch (py::error_already_set& e) {
    if (!e.matches(PyExc_TypeError) || !copy.is_none()) throw;
  }
  return stream.is_none() ? dlpack() : dlpack(py::arg("stream") = stream);
}

}  // namespace

py::capsule array_dlpack(const ArrayPtr& a, py::handle stream, py::handle max_version,
                         py::handle dl_device, py::handle copy_obj) {
  bool versioned = reads_versioned(max_version);
  std::optional<bool> copy = copy_flag(copy_obj);
  Device target = dl_device.is_none() ? a->device() : requested_device(dl_device);
  ArrayPtr out = a;
  if (target != a->device()) {
    if (copy == false)
      raise(ErrorKind::buffer, "the array is on " + a->device().str() + "; exporting it to " +
                                   target.str() + " needs a copy, which copy=False forbids");
    out = copy_to_device(a, target);
  } else if (copy == true) {
    out = copy_array_unlocked(a, 'K', *current_stream(target), a->dtype());
  }
  hand_off(target, stream);
  return capsule_of(out, versioned, out != a);
}

py::tuple array_dlpack_device(const NDArray& a) {
  dlpack::DLDevice d = dlpack::device_of(a.device());
  return py::make_tuple(d.device_type, d.device_id);
}

ArrayPtr from_dlpack(py::handle x, py::handle device, py::handle copy_obj) {
  std::optional<bool> copy = copy_flag(copy_obj);
  bool capsule = is_dlpack_capsule(x);
  // NumPy's error for an object that is no producer names __dlpack__.
  if (!capsule) py::getattr(x, "__dlpack__");
  Device source = capsule ? dlpack::device_from(capsule_device(x))
                          : dlpack::device_from(dl_device_from_py(x.attr("__dlpack_device__")(),
                                                                  "__dlpack_device__()"));
  Device target = device.is_none() ? default_target(source) : device_from_py(device);
  if (target != source && copy == false)
    raise(ErrorKind::buffer, "the array is on " + source.str() + "; importing it to " +
                                 target.str() + " needs a copy, which copy=False forbids");
  ArrayPtr a;
  bool copied = false;
  if (capsule) {
    a = array_from_capsule(x);  // a bare capsule: its producer has synchronised already
  } else {
    // The consumer's half of the handshake: the producer makes our current stream wait.
    py::object stream = source.is_cpu()
                            ? py::object(py::none())
                            : py::object(py::int_(protocol_stream_value(*current_stream(source))));
    // A copy to another device is ours to make; on the same device the producer makes it.
    py::object ask = target == source ? py::reinterpret_borrow<py::object>(copy_obj) : py::none();
    a = array_from_capsule(request_capsule(x, stream, ask));
    copied = target == source && copy == true;
  }
  if (a->device() != target) return copy_to_device(a, target);
  if (copy == true && !copied)
    return copy_array_unlocked(a, 'K', *current_stream(target), a->dtype());
  return a;
}

ArrayPtr from_dlpack_capsule(py::handle capsule) {
  if (!is_dlpack_capsule(capsule))
    raise(ErrorKind::type, std::string("fromDlpack expects a DLPack capsule, got ") +
                               Py_TYPE(capsule.ptr())->tp_name);
  return from_dlpack(capsule, py::none(), py::none());
}

}  // namespace cupylike::python
