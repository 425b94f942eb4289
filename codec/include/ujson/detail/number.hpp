#pragma once
// Number conversions shared by the decoder, the writer and the DOM.

#include <cstddef>
#include <cstdint>

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

}  // namespace ujson::detail
