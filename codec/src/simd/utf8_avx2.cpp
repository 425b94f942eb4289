// The AVX2 UTF-8 kernel (the check is utf8_check.hpp's, 32 bytes a step). This file alone
// is compiled with -mavx2 (codec/CMakeLists.txt) and runs only after dispatch.cpp has seen
// AVX2 on the CPU. It includes no header with inline functions of the project's but
// utf8_check.hpp, whose functions are in an anonymous namespace, so no AVX2 copy of one can
// be picked by the linker for code that runs elsewhere.

#include <immintrin.h>

#include "ujson/detail/utf8.hpp"
#include "utf8_check.hpp"

namespace ujson::detail {
namespace {

struct avx2 {
  using vec = __m256i;
  static constexpr std::size_t width = 32;
  static vec load(const std::uint8_t* t) { return _mm256_load_si256(reinterpret_cast<const __m256i*>(t)); }
  static vec loadu(const char* p) { return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)); }
  static vec zero() { return _mm256_setzero_si256(); }
  static vec set1(int b) { return _mm256_set1_epi8(static_cast<char>(b)); }
  static vec and_(vec a, vec b) { return _mm256_and_si256(a, b); }
  static vec or_(vec a, vec b) { return _mm256_or_si256(a, b); }
  static vec xor_(vec a, vec b) { return _mm256_xor_si256(a, b); }
  static vec shuffle(vec table, vec index) { return _mm256_shuffle_epi8(table, index); }
  static vec high_nibbles(vec v) { return _mm256_srli_epi16(v, 4); }
  static vec subs(vec a, vec b) { return _mm256_subs_epu8(a, b); }
  static bool ascii(vec v) { return _mm256_movemask_epi8(v) == 0; }
  static bool none(vec v) { return _mm256_testz_si256(v, v) != 0; }
  template <int N>
  static vec previous(vec in, vec prev) {
    return _mm256_alignr_epi8(in, _mm256_permute2x128_si256(prev, in, 0x21), 16 - N);
  }
};

}  // namespace

bool utf8_valid_avx2(const char* p, std::size_t n) noexcept { return utf8_valid_with<avx2>(p, n); }

}  // namespace ujson::detail
