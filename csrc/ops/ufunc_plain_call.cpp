// Ufunc::call_plain: the call an operator makes most often (`a + b` on arrays of one shape and
// dtype), without the general path's casts, broadcasting, axis walk and output checks. Every
// case it declines goes to Ufunc::call, which decides it the same way.
#include <cupylike/params.h>

#include "ops/ufunc.hpp"
#include "runtime/launch.hpp"

namespace cupylike {

ArrayPtr Ufunc::call_plain(const NDArray* const* in) {
  if (nout_ != 1) return nullptr;
  const NDArray& first = *in[0];
  DType dtypes[kUfuncMaxIn];
  for (int i = 0; i < nin_; ++i) {
    const NDArray& a = *in[i];
    if (!a.c_contiguous() || a.device() != first.device() || a.shape() != first.shape())
      return nullptr;
    dtypes[i] = a.dtype();
  }
  if (first.size() == 0) return nullptr;
  // Value rules look at scalars alone, so with arrays only the dtype-keyed choice stands.
  const int loop = recent_loop(loop_key(dtypes, nullptr, UfuncOptions{}));
  if (loop < 0) return nullptr;
  const UfuncLoop& L = loops_[size_t(loop)];
  for (int i = 0; i < nin_; ++i)
    if (dtypes[i] != L.types[size_t(i)]) return nullptr;  // a cast first: the general path

  const Device device = first.device();
  const Stream& stream = *current_stream(device);
  ArrayPtr out = empty(device, L.types[size_t(nin_)], first.shape());
  cupylike_ew_params p;
  p.size = first.size();
  p.ndim = 1;
  p.nops = nin_ + 1;
  p.contiguous = 1;  // the kernel then reads the pointers and the size alone
  p.has_where = 0;
  p.scalar_mask = 0;
  for (int i = 0; i < nin_; ++i) p.ptr[i] = in[i]->data();
  p.ptr[nin_] = out->data();
  void* args[] = {&p};
  loaded_kernel(device, loop)
      .launch(launch_dims(device, p.size), 0, stream, args, uint64_t(p.size));
  return out;
}

}  // namespace cupylike
