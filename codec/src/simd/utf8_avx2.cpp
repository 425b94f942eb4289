// The AVX2 UTF-8 kernel. This file alone is compiled with -mavx2 (codec/CMakeLists.txt)
// and runs only after dispatch.cpp has seen AVX2 on the CPU. It includes no header with inline
// functions of the project's, so no AVX2 copy of one can be picked by the linker for code
// that runs elsewhere.
//
// Each byte is classified together with the one before it by three 16-entry table
// lookups (high nibble of the previous byte, its low nibble, high nibble of this byte);
// the AND of the three has a bit set exactly for an error of that kind. Continuation
// bytes that must follow a 3- or 4-byte lead are checked from the bytes two and three
// positions back. This is the method of Keiser and Lemire, "Validating UTF-8 in less than
// one instruction per byte" (Software: Practice and Experience, 2021).

#include <immintrin.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "ujson/detail/utf8.hpp"

namespace ujson::detail {
namespace {

// Error kinds, one bit each, as named by the paper. Two kinds share bit 6: they can never
// both match the same pair of bytes.
constexpr std::uint8_t too_short = 1 << 0;   // lead byte followed by a non-continuation
constexpr std::uint8_t too_long = 1 << 1;    // ASCII followed by a continuation
constexpr std::uint8_t overlong_3 = 1 << 2;  // E0 80..9F
constexpr std::uint8_t too_large = 1 << 3;   // F4 90..BF, F5..FF
constexpr std::uint8_t surrogate = 1 << 4;   // ED A0..BF
constexpr std::uint8_t overlong_2 = 1 << 5;  // C0, C1
constexpr std::uint8_t too_large_1000 = 1 << 6;  // F5..FF 80..8F
constexpr std::uint8_t overlong_4 = 1 << 6;      // F0 80..8F
constexpr std::uint8_t two_conts = 1 << 7;   // continuation after continuation (fine only inside 3/4-byte forms)
constexpr std::uint8_t carry = too_short | too_long | two_conts;

#define UJSON_TABLE16(...) _mm256_setr_epi8(__VA_ARGS__, __VA_ARGS__)

inline __m256i nibble_lookup(__m256i table, __m256i index) {
  return _mm256_shuffle_epi8(table, index);
}

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
    const __m256i byte_1_high = nibble_lookup(
        UJSON_TABLE16(char(too_long), char(too_long), char(too_long), char(too_long), char(too_long),
                      char(too_long), char(too_long), char(too_long), char(two_conts), char(two_conts),
                      char(two_conts), char(two_conts), char(too_short | overlong_2), char(too_short),
                      char(too_short | overlong_3 | surrogate),
                      char(too_short | too_large | too_large_1000 | overlong_4)),
        _mm256_and_si256(_mm256_srli_epi16(prev1, 4), low_nibble));
    const __m256i byte_1_low = nibble_lookup(
        UJSON_TABLE16(char(carry | overlong_3 | overlong_2 | overlong_4), char(carry | overlong_2), char(carry),
                      char(carry), char(carry | too_large), char(carry | too_large | too_large_1000),
                      char(carry | too_large | too_large_1000), char(carry | too_large | too_large_1000),
                      char(carry | too_large | too_large_1000), char(carry | too_large | too_large_1000),
                      char(carry | too_large | too_large_1000), char(carry | too_large | too_large_1000),
                      char(carry | too_large | too_large_1000),
                      char(carry | too_large | too_large_1000 | surrogate),
                      char(carry | too_large | too_large_1000), char(carry | too_large | too_large_1000)),
        _mm256_and_si256(prev1, low_nibble));
    const __m256i byte_2_high = nibble_lookup(
        UJSON_TABLE16(char(too_short), char(too_short), char(too_short), char(too_short), char(too_short),
                      char(too_short), char(too_short), char(too_short),
                      char(too_long | overlong_2 | two_conts | overlong_3 | too_large_1000 | overlong_4),
                      char(too_long | overlong_2 | two_conts | overlong_3 | too_large),
                      char(too_long | overlong_2 | two_conts | surrogate | too_large),
                      char(too_long | overlong_2 | two_conts | surrogate | too_large), char(too_short),
                      char(too_short), char(too_short), char(too_short)),
        _mm256_and_si256(_mm256_srli_epi16(in, 4), low_nibble));
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

#undef UJSON_TABLE16

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
