#pragma once
// The part of cuBLAS's API that cupylike uses (libs/cublas.cpp, the emulated GPU's stand-in
// emulator/cublas.cpp, and cuSOLVER's arguments), written from NVIDIA's cuBLAS documentation,
// so the extension builds without cuBLAS's headers: the library is opened with dlopen at run
// time. tests/test_cuda_api.py compares it with cublas_v2.h where a toolkit is.
//
// Functions are declared by the symbols the library exports: where cublas_v2.h maps a name to
// a versioned symbol (cublasCreate -> cublasCreate_v2), the symbol's name.
#include <cuComplex.h>
#include <driver_types.h>
#include <library_types.h>

#include "cuda_api/linkage.h"

// The cuBLAS whose API these declarations follow (CUDA 13.0's): what the emulated GPU's
// stand-in answers to cublasGetProperty.
#define CUPYLIKE_CUBLAS_API_MAJOR 13
#define CUPYLIKE_CUBLAS_API_MINOR 0
#define CUPYLIKE_CUBLAS_API_PATCH 0

CUPYLIKE_CUDA_API_BEGIN

typedef enum {
  CUBLAS_STATUS_SUCCESS = 0,
  CUBLAS_STATUS_NOT_INITIALIZED = 1,
  CUBLAS_STATUS_INVALID_VALUE = 7,
  CUBLAS_STATUS_EXECUTION_FAILED = 13,
  CUBLAS_STATUS_NOT_SUPPORTED = 15,
} cublasStatus_t;

typedef enum {
  CUBLAS_FILL_MODE_LOWER = 0,
  CUBLAS_FILL_MODE_UPPER = 1,
} cublasFillMode_t;

typedef enum {
  CUBLAS_OP_N = 0,
  CUBLAS_OP_T = 1,
  CUBLAS_OP_C = 2,
} cublasOperation_t;

typedef struct cublasContext* cublasHandle_t;

cublasStatus_t cublasCreate_v2(cublasHandle_t* handle);
cublasStatus_t cublasDestroy_v2(cublasHandle_t handle);
cublasStatus_t cublasSetStream_v2(cublasHandle_t handle, cudaStream_t streamId);
cublasStatus_t cublasGetStream_v2(cublasHandle_t handle, cudaStream_t* streamId);
cublasStatus_t cublasGetProperty(libraryPropertyType type, int* value);

// C[i] = alpha op(A[i]) op(B[i]) + beta C[i] for i < batchCount, matrix i of each at i * stride
// elements from the first (column-major).
cublasStatus_t cublasSgemmStridedBatched(cublasHandle_t handle, cublasOperation_t transa,
                                         cublasOperation_t transb, int m, int n, int k,
                                         const float* alpha, const float* A, int lda,
                                         long long int strideA, const float* B, int ldb,
                                         long long int strideB, const float* beta, float* C,
                                         int ldc, long long int strideC, int batchCount);
cublasStatus_t cublasDgemmStridedBatched(cublasHandle_t handle, cublasOperation_t transa,
                                         cublasOperation_t transb, int m, int n, int k,
                                         const double* alpha, const double* A, int lda,
                                         long long int strideA, const double* B, int ldb,
                                         long long int strideB, const double* beta, double* C,
                                         int ldc, long long int strideC, int batchCount);
cublasStatus_t cublasCgemmStridedBatched(cublasHandle_t handle, cublasOperation_t transa,
                                         cublasOperation_t transb, int m, int n, int k,
                                         const cuComplex* alpha, const cuComplex* A, int lda,
                                         long long int strideA, const cuComplex* B, int ldb,
                                         long long int strideB, const cuComplex* beta, cuComplex* C,
                                         int ldc, long long int strideC, int batchCount);
cublasStatus_t cublasZgemmStridedBatched(cublasHandle_t handle, cublasOperation_t transa,
                                         cublasOperation_t transb, int m, int n, int k,
                                         const cuDoubleComplex* alpha, const cuDoubleComplex* A,
                                         int lda, long long int strideA, const cuDoubleComplex* B,
                                         int ldb, long long int strideB,
                                         const cuDoubleComplex* beta, cuDoubleComplex* C, int ldc,
                                         long long int strideC, int batchCount);

CUPYLIKE_CUDA_API_END
