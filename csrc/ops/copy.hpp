#pragma once
/// Copies on a device: any layout to any layout, with NumPy's dtype conversion, and fill.
#include <optional>
#include <vector>

#include "array/ndarray.hpp"
#include "runtime/stream.hpp"

namespace cupylike {

struct KernelFamily;

/// dst[...] = src, element by element. `src` has dst's shape (broadcast it first) and any
/// dtype, converted as NumPy's unsafe cast does; memory shared with dst is read before written.
void copy_cast(const NDArray& dst, const NDArray& src, const Stream& stream);

/// A new array holding a's elements, as `dtype` (a's by default), laid out as numpy.copy /
/// astype lay it out for `order` ('C', 'F', 'A' or 'K').
ArrayPtr copy_array(const ArrayPtr& a, char order, const Stream& stream,
                    std::optional<DType> dtype = std::nullopt);

/// Sets every element of `dst` to the value whose bytes, in dst's dtype, `value` points at.
void fill(const NDArray& dst, const void* value, const Stream& stream);

/// dst[...] = src with NumPy's assignment broadcasting (src may have extra leading axes of
/// length 1) and unsafe cast; ValueError "could not broadcast input array from shape ..."
void assign(const ArrayPtr& dst, const ArrayPtr& src, const Stream& stream);

/// The values of x[key] = src for an advanced key, as NumPy's index assignment takes them:
/// src may also have extra leading axes when it is empty; ValueError "shape mismatch: value
/// array of shape ... could not be broadcast to indexing result of shape ..."
void assign_indexed(const ArrayPtr& dst, const ArrayPtr& src, const Stream& stream);

/// True when `a` already has the layout `order` asks for ('K' always; 'A': C or F).
bool has_order(const NDArray& a, char order);

/// TypeError with NumPy's message ("Cannot cast array data from dtype('float64') to
/// dtype('int8') according to the rule 'safe'") when `casting` forbids the cast.
void check_cast(DType from, DType to, Casting casting);

/// numpy.ravel: a 1-d view where NumPy gives one, else a copy, elements in `order` ('C', 'F',
/// 'A' or 'K': memory order, reversed axes made ascending).
ArrayPtr ravel(const ArrayPtr& a, char order, const Stream& stream);

/// The kernel families copy_cast and fill compile (for tests that compile every library kernel).
std::vector<const KernelFamily*> copy_kernel_families();

/// True when the two arrays' byte ranges on one device intersect.
bool may_share_memory(const NDArray& a, const NDArray& b);

}  // namespace cupylike
