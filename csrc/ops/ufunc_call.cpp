// Ufunc::call: operands checked and prepared (casts, overlaps, outputs), axes merged, one
// launch of the loop's kernel, results cast into `out` where its dtype differs (only where
// the `where` mask is true).
#include <cupylike/params.h>

#include <algorithm>
#include <cstring>

#include "core/error.hpp"
#include "core/layout.hpp"
#include "ops/copy.hpp"
#include "ops/masked_copy.hpp"
#include "ops/ufunc.hpp"
#include "runtime/launch.hpp"

namespace cupylike {

namespace {

std::string dtype_repr(DType d) { return std::string("dtype('") + dtype_name(d) + "')"; }

const char* casting_name(Casting c) {
  static const char* names[] = {"no", "equiv", "safe", "same_kind", "unsafe"};
  return names[int(c)];
}

// Strides of `a` read along `shape` (broadcast and missing leading axes get 0).
void broadcast_strides(const NDArray& a, const DimVector& shape, long long* out) {
  int n = shape.size(), lead = n - a.ndim();
  for (int i = 0; i < n; ++i) {
    int j = i - lead;
    out[i] = j < 0 || a.shape()[j] == 1 ? 0 : a.strides()[j];
  }
}

// A new output shaped `shape`: laid out like the first input of that very shape (NumPy's
// order='K'), else C order.
ArrayPtr new_output(Device device, DType dtype, const DimVector& shape, const NDArray* const* in,
                    int nin) {
  for (int i = 0; i < nin; ++i) {
    if (!in[i] || in[i]->shape() != shape || in[i]->c_contiguous()) continue;
    if (in[i]->f_contiguous()) return empty(device, dtype, shape, 'F');
    return empty_strided(device, dtype, shape,
                         strides_like(shape, in[i]->strides(), in[i]->itemsize(), itemsize(dtype)));
  }
  return empty(device, dtype, shape);
}

// Left uninitialised in arrays of them: only the first `nops` are set and read.
struct Operand {
  const NDArray* array;  // null: a scalar in the params
  int itemsize;
};

// Fills the shape, strides and contiguity of `p`: axes ordered by the first output's strides
// and merged wherever every operand steps over the next axis exactly.
void walk_axes(cupylike_ew_params& p, const DimVector& shape, const Operand* ops, int nops,
               int first_out) {
  int n = shape.size();
  long long strides[CUPYLIKE_EW_MAX_OPERANDS][kMaxNdim];
  const long long* moving[CUPYLIKE_EW_MAX_OPERANDS];
  long long* merged[CUPYLIKE_EW_MAX_OPERANDS];
  for (int k = 0; k < nops; ++k) {
    moving[k] = nullptr;
    if (ops[k].array) {
      broadcast_strides(*ops[k].array, shape, strides[k]);
      moving[k] = strides[k];
    }
    merged[k] = p.strides[k];
  }
  int axes[kMaxNdim], m = 0;
  for (int i = 0; i < n; ++i)
    if (shape[i] != 1) axes[m++] = i;
  const long long* key = strides[first_out];
  std::stable_sort(axes, axes + m,
                   [&](int a, int b) { return std::llabs(key[a]) > std::llabs(key[b]); });
  const int d = merge_axes(shape, axes, m, moving, nops, p.shape, merged, CUPYLIKE_EW_MAX_NDIM);
  if (d < 0)
    raise(ErrorKind::not_implemented, "elementwise operations on arrays with more than " +
                                          std::to_string(CUPYLIKE_EW_MAX_NDIM) +
                                          " axes that cannot be merged");
  p.ndim = d;
  bool contiguous = d <= 1;
  for (int k = 0; contiguous && k < nops; ++k)
    if (ops[k].array && d == 1) contiguous = p.strides[k][0] == ops[k].itemsize;
  p.contiguous = contiguous;
}

// The same elements in the same places: writing the output as it is read is fine.
bool same_view(const NDArray& a, const NDArray& b, const DimVector& shape) {
  if (a.data() != b.data() || a.dtype() != b.dtype()) return false;
  long long sa[kMaxNdim], sb[kMaxNdim];
  broadcast_strides(a, shape, sa);
  broadcast_strides(b, shape, sb);
  return std::equal(sa, sa + shape.size(), sb);
}

}  // namespace

void check_where_mask(const NDArray& where) {
  if (where.dtype() != DType::bool_)
    raise(ErrorKind::type, "Cannot cast array data from " + dtype_repr(where.dtype()) +
                               " to dtype('bool') according to the rule 'safe'");
}

std::array<ArrayPtr, kUfuncMaxOut> Ufunc::call(const UfuncOperand* in, const UfuncOptions& opt) {
  // NumPy's order of errors: read-only outputs (found as it parses them), the loop, the mask's
  // dtype, the casting rules, then shapes; all before anything is written.
  for (int k = 0; k < nout_; ++k)
    if (opt.out[size_t(k)]) opt.out[size_t(k)]->check_writeable();
  const int loop = select_loop(in, opt);
  const UfuncLoop& L = loops_[size_t(loop)];
  const DType* out_types = L.types.data() + nin_;

  if (opt.where) check_where_mask(*opt.where);
  for (int i = 0; i < nin_; ++i) {
    const char loop_kind = dtype_info(L.types[i]).kind;
    const DType to = rules_.ints_as_float64 && loop_kind != 'f' && loop_kind != 'c' ? DType::float64
                                                                                    : L.types[i];
    if (in[i].weak == WeakKind::none && !can_cast(in[i].dtype, to, opt.casting))
      raise(ErrorKind::type, "Cannot cast ufunc '" + name_ + "' input " +
                                 (nin_ > 1 ? std::to_string(i) + " " : "") + "from " +
                                 dtype_repr(in[i].dtype) + " to " + dtype_repr(to) +
                                 " with casting rule '" + casting_name(opt.casting) + "'");
  }
  // Scalars take the loop's types before shapes are looked at, as NumPy converts them (a
  // Python int out of range is an OverflowError even when operands do not broadcast).
  unsigned long long scalars[kUfuncMaxIn][2] = {};
  for (int i = 0; i < nin_; ++i)
    if (!in[i].array)
      scalar_bytes(in[i].scalar, L.types[i], in[i].weak != WeakKind::none,
                   reinterpret_cast<unsigned char*>(scalars[i]));
  for (int k = 0; k < nout_; ++k) {
    const ArrayPtr& o = opt.out[size_t(k)];
    if (!o) continue;
    if (!can_cast(out_types[k], o->dtype(), opt.casting))
      raise(ErrorKind::type, "Cannot cast ufunc '" + name_ + "' output from " +
                                 dtype_repr(out_types[k]) + " to " + dtype_repr(o->dtype()) +
                                 " with casting rule '" + casting_name(opt.casting) + "'");
  }

  // One device for everything, and the shape all operands broadcast to.
  const NDArray* first = nullptr;
  const DimVector* shapes[kUfuncMaxIn + 1];
  int nshapes = 0;
  auto join = [&](const NDArray& a) {
    if (first)
      check_same_device(first->device(), a.device());
    else
      first = &a;
    shapes[nshapes++] = &a.shape();
  };
  for (int i = 0; i < nin_; ++i)
    if (in[i].array) join(*in[i].array);
  if (opt.where) join(*opt.where);
  bool uniform = true;  // the common case needs no broadcasting work
  for (int k = 1; uniform && k < nshapes; ++k) uniform = *shapes[k] == *shapes[0];
  DimVector shape;
  if (uniform && nshapes) {
    shape = *shapes[0];
  } else {
    DimVector copies[kUfuncMaxIn + 1];
    for (int k = 0; k < nshapes; ++k) copies[k] = *shapes[k];
    shape = broadcast_shapes(copies, nshapes);
  }
  for (int k = 0; k < nout_; ++k) {
    const ArrayPtr& o = opt.out[size_t(k)];
    if (!o) continue;
    if (first)
      check_same_device(first->device(), o->device());
    else
      first = o.get();
    DimVector both[2] = {shape, o->shape()};
    DimVector full = broadcast_shapes(both, 2);
    if (full != o->shape())
      raise(ErrorKind::value, "non-broadcastable output operand with shape " +
                                  shape_str(o->shape()) + " doesn't match the broadcast shape " +
                                  shape_str(full));
    shape = full;  // an output may be larger than the inputs: they broadcast to it
  }
  Device device = first ? first->device() : current_device();

  const Stream& stream = *current_stream(device);
  std::array<ArrayPtr, kUfuncMaxOut> results{};
  // Plain pointers: the operands hold the arrays (and `temps` the casts), so the hot path does
  // no reference counting.
  const NDArray* inputs[kUfuncMaxIn] = {};
  ArrayPtr temps[kUfuncMaxIn];
  ArrayPtr writes[kUfuncMaxOut];
  for (int i = 0; i < nin_; ++i) {
    inputs[i] = in[i].array.get();
    if (inputs[i] && inputs[i]->dtype() != L.types[i]) {
      temps[i] = copy_array(in[i].array, 'K', stream, L.types[i]);
      inputs[i] = temps[i].get();
    }
  }
  for (int k = 0; k < nout_; ++k) {
    const ArrayPtr& o = opt.out[size_t(k)];
    if (!o) {
      writes[k] = results[size_t(k)] = new_output(device, out_types[k], shape, inputs, nin_);
      continue;
    }
    results[size_t(k)] = o;
    const NDArray* optr = o.get();
    bool direct = o->dtype() == out_types[k];
    for (int i = 0; direct && i < nin_; ++i)
      direct = !inputs[i] || !may_share_memory(*inputs[i], *o) || same_view(*inputs[i], *o, shape);
    // Otherwise through a temporary in the loop's dtype, copied into `out` after the launch
    // (so an overlapping input is read before `out` is written).
    writes[k] = direct ? o : new_output(device, out_types[k], shape, &optr, 1);
  }
  if (opt.where_false || shape_size(shape) == 0) return results;
  // When every output goes through a temporary, the mask applies at the copy back alone and
  // the kernel takes its unmasked loops (the masked walk is many times slower).
  bool masked_launch = opt.where != nullptr;
  for (int k = 0; masked_launch && k < nout_; ++k) masked_launch = results[size_t(k)] == writes[k];

  cupylike_ew_params p;
  p.size = shape_size(shape);
  p.nops = nin_ + nout_ + (masked_launch ? 1 : 0);
  p.has_where = masked_launch;
  p.scalar_mask = 0;
  Operand ops[CUPYLIKE_EW_MAX_OPERANDS];
  for (int i = 0; i < nin_; ++i) {
    if (inputs[i]) {
      ops[i] = {inputs[i], inputs[i]->itemsize()};
      p.ptr[i] = inputs[i]->data();
    } else {
      ops[i] = {nullptr, 0};
      p.scalar_mask |= 1u << i;
      p.ptr[i] = nullptr;
      std::memcpy(p.scalar[i], scalars[i], sizeof scalars[i]);
    }
  }
  for (int k = 0; k < nout_; ++k) {
    ops[nin_ + k] = {writes[k].get(), writes[k]->itemsize()};
    p.ptr[nin_ + k] = writes[k]->data();
  }
  if (masked_launch) {
    ops[p.nops - 1] = {opt.where.get(), 1};
    p.ptr[p.nops - 1] = opt.where->data();
  }
  walk_axes(p, shape, ops, p.nops, nin_);
  void* args[] = {&p};
  loaded_kernel(device, loop)
      .launch(launch_dims(device, p.size), 0, stream, args, uint64_t(p.size));
  for (int k = 0; k < nout_; ++k) {
    if (results[size_t(k)] == writes[k]) continue;
    // With `where`, only the elements the mask selects come back: the others keep out's
    // values exactly (a round trip through the loop's dtype would round them).
    if (opt.where)
      copy_where(results[size_t(k)], writes[k], opt.where, stream);
    else
      copy_cast(*results[size_t(k)], *writes[k], stream);
  }
  return results;
}

}  // namespace cupylike
