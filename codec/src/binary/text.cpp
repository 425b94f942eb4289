#include "ujson/detail/binary_text.hpp"

#include <charconv>
#include <cmath>
#include <cstring>
#include <vector>

namespace ujson::detail {

std::size_t format_python_float(double v, char* out) noexcept {
  if (std::isnan(v)) return std::memcpy(out, "nan", 3), 3;
  if (std::isinf(v)) return v < 0 ? (std::memcpy(out, "-inf", 4), 4) : (std::memcpy(out, "inf", 3), 3);
  // Shortest digits in scientific form ("-1.2345e+02"), then laid out as Python's repr does.
  char sci[32];
  const char* end = std::to_chars(sci, sci + sizeof sci, v, std::chars_format::scientific).ptr;
  const char* e = static_cast<const char*>(std::memchr(sci, 'e', static_cast<std::size_t>(end - sci)));
  int exponent = 0;
  std::from_chars(e + 1 + (e[1] == '+'), end, exponent);
  if (exponent < -4 || exponent >= 16) {
    const std::size_t n = static_cast<std::size_t>(end - sci);
    std::memcpy(out, sci, n);
    return n;
  }
  char* o = out;
  const char* p = sci;
  if (*p == '-') *o++ = *p++;
  char digits[20];
  std::size_t count = 0;
  for (; p < e; ++p) {
    if (*p != '.') digits[count++] = *p;
  }
  if (exponent < 0) {
    *o++ = '0';
    *o++ = '.';
    for (int i = -1; i > exponent; --i) *o++ = '0';
    std::memcpy(o, digits, count);
    o += count;
  } else {
    const std::size_t int_digits = static_cast<std::size_t>(exponent) + 1;
    for (std::size_t i = 0; i < int_digits; ++i) *o++ = i < count ? digits[i] : '0';
    *o++ = '.';
    if (count > int_digits) {
      std::memcpy(o, digits + int_digits, count - int_digits);
      o += count - int_digits;
    } else {
      *o++ = '0';
    }
  }
  return static_cast<std::size_t>(o - out);
}

namespace {

// Howard Hinnant's civil_from_days: the proleptic Gregorian date of a day count from 1970-01-01.
void civil_from_days(std::int64_t z, std::int64_t& y, unsigned& m, unsigned& d) noexcept {
  z += 719468;
  const std::int64_t era = (z >= 0 ? z : z - 146096) / 146097;
  const auto doe = static_cast<unsigned>(z - era * 146097);
  const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const unsigned mp = (5 * doy + 2) / 153;
  d = doy - (153 * mp + 2) / 5 + 1;
  m = mp < 10 ? mp + 3 : mp - 9;
  y = static_cast<std::int64_t>(yoe) + era * 400 + (m <= 2);
}

char* put_digits(char* o, std::uint64_t v, int width) noexcept {
  for (int i = width - 1; i >= 0; --i) {
    o[i] = static_cast<char>('0' + v % 10);
    v /= 10;
  }
  return o + width;
}

}  // namespace

std::size_t format_rfc3339(std::int64_t seconds, std::uint32_t nanoseconds, char* out) noexcept {
  // 0000-01-01T00:00:00Z and 9999-12-31T23:59:59Z.
  constexpr std::int64_t first = -62167219200, last = 253402300799;
  if (seconds < first || seconds > last || nanoseconds >= 1'000'000'000) return 0;
  const std::int64_t days = (seconds >= 0 ? seconds : seconds - 86399) / 86400;
  const std::int64_t in_day = seconds - days * 86400;
  std::int64_t year;
  unsigned month, day;
  civil_from_days(days, year, month, day);
  char* o = put_digits(out, static_cast<std::uint64_t>(year), 4);
  *o++ = '-';
  o = put_digits(o, month, 2);
  *o++ = '-';
  o = put_digits(o, day, 2);
  *o++ = 'T';
  o = put_digits(o, static_cast<std::uint64_t>(in_day / 3600), 2);
  *o++ = ':';
  o = put_digits(o, static_cast<std::uint64_t>(in_day / 60 % 60), 2);
  *o++ = ':';
  o = put_digits(o, static_cast<std::uint64_t>(in_day % 60), 2);
  if (nanoseconds != 0) {
    *o++ = '.';
    int width = 9;
    while (nanoseconds % 10 == 0) {
      nanoseconds /= 10;
      --width;
    }
    o = put_digits(o, nanoseconds, width);
  }
  *o++ = 'Z';
  return static_cast<std::size_t>(o - out);
}

void append_base64(std::string_view bytes, std::string& out) {
  static constexpr char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  const auto* p = reinterpret_cast<const unsigned char*>(bytes.data());
  std::size_t n = bytes.size();
  const std::size_t start = out.size();
  out.resize(start + (n + 2) / 3 * 4);
  char* o = out.data() + start;
  for (; n >= 3; n -= 3, p += 3) {
    const std::uint32_t v = static_cast<std::uint32_t>(p[0]) << 16 | static_cast<std::uint32_t>(p[1]) << 8 | p[2];
    *o++ = alphabet[v >> 18];
    *o++ = alphabet[v >> 12 & 63];
    *o++ = alphabet[v >> 6 & 63];
    *o++ = alphabet[v & 63];
  }
  if (n > 0) {
    const std::uint32_t v = static_cast<std::uint32_t>(p[0]) << 16 | (n == 2 ? static_cast<std::uint32_t>(p[1]) << 8 : 0);
    *o++ = alphabet[v >> 18];
    *o++ = alphabet[v >> 12 & 63];
    *o++ = n == 2 ? alphabet[v >> 6 & 63] : '=';
    *o++ = '=';
  }
}

bool append_bignum_decimal(std::string_view big_endian, bool negative, std::string& out) {
  std::size_t skip = 0;
  while (skip < big_endian.size() && big_endian[skip] == 0) ++skip;
  big_endian.remove_prefix(skip);
  if (big_endian.size() > max_bignum_bytes) return false;
  // -1 - n has the magnitude n + 1: add the one to the bytes first.
  std::vector<unsigned char> bytes(big_endian.begin(), big_endian.end());
  if (negative) {
    std::size_t i = bytes.size();
    while (i > 0 && bytes[i - 1] == 0xFF) bytes[--i] = 0;
    if (i == 0) {
      bytes.insert(bytes.begin(), 1);
    } else {
      ++bytes[i - 1];
    }
  }
  // Base 10^9 limbs, least significant first; the bytes go in four at a time.
  std::vector<std::uint32_t> limbs;
  auto multiply_add = [&](std::uint64_t factor, std::uint64_t add) {
    for (std::uint32_t& limb : limbs) {
      const std::uint64_t v = limb * factor + add;
      limb = static_cast<std::uint32_t>(v % 1'000'000'000);
      add = v / 1'000'000'000;
    }
    while (add != 0) {
      limbs.push_back(static_cast<std::uint32_t>(add % 1'000'000'000));
      add /= 1'000'000'000;
    }
  };
  std::size_t i = 0;
  const std::size_t head = bytes.size() % 4;
  for (std::uint32_t chunk = 0; i < head; ++i) {
    chunk = chunk << 8 | bytes[i];
    if (i + 1 == head) multiply_add(std::uint64_t{1} << (8 * head), chunk);
  }
  for (; i < bytes.size(); i += 4) {
    const std::uint32_t chunk = static_cast<std::uint32_t>(bytes[i]) << 24 | static_cast<std::uint32_t>(bytes[i + 1]) << 16 |
                                static_cast<std::uint32_t>(bytes[i + 2]) << 8 | bytes[i + 3];
    multiply_add(std::uint64_t{1} << 32, chunk);
  }
  if (negative) out.push_back('-');
  if (limbs.empty()) {
    out.push_back('0');
    return true;
  }
  char digits[16];
  out.append(digits, static_cast<std::size_t>(std::to_chars(digits, digits + 16, limbs.back()).ptr - digits));
  for (std::size_t k = limbs.size() - 1; k-- > 0;) {
    char* end = put_digits(digits, limbs[k], 9);
    out.append(digits, static_cast<std::size_t>(end - digits));
  }
  return true;
}

bool decimal_to_bignum(std::string_view text, std::string& big_endian, bool& negative) {
  negative = !text.empty() && text[0] == '-';
  if (negative) text.remove_prefix(1);
  if (text.empty() || text.size() > max_bignum_bytes * 3) return false;  // 2.41 digits a byte
  for (char c : text) {
    if (c < '0' || c > '9') return false;
  }
  // Base 2^32 limbs, least significant first; the digits go in nine at a time.
  std::vector<std::uint32_t> limbs;
  std::size_t i = 0;
  while (i < text.size()) {
    const std::size_t n = std::min<std::size_t>(9, text.size() - i);
    std::uint64_t chunk = 0, factor = 1;
    for (std::size_t k = 0; k < n; ++k, ++i) {
      chunk = chunk * 10 + static_cast<std::uint64_t>(text[i] - '0');
      factor *= 10;
    }
    for (std::uint32_t& limb : limbs) {
      const std::uint64_t v = limb * factor + chunk;
      limb = static_cast<std::uint32_t>(v);
      chunk = v >> 32;
    }
    if (chunk != 0) limbs.push_back(static_cast<std::uint32_t>(chunk));
  }
  if (negative) {  // -1 - n = value: n = magnitude - 1 (the magnitude is not zero: "-0" is no big number)
    bool zero = true;
    for (std::uint32_t limb : limbs) zero = zero && limb == 0;
    if (zero) return false;
    for (std::uint32_t& limb : limbs) {
      if (limb-- != 0) break;
    }
  }
  big_endian.clear();
  for (std::size_t k = limbs.size(); k-- > 0;) {
    for (int shift = 24; shift >= 0; shift -= 8) {
      const char byte = static_cast<char>(limbs[k] >> shift & 0xFF);
      if (big_endian.empty() && byte == 0) continue;
      big_endian.push_back(byte);
    }
  }
  return big_endian.size() <= max_bignum_bytes;
}

double half_to_double(std::uint16_t bits) noexcept {
  const int exponent = bits >> 10 & 0x1F;
  const int mantissa = bits & 0x3FF;
  double v;
  if (exponent == 0) {
    v = std::ldexp(mantissa, -24);
  } else if (exponent == 31) {
    v = mantissa == 0 ? INFINITY : NAN;
  } else {
    v = std::ldexp(mantissa + 1024, exponent - 25);
  }
  return bits & 0x8000 ? -v : v;
}

}  // namespace ujson::detail
