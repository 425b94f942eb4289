#pragma once
// Number formatting shared by the writer and the DOM.

#include <cstddef>

namespace ujson::detail {

// Enough for "-2.2250738585072014e-308" and for fixed notation below 1e16 with 17 digits
// after the point, plus the ".0" suffix.
inline constexpr std::size_t max_double_chars = 48;

// Writes a finite double: shortest round-trip text when precision < 0, else at most
// `precision` digits after the point with trailing zeros dropped. Always has a '.' or an
// exponent. Returns the length; `out` must hold max_double_chars.
std::size_t format_double(double value, int precision, char* out) noexcept;

bool parse_double_slow(const char* begin, const char* end, double& out) noexcept;

}  // namespace ujson::detail
