// Kernel parameter blocks shared by the C++ core (which fills them) and the kernels (which read
// them): plain C structs, so both compilers lay them out alike. Passed to kernels by value
// (CUPYLIKE_GRID_PARAMS).
#ifndef CUPYLIKE_PARAMS_H
#define CUPYLIKE_PARAMS_H

// A launch's parameter block as a kernel parameter, read where the launch put it: on a GPU
// __grid_constant__; where a host compiler runs the kernel (the cpu device, the emulated GPU) a
// reference, since a struct passed by value is copied again for every block (kilobytes each).
#if defined(CUPYLIKE_CPU_DEVICE) || defined(CUPYLIKE_EMULATED_GPU)
#define CUPYLIKE_GRID_PARAMS(...) const __VA_ARGS__&
#else
#define CUPYLIKE_GRID_PARAMS(...) const __grid_constant__ __VA_ARGS__
#endif

// NumPy's limit on dimensions; arrays reach kernels with their axes merged where possible.
#define CUPYLIKE_MAX_NDIM 64

// The cpu device's buffer for `extern __shared__` arrays, one per worker thread, which every
// such array of a module aliases (jit/host_compiler.cpp): at least the most a GPU block may
// opt in to (227 KiB on sm_90), so any launch the launch check lets through fits.
#define CUPYLIKE_CPU_DYNAMIC_SHARED_BYTES (256 << 10)

// An N-d walk over up to two arrays with one shape: the output (strides[0]) and an input.
struct cupylike_nd_params {
  char* out;
  const char* in;
  long long size;    // elements
  int ndim;          // after merging axes
  int contiguous;    // both arrays are one contiguous run in element order
  long long shape[CUPYLIKE_MAX_NDIM];
  long long strides[2][CUPYLIKE_MAX_NDIM];  // bytes; [0] out, [1] in
};

#endif  // CUPYLIKE_PARAMS_H

#ifndef CUPYLIKE_EW_PARAMS_H
#define CUPYLIKE_EW_PARAMS_H
// Elementwise kernels (ufuncs, ElementwiseKernel): up to 8 operands — inputs, then outputs, then
// an optional `where` mask — walking one shape. A scalar operand has no array: its value sits in
// `scalar` (as the loop's type) and it does not move. Axes are merged on the host, so an array
// of up to 2**40 elements has at most 40 axes longer than 1.
#define CUPYLIKE_EW_MAX_OPERANDS 8
#define CUPYLIKE_EW_MAX_NDIM 40

struct cupylike_ew_params {
  long long size;
  int ndim;
  int nops;
  int contiguous;   // every array operand is one contiguous run in element order
  int has_where;    // the last operand is a bool mask: outputs are written where it is true
  unsigned scalar_mask;  // bit k: operand k is a scalar
  char* ptr[CUPYLIKE_EW_MAX_OPERANDS];
  unsigned long long scalar[CUPYLIKE_EW_MAX_OPERANDS][2];
  long long shape[CUPYLIKE_EW_MAX_NDIM];
  long long strides[CUPYLIKE_EW_MAX_OPERANDS][CUPYLIKE_EW_MAX_NDIM];
};
#endif  // CUPYLIKE_EW_PARAMS_H

#ifndef CUPYLIKE_EWK_PARAMS_H
#define CUPYLIKE_EWK_PARAMS_H
// ElementwiseKernel: 64-bit words in cupylike::EwkParams<na, nd, rnd>
// (kernels/cupylike/elementwise_user.cuh), which the host packs as an array of words, in the
// struct's order: size, ndim, shape[nd], ptr[na], scalar[na][2], strides[na][nd], raw_info[na],
// raw_shape[na][rnd], raw_strides[na][rnd]. na, nd and rnd are at least 1.
#define CUPYLIKE_EWK_WORDS(na, nd, rnd) (2 + (nd) + (na) * (4 + (nd) + 2 * (rnd)))
#endif  // CUPYLIKE_EWK_PARAMS_H

#ifndef CUPYLIKE_RED_PARAMS_H
#define CUPYLIKE_RED_PARAMS_H
// Reductions: inputs (and an optional `where` mask after them) read along output axes and
// reduced axes, both merged on the host; the output is written along the output axes.
#define CUPYLIKE_RED_MAX_IN 4
#define CUPYLIKE_RED_MAX_NDIM 32

// How the work is cut (kernels/cupylike/reduction.cuh): a thread per output reducing its slice;
// tiles of consecutive outputs stepping through the reduced axes together (cpu: vectorises when
// an outer axis is reduced); a slice cut into `parts` whose results a FINAL launch combines,
// each part taken by a thread (PARTIAL, cpu) or by a block with a shared-memory tree (BLOCK,
// GPU; with one part the block writes the output itself).
#define CUPYLIKE_RED_THREAD 0
#define CUPYLIKE_RED_TILE 1
#define CUPYLIKE_RED_PARTIAL 2
#define CUPYLIKE_RED_BLOCK 3
#define CUPYLIKE_RED_FINAL 4

// Bytes of one row of a TILE's accumulators: a wide stripe of each input row, which keeps the
// hardware prefetchers streaming when the rows are far apart; the host sizes the tiles and
// their scratch with it. The cpu device's way only: on a GPU the accumulators would be a
// large local-memory frame for every thread of every mode (GPUs reduce outer axes with a
// thread per output, whose neighbours read neighbouring elements).
#define CUPYLIKE_RED_TILE_BYTES 16384

struct cupylike_red_params {
  char* out;
  const char* in[CUPYLIKE_RED_MAX_IN];  // the kernel's inputs, then the where mask
  char* partial;        // PARTIAL / BLOCK / TILE write, FINAL reads: accumulators [out_size][parts]
  char* scratch;        // TILE: p.levels rows of CUPYLIKE_RED_TILE_BYTES per block
  long long levels;
  long long out_size;   // outputs
  long long red_size;   // elements reduced into each output
  long long parts;      // pieces per output (1 unless split)
  int mode;
  int has_where;        // in[nin] is a bool mask: elements where it is false are left out
  int contiguous;       // one reduced axis, stride = itemsize for every input, no mask
  int out_ndim, red_ndim;
  int has_initial;
  unsigned long long initial[4];  // the accumulator to start from (NumPy's initial=)
  long long out_shape[CUPYLIKE_RED_MAX_NDIM];
  long long out_stride[CUPYLIKE_RED_MAX_NDIM];                          // output array
  long long in_out_stride[CUPYLIKE_RED_MAX_IN][CUPYLIKE_RED_MAX_NDIM];  // inputs, output axes
  long long red_shape[CUPYLIKE_RED_MAX_NDIM];
  long long in_red_stride[CUPYLIKE_RED_MAX_IN][CUPYLIKE_RED_MAX_NDIM];  // inputs, reduced axes
};
#endif  // CUPYLIKE_RED_PARAMS_H

#ifndef CUPYLIKE_SCAN_PARAMS_H
#define CUPYLIKE_SCAN_PARAMS_H
// Scans (cumsum, ufunc.accumulate): each slice along the scan axis is scanned; the slices are
// walked along the other axes (merged on the host). Input and output have one shape.
#define CUPYLIKE_SCAN_MAX_NDIM 32

// How the work is cut (kernels/cupylike/scan.cuh): a thread per slice, sequential; tiles of
// consecutive slices stepping down the scan axis together (cpu: vectorises when the scan axis
// is outer); a three-pass chunked scan of long slices (pass 1: each chunk's total; pass 2:
// the totals scanned; pass 3: each chunk rescanned from its offset), a chunk per thread
// (CHUNK, cpu) or per block with a shared-memory scan (BLOCK, GPU).
#define CUPYLIKE_SCAN_THREAD 0
#define CUPYLIKE_SCAN_TILE 1
#define CUPYLIKE_SCAN_CHUNK 2
#define CUPYLIKE_SCAN_BLOCK 3

// Bytes of one row of a TILE's lanes: a stripe of each input row wide enough to keep the
// hardware prefetchers streaming; the host sizes the tiles with it. The cpu device's way
// only: on a GPU the lanes would be a large local-memory frame per thread (a thread per slice
// reads neighbouring slices there).
#define CUPYLIKE_SCAN_TILE_BYTES 4096

struct cupylike_scan_params {
  char* out;
  const char* in;
  char* totals;        // CHUNK / BLOCK: accumulators [slices][chunks]
  long long slices;    // number of slices
  long long len;       // elements per slice (the scan axis' length, at least 1)
  long long in_step, out_step;  // bytes between neighbours along the scan axis
  long long chunks;    // chunks per slice (1 unless cut)
  long long chunk;     // elements per chunk
  int mode;
  int pass;            // CHUNK / BLOCK: 1, 2 or 3
  int ndim;            // slice axes
  long long shape[CUPYLIKE_SCAN_MAX_NDIM];
  long long in_stride[CUPYLIKE_SCAN_MAX_NDIM];   // bytes
  long long out_stride[CUPYLIKE_SCAN_MAX_NDIM];  // bytes
};
#endif  // CUPYLIKE_SCAN_PARAMS_H

#ifndef CUPYLIKE_INDEX_PARAMS_H
#define CUPYLIKE_INDEX_PARAMS_H
// Advanced indexing (kernels/cupylike/index.cuh): a walk over the result's shape that moves
// elements between an indexed view and another array (the result of a gather, the values of
// a scatter). Each index array (int64) indexes one axis of the view and moves along the walk
// axes of the index arrays' broadcast shape; the view moves along the others.
#define CUPYLIKE_IDX_MAX_NDIM 32
#define CUPYLIKE_IDX_MAX_ARRAYS 8

struct cupylike_index_params {
  char* view;   // the view's element at index 0 on every axis (constant indices added in)
  char* other;  // gather: the result; scatter: the values
  long long size;  // walk elements
  int ndim;
  int narrays;
  long long shape[CUPYLIKE_IDX_MAX_NDIM];
  long long view_stride[CUPYLIKE_IDX_MAX_NDIM];   // bytes; 0 along the index arrays' axes
  long long other_stride[CUPYLIKE_IDX_MAX_NDIM];  // bytes
  const char* idx[CUPYLIKE_IDX_MAX_ARRAYS];
  long long idx_len[CUPYLIKE_IDX_MAX_ARRAYS];   // the indexed axis' length
  long long idx_step[CUPYLIKE_IDX_MAX_ARRAYS];  // its stride in the view, bytes
  long long idx_stride[CUPYLIKE_IDX_MAX_ARRAYS][CUPYLIKE_IDX_MAX_NDIM];  // bytes, per walk axis
};
// An empty slot of the table of a scatter's targets (scatter_claim_kernel): no byte offset.
#define CUPYLIKE_SCATTER_EMPTY 0x8000000000000000ull

// Boolean masks (compact_*_kernel in index.cuh): see there.
struct cupylike_compact_params {
  const bool* mask;
  long long n;      // mask elements
  long long chunk;  // elements per block
  unsigned long long* counts;         // COUNT: true elements per block
  const unsigned long long* offsets;  // EMIT: where each block's first true element goes
  char* out;
  const char* values;  // EMIT of values (contiguous, like the mask); null: coordinates
  long long total;     // EMIT of coordinates: true elements in all (the rows' stride)
  int ndim;            // EMIT of coordinates: the mask's shape
  long long shape[CUPYLIKE_MAX_NDIM];
};
#endif  // CUPYLIKE_INDEX_PARAMS_H
