#pragma once
// The lookup tables of the SIMD UTF-8 kernels (utf8_avx2.cpp, utf8_avx512.cpp): each byte
// is classified together with the one before it by three 16-entry table lookups (high
// nibble of the previous byte, its low nibble, high nibble of this byte); the AND of the
// three has a bit set exactly for an error of that kind. This is the method of Keiser and
// Lemire, "Validating UTF-8 in less than one instruction per byte" (Software: Practice and
// Experience, 2021). Constants only, in an anonymous namespace: the kernel files may
// include it (see utf8_avx2.cpp on shared inline code).

#include <cstdint>

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
constexpr std::uint8_t large = carry | too_large | too_large_1000;

// Each table four times over, so that a 128-bit lane of any width of register finds its
// own copy (a byte shuffle looks up within its lane).
struct utf8_lookup {
  alignas(64) std::uint8_t byte_1_high[64];  // by the previous byte's high nibble
  alignas(64) std::uint8_t byte_1_low[64];   // by the previous byte's low nibble
  alignas(64) std::uint8_t byte_2_high[64];  // by this byte's high nibble
};

constexpr utf8_lookup make_utf8_lookup() {
  constexpr std::uint8_t b1h[16] = {too_long, too_long, too_long, too_long, too_long, too_long, too_long, too_long,
                                    two_conts, two_conts, two_conts, two_conts, too_short | overlong_2, too_short,
                                    too_short | overlong_3 | surrogate,
                                    too_short | too_large | too_large_1000 | overlong_4};
  constexpr std::uint8_t b1l[16] = {carry | overlong_3 | overlong_2 | overlong_4, carry | overlong_2, carry, carry,
                                    carry | too_large, large, large, large, large, large, large, large, large,
                                    large | surrogate, large, large};
  constexpr std::uint8_t b2h[16] = {too_short, too_short, too_short, too_short, too_short, too_short, too_short,
                                    too_short,
                                    too_long | overlong_2 | two_conts | overlong_3 | too_large_1000 | overlong_4,
                                    too_long | overlong_2 | two_conts | overlong_3 | too_large,
                                    too_long | overlong_2 | two_conts | surrogate | too_large,
                                    too_long | overlong_2 | two_conts | surrogate | too_large, too_short, too_short,
                                    too_short, too_short};
  utf8_lookup t{};
  for (int i = 0; i < 64; ++i) {
    t.byte_1_high[i] = b1h[i % 16];
    t.byte_1_low[i] = b1l[i % 16];
    t.byte_2_high[i] = b2h[i % 16];
  }
  return t;
}

constexpr utf8_lookup utf8_tables = make_utf8_lookup();

}  // namespace
}  // namespace ujson::detail
