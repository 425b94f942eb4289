// The AVX2 UTF-8 kernel. This file alone is compiled with -mavx2 (codec/CMakeLists.txt)
// and runs only after dispatch.cpp has seen AVX2 on the CPU. It includes no header with inline
// functions of the project's, so no AVX2 copy of one can be picked by the linker for code
// that runs elsewhere.
//
// The lookups of utf8_tables.hpp, 32 bytes a step. Continuation bytes that must follow a
// 3- or 4-byte lead are checked from the bytes two and three positions back.

#include <immintrin.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "ujson/detail/utf8.hpp"
#include "utf8_tables.hpp"

namespace ujson::detail {
namespace {

inline __m256i table(const std::uint8_t* t) { return _mm256_load_si256(reinterpret_cast<const __m256i*>(t)); }

// The bytes of `in` shifted back by N, with the last N bytes of `prev` in front.
template <int N>
inline __m256i previous(__m256i in, __m256i prev) {
  return _mm256_alignr_epi8(in, _mm256_permute2x128_si256(prev, in, 0x21), 16 - N);
}

struct avx2_checker {
  __m256i error = _mm256_setzero_si256();
  __m256i prev = _mm256_setzero_si256();
  __m256i prev_incomplete = _mm256_setzero_si256();

  void check(__m256i in) {
    const __m256i low_nibble = _mm256_set1_epi8(0x0F);
    if (_mm256_movemask_epi8(in) == 0) {
      // All ASCII: only a sequence left open by the previous block can be wrong.
      error = _mm256_or_si256(error, prev_incomplete);
      prev_incomplete = _mm256_setzero_si256();
      prev = in;
      return;
    }
    const __m256i prev1 = previous<1>(in, prev);
    const __m256i byte_1_high =
        _mm256_shuffle_epi8(table(utf8_tables.byte_1_high), _mm256_and_si256(_mm256_srli_epi16(prev1, 4), low_nibble));
    const __m256i byte_1_low = _mm256_shuffle_epi8(table(utf8_tables.byte_1_low), _mm256_and_si256(prev1, low_nibble));
    const __m256i byte_2_high =
        _mm256_shuffle_epi8(table(utf8_tables.byte_2_high), _mm256_and_si256(_mm256_srli_epi16(in, 4), low_nibble));
    const __m256i special = _mm256_and_si256(_mm256_and_si256(byte_1_high, byte_1_low), byte_2_high);

    // Third and fourth bytes of 3- and 4-byte forms: subtracting moves exactly the leads
    // E0..FF (two back) and F0..FF (three back) to 0x80 and above.
    const __m256i third = _mm256_subs_epu8(previous<2>(in, prev), _mm256_set1_epi8(char(0xE0 - 0x80)));
    const __m256i fourth = _mm256_subs_epu8(previous<3>(in, prev), _mm256_set1_epi8(char(0xF0 - 0x80)));
    const __m256i must_continue = _mm256_and_si256(_mm256_or_si256(third, fourth), _mm256_set1_epi8(char(0x80)));
    error = _mm256_or_si256(error, _mm256_xor_si256(must_continue, special));

    // A lead byte in the last three positions whose sequence does not fit in this block.
    const __m256i max_complete = _mm256_setr_epi8(
        char(0xFF), char(0xFF), char(0xFF), char(0xFF), char(0xFF), char(0xFF), char(0xFF), char(0xFF), char(0xFF),
        char(0xFF), char(0xFF), char(0xFF), char(0xFF), char(0xFF), char(0xFF), char(0xFF), char(0xFF), char(0xFF),
        char(0xFF), char(0xFF), char(0xFF), char(0xFF), char(0xFF), char(0xFF), char(0xFF), char(0xFF), char(0xFF),
        char(0xFF), char(0xFF), char(0xF0 - 1), char(0xE0 - 1), char(0xC0 - 1));
    prev_incomplete = _mm256_subs_epu8(in, max_complete);
    prev = in;
  }
};

}  // namespace

bool utf8_valid_avx2(const char* p, std::size_t n) noexcept {
  avx2_checker checker;
  std::size_t i = 0;
  for (; i + 32 <= n; i += 32) checker.check(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + i)));
  if (i < n) {
    // The tail, padded with zeros: ASCII, so a sequence cut by the end shows as too short.
    alignas(32) char tail[32] = {};
    std::memcpy(tail, p + i, n - i);
    checker.check(_mm256_load_si256(reinterpret_cast<const __m256i*>(tail)));
  }
  const __m256i error = _mm256_or_si256(checker.error, checker.prev_incomplete);
  return _mm256_testz_si256(error, error) != 0;
}

}  // namespace ujson::detail
