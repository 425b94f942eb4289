// The AVX-512 UTF-8 kernel (the check is utf8_check.hpp's, 64 bytes a step). Compiled with
// -mavx512f -mavx512bw -mavx512vl, run only where dispatch.cpp has seen those; the same
// rule as utf8_avx2.cpp about shared inline functions.

#include <immintrin.h>

#include "ujson/detail/utf8.hpp"
#include "utf8_check.hpp"

namespace ujson::detail {
namespace {

struct avx512 {
  using vec = __m512i;
  static constexpr std::size_t width = 64;
  static vec load(const std::uint8_t* t) { return _mm512_load_si512(t); }
  static vec loadu(const char* p) { return _mm512_loadu_si512(p); }
  static vec zero() { return _mm512_setzero_si512(); }
  static vec set1(int b) { return _mm512_set1_epi8(static_cast<char>(b)); }
  static vec and_(vec a, vec b) { return _mm512_and_si512(a, b); }
  static vec or_(vec a, vec b) { return _mm512_or_si512(a, b); }
  static vec xor_(vec a, vec b) { return _mm512_xor_si512(a, b); }
  static vec shuffle(vec table, vec index) { return _mm512_shuffle_epi8(table, index); }
  static vec high_nibbles(vec v) { return _mm512_srli_epi16(v, 4); }
  static vec subs(vec a, vec b) { return _mm512_subs_epu8(a, b); }
  static bool ascii(vec v) { return _mm512_movepi8_mask(v) == 0; }
  static bool none(vec v) { return _mm512_test_epi8_mask(v, v) == 0; }
  // Each lane is put beside the lane before it (the first beside prev's last), then shifted
  // within.
  template <int N>
  static vec previous(vec in, vec prev) {
    const vec lanes_before = _mm512_permutex2var_epi64(prev, _mm512_setr_epi64(6, 7, 8, 9, 10, 11, 12, 13), in);
    return _mm512_alignr_epi8(in, lanes_before, 16 - N);
  }
};

}  // namespace

bool utf8_valid_avx512(const char* p, std::size_t n) noexcept { return utf8_valid_with<avx512>(p, n); }

}  // namespace ujson::detail
