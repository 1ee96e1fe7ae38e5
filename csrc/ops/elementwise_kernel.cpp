// ElementwiseKernel calls: CuPy's rules for the index range, the types and the outputs, then
// axes merged in C order (so `i` keeps its meaning), a layout class, and one launch.
#include "ops/elementwise_kernel.hpp"

#include <cupylike/params.h>

#include <algorithm>
#include <cstring>
#include <map>

#include "core/error.hpp"
#include "core/layout.hpp"
#include "ops/generated_sources.hpp"
#include "ops/library.hpp"
#include "runtime/launch.hpp"

namespace cupylike {

namespace {

// Never destroyed: kernels may still be compiled while the process exits.
GeneratedSources& generated() {
  static auto* sources = new GeneratedSources;
  return *sources;
}

// Powers of two bound the axes a kernel is compiled for, so a few variants serve every shape.
int bucket(int n) {
  int b = 1;
  while (b < n) b *= 2;
  return b;
}
int log2_of(int b) {
  int l = 0;
  while ((1 << l) < b) ++l;
  return l;
}

// Strides of `a` read along `shape` (broadcast and missing leading axes step by 0).
void broadcast_strides(const NDArray& a, const DimVector& shape, long long* out) {
  int n = shape.size(), lead = n - a.ndim();
  for (int i = 0; i < n; ++i) {
    int j = i - lead;
    out[i] = j < 0 || a.shape()[j] == 1 ? 0 : a.strides()[j];
  }
}

// The index range's axes after merging: C order is kept (unlike the ufuncs, which may walk in
// memory order), since `i` and `_ind.get()` are C-order positions the code may rely on.
struct IndexRange {
  std::vector<long long> shape;
  std::vector<std::vector<long long>> strides;  // per moving array
  bool contiguous = true;
};

IndexRange index_range(const DimVector& shape, const std::vector<const NDArray*>& moving,
                       bool reduce_dims) {
  IndexRange r;
  int n = shape.size();
  std::vector<std::vector<long long>> full(moving.size(), std::vector<long long>(n));
  for (size_t m = 0; m < moving.size(); ++m) broadcast_strides(*moving[m], shape, full[m].data());
  if (!reduce_dims) {
    r.shape.assign(shape.begin(), shape.end());
    r.strides = full;
  } else {
    std::vector<int> axes;
    for (int a = 0; a < n; ++a)
      if (shape[a] != 1) axes.push_back(a);
    std::vector<std::vector<long long>> merged(moving.size(), std::vector<long long>(n));
    std::vector<const long long*> from;
    std::vector<long long*> to;
    for (size_t m = 0; m < moving.size(); ++m) {
      from.push_back(full[m].data());
      to.push_back(merged[m].data());
    }
    long long merged_shape[kMaxNdim];
    const int d = merge_axes(shape, axes.data(), int(axes.size()), from.data(), int(moving.size()),
                             merged_shape, to.data(), kMaxNdim);
    r.shape.assign(merged_shape, merged_shape + d);
    for (auto& s : merged) s.resize(size_t(d));
    r.strides = std::move(merged);
  }
  for (size_t m = 0; r.contiguous && m < moving.size(); ++m) {
    long long expect = moving[m]->itemsize();
    for (int d = int(r.shape.size()) - 1; d >= 0 && r.contiguous; --d) {
      if (r.shape[size_t(d)] == 1) continue;
      r.contiguous = r.strides[m][size_t(d)] == expect;
      expect *= r.shape[size_t(d)];
    }
  }
  return r;
}

std::string shapes_message(const std::vector<EwkParam>& params, const std::vector<int>& owners,
                           const std::vector<DimVector>& shapes) {
  std::string s;
  for (size_t k = 0; k < owners.size(); ++k)
    s += (k ? ", " : "") + params[size_t(owners[k])].name + " with shape " + shape_str(shapes[k]);
  return s;
}

}  // namespace

std::vector<std::pair<std::string, std::string>> ewk_generated() { return generated().list(); }

ElementwiseKernel::ElementwiseKernel(EwkDefinition def) : def_(std::move(def)) {
  const std::string& name = def_.name;
  bool valid =
      !name.empty() && (std::isalpha(static_cast<unsigned char>(name[0])) || name[0] == '_');
  for (char c : name) valid = valid && (std::isalnum(static_cast<unsigned char>(c)) || c == '_');
  if (!valid) raise(ErrorKind::value, "Invalid kernel name: \"" + name + "\"");
  if (def_.params.size() > 64)
    raise(ErrorKind::value, "ElementwiseKernel takes at most 64 parameters");
  for (size_t k = 0; k < def_.params.size(); ++k) {
    const std::string& p = def_.params[k].name;
    if (p == "i") raise(ErrorKind::value, "Can not use 'i' as a parameter name");
    for (size_t j = 0; j < k; ++j)
      if (def_.params[j].name == p) raise(ErrorKind::value, "Duplicate parameter name '" + p + "'");
  }
}

// CuPy's rules: arrays bind placeholders exactly (outputs first, then inputs) and must match
// fixed types exactly; scalars take their parameter's type. A placeholder that only scalars
// meet takes the type NumPy gives those scalars (NEP 50: a Python int alone is int64), where
// CuPy fails with a KeyError; one that no argument meets is a TypeError.
std::vector<DType> bind_ewk_types(const std::vector<EwkParam>& P, int nin,
                                  const std::vector<UfuncOperand>& args) {
  std::map<char, int> bound;  // placeholder -> the argument that bound it
  auto bind_array = [&](int k) {
    const EwkParam& p = P[size_t(k)];
    DType d = args[size_t(k)].dtype;
    if (!p.placeholder) {
      if (d != p.dtype)
        raise(ErrorKind::type, "Type is mismatched: argument '" + p.name + "' is " + dtype_name(d) +
                                   ", the parameter is " + dtype_name(p.dtype));
      return;
    }
    auto it = bound.find(p.placeholder);
    if (it == bound.end()) {
      bound.emplace(p.placeholder, k);
    } else if (args[size_t(it->second)].dtype != d) {
      raise(ErrorKind::type, "Type is mismatched: argument '" + p.name + "' is " + dtype_name(d) +
                                 ", but " + p.placeholder + " is " +
                                 dtype_name(args[size_t(it->second)].dtype) + " (from '" +
                                 P[size_t(it->second)].name + "')");
    }
  };
  int n = int(args.size());
  for (int k = nin; k < n; ++k) bind_array(k);
  for (int k = 0; k < nin; ++k)
    if (args[size_t(k)].array) bind_array(k);
  std::map<char, DType> by_scalars;
  for (const EwkParam& p : P) {
    if (!p.placeholder || bound.count(p.placeholder) || by_scalars.count(p.placeholder)) continue;
    std::vector<DType> strong;
    std::vector<WeakKind> weak;
    for (int k = 0; k < nin && k < n; ++k) {
      if (P[size_t(k)].placeholder != p.placeholder) continue;
      const UfuncOperand& a = args[size_t(k)];
      if (a.weak == WeakKind::none)
        strong.push_back(a.dtype);
      else
        weak.push_back(a.weak);
    }
    if (!strong.empty() || !weak.empty()) by_scalars[p.placeholder] = result_type(strong, weak);
  }
  std::vector<DType> types(P.size());
  for (size_t k = 0; k < P.size(); ++k) {
    const EwkParam& p = P[k];
    if (!p.placeholder) {
      types[k] = p.dtype;
    } else if (auto it = bound.find(p.placeholder); it != bound.end()) {
      types[k] = args[size_t(it->second)].dtype;
    } else if (auto s = by_scalars.find(p.placeholder); s != by_scalars.end()) {
      types[k] = s->second;
    } else {
      raise(ErrorKind::type, std::string("Cannot determine the type of ") + p.placeholder +
                                 " (parameter '" + p.name + "'): no argument binds it");
    }
  }
  return types;
}

std::shared_ptr<LoadedKernel> ElementwiseKernel::kernel(Device device,
                                                        const std::vector<DType>& types,
                                                        const std::vector<char>& scalar,
                                                        int layout_key, int nd, int rnd,
                                                        bool contiguous) {
  std::string sig;
  for (size_t k = 0; k < types.size(); ++k) {
    sig += char('a' + int(types[k]));
    sig += scalar[k] ? 's' : 'a';
  }
  std::string layout = sig + char('0' + layout_key);
  std::string key = layout;
  key += '@' + std::to_string(device.slot());
  std::shared_ptr<RawModule> module;
  std::string name;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (auto it = kernels_.find(key); it != kernels_.end()) return it->second;
    name = ewk_instantiation(def_.name, nd, rnd, contiguous);
    std::string& source = sources_[sig];
    if (source.empty()) source = ewk_source(def_, types, scalar);
    std::shared_ptr<RawModule>& m = modules_[layout];
    if (!m) {
      // No fused multiply-adds, as in the library's own kernels and ReductionKernel: the same
      // results on every device, and NumPy's, which rounds each operation; then the user's
      // options (--fmad=true brings contraction back).
      std::vector<std::string> options{"--fmad=false"};
      options.insert(options.end(), def_.options.begin(), def_.options.end());
      m = std::make_shared<RawModule>(source, options, std::vector<std::string>{name},
                                      def_.name + ".cu");
      generated().add(source, name);
    }
    module = m;
  }
  std::shared_ptr<LoadedKernel> loaded = module->kernel(device, name);  // compiles on a miss
  std::lock_guard<std::mutex> lock(mutex_);
  return kernels_.emplace(key, loaded).first->second;
}

std::vector<ArrayPtr> ElementwiseKernel::call(const std::vector<UfuncOperand>& args, int64_t size,
                                              const Stream* stream, std::optional<int> block_size) {
  const auto& P = def_.params;
  const int nin = def_.nin, nargs = nin + def_.nout, n = int(args.size());
  if (n != nin && n != nargs)
    raise(ErrorKind::type, "Wrong number of arguments for '" + def_.name + "'. It must be either " +
                               std::to_string(nin) + " or " + std::to_string(nargs) +
                               " (with outputs), but given " + std::to_string(n) + ".");
  if (block_size && *block_size <= 0)
    raise(ErrorKind::value, "block_size must be greater than zero");
  for (int k = nin; k < n; ++k)
    if (!args[size_t(k)].array)
      raise(ErrorKind::type, "Output arguments type must be cupylike.ndarray");

  // One device; the index range from the non-raw arrays (inputs and given outputs), or size.
  const NDArray* first = nullptr;
  std::vector<DimVector> shapes;
  std::vector<int> owners;
  for (int k = 0; k < n; ++k) {
    const ArrayPtr& a = args[size_t(k)].array;
    if (!a) continue;
    if (first)
      check_same_device(first->device(), a->device());
    else
      first = a.get();
    if (!P[size_t(k)].raw) {
      shapes.push_back(a->shape());
      owners.push_back(k);
    }
  }
  if (size >= 0 && !shapes.empty())
    raise(ErrorKind::value, "Specified 'size' can be used only if all of the ndarray are 'raw'.");
  if (size < 0 && shapes.empty()) raise(ErrorKind::value, "Loop size is undecided.");
  DimVector shape;
  if (size >= 0) {
    shape.push_back(size);
  } else {
    try {
      shape = broadcast_shapes(shapes.data(), int(shapes.size()));
    } catch (const Error&) {
      raise(ErrorKind::value,
            "operands could not be broadcast together: " + shapes_message(P, owners, shapes));
    }
  }
  for (int k = nin; k < n; ++k) {
    const NDArray& o = *args[size_t(k)].array;
    if (!P[size_t(k)].raw && o.shape() != shape)
      raise(ErrorKind::value, "Out shape is mismatched: '" + P[size_t(k)].name + "' has shape " +
                                  shape_str(o.shape()) + ", the broadcast shape is " +
                                  shape_str(shape));
    o.check_writeable();
  }
  const std::vector<DType> types = bind_ewk_types(P, nin, args);
  const Device device = first ? first->device() : current_device();

  std::vector<ArrayPtr> outs(size_t(def_.nout));
  for (int k = nin; k < nargs; ++k) {
    if (n == nargs) {
      outs[size_t(k - nin)] = args[size_t(k)].array;
      continue;
    }
    if (P[size_t(k)].raw && size < 0) raise(ErrorKind::value, "Output array size is Undecided");
    outs[size_t(k - nin)] = empty(device, types[size_t(k)], shape);
  }
  if (shape_size(shape) == 0) return outs;

  // Arrays per parameter; which are scalars; which move with the index (non-raw arrays).
  std::vector<const NDArray*> arrays(size_t(nargs), nullptr), moving;
  std::vector<char> scalar(size_t(nargs), 0);
  int raw_ndim = 1;
  for (int k = 0; k < nargs; ++k) {
    const NDArray* a = k < nin ? args[size_t(k)].array.get() : outs[size_t(k - nin)].get();
    arrays[size_t(k)] = a;
    scalar[size_t(k)] = a == nullptr;
    if (a && !P[size_t(k)].raw) moving.push_back(a);
    if (a && P[size_t(k)].raw) raw_ndim = std::max(raw_ndim, a->ndim());
  }
  const IndexRange range = index_range(shape, moving, def_.reduce_dims);
  const int nd = bucket(std::max<int>(1, int(range.shape.size()))), rnd = bucket(raw_ndim);
  const int na = std::max(1, nargs);

  // The parameter block, word for word as EwkParams<na, nd, rnd> (params.h).
  std::vector<unsigned long long> w(size_t(CUPYLIKE_EWK_WORDS(na, nd, rnd)), 0);
  const size_t o_shape = 2, o_ptr = o_shape + size_t(nd), o_scalar = o_ptr + size_t(na),
               o_strides = o_scalar + 2 * size_t(na), o_info = o_strides + size_t(na * nd),
               o_rshape = o_info + size_t(na), o_rstrides = o_rshape + size_t(na * rnd);
  w[0] = static_cast<unsigned long long>(shape_size(shape));
  w[1] = range.shape.size();
  for (size_t d = 0; d < range.shape.size(); ++d)
    w[o_shape + d] = static_cast<unsigned long long>(range.shape[d]);
  for (size_t k = 0, m = 0; k < size_t(nargs); ++k) {
    const NDArray* a = arrays[k];
    if (!a) {
      scalar_bytes(args[k].scalar, types[k], args[k].weak != WeakKind::none,
                   reinterpret_cast<unsigned char*>(&w[o_scalar + 2 * k]));
      continue;
    }
    w[o_ptr + k] = reinterpret_cast<uintptr_t>(a->data());
    if (!P[k].raw) {
      for (size_t d = 0; d < range.shape.size(); ++d)
        w[o_strides + k * size_t(nd) + d] = static_cast<unsigned long long>(range.strides[m][d]);
      ++m;
      continue;
    }
    w[o_info + k] = static_cast<unsigned long long>(a->ndim() | (a->c_contiguous() ? 256 : 0));
    for (int d = 0; d < a->ndim(); ++d) {
      w[o_rshape + k * size_t(rnd) + size_t(d)] = static_cast<unsigned long long>(a->shape()[d]);
      w[o_rstrides + k * size_t(rnd) + size_t(d)] =
          static_cast<unsigned long long>(a->strides()[d]);
    }
  }

  const int layout_key = (range.contiguous ? 1 : 0) | log2_of(nd) << 1 | log2_of(rnd) << 4;
  auto k = kernel(device, types, scalar, layout_key, nd, rnd, range.contiguous);
  // CuPy's block_size sets a GPU's threads per block; the cpu device runs its own way.
  const LaunchDims dims = launch_dims(device, shape_size(shape), 0, block_size ? *block_size : 256);
  if (stream && !stream->is_null()) check_same_device(*stream->device(), device);
  const Stream& s = stream ? *stream : *current_stream(device);
  void* kernel_args[] = {w.data()};
  k->launch(dims, 0, s, kernel_args, uint64_t(shape_size(shape)));
  return outs;
}

}  // namespace cupylike
