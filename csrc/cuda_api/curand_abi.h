#pragma once
// The part of cuRAND's host API that cupylike uses (libs/curand.cpp and the emulated GPU's
// stand-in, emulator/curand.cpp), written from NVIDIA's cuRAND documentation, so the extension
// builds without cuRAND's header: the library is opened with dlopen at run time.
// tests/test_cuda_api.py compares it with curand.h where a toolkit is.
#include <driver_types.h>
#include <library_types.h>
#include <stddef.h>

#include "cuda_api/linkage.h"

// The cuRAND whose API these declarations follow (CUDA 13.0's): what the emulated GPU's
// stand-in answers to curandGetProperty.
#define CUPYLIKE_CURAND_API_MAJOR 10
#define CUPYLIKE_CURAND_API_MINOR 4
#define CUPYLIKE_CURAND_API_PATCH 0

CUPYLIKE_CUDA_API_BEGIN

typedef enum {
  CURAND_STATUS_SUCCESS = 0,
  CURAND_STATUS_NOT_INITIALIZED = 101,
  CURAND_STATUS_ALLOCATION_FAILED = 102,
  CURAND_STATUS_TYPE_ERROR = 103,
  CURAND_STATUS_OUT_OF_RANGE = 104,
  CURAND_STATUS_LENGTH_NOT_MULTIPLE = 105,
  CURAND_STATUS_LAUNCH_FAILURE = 201,
  CURAND_STATUS_PREEXISTING_FAILURE = 202,
  CURAND_STATUS_INITIALIZATION_FAILED = 203,
  CURAND_STATUS_INTERNAL_ERROR = 999,
} curandStatus_t;

// The pseudo-random generators.
typedef enum {
  CURAND_RNG_PSEUDO_DEFAULT = 100,
  CURAND_RNG_PSEUDO_XORWOW = 101,
  CURAND_RNG_PSEUDO_MRG32K3A = 121,
  CURAND_RNG_PSEUDO_MTGP32 = 141,
  CURAND_RNG_PSEUDO_MT19937 = 142,
  CURAND_RNG_PSEUDO_PHILOX4_32_10 = 161,
} curandRngType_t;

// How a pseudo-random generator lays its streams out in the output.
typedef enum {
  CURAND_ORDERING_PSEUDO_BEST = 100,
  CURAND_ORDERING_PSEUDO_DEFAULT = 101,
  CURAND_ORDERING_PSEUDO_SEEDED = 102,
  CURAND_ORDERING_PSEUDO_LEGACY = 103,
} curandOrdering_t;

typedef struct curandGenerator_st* curandGenerator_t;

curandStatus_t curandCreateGenerator(curandGenerator_t* generator, curandRngType_t rng_type);
curandStatus_t curandCreateGeneratorHost(curandGenerator_t* generator, curandRngType_t rng_type);
curandStatus_t curandDestroyGenerator(curandGenerator_t generator);
curandStatus_t curandGetProperty(libraryPropertyType type, int* value);

curandStatus_t curandSetStream(curandGenerator_t generator, cudaStream_t stream);
curandStatus_t curandSetPseudoRandomGeneratorSeed(curandGenerator_t generator,
                                                  unsigned long long seed);
curandStatus_t curandSetGeneratorOffset(curandGenerator_t generator, unsigned long long offset);
curandStatus_t curandSetGeneratorOrdering(curandGenerator_t generator, curandOrdering_t order);

curandStatus_t curandGenerate(curandGenerator_t generator, unsigned int* outputPtr, size_t num);
curandStatus_t curandGenerateUniform(curandGenerator_t generator, float* outputPtr, size_t num);
curandStatus_t curandGenerateUniformDouble(curandGenerator_t generator, double* outputPtr,
                                           size_t num);
curandStatus_t curandGenerateNormal(curandGenerator_t generator, float* outputPtr, size_t n,
                                    float mean, float stddev);
curandStatus_t curandGenerateNormalDouble(curandGenerator_t generator, double* outputPtr, size_t n,
                                          double mean, double stddev);
curandStatus_t curandGenerateLogNormal(curandGenerator_t generator, float* outputPtr, size_t n,
                                       float mean, float stddev);
curandStatus_t curandGenerateLogNormalDouble(curandGenerator_t generator, double* outputPtr,
                                             size_t n, double mean, double stddev);
curandStatus_t curandGeneratePoisson(curandGenerator_t generator, unsigned int* outputPtr, size_t n,
                                     double lambda);

CUPYLIKE_CUDA_API_END
