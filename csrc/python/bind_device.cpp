// Device, Stream, Event and Graph, as cupylike.Device (also cupylike.cuda.Device),
// cupylike.cuda.Stream, cupylike.cuda.Event and cupylike.cuda.Graph.
#include <pybind11/stl.h>

#include "core/error.hpp"
#include "python/bindings.hpp"
#include "python/convert.hpp"
#include "runtime/cuda/driver.hpp"
#include "runtime/device_properties.hpp"
#include "runtime/graph.hpp"

namespace cupylike::python {

namespace {

void bind_device_class(py::module_& m) {
  py::class_<Device>(m, "Device", R"doc(
A device arrays live on: ``Device('cpu')``, ``Device('cuda:1')``, or ``Device(1)`` (a CUDA
device, as ``cupy.cuda.Device(1)``). ``Device()`` is the current device of the calling thread.
Use it as a context manager to make it current for a block.)doc")
      .def(py::init([](py::handle spec) { return device_from_py(spec); }),
           py::arg("device") = py::none())
      .def_property_readonly("kind", [](Device d) { return d.is_cpu() ? "cpu" : "cuda"; })
      .def_property_readonly("id", [](Device d) { return d.index; })
      .def_property_readonly(
          "compute_capability",
          [](Device d) { return std::to_string(device_properties(d).compute_capability()); },
          "The CUDA compute capability as a string (\"90\" for sm_90), as CuPy gives it; on "
          "the cpu device, that of the GPU whose launch limits it enforces.")
      .def_property_readonly(
          "attributes",
          [](Device d) {
            py::dict out;
            for (const auto& [name, value] : device_properties(d).attributes())
              out[py::str(name)] = value;
            return out;
          },
          "The device's attributes by cudaDeviceAttr name ('MaxThreadsPerBlock', ...), as "
          "CuPy's Device.attributes.")
      .def_property_readonly("name", [](Device d) { return device_properties(d).name; })
      .def_property_readonly(
          "mem_info", [](Device d) { return backend_for(d).memory_info(); },
          "(free, total) bytes of device memory.")
      .def(
          "use", [](Device d) { set_current_device(d); },
          "Makes this device current on the calling thread.")
      .def("synchronize",
           [](Device d) {
             py::gil_scoped_release unlocked;
             backend_for(d).synchronize();
           })
      .def("__enter__",
           [](Device d) {
             push_current_device(d);
             return d;
           })
      .def("__exit__", [](Device, py::args) { pop_current_device(); })
      .def(
          "__eq__",
          [](Device a, py::handle b) { return py::isinstance<Device>(b) && a == b.cast<Device>(); })
      .def("__hash__", [](Device d) { return int(d.kind) * 1000 + d.index; })
      .def("__int__", [](Device d) { return d.index; })
      .def("__index__", [](Device d) { return d.index; })
      .def("__str__", &Device::str)
      .def(py::pickle([](Device d) { return d.str(); },
                      [](const std::string& spec) { return Device::parse(spec); }))
      .def("__repr__", [](Device d) {
        return d.is_cpu() ? std::string("<CPU Device>")
                          : "<CUDA Device " + std::to_string(d.index) + ">";
      });
  m.def("_cuda_device_count", &cuda::device_count,
        "Number of CUDA devices (0 without a usable driver).");
  m.def("_cuda_emulated", &cuda::emulated,
        "Whether the CUDA driver in use is cupylike's emulated GPU (CUPYLIKE_CUDA_EMULATOR=1).");
  m.def("_default_device", &default_device);
  m.def("_ordinal_count", &ordinal_count,
        "How many device ordinals there are: CUDA devices, or 1 (the cpu device) on the cpu "
        "backend.");
  m.def("_driver_version", &cuda::driver_version, "The CUDA driver's version; 0 without one.");
  m.attr("_cuda_api_version") = cuda::kApiVersion;
  m.def(
      "_device_properties",
      [](py::handle device) {
        DeviceProperties p = device_properties(device_from_py(device));
        py::dict out;
        out["name"] = py::bytes(p.name);
        for (const DeviceProperty& prop : p.properties) {
          if (prop.values.size() == 1)
            out[prop.field] = prop.values[0];
          else
            out[prop.field] = py::tuple(py::cast(prop.values));
        }
        return out;
      },
      py::arg("device"), "cudaDeviceProp's fields for a device, as CuPy's getDeviceProperties.");
}

void bind_stream(py::module_& m) {
  py::class_<Stream, StreamPtr> cls(m, "Stream", R"doc(
A queue of work on a device. ``Stream.null`` is the null (legacy default) stream of whichever
device is in use; ``with stream:`` makes a stream current for the block. On the cpu device work
runs as it is issued, so every stream is in order and ``synchronize`` returns at once.)doc");
  cls.def(py::init([](bool null, bool non_blocking, int priority, py::handle device) {
            if (null) return Stream::null();
            return std::make_shared<Stream>(device_from_py(device), non_blocking, priority);
          }),
          py::arg("null") = false, py::arg("non_blocking") = false, py::arg("priority") = 0,
          py::arg("device") = py::none())
      .def_property_readonly("ptr", [](const Stream& s) { return uintptr_t(s.handle()); })
      .def_property_readonly("device", &Stream::device)
      .def_property_readonly("non_blocking", &Stream::non_blocking)
      .def_property_readonly("priority", &Stream::priority)
      .def_property_readonly("done", [](const Stream& s) { return s.done(); })
      .def("synchronize",
           [](const Stream& s) {
             py::gil_scoped_release unlocked;
             s.synchronize();
           })
      .def("use",
           [](StreamPtr s) {
             set_current_stream(s->device_or(current_device()), s);
             return s;
           })
      .def("wait_event", &Stream::wait_event, py::arg("event"))
      .def(
          "begin_capture",
          [](const Stream& s, py::handle mode) {
            begin_capture(s, mode.is_none() ? capture_relaxed : mode.cast<int>());
          },
          py::arg("mode") = py::none(),
          "Records the work issued to this stream, without running it, until end_capture "
          "(mode: a streamCaptureMode of cupylike.cuda.runtime; relaxed by default, as CuPy).")
      .def(
          "end_capture", [](const Stream& s) { return end_capture(s); },
          "Ends the capture and returns its work as a cupylike.cuda.Graph.")
      .def("is_capturing", [](const Stream& s) { return is_capturing(s); })
      .def(
          "record",
          [](StreamPtr s, std::shared_ptr<Event> event) {
            if (!event)
              event = std::make_shared<Event>(s->device_or(current_device()), true, false);
            event->record(*s);
            return event;
          },
          py::arg("event") = nullptr, "Records an event (a new one if none is given).")
      .def("__enter__",
           [](StreamPtr s) {
             push_current_stream(s->device_or(current_device()), s);
             return s;
           })
      .def("__exit__", [](StreamPtr, py::args) { pop_current_stream(); })
      .def("__eq__",
           [](const Stream& a, py::handle b) {
             return py::isinstance<Stream>(b) && &a == &b.cast<Stream&>();
           })
      .def("__hash__", [](const Stream& s) { return s.id(); })
      .def("__repr__", [](const Stream& s) {
        if (s.is_null()) return std::string("<Stream null>");
        return "<Stream " + std::to_string(s.id()) + " on " + s.device()->str() + ">";
      });
  cls.attr("null") = Stream::null();
  m.def(
      "_external_stream",
      [](uintptr_t ptr, int64_t device_id) {
        Device d = device_id < 0 ? current_device() : device_for_ordinal(device_id);
        return Stream::external(d, reinterpret_cast<StreamHandle>(ptr));
      },
      py::arg("ptr"), py::arg("device_id") = -1,
      "A Stream over another library's stream handle (cupylike.cuda.ExternalStream).");
  m.def(
      "get_current_stream",
      [](py::handle device) { return current_stream(device_from_py(device)); },
      py::arg("device") = py::none(), "The calling thread's current stream on a device.");
}

void bind_graph(py::module_& m) {
  py::class_<Graph, std::shared_ptr<Graph>>(m, "Graph", R"doc(
Work captured on a stream (Stream.begin_capture ... Stream.end_capture), replayed in the order
it was issued by ``launch``. Made only by capture.)doc")
      .def(py::init([](py::args, py::kwargs) -> std::shared_ptr<Graph> {
        raise(ErrorKind::not_implemented,
              "currently this class cannot be initiated by the user and must be created via "
              "stream capture");
      }))
      .def(
          "launch",
          [](const Graph& g, py::handle stream) {
            // With the GIL held, as the calls it replays were issued: the cpu device's host FFT
            // is a Python callable.
            g.launch(stream_or_current(stream, g.device()));
          },
          py::arg("stream") = py::none(), "Issues the graph's work on a stream (the current one).")
      .def(
          "upload",
          [](const Graph& g, py::handle stream) {
            g.upload(stream_or_current(stream, g.device()));
          },
          py::arg("stream") = py::none(), "Readies the graph for a launch on a stream.");
}

void bind_event(py::module_& m) {
  py::class_<Event, std::shared_ptr<Event>>(m, "Event", R"doc(
A marker in a stream's work: ``record`` it, then ``synchronize``, ``done`` or time it with
``get_elapsed_time``.)doc")
      .def(py::init([](bool block, bool disable_timing, bool interprocess, py::handle device) {
             if (interprocess)
               raise(ErrorKind::not_implemented, "interprocess events are not supported");
             return std::make_shared<Event>(device_from_py(device), !disable_timing, block);
           }),
           py::arg("block") = false, py::arg("disable_timing") = false,
           py::arg("interprocess") = false, py::arg("device") = py::none())
      .def_property_readonly("ptr", [](const Event& e) { return uintptr_t(e.handle()); })
      .def_property_readonly("device", &Event::device)
      .def_property_readonly("done", &Event::done)
      .def(
          "record",
          [](Event& e, py::handle stream) { e.record(stream_or_current(stream, e.device())); },
          py::arg("stream") = py::none())
      .def("synchronize", [](const Event& e) {
        py::gil_scoped_release unlocked;
        e.synchronize();
      });
  m.def("get_elapsed_time", &Event::elapsed_ms, py::arg("start_event"), py::arg("end_event"),
        "Milliseconds between two recorded events.");
}

}  // namespace

const Stream& stream_or_current(py::handle stream, Device device) {
  if (stream.is_none()) return *current_stream(device);
  if (!py::isinstance<Stream>(stream))
    raise(ErrorKind::type, std::string("stream must be a cupylike.cuda.Stream, got ") +
                               Py_TYPE(stream.ptr())->tp_name);
  const Stream& s = stream.cast<const Stream&>();
  if (!s.is_null()) check_same_device(*s.device(), device);
  return s;
}

void bind_device(py::module_& m) {
  bind_device_class(m);
  bind_stream(m);
  bind_event(m);
  bind_graph(m);
}

}  // namespace cupylike::python
