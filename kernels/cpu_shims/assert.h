// <assert.h> for kernels on the cpu device: a failed assert ends the launch with an error, as
// on the GPU, instead of aborting the process.
//
// No include guard, on purpose: like the C header, every inclusion re-reads NDEBUG, and a
// kernel that includes <assert.h> or <cassert> itself (after the prelude) must still get our
// macro, not glibc's, so this file has to win every time.
#include_next <assert.h>

#undef assert
#ifdef NDEBUG
#define assert(expression) ((void)0)
#else
#define assert(expression)       \
  (static_cast<bool>(expression) \
       ? void(0)                 \
       : __cpuk_assert_fail(#expression, __FILE__, __LINE__, __PRETTY_FUNCTION__))
#endif
