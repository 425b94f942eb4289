// The AVX-512 UTF-8 kernel: the AVX2 kernel's method (utf8_avx2.cpp, utf8_tables.hpp) 64
// bytes a step. Compiled with -mavx512f -mavx512bw -mavx512vl, run only where dispatch.cpp
// has seen those; the same rule as utf8_avx2.cpp about shared inline functions.

#include <immintrin.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "ujson/detail/utf8.hpp"
#include "utf8_tables.hpp"

namespace ujson::detail {
namespace {

inline __m512i table(const std::uint8_t* t) { return _mm512_load_si512(t); }

// The bytes of `in` shifted back by N, with the last N bytes of `prev` in front: each lane
// is put beside the lane before it (the first beside prev's last), then shifted within.
template <int N>
inline __m512i previous(__m512i in, __m512i prev) {
  const __m512i lanes_before = _mm512_permutex2var_epi64(prev, _mm512_setr_epi64(6, 7, 8, 9, 10, 11, 12, 13), in);
  return _mm512_alignr_epi8(in, lanes_before, 16 - N);
}

// 0xFF but in the last three places: a lead byte there whose sequence goes past the block.
struct last_places {
  alignas(64) std::uint8_t max_complete[64];
  constexpr last_places() : max_complete{} {
    for (int i = 0; i < 64; ++i) max_complete[i] = 0xFF;
    max_complete[61] = 0xF0 - 1;
    max_complete[62] = 0xE0 - 1;
    max_complete[63] = 0xC0 - 1;
  }
};
constexpr last_places last{};

struct avx512_checker {
  __m512i error = _mm512_setzero_si512();
  __m512i prev = _mm512_setzero_si512();
  __m512i prev_incomplete = _mm512_setzero_si512();

  void check(__m512i in) {
    const __m512i low_nibble = _mm512_set1_epi8(0x0F);
    if (_mm512_movepi8_mask(in) == 0) {
      // All ASCII: only a sequence left open by the previous block can be wrong.
      error = _mm512_or_si512(error, prev_incomplete);
      prev_incomplete = _mm512_setzero_si512();
      prev = in;
      return;
    }
    const __m512i prev1 = previous<1>(in, prev);
    const __m512i byte_1_high =
        _mm512_shuffle_epi8(table(utf8_tables.byte_1_high), _mm512_and_si512(_mm512_srli_epi16(prev1, 4), low_nibble));
    const __m512i byte_1_low = _mm512_shuffle_epi8(table(utf8_tables.byte_1_low), _mm512_and_si512(prev1, low_nibble));
    const __m512i byte_2_high =
        _mm512_shuffle_epi8(table(utf8_tables.byte_2_high), _mm512_and_si512(_mm512_srli_epi16(in, 4), low_nibble));
    const __m512i special = _mm512_and_si512(_mm512_and_si512(byte_1_high, byte_1_low), byte_2_high);

    // Third and fourth bytes of 3- and 4-byte forms: subtracting moves exactly the leads
    // E0..FF (two back) and F0..FF (three back) to 0x80 and above.
    const __m512i third = _mm512_subs_epu8(previous<2>(in, prev), _mm512_set1_epi8(char(0xE0 - 0x80)));
    const __m512i fourth = _mm512_subs_epu8(previous<3>(in, prev), _mm512_set1_epi8(char(0xF0 - 0x80)));
    const __m512i must_continue = _mm512_and_si512(_mm512_or_si512(third, fourth), _mm512_set1_epi8(char(0x80)));
    error = _mm512_or_si512(error, _mm512_xor_si512(must_continue, special));

    prev_incomplete = _mm512_subs_epu8(in, _mm512_load_si512(last.max_complete));
    prev = in;
  }
};

}  // namespace

bool utf8_valid_avx512(const char* p, std::size_t n) noexcept {
  avx512_checker checker;
  std::size_t i = 0;
  for (; i + 64 <= n; i += 64) checker.check(_mm512_loadu_si512(p + i));
  if (i < n) {
    // The tail, padded with zeros: ASCII, so a sequence cut by the end shows as too short.
    alignas(64) char tail[64] = {};
    std::memcpy(tail, p + i, n - i);
    checker.check(_mm512_load_si512(tail));
  }
  const __m512i error = _mm512_or_si512(checker.error, checker.prev_incomplete);
  return _mm512_test_epi8_mask(error, error) == 0;
}

}  // namespace ujson::detail
