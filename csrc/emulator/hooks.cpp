// The emulator's extension entry points for tests and error reports
// (runtime/cuda/emulator_extension.h): counters, launch records, a sticky error on demand,
// parameter sizes and attributes for image-only modules, and the explanation of the calling
// thread's latest failure.
#include <deque>
#include <string>

#include "emulator/launch_record.hpp"

namespace cupylike::emulator {

namespace {

constexpr size_t kRecordsKept = 4096;

struct Records {
  std::deque<Launch> kept;  // the latest, programs dropped
  long long issued = 0;
};

Records& records() {
  static Records* r = new Records;  // never destroyed, as State
  return *r;
}

std::string hex(const std::string& bytes) {
  static const char digits[] = "0123456789abcdef";
  std::string out;
  for (unsigned char c : bytes) {
    out += digits[c >> 4];
    out += digits[c & 15];
  }
  return out;
}

std::string to_json(const Launch& l) {
  // Appends, not operator+ chains: GCC 12 misreads those as overlapping copies (-Wrestrict).
  auto triple = [](const unsigned(&v)[3]) {
    std::string t = "[";
    t.append(std::to_string(v[0])).append(", ").append(std::to_string(v[1]));
    return t.append(", ").append(std::to_string(v[2])).append("]");
  };
  std::string args = "null";
  if (l.sizes_known) {
    args = "[";
    for (size_t i = 0; i < l.args.size(); ++i)
      args.append(i ? ", \"" : "\"").append(hex(l.args[i])).append("\"");
    args.append("]");
  }
  std::string out = "{\"function\": \"";
  out.append(l.function).append("\", \"device\": ").append(std::to_string(l.device));
  out.append(", \"grid\": ").append(triple(l.grid)).append(", \"block\": ").append(triple(l.block));
  out.append(", \"shared_bytes\": ").append(std::to_string(l.shared_bytes));
  out.append(", \"stream\": ").append(std::to_string(l.stream));
  return out.append(", \"args\": ").append(args).append("}");
}

}  // namespace

CUresult fail(CUresult code, const std::string& message) {
  t_last_error = message;
  return code;
}

void record_launch(const Launch& launch) {
  Records& r = records();
  ++r.issued;
  r.kept.push_back(launch);
  r.kept.back().program.reset();
  if (r.kept.size() > kRecordsKept) r.kept.pop_front();
}

}  // namespace cupylike::emulator

namespace emu = cupylike::emulator;
using emu::State;

extern "C" {

const char* cupylikeEmulatorLastError(void) { return emu::t_last_error.c_str(); }

long long cupylikeEmulatorStat(const char* name, int device) {
  State& s = emu::state();
  emu::Call call(s);
  std::string n = name ? name : "";
  auto mine = [device](int d) { return device < 0 || d == device; };
  long long v = 0;
  if (n == "devices") return (long long)s.devices.size();
  if (n == "allocations_live" || n == "bytes_live") {
    for (const auto& [address, a] : s.allocations)
      if (mine(a.device) && !a.global) v += n == "allocations_live" ? 1 : (long long)a.size;
    return v;
  }
  if (n == "pinned_live") return (long long)s.pinned.size();
  if (n == "pinned_bytes_live") {
    for (const auto& [addr, size] : s.pinned) v += (long long)size;
    return v;
  }
  if (n == "h2d_pinned") return s.stats.h2d_pinned;
  if (n == "h2d_pageable") return s.stats.h2d_pageable;
  if (n == "d2h") return s.stats.d2h;
  if (n == "staging_violations") return s.stats.staging_violations;
  if (n == "kernels_run") return s.stats.kernels_run;
  if (n == "kernels_interrupted") return s.stats.kernels_interrupted;
  for (const char* library : {"cublas", "cusolver", "cufft", "curand"})
    if (n == std::string("work_") + library) {
      auto found = s.stats.library_work.find(library);
      return found == s.stats.library_work.end() ? 0 : found->second;
    }
  if (n == "launches") return emu::records().issued;
  if (n == "streams_live") return (long long)s.streams.size();
  if (n == "events_live") return (long long)s.events.size();
  if (n == "ops_pending") {
    for (size_t d = 0; d < s.devices.size(); ++d) {
      if (!mine(int(d))) continue;
      v += (long long)s.devices[d].null_queue->ops.size();
      for (const auto& q : s.devices[d].streams) v += (long long)q->ops.size();
    }
    return v;
  }
  return emu::module_stat(n);
}

int cupylikeEmulatorIsDeviceAddress(unsigned long long address) {
  State& s = emu::state();
  emu::Call call(s);
  return s.is_device_address(reinterpret_cast<const void*>(address)) ? 1 : 0;
}

const char* cupylikeEmulatorLaunch(long long index) {
  State& s = emu::state();
  emu::Call call(s);
  const auto& kept = emu::records().kept;
  long long n = (long long)kept.size();
  if (index < 0) index += n;
  if (index < 0 || index >= n) return nullptr;
  thread_local std::string text;
  text = emu::to_json(kept[size_t(index)]);
  return text.c_str();
}

void cupylikeEmulatorSetStickyError(int code) {
  State& s = emu::state();
  emu::Call call(s);
  s.sticky = CUresult(code);
  s.sticky_message = code ? "set by cupylikeEmulatorSetStickyError" : "";
}

void cupylikeEmulatorSetParamSizes(const char* function, const long long* sizes, int count) {
  State& s = emu::state();
  emu::Call call(s);
  auto& registered = emu::modules().registered_params;
  if (count < 0) {
    registered.erase(function);
    return;
  }
  registered[function] = std::vector<size_t>(sizes, sizes + count);
}

void cupylikeEmulatorSetFunctionAttribute(const char* function, int attribute, int value) {
  State& s = emu::state();
  emu::Call call(s);
  emu::modules().attributes[{function, attribute}] = value;
}

}  // extern "C"
