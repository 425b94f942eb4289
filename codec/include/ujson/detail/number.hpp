#pragma once
// Number conversions shared by the decoder, the writer and the DOM.

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace ujson::detail {

// Enough for "-2.2250738585072014e-308" and for fixed notation below 1e16 with 17 digits
// after the point, plus the ".0" suffix.
inline constexpr std::size_t max_double_chars = 48;

// Writes a finite double: shortest round-trip text when precision < 0, else at most
// `precision` digits after the point with trailing zeros dropped. Always has a '.' or an
// exponent. Returns the length; `out` must hold max_double_chars.
std::size_t format_double(double value, int precision, char* out) noexcept;

// The shortest text that reads back as `value` (finite), in fixed or scientific notation,
// whichever is shorter (fixed on a tie), always with a '.' or an exponent: 1.0, 0.1, 1e+300,
// -0.0, 5e-324. Returns the length; `out` must hold max_double_chars.
std::size_t format_shortest(double value, char* out) noexcept;

// The same shortest digits laid out as ECMAScript's Number.prototype.toString (ES2019
// 7.1.12.1) writes them, which RFC 8785 adopts: integers below 1e21 in full
// (100000000000000000000), plain decimals from 1e-6 up (0.000001), else an exponent
// with its sign and no padding (1e+21, 1e-7, 5e-324); -0 as 0. Returns the length; `out`
// must hold max_double_chars.
std::size_t format_ecmascript(double value, char* out) noexcept;

bool parse_double_slow(const char* begin, const char* end, double& out) noexcept;

// The correctly rounded double for (-1)^negative * w * 10^q (Eisel-Lemire, in
// codec/src/number/eisel_lemire.cpp). Returns false, leaving `out` unspecified, when it
// cannot decide: a subnormal, zero or infinite result for w != 0, q outside
// [-342, 308], or a product too close to a midpoint. parse_double_slow then decides.
bool decimal_to_double(std::uint64_t w, std::int64_t q, bool negative, double& out) noexcept;

// The high words of eisel_lemire.cpp's 5^q table, q from pow5_table_min_q, for the
// decoder's inline path below.
inline constexpr int pow5_table_min_q = -342;
struct pow5_high_words {
  std::uint64_t v[651];
};
extern const pow5_high_words pow5_high;

// decimal_to_double's common case inline (a 17-digit mantissa goes past Clinger's 2^53,
// and canada.json is 100K of them): false for anything it leaves to decimal_to_double,
// which then decides the same way. For q in [-200, 200] every w in [1, 2^64) lands in the
// normal range with no overflow, so no exponent test is needed; and a product whose high
// word leaves the 9 bits under the rounding bit all zeros or all ones (where the low words
// or a midpoint could change the result) is refused. w = 0 gives a zero product, refused
// the same way, so `w | 1` only keeps the leading-zero count defined. Always inline: in
// the decoder's large walk GCC otherwise splits it off into a call per number.
[[gnu::always_inline]] inline bool decimal_to_double_inline(std::uint64_t w, std::int64_t q, bool negative, double& out) noexcept {
  if (static_cast<std::uint64_t>(q + 200) > 400) return false;
  const int s = __builtin_clzll(w | 1);
  __extension__ using uint128 = unsigned __int128;
  const auto hi = static_cast<std::uint64_t>(
      (static_cast<uint128>(w << s) * pow5_high.v[q - pow5_table_min_q]) >> 64);
  if (((hi + 1) & 0x1FF) <= 1) return false;
  const int top = static_cast<int>(hi >> 63);
  const std::uint64_t m = hi >> (9 + top);  // the significand and the rounding bit
  const std::int64_t exponent = ((q * 217706) >> 16) + 1086 + top - s;
  std::uint64_t bits = (static_cast<std::uint64_t>(exponent - 1) << 52) + ((m + 1) >> 1);
  bits |= static_cast<std::uint64_t>(negative) << 63;
  std::memcpy(&out, &bits, sizeof out);
  return true;
}

}  // namespace ujson::detail
