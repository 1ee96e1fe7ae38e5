// Memory pools and the allocator hook: cupylike.cuda.MemoryPool, PinnedMemoryPool, Memory,
// MemoryPointer, set_allocator / get_allocator.
#include <chrono>

#include "core/error.hpp"
#include "memory/allocator.hpp"
#include "ops/poison.hpp"
#include "python/bindings.hpp"
#include "python/convert.hpp"
#include "python/memory_pointer.hpp"
#include "python/python_owner.hpp"
#include "runtime/checked_mode.hpp"

namespace cupylike::python {

namespace {

/// The object a pinned pool is seen as from Python.
struct PinnedPoolHandle {
  std::shared_ptr<Pool> pool;
};

// What get_allocator() returns; on the heap so no destructor runs after the interpreter ends.
py::object* g_allocator_object = new py::object(py::none());

MemoryPtr call_python_allocator(const py::object& fn, Device device, size_t bytes) {
  py::gil_scoped_acquire gil;
  // The object the allocator returns stays alive until the block is released (RMM's
  // allocator, for instance, frees when its buffer object is collected).
  py::object r = fn(bytes);
  if (py::isinstance<MemoryPointer>(r)) {
    const MemoryPointer& p = r.cast<const MemoryPointer&>();
    return memory_owned_by(r, device, reinterpret_cast<void*>(p.ptr()), bytes);
  }
  if (!py::hasattr(r, "ptr"))
    raise(ErrorKind::type,
          "an allocator must return an object with a `ptr` attribute (such as "
          "a MemoryPointer)");
  uintptr_t ptr = uintptr_t(int_in_range(r.attr("ptr"), "allocator's pointer", 0, INT64_MAX));
  return memory_owned_by(r, device, reinterpret_cast<void*>(ptr), bytes);
}

void set_allocator_py(py::object fn) {
  if (fn.is_none()) {
    set_allocator(nullptr);
  } else if (py::hasattr(fn, "__self__") && py::isinstance<PoolSet>(fn.attr("__self__")) &&
             fn.attr("__name__").cast<std::string>() == "malloc") {
    // A MemoryPool's own malloc: allocate from it directly, without calling into Python.
    auto set = fn.attr("__self__").cast<std::shared_ptr<PoolSet>>();
    set_allocator([set](Device d, size_t n, uint64_t s) { return set->malloc(d, n, s); });
  } else if (PyCallable_Check(fn.ptr())) {
    // The allocator is copied and dropped by threads without the GIL, and at exit after the
    // interpreter: only the holder's destructor touches the function's refcount.
    auto held = std::make_shared<PythonOwner>(fn);
    set_allocator(
        [held](Device d, size_t n, uint64_t) { return call_python_allocator(held->object, d, n); });
  } else {
    raise(ErrorKind::type, "allocator must be callable or None");
  }
  *g_allocator_object = std::move(fn);
}

void set_pinned_allocator_py(py::handle fn) {
  if (fn.is_none()) return use_pinned_pool(nullptr);
  // Only a pool's own malloc: the staging path allocates without the GIL.
  if (py::hasattr(fn, "__self__") && py::isinstance<PinnedPoolHandle>(fn.attr("__self__")) &&
      fn.attr("__name__").cast<std::string>() == "malloc")
    return use_pinned_pool(fn.attr("__self__").cast<PinnedPoolHandle&>().pool);
  raise(ErrorKind::type,
        "set_pinned_memory_allocator takes a PinnedMemoryPool's malloc or None, not other "
        "callables");
}

void set_limit(Pool& pool, py::handle size, py::handle fraction) {
  if (!size.is_none() && !fraction.is_none())
    raise(ErrorKind::value, "size and fraction cannot be specified at one time");
  if (!fraction.is_none())
    pool.set_limit_fraction(float_from_py(fraction));
  else
    pool.set_limit(size.is_none() ? 0
                                  : size_t(int_in_range(size, "memory limit size", 0, INT64_MAX)));
}

double malloc_free_ns(int64_t n, size_t bytes) {
  std::shared_ptr<Pool> pool = default_pool_set().pool(current_device());
  pool->malloc(bytes, 0).reset();  // warm: the first call takes a segment from the device
  auto t0 = std::chrono::steady_clock::now();
  for (int64_t i = 0; i < n; ++i) pool->malloc(bytes, 0).reset();
  auto t1 = std::chrono::steady_clock::now();
  return std::chrono::duration<double, std::nano>(t1 - t0).count() / double(n);
}

void bind_pointer(py::module_& m) {
  py::class_<Memory, MemoryPtr>(m, "Memory", "A block of device memory.")
      .def_property_readonly("ptr", [](const Memory& mem) { return uintptr_t(mem.ptr()); })
      .def_property_readonly("size", &Memory::size)
      .def_property_readonly("device", &Memory::device);
  py::class_<MemoryPointer>(m, "MemoryPointer", "An address in a block of device memory.")
      .def(py::init([](MemoryPtr mem, int64_t offset) {
             Device d = mem ? mem->device() : current_device();
             return MemoryPointer{std::move(mem), offset, d};
           }),
           py::arg("mem"), py::arg("offset") = 0)
      .def_property_readonly("ptr", &MemoryPointer::ptr)
      .def_property_readonly("mem", [](const MemoryPointer& p) { return p.mem; })
      .def_property_readonly("device", [](const MemoryPointer& p) { return p.device; })
      .def_property_readonly("device_id", [](const MemoryPointer& p) { return p.device.index; })
      .def("__int__", &MemoryPointer::ptr)
      .def("__add__",
           [](const MemoryPointer& p, int64_t n) {
             return MemoryPointer{p.mem, p.offset + n, p.device};
           })
      .def("__repr__", [](const MemoryPointer& p) {
        return "<MemoryPointer " + std::to_string(p.ptr()) + " on " + p.device.str() + ">";
      });
}

void bind_pools(py::module_& m) {
  py::class_<PoolSet, std::shared_ptr<PoolSet>>(m, "MemoryPool", R"doc(
A memory pool per device (made on first use); the methods act on the current device's pool.
Sizes are rounded up to 512 bytes; freed blocks are cached for reuse, stream by stream.)doc")
      .def(py::init([](py::handle allocator) {
             if (!allocator.is_none())
               raise(ErrorKind::not_implemented, "MemoryPool(allocator=...) is not supported");
             return std::make_shared<PoolSet>(false);
           }),
           py::arg("allocator") = py::none())
      .def(
          "malloc",
          [](PoolSet& s, size_t bytes) {
            Device d = current_device();
            return MemoryPointer{s.malloc(d, bytes, current_stream(d)->id()), 0, d};
          },
          py::arg("size"))
      .def("used_bytes", [](PoolSet& s) { return s.pool(current_device())->used_bytes(); })
      .def("total_bytes", [](PoolSet& s) { return s.pool(current_device())->total_bytes(); })
      .def("free_bytes", [](PoolSet& s) { return s.pool(current_device())->free_bytes(); })
      .def("n_free_blocks", [](PoolSet& s) { return s.pool(current_device())->n_free_blocks(); })
      .def(
          "free_all_blocks",
          [](PoolSet& s, py::handle stream) {
            auto pool = s.pool(current_device());
            if (stream.is_none())
              pool->free_all_blocks();
            else
              pool->free_all_blocks(stream.cast<const Stream&>().id());
          },
          py::arg("stream") = py::none())
      .def(
          "set_limit",
          [](PoolSet& s, py::handle size, py::handle fraction) {
            set_limit(*s.pool(current_device()), size, fraction);
          },
          py::arg("size") = py::none(), py::arg("fraction") = py::none(),
          "Caps the bytes the pool holds (size in bytes, or a fraction of the device's memory);"
          " 0 or no argument removes the cap.")
      .def("get_limit", [](PoolSet& s) { return s.pool(current_device())->limit(); });
  py::class_<PinnedPoolHandle>(m, "PinnedMemoryPool",
                               "The pool of page-locked host memory that stages transfers to "
                               "CUDA devices (host memory where there is no CUDA).")
      .def(py::init([](py::handle allocator) {
             if (!allocator.is_none())
               raise(ErrorKind::not_implemented,
                     "PinnedMemoryPool(allocator=...) is not supported");
             return PinnedPoolHandle{new_pinned_pool()};
           }),
           py::arg("allocator") = py::none())
      .def(
          "malloc",
          [](PinnedPoolHandle& h, size_t bytes) {
            return MemoryPointer{h.pool->malloc(bytes, 0), 0, Device{}};
          },
          py::arg("size"))
      .def("used_bytes", [](PinnedPoolHandle& h) { return h.pool->used_bytes(); })
      .def("total_bytes", [](PinnedPoolHandle& h) { return h.pool->total_bytes(); })
      .def("free_bytes", [](PinnedPoolHandle& h) { return h.pool->free_bytes(); })
      .def("n_free_blocks", [](PinnedPoolHandle& h) { return h.pool->n_free_blocks(); })
      .def("free_all_blocks", [](PinnedPoolHandle& h) { h.pool->free_all_blocks(); })
      .def(
          "set_limit",
          [](PinnedPoolHandle& h, py::handle size) {
            h.pool->set_limit(size_t(int_in_range(size, "memory limit size", 0, INT64_MAX)));
          },
          py::arg("size"));
  m.def(
      "get_default_memory_pool",
      [] { return std::shared_ptr<PoolSet>(&default_pool_set(), [](PoolSet*) {}); },
      "The pool arrays are allocated from unless an allocator is set.");
  m.def(
      "get_default_pinned_memory_pool", [] { return PinnedPoolHandle{pinned_pool()}; },
      "The pinned host pool that stages transfers to CUDA devices.");
  m.def("set_pinned_memory_allocator", &set_pinned_allocator_py, py::arg("allocator") = py::none(),
        R"doc(
Makes a PinnedMemoryPool's ``malloc`` the source of the pinned memory transfers stage through
(``set_pinned_memory_allocator(pool.malloc)``, as CuPy); None restores the default pool.)doc");
}

}  // namespace

void bind_memory(py::module_& m) {
  bind_pointer(m);
  bind_pools(m);
  m.def("set_allocator", &set_allocator_py, py::arg("allocator") = py::none(), R"doc(
Sets the allocator of every device: a callable taking a size in bytes and returning an object
with a ``ptr`` attribute (kept alive until the memory is released), a ``MemoryPool.malloc``, or
None for the default pools.)doc");
  m.def("get_allocator", [] { return *g_allocator_object; });
  m.def("_pool_malloc_free_ns", &malloc_free_ns, py::arg("n"), py::arg("size"),
        "Benchmark: nanoseconds per malloc + free pair on the current device's default pool.");
  m.def("_checked_mode", &checked_mode, "Whether CUPYLIKE_CHECKED=1 is in effect.");
  m.def("_poisoned_if_checked", &poisoned_if_checked, py::arg("a"),
        "Fills `a` with checked mode's poison (NaN or 0xCC bytes) when that mode is on.");
  Pool::set_reclaim_hook([] {
    if (!Py_IsInitialized()) return;
    py::gil_scoped_acquire gil;
    py::module_::import("gc").attr("collect")();
  });
}

}  // namespace cupylike::python
