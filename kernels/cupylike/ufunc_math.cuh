// Helpers the ufunc table's operations call, with NumPy's semantics where C's differ; one
// header per area in kernels/cupylike/ufunc/.
#pragma once
#include <cupylike/ufunc/complex.cuh>
#include <cupylike/ufunc/integer.cuh>
#include <cupylike/ufunc/floating.cuh>
#include <cupylike/ufunc/transcendental.cuh>
#include <cupylike/ufunc/complex_math.cuh>
