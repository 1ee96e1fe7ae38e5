// Deprecated CUDA header that nvcc users still include; on the cpu device the prelude already
// provides everything it declares (CUDA's version cannot be compiled without nvcc).
#ifndef CUPYLIKE_CPU_SHIM_MATH_FUNCTIONS_H
#define CUPYLIKE_CPU_SHIM_MATH_FUNCTIONS_H
#endif
