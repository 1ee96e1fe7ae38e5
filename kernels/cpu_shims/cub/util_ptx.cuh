// Every CUB block, warp and device primitive includes this header (PTX wrappers), and nothing
// that works on the host does (thrust/complex.h, cub/thread/thread_operators.cuh), so it is
// where the cpu device says no.
#error "CUB device primitives are not available on the cpu device (they are built on inline PTX); write the reduction with __syncthreads/__shfl_*_sync or cooperative_groups::reduce"
