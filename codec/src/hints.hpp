#pragma once
// Branch and inlining hints for the library's own sources. Public headers may not define
// macros (tests/headers checks it); the detail headers that need hints bracket themselves
// with ujson/detail/hints_on.hpp and hints_off.hpp instead.

#define UJSON_LIKELY(x) __builtin_expect(!!(x), 1)
#define UJSON_UNLIKELY(x) __builtin_expect(!!(x), 0)
#define UJSON_INLINE inline __attribute__((always_inline))
#define UJSON_NOINLINE __attribute__((noinline))
