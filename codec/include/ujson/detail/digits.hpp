#pragma once
// Integer to decimal text: digit count from the bit length, then eight digits at a time
// by multiplications in a 64-bit word (SWAR), stored eight bytes at a time. Used for integers by the writer
// and for the digits of doubles by format_shortest.

#include <bit>
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

// A word whose lowest byte is the first in memory (the digit words below are built that way).
inline void store_le(char* out, std::uint64_t word) {
  if constexpr (std::endian::native == std::endian::big) word = __builtin_bswap64(word);
  std::memcpy(out, &word, 8);
}

// The eight decimal digits of v < 10^8, zero-padded, as ASCII bytes in a word whose
// lowest byte is the first digit (SWAR: three multiplications split v into two 4-digit
// halves in 32-bit lanes, four 2-digit quarters in 16-bit lanes, and digits in bytes; each
// multiplier is a reciprocal that is exact over its lane's range: x * 10486 >> 20 ==
// x / 100 for x < 10^4, x * 103 >> 10 == x / 10 for x < 100). No division loop, no table.
inline std::uint64_t eight_digits(std::uint32_t v) {
  const std::uint64_t halves = v / 10000 | static_cast<std::uint64_t>(v % 10000) << 32;
  const std::uint64_t hundreds = ((halves * 10486) >> 20) & 0x0000007F0000007FULL;
  const std::uint64_t quarters = hundreds | (halves - hundreds * 100) << 16;
  const std::uint64_t tens = ((quarters * 103) >> 10) & 0x000F000F000F000FULL;
  const std::uint64_t digits = tens | (quarters - tens * 10) << 8;
  return digits + 0x3030303030303030ULL;
}

// The last n (1..8) digits of v < 10^8, stored as eight bytes at out: the digits, then
// 8 - n zero bytes.
inline void store_digits_upto8(std::uint32_t v, int n, char* out) {
  store_le(out, eight_digits(v) >> (8 * (8 - n)));  // drop the leading zeros
}

// Writes the n = count_digits(v) digits of v at out, in 8-byte stores: at most
// max(n, 8) bytes are written (past n, only bytes a later write may overwrite).
inline void write_digits(std::uint64_t v, int n, char* out) {
  if (n <= 8) {
    store_digits_upto8(static_cast<std::uint32_t>(v), n, out);
    return;
  }
  if (n > 16) {  // the 1-4 leading digits, then 16
    const std::uint64_t top = v / 10000000000000000ULL;
    v %= 10000000000000000ULL;
    store_digits_upto8(static_cast<std::uint32_t>(top), n - 16, out);
    out += n - 16;
    n = 16;
  }
  const auto high = static_cast<std::uint32_t>(v / 100000000);
  const std::uint64_t low = eight_digits(static_cast<std::uint32_t>(v % 100000000));
  store_digits_upto8(high, n - 8, out);
  store_le(out + n - 8, low);
}

// At most 20 bytes, some past the end it returns (so out must hold 20); returns the end.
inline char* format_uint(std::uint64_t v, char* out) {
  if (v < 100) {  // the most common integers: one 2-byte copy ("7" copies "7" and the next pair's first digit)
    std::memcpy(out, digit_pairs + 2 * v + (v < 10 ? 1 : 0), 2);
    return out + (v < 10 ? 1 : 2);
  }
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
