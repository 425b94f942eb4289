// No include guard: paired with hints_off.hpp, it brackets the body of a detail header
// that needs branch and inlining hints, after that header's last #include (an include in
// between would end the bracket early with its own hints_off.hpp). The macros live only
// between the two, so no user of a public header sees them (tests/headers checks it).
// Private code under codec/src has its own, codec/src/hints.hpp.

#if defined(__GNUC__) || defined(__clang__)
#define UJSON_DETAIL_LIKELY(x) __builtin_expect(!!(x), 1)
#define UJSON_DETAIL_UNLIKELY(x) __builtin_expect(!!(x), 0)
#define UJSON_DETAIL_INLINE inline __attribute__((always_inline))
#else
#define UJSON_DETAIL_LIKELY(x) (x)
#define UJSON_DETAIL_UNLIKELY(x) (x)
#define UJSON_DETAIL_INLINE inline
#endif
