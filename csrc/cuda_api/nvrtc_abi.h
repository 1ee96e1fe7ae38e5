#pragma once
// The part of NVRTC's API that cupylike uses (jit/nvrtc.cpp), written from NVIDIA's NVRTC
// documentation, so the extension builds without NVRTC's header: the library is opened with
// dlopen at run time. tests/test_cuda_api.py compares it with nvrtc.h where a toolkit is.
#include <stddef.h>

#include "cuda_api/linkage.h"

CUPYLIKE_CUDA_API_BEGIN

typedef enum {
  NVRTC_SUCCESS = 0,
  NVRTC_ERROR_NAME_EXPRESSION_NOT_VALID = 10,
} nvrtcResult;

typedef struct _nvrtcProgram* nvrtcProgram;

const char* nvrtcGetErrorString(nvrtcResult result);
nvrtcResult nvrtcVersion(int* major, int* minor);
nvrtcResult nvrtcGetNumSupportedArchs(int* numArchs);
nvrtcResult nvrtcGetSupportedArchs(int* supportedArchs);

nvrtcResult nvrtcCreateProgram(nvrtcProgram* prog, const char* src, const char* name,
                               int numHeaders, const char* const* headers,
                               const char* const* includeNames);
nvrtcResult nvrtcDestroyProgram(nvrtcProgram* prog);
nvrtcResult nvrtcCompileProgram(nvrtcProgram prog, int numOptions, const char* const* options);

nvrtcResult nvrtcGetPTXSize(nvrtcProgram prog, size_t* ptxSizeRet);
nvrtcResult nvrtcGetPTX(nvrtcProgram prog, char* ptx);
nvrtcResult nvrtcGetCUBINSize(nvrtcProgram prog, size_t* cubinSizeRet);
nvrtcResult nvrtcGetCUBIN(nvrtcProgram prog, char* cubin);
nvrtcResult nvrtcGetProgramLogSize(nvrtcProgram prog, size_t* logSizeRet);
nvrtcResult nvrtcGetProgramLog(nvrtcProgram prog, char* log);

nvrtcResult nvrtcAddNameExpression(nvrtcProgram prog, const char* name_expression);
nvrtcResult nvrtcGetLoweredName(nvrtcProgram prog, const char* name_expression,
                                const char** lowered_name);

CUPYLIKE_CUDA_API_END
