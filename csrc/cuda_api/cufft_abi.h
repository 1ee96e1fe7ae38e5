#pragma once
// The part of cuFFT's API that cupylike uses (libs/cufft.cpp and the emulated GPU's stand-in,
// emulator/cufft*.cpp), written from NVIDIA's cuFFT documentation, so the extension builds
// without cuFFT's header: the library is opened with dlopen at run time.
// tests/test_cuda_api.py compares it with cufft.h where a toolkit is.
#include <cuComplex.h>
#include <driver_types.h>
#include <library_types.h>

#include "cuda_api/linkage.h"

// The cuFFT whose API these declarations follow (CUDA 13.0's): what the emulated GPU's
// stand-in answers to cufftGetProperty.
#define CUPYLIKE_CUFFT_API_MAJOR 12
#define CUPYLIKE_CUFFT_API_MINOR 0
#define CUPYLIKE_CUFFT_API_PATCH 0

CUPYLIKE_CUDA_API_BEGIN

typedef enum {
  CUFFT_SUCCESS = 0,
  CUFFT_INVALID_PLAN = 1,
  CUFFT_ALLOC_FAILED = 2,
  CUFFT_INVALID_TYPE = 3,
  CUFFT_INVALID_VALUE = 4,
  CUFFT_EXEC_FAILED = 6,
  CUFFT_SETUP_FAILED = 7,
  CUFFT_INVALID_SIZE = 8,
  CUFFT_INVALID_DEVICE = 11,
  CUFFT_NO_WORKSPACE = 13,
} cufftResult;

// The transform's types: R/D real, C/Z complex, in single/double precision.
typedef enum {
  CUFFT_R2C = 0x2a,
  CUFFT_C2R = 0x2c,
  CUFFT_C2C = 0x29,
  CUFFT_D2Z = 0x6a,
  CUFFT_Z2D = 0x6c,
  CUFFT_Z2Z = 0x69,
} cufftType;

// The direction of a complex transform (the sign of the exponent), and the plan handle that
// cufftDestroy accepts without a plan. Macros in NVIDIA's header.
enum { CUFFT_FORWARD = -1, CUFFT_INVERSE = 1 };
enum { CUFFT_PLAN_NULL = -1 };

typedef int cufftHandle;
typedef float cufftReal;
typedef double cufftDoubleReal;
typedef cuComplex cufftComplex;
typedef cuDoubleComplex cufftDoubleComplex;

cufftResult cufftCreate(cufftHandle* handle);
cufftResult cufftDestroy(cufftHandle plan);
cufftResult cufftGetProperty(libraryPropertyType type, int* value);

cufftResult cufftSetAutoAllocation(cufftHandle plan, int autoAllocate);
cufftResult cufftMakePlanMany64(cufftHandle plan, int rank, long long int* n,
                                long long int* inembed, long long int istride, long long int idist,
                                long long int* onembed, long long int ostride, long long int odist,
                                cufftType type, long long int batch, size_t* workSize);
cufftResult cufftSetWorkArea(cufftHandle plan, void* workArea);
cufftResult cufftSetStream(cufftHandle plan, cudaStream_t stream);

cufftResult cufftExecC2C(cufftHandle plan, cufftComplex* idata, cufftComplex* odata, int direction);
cufftResult cufftExecR2C(cufftHandle plan, cufftReal* idata, cufftComplex* odata);
cufftResult cufftExecC2R(cufftHandle plan, cufftComplex* idata, cufftReal* odata);
cufftResult cufftExecZ2Z(cufftHandle plan, cufftDoubleComplex* idata, cufftDoubleComplex* odata,
                         int direction);
cufftResult cufftExecD2Z(cufftHandle plan, cufftDoubleReal* idata, cufftDoubleComplex* odata);
cufftResult cufftExecZ2D(cufftHandle plan, cufftDoubleComplex* idata, cufftDoubleReal* odata);

CUPYLIKE_CUDA_API_END
