// floating helpers of the ufunc table.
#pragma once
#include <cupylike/types.cuh>
