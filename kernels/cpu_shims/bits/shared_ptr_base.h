// libstdc++ spells an attribute `__attribute__((__noinline__))` here, which the cpu prelude's
// __noinline__ macro (CUDA's keyword) would break: the macro is suspended around the header.
#pragma push_macro("__noinline__")
#undef __noinline__
#include_next <bits/shared_ptr_base.h>
#pragma pop_macro("__noinline__")
