// Number conversions off the decoder's and writer's fast paths.
#include <charconv>
#include <cmath>
#include <cstring>

#include "ujson/detail/number.hpp"

namespace ujson::detail {

bool parse_double_slow(const char* begin, const char* end, double& out) noexcept {
  // from_chars is correctly rounded (libstdc++ 12 uses the Eisel-Lemire algorithm) and
  // reports result_out_of_range for overflow and for underflow of a non-zero value.
  const auto r = std::from_chars(begin, end, out);
  return r.ec == std::errc() && std::isfinite(out);
}

std::size_t format_double(double value, int precision, char* out) noexcept {
  if (precision < 0 || std::fabs(value) >= 1e16) return format_shortest(value, out);
  char* p = std::to_chars(out, out + max_double_chars, value, std::chars_format::fixed, precision).ptr;
  // UltraJSON's double_precision drops trailing zeros: 1.50 -> 1.5, 2.00 -> 2.0.
  const char* dot = static_cast<const char*>(std::memchr(out, '.', static_cast<std::size_t>(p - out)));
  if (dot != nullptr) {
    while (p - dot > 2 && p[-1] == '0') --p;
  } else {
    // A double always reads back as a double: 3 -> 3.0 (as Python and UltraJSON write it).
    *p++ = '.';
    *p++ = '0';
  }
  return static_cast<std::size_t>(p - out);
}

}  // namespace ujson::detail
