// format_shortest and format_ecmascript: the shortest digits (shortest.hpp) in Python's
// repr layout and in ECMAScript's.

#include <algorithm>
#include <bit>
#include <charconv>
#include <cstdint>
#include <cstring>

#include "shortest.hpp"
#include "ujson/detail/number.hpp"

namespace ujson::detail {
namespace {

using shortest_impl::digit_run;

// shortest_digits for the smallest subnormals (bits < 32), which the method does not serve
// (see write_shortest in shortest.hpp): the library's shortest scientific text ("5e-324",
// "1.5e-323") taken apart. Rare.
digit_run tiny_digits(std::uint64_t bits, char (&padded)[48]) {
  char text[32];
  const char* const end = std::to_chars(text, text + sizeof text, std::bit_cast<double>(bits), std::chars_format::scientific).ptr;
  const char* const e = std::find(static_cast<const char*>(text), end, 'e');
  int n = 1;
  char digits[17];
  digits[0] = text[0];
  for (const char* p = text + 2; p < e; ++p) digits[n++] = *p;  // after "d."
  int x = 0;
  std::from_chars(e + 1 + (e[1] == '+'), end, x);
  std::memcpy(padded + 17 - n, digits, static_cast<std::size_t>(n));
  return {padded + 17 - n, n, x - (n - 1)};
}

}  // namespace

std::size_t format_shortest(double value, char* out) noexcept { return shortest_impl::write_shortest(value, out); }

std::size_t format_ecmascript(double value, char* out) noexcept {
  std::uint64_t bits;
  std::memcpy(&bits, &value, sizeof bits);
  char* p = out;
  const bool negative = bits >> 63;
  bits &= ~(1ULL << 63);
  if (bits == 0) {  // -0 too: ToString(-0) is "0"
    *p = '0';
    return 1;
  }
  if (negative) *p++ = '-';
  char padded[48] = {};
  const digit_run run = bits < 32 ? tiny_digits(bits, padded) : shortest_impl::shortest_digits(bits, padded);
  // ES2019 7.1.12.1 in its own terms: k digits, the value being 0.digits * 10^n.
  const char* const digits = run.digits;
  const int k = run.n;
  const int n = run.exponent + k;
  const auto size = [](int count) { return static_cast<std::size_t>(count); };
  if (k <= n && n <= 21) {  // an integer below 1e21, written out
    std::memcpy(p, digits, size(k));
    std::memset(p + k, '0', size(n - k));
    p += n;
  } else if (0 < n && n <= 21) {  // the point inside the digits
    std::memcpy(p, digits, size(n));
    p[n] = '.';
    std::memcpy(p + n + 1, digits + n, size(k - n));
    p += k + 1;
  } else if (-6 < n && n <= 0) {  // 0.000001 and up: at most five zeros after the point
    std::memcpy(p, "0.00000", 7);
    std::memcpy(p + 2 - n, digits, size(k));
    p += 2 - n + k;
  } else {  // d[.ddd]e+x or e-x, the exponent in as few digits as it takes
    *p++ = digits[0];
    if (k > 1) {
      *p++ = '.';
      std::memcpy(p, digits + 1, size(k - 1));
      p += k - 1;
    }
    *p++ = 'e';
    *p++ = n - 1 < 0 ? '-' : '+';
    const int x = n - 1 < 0 ? 1 - n : n - 1;
    if (x >= 100) *p++ = static_cast<char>('0' + x / 100);
    if (x >= 10) *p++ = static_cast<char>('0' + x / 10 % 10);
    *p++ = static_cast<char>('0' + x % 10);
  }
  return static_cast<std::size_t>(p - out);
}

}  // namespace ujson::detail
