// Kernel parameter blocks shared by the C++ core (which fills them) and the kernels (which read
// them): plain C structs, so both compilers lay them out alike. Passed to kernels by value.
#ifndef CUPYLIKE_PARAMS_H
#define CUPYLIKE_PARAMS_H

// NumPy's limit on dimensions; arrays reach kernels with their axes merged where possible.
#define CUPYLIKE_MAX_NDIM 64

// An N-d walk over up to two arrays with one shape: the output (strides[0]) and an input.
struct cupylike_nd_params {
  char* out;
  const char* in;
  long long size;    // elements
  int ndim;          // after merging axes
  int contiguous;    // both arrays are one contiguous run in element order
  long long shape[CUPYLIKE_MAX_NDIM];
  long long strides[2][CUPYLIKE_MAX_NDIM];  // bytes; [0] out, [1] in
};

#endif  // CUPYLIKE_PARAMS_H

#ifndef CUPYLIKE_EW_PARAMS_H
#define CUPYLIKE_EW_PARAMS_H
// Elementwise kernels (ufuncs, ElementwiseKernel): up to 8 operands — inputs, then outputs, then
// an optional `where` mask — walking one shape. A scalar operand has no array: its value sits in
// `scalar` (as the loop's type) and it does not move. Axes are merged on the host, so an array
// of up to 2**40 elements has at most 40 axes longer than 1.
#define CUPYLIKE_EW_MAX_OPERANDS 8
#define CUPYLIKE_EW_MAX_NDIM 40

struct cupylike_ew_params {
  long long size;
  int ndim;
  int nops;
  int contiguous;   // every array operand is one contiguous run in element order
  int has_where;    // the last operand is a bool mask: outputs are written where it is true
  unsigned scalar_mask;  // bit k: operand k is a scalar
  char* ptr[CUPYLIKE_EW_MAX_OPERANDS];
  unsigned long long scalar[CUPYLIKE_EW_MAX_OPERANDS][2];
  long long shape[CUPYLIKE_EW_MAX_NDIM];
  long long strides[CUPYLIKE_EW_MAX_OPERANDS][CUPYLIKE_EW_MAX_NDIM];
};
#endif  // CUPYLIKE_EW_PARAMS_H

#ifndef CUPYLIKE_EWK_PARAMS_H
#define CUPYLIKE_EWK_PARAMS_H
// ElementwiseKernel: 64-bit words in cupylike::EwkParams<na, nd, rnd>
// (kernels/cupylike/elementwise_user.cuh), which the host packs as an array of words, in the
// struct's order: size, ndim, shape[nd], ptr[na], scalar[na][2], strides[na][nd], raw_info[na],
// raw_shape[na][rnd], raw_strides[na][rnd]. na, nd and rnd are at least 1.
#define CUPYLIKE_EWK_WORDS(na, nd, rnd) (2 + (nd) + (na) * (4 + (nd) + 2 * (rnd)))
#endif  // CUPYLIKE_EWK_PARAMS_H
