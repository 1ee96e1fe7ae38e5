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
