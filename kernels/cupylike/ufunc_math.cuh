// Helpers the ufunc table's operations call, with NumPy's semantics where C's differ; one
// header per area in kernels/cupylike/ufunc/.
#pragma once
#include <cupylike/ufunc/complex.cuh>
#include <cupylike/ufunc/integer.cuh>
#include <cupylike/ufunc/floating.cuh>
#include <cupylike/ufunc/transcendental.cuh>
// complex_math.cuh is included by the ufuncs that need it (see that header).
