#pragma once
// Integer to decimal text: digit count from the bit length, then two digits per step from a
// pair table, in 32-bit arithmetic where the value allows. Used for integers by the writer
// and for the digits of doubles by format_shortest.

#include <cstdint>
#include <cstring>

namespace ujson::detail {

inline constexpr char digit_pairs[] =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
    "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
    "8081828384858687888990919293949596979899";

inline constexpr std::uint64_t powers_of_ten_u64[] = {
    1ULL,
    10ULL,
    100ULL,
    1000ULL,
    10000ULL,
    100000ULL,
    1000000ULL,
    10000000ULL,
    100000000ULL,
    1000000000ULL,
    10000000000ULL,
    100000000000ULL,
    1000000000000ULL,
    10000000000000ULL,
    100000000000000ULL,
    1000000000000000ULL,
    10000000000000000ULL,
    100000000000000000ULL,
    1000000000000000000ULL,
    10000000000000000000ULL,
};

// Decimal digits of v (1 for 0): floor(log10) from the bit length (1233/4096 ~ log10 2),
// corrected by one compare.
inline int count_digits(std::uint64_t v) {
  if (v < 10) return 1;
  const int guess = ((64 - __builtin_clzll(v)) * 1233) >> 12;
  return guess + (v >= powers_of_ten_u64[guess] ? 1 : 0);
}

// Writes the n = count_digits(v) digits of v at out, from the end: eight at a time while
// more than nine remain, then the rest in 32-bit arithmetic.
inline void write_digits(std::uint64_t v, int n, char* out) {
  char* q = out + n;
  while (n > 9) {
    auto low = static_cast<std::uint32_t>(v % 100000000);
    v /= 100000000;
    n -= 8;
    for (int i = 0; i < 4; ++i) {
      q -= 2;
      std::memcpy(q, digit_pairs + 2 * (low % 100), 2);
      low /= 100;
    }
  }
  auto high = static_cast<std::uint32_t>(v);
  while (high >= 100) {
    q -= 2;
    std::memcpy(q, digit_pairs + 2 * (high % 100), 2);
    high /= 100;
  }
  if (high >= 10) {
    std::memcpy(q - 2, digit_pairs + 2 * high, 2);
  } else {
    q[-1] = static_cast<char>('0' + high);
  }
}

// At most 20 bytes; returns the end.
inline char* format_uint(std::uint64_t v, char* out) {
  const int n = count_digits(v);
  write_digits(v, n, out);
  return out + n;
}

inline char* format_int(std::int64_t v, char* out) {
  if (v < 0) {
    *out++ = '-';
    return format_uint(0 - static_cast<std::uint64_t>(v), out);
  }
  return format_uint(static_cast<std::uint64_t>(v), out);
}

}  // namespace ujson::detail
