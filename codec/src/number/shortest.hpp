#pragma once
// Shortest round-trip text of a double, by R. Giulietti's Schubfach method ("The Schubfach
// way to render doubles", 2020-2022): the decimal interval of values that read back as v is
// scaled by one 126-bit power of ten (pow10_table.hpp), and the shortest decimal in it is
// picked with a few 64-bit multiplications. libstdc++'s std::to_chars gives the same digits
// (tests/codec/shortest_double_test.cpp compares them) in about 1.6 times the instructions;
// it dominated the serialization of canada.json.
//
// Inline, for two callers: format_shortest (shortest.cpp) and the DOM serializer's loop
// (dom/serialize.cpp), where a call per double cost about 15 instructions of some 300.

#include <bit>
#include <charconv>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "pow10_table.hpp"
#include "ujson/detail/digits.hpp"

#if defined(__x86_64__) || defined(_M_X64)  // SSE2, and _mm_cvtsi64_si128
#include <emmintrin.h>
#define UJSON_SHORTEST_SSE2 1
#else
#define UJSON_SHORTEST_SSE2 0
#endif

namespace ujson::detail::shortest_impl {

constexpr int q_min = -1074;                     // exponent of the smallest subnormal
constexpr std::uint64_t c_min = 1ULL << 52;      // smallest normal significand
constexpr std::uint64_t mask63 = (1ULL << 63) - 1;

__extension__ using uint128 = unsigned __int128;  // __extension__: quiet under -Wpedantic

inline std::uint64_t mul_high(std::uint64_t a, std::uint64_t b) {
  return static_cast<std::uint64_t>((static_cast<uint128>(a) * b) >> 64);
}

// floor(q log10 2), floor(log10(3/4 2^q)), floor(e log2 10): exact over the ranges used.
inline int floor_log10_pow2(int q) { return static_cast<int>((static_cast<std::int64_t>(q) * 661971961083LL) >> 41); }
inline int floor_log10_three_quarters_pow2(int q) {
  return static_cast<int>((static_cast<std::int64_t>(q) * 661971961083LL - 274743187321LL) >> 41);
}
inline int floor_log2_pow10(int e) { return static_cast<int>((static_cast<std::int64_t>(e) * 913124641741LL) >> 38); }

// Rounds g * cp / 2^127 to odd: the low bit records whether anything was dropped.
inline std::uint64_t round_to_odd(std::uint64_t g1, std::uint64_t g0, std::uint64_t cp) {
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
[[gnu::always_inline]] inline decimal to_decimal(int q, std::uint64_t c) {
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

  // The candidates are chosen with selects rather than branches: which one wins depends
  // on the digits, so a branch would be mispredicted about as often as not.
  const std::uint64_t s = vb >> 2;
  const std::uint64_t t = s + 1;
  const bool uin = vbl + out <= s << 2;
  const bool win = (t << 2) + out <= vbr;
  // Both in the interval: the closer one, the even one on a tie.
  const auto cmp = static_cast<std::int64_t>(vb - ((s + t) << 1));
  const bool tie_s = (cmp < 0) | ((cmp == 0) & ((s & 1) == 0));
  const bool take_s = (uin & !win) | ((uin == win) & tie_s);  // uin != win ? uin : tie_s
  decimal d{t - take_s, k};
  if (s >= 100) {
    // One digit shorter, when exactly one of sp10 = 10 floor(s / 10) and sp10 + 10 is in
    // the interval; returned without its trailing zero.
    const std::uint64_t s10 = mul_high(s, 115292150460684698ULL << 4);  // floor(s / 10)
    const std::uint64_t sp10 = 10 * s10;
    const std::uint64_t tp10 = sp10 + 10;
    const bool upin = vbl + out <= sp10 << 2;
    const bool wpin = (tp10 << 2) + out <= vbr;
    const bool shorter = upin != wpin;
    const std::uint64_t take = 0 - static_cast<std::uint64_t>(shorter);  // all ones when shorter
    d.digits = (d.digits & ~take) | ((s10 + !upin) & take);
    d.exponent = k + shorter;
  }
  return d;
}

[[gnu::always_inline]] inline decimal shortest(std::uint64_t bits) {
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

#if UJSON_SHORTEST_SSE2
// The last sixteen decimal places of d < 10^17 as ASCII bytes, in order, all at once. The
// four 4-digit quarters come from d by divisions that do not wait for each other (each a
// multiply-high), so the digits are ready sooner than through a chain of splits: one
// double's chain of dependent steps is what limits the writer here, as the next double can
// start only once enough of this one has left the out-of-order window. Then the quarters
// are split into 2-digit pairs and the pairs into digits, by a multiply-high in every lane
// (eight_digits in digits.hpp, twice, in the vector unit).
inline __m128i sixteen_places(std::uint64_t d) {
  const std::uint64_t d4 = d / 10000;
  const std::uint64_t d8 = d / 100000000;
  const std::uint64_t d12 = d / 1000000000000ULL;
  const std::uint64_t d16 = d / 10000000000000000ULL;
  // 16-bit lanes: the quarters from the first to the last (each below 10^4).
  const std::uint64_t quarters = (d12 - d16 * 10000) | (d8 - d12 * 10000) << 16 | (d4 - d8 * 10000) << 32 |
                                 (d - d4 * 10000) << 48;
  const __m128i q16 = _mm_cvtsi64_si128(static_cast<long long>(quarters));
  const __m128i hundreds = _mm_srli_epi16(_mm_mulhi_epu16(q16, _mm_set1_epi16(5243)), 3);  // x / 100 for x < 10^4
  const __m128i pairs = _mm_unpacklo_epi16(hundreds, _mm_sub_epi16(q16, _mm_mullo_epi16(hundreds, _mm_set1_epi16(100))));
  const __m128i tens = _mm_mulhi_epu16(pairs, _mm_set1_epi16(6554));  // x / 10 for x < 100
  const __m128i ones = _mm_sub_epi16(pairs, _mm_mullo_epi16(tens, _mm_set1_epi16(10)));
  return _mm_add_epi8(_mm_or_si128(tens, _mm_slli_epi16(ones, 8)), _mm_set1_epi8('0'));
}
#endif

// "e-324" .. "e-05", "e+16" .. "e+308": the exponents of scientific notation, each in a word
// (the first character in the lowest byte) with its length in the top byte, so that the
// exponent is one load and one store.
constexpr int exponent_min = -324;
constexpr int exponent_max = 308;
struct exponent_table {
  std::uint64_t text[exponent_max - exponent_min + 1];
};
consteval exponent_table make_exponent_table() {
  exponent_table t{};
  for (int x = exponent_min; x <= exponent_max; ++x) {
    const int ax = x < 0 ? -x : x;
    char c[5] = {'e', x < 0 ? '-' : '+', 0, 0, 0};
    int n = 2;
    if (ax >= 100) c[n++] = static_cast<char>('0' + ax / 100);
    c[n++] = static_cast<char>('0' + ax / 10 % 10);
    c[n++] = static_cast<char>('0' + ax % 10);
    std::uint64_t word = static_cast<std::uint64_t>(n) << 56;
    for (int i = 0; i < n; ++i) word |= static_cast<std::uint64_t>(static_cast<unsigned char>(c[i])) << (8 * i);
    t.text[x - exponent_min] = word;
  }
  return t;
}
inline constexpr exponent_table exponents = make_exponent_table();

// The shortest digits of a finite |v| >= 32 ulp of zero (bits without the sign): n digits,
// no trailing zeros, at `digits` inside `padded` (with 32 readable bytes after them), the
// value being digits * 10^exponent. Inlined into both layouts below.
struct digit_run {
  const char* digits;
  int n;
  int exponent;
};

[[gnu::always_inline]] inline digit_run shortest_digits(std::uint64_t bits, char (&padded)[48]) {
  const decimal d = shortest(bits);
  // All 17 digit places, zero-padded, with no branch on the length (which varies from one
  // value to the next): the significand's n digits are the last n of them.
  const std::uint64_t lead = d.digits / 10000000000000000ULL;  // the 17th place from the right
  padded[0] = static_cast<char>('0' + lead);
  int exponent = d.exponent;
#if UJSON_SHORTEST_SSE2
  // One compare of the last sixteen places with '0' gives both the length (their leading
  // zeros, when there is no 17th digit) and the trailing zeros.
  const __m128i places = sixteen_places(d.digits);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(padded + 1), places);
  const unsigned nonzero = ~static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(places, _mm_set1_epi8('0')))) & 0xFFFF;
  int n;
  int zeros;
  if (nonzero != 0) {
    n = lead != 0 ? 17 : 16 - __builtin_ctz(nonzero);
    zeros = __builtin_clz(nonzero << 16);  // places after the last non-zero digit
  } else {  // lead * 10^16
    n = 17;
    zeros = 16;
  }
  const char* const digits = padded + 17 - n;
  n -= zeros;
  exponent += zeros;
#else
  const std::uint64_t low16 = d.digits - lead * 10000000000000000ULL;
  store_le(padded + 1, eight_digits(static_cast<std::uint32_t>(low16 / 100000000)));
  store_le(padded + 9, eight_digits(static_cast<std::uint32_t>(low16 % 100000000)));
  int n = count_digits(d.digits);  // at most 17
  const char* const digits = padded + 17 - n;
  for (const char* last = padded + 16; *last == '0'; --last) {  // d.digits != 0: not all '0'
    --n;
    ++exponent;
  }
#endif
  return {digits, n, exponent};
}

// format_shortest (ujson/detail/number.hpp), inline.
[[gnu::always_inline]] inline std::size_t write_shortest(double value, char* out) noexcept {
  std::uint64_t bits;
  std::memcpy(&bits, &value, sizeof bits);
  char* p = out;
  *p = '-';
  p += bits >> 63;  // no branch: signs often alternate (coordinates)
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
  char padded[48] = {};
  const digit_run run = shortest_digits(bits, padded);
  const char* const digits = run.digits;
  const int n = run.n;
  const int exponent = run.exponent;
  // Whole blocks are copied with fixed sizes (no memcpy calls): `digits` has 32 bytes after
  // it, `out` has max_double_chars, and no case below writes past its 40th byte.
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
    const std::uint64_t exponent = exponents.text[x - exponent_min];
    store_le(p, exponent);  // its length byte lands past the text
    p += exponent >> 56;
  }
  return static_cast<std::size_t>(p - out);
}

}  // namespace ujson::detail::shortest_impl
