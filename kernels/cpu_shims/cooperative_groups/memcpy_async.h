// cg::memcpy_async and cg::wait need the GPU's asynchronous copy engine (cp.async).
#error \
    "cooperative_groups/memcpy_async.h is not available on the cpu device; copy with a loop and sync()"
