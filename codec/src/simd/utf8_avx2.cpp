// The AVX2 UTF-8 kernel (the check is utf8_check.hpp's, 32 bytes a step). This file alone
// is compiled with -mavx2 (codec/CMakeLists.txt) and runs only after dispatch.cpp has seen
// AVX2 on the CPU. It includes no header with inline functions of the project's but
// utf8_check.hpp, whose functions are in an anonymous namespace, so no AVX2 copy of one can
// be picked by the linker for code that runs elsewhere.

#include <immintrin.h>

#include "ujson/detail/utf8.hpp"
#include "utf8_check.hpp"

namespace ujson::detail {

bool utf8_valid_avx2(const char* p, std::size_t n) noexcept { return utf8_valid_with<utf8_ops_avx2>(p, n); }

}  // namespace ujson::detail
