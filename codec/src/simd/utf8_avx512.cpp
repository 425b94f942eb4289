// The AVX-512 UTF-8 kernel (the check is utf8_check.hpp's, 64 bytes a step). Compiled with
// -mavx512f -mavx512bw -mavx512vl, run only where dispatch.cpp has seen those; the same
// rule as utf8_avx2.cpp about shared inline functions.

#include <immintrin.h>

#include "ujson/detail/utf8.hpp"
#include "utf8_check.hpp"

namespace ujson::detail {

bool utf8_valid_avx512(const char* p, std::size_t n) noexcept { return utf8_valid_with<utf8_ops_avx512>(p, n); }

}  // namespace ujson::detail
