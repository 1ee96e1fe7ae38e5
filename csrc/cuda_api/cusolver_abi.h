#pragma once
// The part of cuSOLVER's dense API that cupylike uses (libs/cusolver.cpp and the emulated GPU's
// stand-in, emulator/cusolver*.cpp), written from NVIDIA's cuSOLVER documentation, so the
// extension builds without cuSOLVER's headers: the library is opened with dlopen at run time.
// tests/test_cuda_api.py compares it with cusolverDn.h where a toolkit is.
//
// The typed routines are declared for all four types, S (float), D (double), C (cuComplex) and
// Z (cuDoubleComplex), as the stand-in defines them all; the facade calls them through its own
// pointer types. Triangles and operations are cuBLAS's types.
#include <cuComplex.h>
#include <driver_types.h>
#include <library_types.h>
#include <stddef.h>
#include <stdint.h>

#include "cuda_api/cublas_abi.h"
#include "cuda_api/linkage.h"

// The cuSOLVER whose API these declarations follow (CUDA 13.0's): what the emulated GPU's
// stand-in answers to cusolverGetProperty.
#define CUPYLIKE_CUSOLVER_API_MAJOR 12
#define CUPYLIKE_CUSOLVER_API_MINOR 0
#define CUPYLIKE_CUSOLVER_API_PATCH 3

CUPYLIKE_CUDA_API_BEGIN

typedef enum {
  CUSOLVER_STATUS_SUCCESS = 0,
  CUSOLVER_STATUS_NOT_INITIALIZED = 1,
  CUSOLVER_STATUS_INVALID_VALUE = 3,
  CUSOLVER_STATUS_EXECUTION_FAILED = 6,
  CUSOLVER_STATUS_NOT_SUPPORTED = 9,
} cusolverStatus_t;

typedef enum {
  CUSOLVER_EIG_MODE_NOVECTOR = 0,
  CUSOLVER_EIG_MODE_VECTOR = 1,
} cusolverEigMode_t;

typedef struct cusolverDnContext* cusolverDnHandle_t;
// The 64-bit API's options object (cusolverDnX* routines).
typedef struct cusolverDnParams* cusolverDnParams_t;

cusolverStatus_t cusolverGetProperty(libraryPropertyType type, int* value);
cusolverStatus_t cusolverDnCreate(cusolverDnHandle_t* handle);
cusolverStatus_t cusolverDnDestroy(cusolverDnHandle_t handle);
cusolverStatus_t cusolverDnSetStream(cusolverDnHandle_t handle, cudaStream_t streamId);
cusolverStatus_t cusolverDnGetStream(cusolverDnHandle_t handle, cudaStream_t* streamId);
cusolverStatus_t cusolverDnCreateParams(cusolverDnParams_t* params);
cusolverStatus_t cusolverDnDestroyParams(cusolverDnParams_t params);

// LU factorisation with partial pivoting, and solving with it.
cusolverStatus_t cusolverDnSgetrf_bufferSize(cusolverDnHandle_t handle, int m, int n, float* A,
                                             int lda, int* Lwork);
cusolverStatus_t cusolverDnDgetrf_bufferSize(cusolverDnHandle_t handle, int m, int n, double* A,
                                             int lda, int* Lwork);
cusolverStatus_t cusolverDnCgetrf_bufferSize(cusolverDnHandle_t handle, int m, int n, cuComplex* A,
                                             int lda, int* Lwork);
cusolverStatus_t cusolverDnZgetrf_bufferSize(cusolverDnHandle_t handle, int m, int n,
                                             cuDoubleComplex* A, int lda, int* Lwork);
cusolverStatus_t cusolverDnSgetrf(cusolverDnHandle_t handle, int m, int n, float* A, int lda,
                                  float* Workspace, int* devIpiv, int* devInfo);
cusolverStatus_t cusolverDnDgetrf(cusolverDnHandle_t handle, int m, int n, double* A, int lda,
                                  double* Workspace, int* devIpiv, int* devInfo);
cusolverStatus_t cusolverDnCgetrf(cusolverDnHandle_t handle, int m, int n, cuComplex* A, int lda,
                                  cuComplex* Workspace, int* devIpiv, int* devInfo);
cusolverStatus_t cusolverDnZgetrf(cusolverDnHandle_t handle, int m, int n, cuDoubleComplex* A,
                                  int lda, cuDoubleComplex* Workspace, int* devIpiv, int* devInfo);
cusolverStatus_t cusolverDnSgetrs(cusolverDnHandle_t handle, cublasOperation_t trans, int n,
                                  int nrhs, const float* A, int lda, const int* devIpiv, float* B,
                                  int ldb, int* devInfo);
cusolverStatus_t cusolverDnDgetrs(cusolverDnHandle_t handle, cublasOperation_t trans, int n,
                                  int nrhs, const double* A, int lda, const int* devIpiv, double* B,
                                  int ldb, int* devInfo);
cusolverStatus_t cusolverDnCgetrs(cusolverDnHandle_t handle, cublasOperation_t trans, int n,
                                  int nrhs, const cuComplex* A, int lda, const int* devIpiv,
                                  cuComplex* B, int ldb, int* devInfo);
cusolverStatus_t cusolverDnZgetrs(cusolverDnHandle_t handle, cublasOperation_t trans, int n,
                                  int nrhs, const cuDoubleComplex* A, int lda, const int* devIpiv,
                                  cuDoubleComplex* B, int ldb, int* devInfo);

// Cholesky factorisation.
cusolverStatus_t cusolverDnSpotrf_bufferSize(cusolverDnHandle_t handle, cublasFillMode_t uplo,
                                             int n, float* A, int lda, int* Lwork);
cusolverStatus_t cusolverDnDpotrf_bufferSize(cusolverDnHandle_t handle, cublasFillMode_t uplo,
                                             int n, double* A, int lda, int* Lwork);
cusolverStatus_t cusolverDnCpotrf_bufferSize(cusolverDnHandle_t handle, cublasFillMode_t uplo,
                                             int n, cuComplex* A, int lda, int* Lwork);
cusolverStatus_t cusolverDnZpotrf_bufferSize(cusolverDnHandle_t handle, cublasFillMode_t uplo,
                                             int n, cuDoubleComplex* A, int lda, int* Lwork);
cusolverStatus_t cusolverDnSpotrf(cusolverDnHandle_t handle, cublasFillMode_t uplo, int n, float* A,
                                  int lda, float* Workspace, int Lwork, int* devInfo);
cusolverStatus_t cusolverDnDpotrf(cusolverDnHandle_t handle, cublasFillMode_t uplo, int n,
                                  double* A, int lda, double* Workspace, int Lwork, int* devInfo);
cusolverStatus_t cusolverDnCpotrf(cusolverDnHandle_t handle, cublasFillMode_t uplo, int n,
                                  cuComplex* A, int lda, cuComplex* Workspace, int Lwork,
                                  int* devInfo);
cusolverStatus_t cusolverDnZpotrf(cusolverDnHandle_t handle, cublasFillMode_t uplo, int n,
                                  cuDoubleComplex* A, int lda, cuDoubleComplex* Workspace,
                                  int Lwork, int* devInfo);

// QR factorisation, and Q from its reflectors (orgqr; ungqr for complex types).
cusolverStatus_t cusolverDnSgeqrf_bufferSize(cusolverDnHandle_t handle, int m, int n, float* A,
                                             int lda, int* lwork);
cusolverStatus_t cusolverDnDgeqrf_bufferSize(cusolverDnHandle_t handle, int m, int n, double* A,
                                             int lda, int* lwork);
cusolverStatus_t cusolverDnCgeqrf_bufferSize(cusolverDnHandle_t handle, int m, int n, cuComplex* A,
                                             int lda, int* lwork);
cusolverStatus_t cusolverDnZgeqrf_bufferSize(cusolverDnHandle_t handle, int m, int n,
                                             cuDoubleComplex* A, int lda, int* lwork);
cusolverStatus_t cusolverDnSgeqrf(cusolverDnHandle_t handle, int m, int n, float* A, int lda,
                                  float* TAU, float* Workspace, int Lwork, int* devInfo);
cusolverStatus_t cusolverDnDgeqrf(cusolverDnHandle_t handle, int m, int n, double* A, int lda,
                                  double* TAU, double* Workspace, int Lwork, int* devInfo);
cusolverStatus_t cusolverDnCgeqrf(cusolverDnHandle_t handle, int m, int n, cuComplex* A, int lda,
                                  cuComplex* TAU, cuComplex* Workspace, int Lwork, int* devInfo);
cusolverStatus_t cusolverDnZgeqrf(cusolverDnHandle_t handle, int m, int n, cuDoubleComplex* A,
                                  int lda, cuDoubleComplex* TAU, cuDoubleComplex* Workspace,
                                  int Lwork, int* devInfo);
cusolverStatus_t cusolverDnSorgqr_bufferSize(cusolverDnHandle_t handle, int m, int n, int k,
                                             const float* A, int lda, const float* tau, int* lwork);
cusolverStatus_t cusolverDnDorgqr_bufferSize(cusolverDnHandle_t handle, int m, int n, int k,
                                             const double* A, int lda, const double* tau,
                                             int* lwork);
cusolverStatus_t cusolverDnCungqr_bufferSize(cusolverDnHandle_t handle, int m, int n, int k,
                                             const cuComplex* A, int lda, const cuComplex* tau,
                                             int* lwork);
cusolverStatus_t cusolverDnZungqr_bufferSize(cusolverDnHandle_t handle, int m, int n, int k,
                                             const cuDoubleComplex* A, int lda,
                                             const cuDoubleComplex* tau, int* lwork);
cusolverStatus_t cusolverDnSorgqr(cusolverDnHandle_t handle, int m, int n, int k, float* A, int lda,
                                  const float* tau, float* work, int lwork, int* info);
cusolverStatus_t cusolverDnDorgqr(cusolverDnHandle_t handle, int m, int n, int k, double* A,
                                  int lda, const double* tau, double* work, int lwork, int* info);
cusolverStatus_t cusolverDnCungqr(cusolverDnHandle_t handle, int m, int n, int k, cuComplex* A,
                                  int lda, const cuComplex* tau, cuComplex* work, int lwork,
                                  int* info);
cusolverStatus_t cusolverDnZungqr(cusolverDnHandle_t handle, int m, int n, int k,
                                  cuDoubleComplex* A, int lda, const cuDoubleComplex* tau,
                                  cuDoubleComplex* work, int lwork, int* info);

// Singular value decomposition (QR iteration); jobu and jobvt are LAPACK's 'A', 'S', 'O', 'N'.
cusolverStatus_t cusolverDnSgesvd_bufferSize(cusolverDnHandle_t handle, int m, int n, int* lwork);
cusolverStatus_t cusolverDnDgesvd_bufferSize(cusolverDnHandle_t handle, int m, int n, int* lwork);
cusolverStatus_t cusolverDnCgesvd_bufferSize(cusolverDnHandle_t handle, int m, int n, int* lwork);
cusolverStatus_t cusolverDnZgesvd_bufferSize(cusolverDnHandle_t handle, int m, int n, int* lwork);
cusolverStatus_t cusolverDnSgesvd(cusolverDnHandle_t handle, signed char jobu, signed char jobvt,
                                  int m, int n, float* A, int lda, float* S, float* U, int ldu,
                                  float* VT, int ldvt, float* work, int lwork, float* rwork,
                                  int* info);
cusolverStatus_t cusolverDnDgesvd(cusolverDnHandle_t handle, signed char jobu, signed char jobvt,
                                  int m, int n, double* A, int lda, double* S, double* U, int ldu,
                                  double* VT, int ldvt, double* work, int lwork, double* rwork,
                                  int* info);
cusolverStatus_t cusolverDnCgesvd(cusolverDnHandle_t handle, signed char jobu, signed char jobvt,
                                  int m, int n, cuComplex* A, int lda, float* S, cuComplex* U,
                                  int ldu, cuComplex* VT, int ldvt, cuComplex* work, int lwork,
                                  float* rwork, int* info);
cusolverStatus_t cusolverDnZgesvd(cusolverDnHandle_t handle, signed char jobu, signed char jobvt,
                                  int m, int n, cuDoubleComplex* A, int lda, double* S,
                                  cuDoubleComplex* U, int ldu, cuDoubleComplex* VT, int ldvt,
                                  cuDoubleComplex* work, int lwork, double* rwork, int* info);

// Eigenvalues (and vectors) of symmetric (syevd) and Hermitian (heevd) matrices.
cusolverStatus_t cusolverDnSsyevd_bufferSize(cusolverDnHandle_t handle, cusolverEigMode_t jobz,
                                             cublasFillMode_t uplo, int n, const float* A, int lda,
                                             const float* W, int* lwork);
cusolverStatus_t cusolverDnDsyevd_bufferSize(cusolverDnHandle_t handle, cusolverEigMode_t jobz,
                                             cublasFillMode_t uplo, int n, const double* A, int lda,
                                             const double* W, int* lwork);
cusolverStatus_t cusolverDnCheevd_bufferSize(cusolverDnHandle_t handle, cusolverEigMode_t jobz,
                                             cublasFillMode_t uplo, int n, const cuComplex* A,
                                             int lda, const float* W, int* lwork);
cusolverStatus_t cusolverDnZheevd_bufferSize(cusolverDnHandle_t handle, cusolverEigMode_t jobz,
                                             cublasFillMode_t uplo, int n, const cuDoubleComplex* A,
                                             int lda, const double* W, int* lwork);
cusolverStatus_t cusolverDnSsyevd(cusolverDnHandle_t handle, cusolverEigMode_t jobz,
                                  cublasFillMode_t uplo, int n, float* A, int lda, float* W,
                                  float* work, int lwork, int* info);
cusolverStatus_t cusolverDnDsyevd(cusolverDnHandle_t handle, cusolverEigMode_t jobz,
                                  cublasFillMode_t uplo, int n, double* A, int lda, double* W,
                                  double* work, int lwork, int* info);
cusolverStatus_t cusolverDnCheevd(cusolverDnHandle_t handle, cusolverEigMode_t jobz,
                                  cublasFillMode_t uplo, int n, cuComplex* A, int lda, float* W,
                                  cuComplex* work, int lwork, int* info);
cusolverStatus_t cusolverDnZheevd(cusolverDnHandle_t handle, cusolverEigMode_t jobz,
                                  cublasFillMode_t uplo, int n, cuDoubleComplex* A, int lda,
                                  double* W, cuDoubleComplex* work, int lwork, int* info);

// Eigenvalues (and right or left vectors) of a general matrix, in the 64-bit API (CUDA 12.6
// on): the arrays' types are given as cudaDataType, the workspaces in bytes.
cusolverStatus_t cusolverDnXgeev_bufferSize(
    cusolverDnHandle_t handle, cusolverDnParams_t params, cusolverEigMode_t jobvl,
    cusolverEigMode_t jobvr, int64_t n, cudaDataType dataTypeA, const void* A, int64_t lda,
    cudaDataType dataTypeW, const void* W, cudaDataType dataTypeVL, const void* VL, int64_t ldvl,
    cudaDataType dataTypeVR, const void* VR, int64_t ldvr, cudaDataType computeType,
    size_t* workspaceInBytesOnDevice, size_t* workspaceInBytesOnHost);
cusolverStatus_t cusolverDnXgeev(cusolverDnHandle_t handle, cusolverDnParams_t params,
                                 cusolverEigMode_t jobvl, cusolverEigMode_t jobvr, int64_t n,
                                 cudaDataType dataTypeA, void* A, int64_t lda,
                                 cudaDataType dataTypeW, void* W, cudaDataType dataTypeVL, void* VL,
                                 int64_t ldvl, cudaDataType dataTypeVR, void* VR, int64_t ldvr,
                                 cudaDataType computeType, void* bufferOnDevice,
                                 size_t workspaceInBytesOnDevice, void* bufferOnHost,
                                 size_t workspaceInBytesOnHost, int* info);

CUPYLIKE_CUDA_API_END
