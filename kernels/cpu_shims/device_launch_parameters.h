// threadIdx, blockIdx, blockDim, gridDim and warpSize come from the cpu prelude; CUDA's header
// would declare them again as extern objects.
#ifndef CUPYLIKE_CPU_SHIM_DEVICE_LAUNCH_PARAMETERS_H
#define CUPYLIKE_CPU_SHIM_DEVICE_LAUNCH_PARAMETERS_H
#include <vector_types.h>
#endif
