// Shortest round-trip text of a double, by R. Giulietti's Schubfach method ("The Schubfach
// way to render doubles", 2020-2022): the decimal interval of values that read back as v is
// scaled by one 126-bit power of ten (pow10_table.hpp), and the shortest decimal in it is
// picked with a few 64-bit multiplications. libstdc++'s std::to_chars gives the same digits
// (tests/codec/shortest_double_test.cpp compares them) in about 1.6 times the instructions;
// it dominated the serialization of canada.json.

#include <bit>
#include <charconv>
#include <cstdint>
#include <cstring>

#include "pow10_table.hpp"
#include "ujson/detail/digits.hpp"
#include "ujson/detail/number.hpp"

namespace ujson::detail {
namespace {

constexpr int q_min = -1074;                     // exponent of the smallest subnormal
constexpr std::uint64_t c_min = 1ULL << 52;      // smallest normal significand
constexpr std::uint64_t mask63 = (1ULL << 63) - 1;

__extension__ using uint128 = unsigned __int128;  // __extension__: quiet under -Wpedantic

std::uint64_t mul_high(std::uint64_t a, std::uint64_t b) {
  return static_cast<std::uint64_t>((static_cast<uint128>(a) * b) >> 64);
}

// floor(q log10 2), floor(log10(3/4 2^q)), floor(e log2 10): exact over the ranges used.
int floor_log10_pow2(int q) { return static_cast<int>((static_cast<std::int64_t>(q) * 661971961083LL) >> 41); }
int floor_log10_three_quarters_pow2(int q) {
  return static_cast<int>((static_cast<std::int64_t>(q) * 661971961083LL - 274743187321LL) >> 41);
}
int floor_log2_pow10(int e) { return static_cast<int>((static_cast<std::int64_t>(e) * 913124641741LL) >> 38); }

// Rounds g * cp / 2^127 to odd: the low bit records whether anything was dropped.
std::uint64_t round_to_odd(std::uint64_t g1, std::uint64_t g0, std::uint64_t cp) {
  const std::uint64_t x1 = mul_high(g0, cp);
  const std::uint64_t y0 = g1 * cp;
  const std::uint64_t y1 = mul_high(g1, cp);
  const std::uint64_t z = (y0 >> 1) + x1;
  const std::uint64_t vbp = y1 + (z >> 63);
  return vbp | (((z & mask63) + mask63) >> 63);
}

struct decimal {
  std::uint64_t digits;  // significand, maybe with trailing zeros (format_shortest drops them)
  int exponent;          // value = digits * 10^exponent
};

// The shortest decimal in the rounding interval of c * 2^q (closest to it on ties in length).
decimal to_decimal(int q, std::uint64_t c) {
  const std::uint64_t out = c & 1;  // even significands own their interval's bounds
  const std::uint64_t cb = c << 2;
  const std::uint64_t cbr = cb + 2;
  std::uint64_t cbl;
  int k;
  if (c != c_min || q == q_min) {
    cbl = cb - 2;
    k = floor_log10_pow2(q);
  } else {
    // At a power of two the interval below is half as wide.
    cbl = cb - 1;
    k = floor_log10_three_quarters_pow2(q);
  }
  const int h = q + floor_log2_pow10(-k) + 2;
  const std::uint64_t* g = pow10_table[k - pow10_table_k_min];
  const std::uint64_t vb = round_to_odd(g[0], g[1], cb << h);
  const std::uint64_t vbl = round_to_odd(g[0], g[1], cbl << h);
  const std::uint64_t vbr = round_to_odd(g[0], g[1], cbr << h);

  const std::uint64_t s = vb >> 2;
  if (s >= 100) {
    // One digit shorter: sp10 = 10 floor(s / 10) and the next multiple of ten.
    const std::uint64_t sp10 = 10 * mul_high(s, 115292150460684698ULL << 4);
    const std::uint64_t tp10 = sp10 + 10;
    const bool upin = vbl + out <= sp10 << 2;
    const bool wpin = (tp10 << 2) + out <= vbr;
    if (upin != wpin) return {upin ? sp10 : tp10, k};
  }
  const std::uint64_t t = s + 1;
  const bool uin = vbl + out <= s << 2;
  const bool win = (t << 2) + out <= vbr;
  if (uin != win) return {uin ? s : t, k};
  // Both in the interval: the closer one, the even one on a tie.
  const auto cmp = static_cast<std::int64_t>(vb - ((s + t) << 1));
  return {cmp < 0 || (cmp == 0 && (s & 1) == 0) ? s : t, k};
}

decimal shortest(std::uint64_t bits) {
  const std::uint64_t t = bits & ((1ULL << 52) - 1);
  const int bq = static_cast<int>((bits >> 52) & 0x7FF);
  if (bq != 0) {
    const int mq = -q_min + 1 - bq;
    const std::uint64_t c = c_min | t;
    if (mq > 0 && mq < 53) {
      // An integer below 2^53 is its own shortest decimal.
      const std::uint64_t f = c >> mq;
      if ((f << mq) == c) return {f, 0};
    }
    return to_decimal(-mq, c);
  }
  return to_decimal(q_min, t);  // subnormal
}

}  // namespace

std::size_t format_shortest(double value, char* out) noexcept {
  std::uint64_t bits;
  std::memcpy(&bits, &value, sizeof bits);
  char* p = out;
  if (bits >> 63) *p++ = '-';
  bits &= ~(1ULL << 63);
  if (bits == 0) {
    std::memcpy(p, "0.0", 3);
    return static_cast<std::size_t>(p + 3 - out);
  }
  if (bits < 32) {
    // The smallest subnormals: the method looks at most one digit shorter than its first
    // estimate, which for these few-digit values is not enough. Rare: ask the library.
    const char* end = std::to_chars(p, p + 32, std::bit_cast<double>(bits)).ptr;
    return static_cast<std::size_t>(end - out);
  }
  const decimal d = shortest(bits);
  int n = count_digits(d.digits);  // at most 17
  int exponent = d.exponent;
  // Whole blocks are copied with fixed sizes (no memcpy calls); `out` has max_double_chars,
  // and no case below writes past its 40th byte.
  char digits[48] = {};
  write_digits(d.digits, n, digits);
  while (digits[n - 1] == '0') {  // trailing zeros (d.digits != 0: a digit is not '0')
    --n;
    ++exponent;
  }
  // Python's repr notation: fixed for 1e-4 <= |v| < 1e16, else scientific with an exponent
  // of at least two digits. A fixed number without a point gets ".0" so it reads back as a
  // double.
  const int x = exponent + n - 1;  // scientific exponent
  if (x >= -4 && x < 16) {
    if (exponent >= 0) {  // an integer: n + exponent <= 16 digits
      std::memcpy(p, digits, 17);
      std::memset(p + n, '0', 16);
      p += n + exponent;
      std::memcpy(p, ".0", 2);
      p += 2;
    } else if (x >= 0) {  // the point falls inside the digits
      std::memcpy(p, digits, 17);
      std::memcpy(p + x + 2, digits + x + 1, 16);
      p[x + 1] = '.';
      p += n + 1;
    } else {  // 0.ddd with up to three zeros after the point
      std::memcpy(p, "0.000000", 8);
      std::memcpy(p + 1 - x, digits, 17);
      p += n + 1 - x;
    }
  } else {
    p[0] = digits[0];
    if (n > 1) {
      p[1] = '.';
      std::memcpy(p + 2, digits + 1, 16);
      p += n + 1;
    } else {
      p += 1;
    }
    *p++ = 'e';
    *p++ = x < 0 ? '-' : '+';
    int ax = x < 0 ? -x : x;
    if (ax >= 100) {
      *p++ = static_cast<char>('0' + ax / 100);
      ax %= 100;
    }
    std::memcpy(p, digit_pairs + 2 * ax, 2);
    p += 2;
  }
  return static_cast<std::size_t>(p - out);
}

}  // namespace ujson::detail
