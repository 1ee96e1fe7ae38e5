// cooperative_groups.h for the cpu device: CUDA's header defines nothing without nvcc, so this
// one replaces it (implementation in ../cpu/cooperative_groups.h).
#ifndef CUPYLIKE_CPU_SHIM_COOPERATIVE_GROUPS_H
#define CUPYLIKE_CPU_SHIM_COOPERATIVE_GROUPS_H
#include "../cpu/cooperative_groups.h"
#endif
