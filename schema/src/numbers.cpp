#include "numbers.hpp"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <functional>
#include <string>

namespace ujson::schema::detail {
namespace {

// value = (negative ? -1 : 1) * digits * 10^exponent; digits has no leading or trailing
// zeros and is empty for zero.
struct decimal {
  bool negative = false;
  std::string digits;
  std::int64_t exponent = 0;
};

__extension__ typedef unsigned __int128 u128;  // GCC and clang; exact remainders of 64-bit divisors

// An exponent this large already says everything a comparison needs, and keeps the
// arithmetic below from overflowing.
constexpr std::int64_t exponent_clamp = 1'000'000'000'000LL;

decimal parse_decimal(std::string_view s) {
  decimal d;
  std::size_t i = 0;
  if (i < s.size() && s[i] == '-') d.negative = true, ++i;
  std::int64_t fraction_digits = 0;
  bool in_fraction = false;
  for (; i < s.size(); ++i) {
    const char c = s[i];
    if (c == '.') {
      in_fraction = true;
    } else if (c >= '0' && c <= '9') {
      if (!(d.digits.empty() && c == '0')) d.digits.push_back(c);
      if (in_fraction) ++fraction_digits;
    } else {
      break;
    }
  }
  std::int64_t e = 0;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    bool neg = false;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) neg = s[i] == '-', ++i;
    for (; i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i) {
      if (e < exponent_clamp) e = e * 10 + (s[i] - '0');
    }
    if (neg) e = -e;
  }
  d.exponent = e - fraction_digits;
  while (!d.digits.empty() && d.digits.back() == '0') d.digits.pop_back(), ++d.exponent;
  if (d.digits.empty()) d.negative = false, d.exponent = 0;
  return d;
}

decimal to_decimal(const value& v) {
  char text[64];
  switch (v.type()) {
    case kind::int64: {
      const auto r = std::to_chars(text, text + sizeof text, v.as_int64());
      return parse_decimal(std::string_view(text, static_cast<std::size_t>(r.ptr - text)));
    }
    case kind::uint64: {
      const auto r = std::to_chars(text, text + sizeof text, v.as_uint64());
      return parse_decimal(std::string_view(text, static_cast<std::size_t>(r.ptr - text)));
    }
    case kind::double_: {
      const auto r = std::to_chars(text, text + sizeof text, v.as_double());
      return parse_decimal(std::string_view(text, static_cast<std::size_t>(r.ptr - text)));
    }
    default:
      return parse_decimal(v.as_string());
  }
}

int compare_magnitude(const decimal& a, const decimal& b) {
  if (a.digits.empty() || b.digits.empty()) return a.digits.empty() ? (b.digits.empty() ? 0 : -1) : 1;
  const std::int64_t lead_a = static_cast<std::int64_t>(a.digits.size()) + a.exponent;
  const std::int64_t lead_b = static_cast<std::int64_t>(b.digits.size()) + b.exponent;
  if (lead_a != lead_b) return lead_a < lead_b ? -1 : 1;
  const std::size_t n = std::max(a.digits.size(), b.digits.size());
  for (std::size_t i = 0; i < n; ++i) {
    const char da = i < a.digits.size() ? a.digits[i] : '0';
    const char db = i < b.digits.size() ? b.digits[i] : '0';
    if (da != db) return da < db ? -1 : 1;
  }
  return 0;
}

int compare_decimals(const decimal& a, const decimal& b) {
  const int sa = a.digits.empty() ? 0 : (a.negative ? -1 : 1);
  const int sb = b.digits.empty() ? 0 : (b.negative ? -1 : 1);
  if (sa != sb) return sa < sb ? -1 : 1;
  const int m = compare_magnitude(a, b);
  return sa < 0 ? -m : m;
}

bool is_machine_integer(kind k) { return k == kind::int64 || k == kind::uint64; }

// Integers up to 2^53 are exact as doubles.
bool exact_as_double(const value& v) {
  if (v.type() == kind::double_) return true;
  if (v.type() == kind::int64) return v.as_int64() >= -(1LL << 53) && v.as_int64() <= (1LL << 53);
  if (v.type() == kind::uint64) return v.as_uint64() <= (1ULL << 53);
  return false;
}

template <class T>
int three_way(T a, T b) {
  return a < b ? -1 : (a > b ? 1 : 0);
}

std::uint64_t pow10_mod(std::int64_t n, std::uint64_t m) {
  u128 result = 1 % m, base = 10 % m;
  while (n > 0) {
    if (n & 1) result = result * base % m;
    base = base * base % m;
    n >>= 1;
  }
  return static_cast<std::uint64_t>(result);
}

}  // namespace

int compare_numbers(const value& a, const value& b) {
  const kind ka = a.type(), kb = b.type();
  if (ka == kind::int64 && kb == kind::int64) return three_way(a.as_int64(), b.as_int64());
  if (is_machine_integer(ka) && is_machine_integer(kb)) {
    const bool neg_a = ka == kind::int64 && a.as_int64() < 0, neg_b = kb == kind::int64 && b.as_int64() < 0;
    if (neg_a != neg_b) return neg_a ? -1 : 1;
    if (neg_a) return three_way(a.as_int64(), b.as_int64());
    return three_way(a.as_uint64(), b.as_uint64());
  }
  if (exact_as_double(a) && exact_as_double(b)) return three_way(a.as_double(), b.as_double());
  // An integer beyond 2^53 against a double: an integral double in range compares as the
  // integer it is; any other double is either beyond 64 bits or below 2^52 in magnitude.
  if ((is_machine_integer(ka) && kb == kind::double_) || (ka == kind::double_ && is_machine_integer(kb))) {
    const bool int_first = is_machine_integer(ka);
    const value& i = int_first ? a : b;
    const double d = (int_first ? b : a).as_double();
    int r;
    if (d >= 18446744073709551616.0) {
      r = -1;
    } else if (d < -9223372036854775808.0) {
      r = 1;
    } else if (std::trunc(d) != d) {
      r = three_way(i.as_double(), d);
    } else if (d < 0) {
      r = i.type() == kind::uint64 ? 1 : three_way(i.as_int64(), static_cast<std::int64_t>(d));
    } else if (i.type() == kind::int64 && i.as_int64() < 0) {
      r = -1;
    } else {
      r = three_way(i.as_uint64(), static_cast<std::uint64_t>(d));
    }
    return int_first ? r : -r;
  }
  return compare_decimals(to_decimal(a), to_decimal(b));
}

std::uint64_t number_hash(const value& v) {
  constexpr std::uint64_t k = 0x9E3779B97F4A7C15ULL;
  switch (v.type()) {
    case kind::int64: return static_cast<std::uint64_t>(v.as_int64()) * k;
    case kind::uint64: return v.as_uint64() * k;
    case kind::double_: {
      const double d = v.as_double();
      if (std::trunc(d) == d && d >= -9223372036854775808.0 && d < 9223372036854775808.0) {
        return static_cast<std::uint64_t>(static_cast<std::int64_t>(d)) * k;
      }
      if (std::trunc(d) == d && d >= 0 && d < 18446744073709551616.0) return static_cast<std::uint64_t>(d) * k;
      break;
    }
    default: break;
  }
  const decimal dec = to_decimal(v);
  std::uint64_t h = std::hash<std::string>{}(dec.digits);
  return (h ^ (static_cast<std::uint64_t>(dec.exponent) * k)) + (dec.negative ? 1 : 0);
}

bool is_integer(const value& v) {
  switch (v.type()) {
    case kind::int64:
    case kind::uint64: return true;
    case kind::double_: return std::isfinite(v.as_double()) && std::trunc(v.as_double()) == v.as_double();
    case kind::big_number: return to_decimal(v).exponent >= 0;
    default: return false;
  }
}

bool is_positive(const value& v) {
  const decimal d = to_decimal(v);
  return !d.digits.empty() && !d.negative;
}

bool is_multiple_of(const value& x, const value& m) {
  if (x.type() == kind::int64 && m.type() == kind::int64 && m.as_int64() > 0) return x.as_int64() % m.as_int64() == 0;
  const decimal a = to_decimal(x), b = to_decimal(m);
  if (a.digits.empty()) return true;
  if (b.digits.empty()) return false;
  // x / m = (A / B) * 10^(p - q). With p < q, B * 10^(q - p) would have to divide A,
  // which has no trailing zero.
  if (a.exponent < b.exponent) return false;
  if (b.digits.size() > 19) {
    // A divisor of more than 19 significant digits: no exact arithmetic here; the nearest
    // doubles decide.
    const double q = x.as_double() / m.as_double();
    return std::isfinite(q) && std::trunc(q) == q;
  }
  std::uint64_t divisor = 0;
  for (const char c : b.digits) divisor = divisor * 10 + static_cast<std::uint64_t>(c - '0');
  u128 rest = 0;
  for (const char c : a.digits) rest = (rest * 10 + static_cast<unsigned>(c - '0')) % divisor;
  rest = rest * pow10_mod(a.exponent - b.exponent, divisor) % divisor;
  return rest == 0;
}

}  // namespace ujson::schema::detail
