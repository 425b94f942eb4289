// detail::format_int / format_uint (detail/digits.hpp) against std::to_chars: every power of
// ten and its neighbours, the extremes, and random values of every length.

#include <gtest/gtest.h>

#include <charconv>
#include <cstdint>
#include <limits>
#include <random>
#include <string>

#include "ujson/detail/digits.hpp"
#include "ujson/detail/scan.hpp"

namespace {

template <class Int>
std::string ours(Int v) {
  char buf[24];
  char* end = std::is_signed_v<Int> ? ujson::detail::format_int(static_cast<std::int64_t>(v), buf)
                                    : ujson::detail::format_uint(static_cast<std::uint64_t>(v), buf);
  return std::string(buf, end);
}

template <class Int>
std::string reference(Int v) {
  char buf[24];
  return std::string(buf, std::to_chars(buf, buf + sizeof buf, v).ptr);
}

TEST(Digits, Extremes) {
  EXPECT_EQ(ours<std::uint64_t>(0), "0");
  EXPECT_EQ(ours<std::int64_t>(0), "0");
  EXPECT_EQ(ours<std::int64_t>(-1), "-1");
  EXPECT_EQ(ours(std::numeric_limits<std::uint64_t>::max()), "18446744073709551615");
  EXPECT_EQ(ours(std::numeric_limits<std::int64_t>::max()), "9223372036854775807");
  EXPECT_EQ(ours(std::numeric_limits<std::int64_t>::min()), "-9223372036854775808");
}

TEST(Digits, PowersOfTenAndNeighbours) {
  std::uint64_t p = 1;
  for (int i = 0; i < 20; ++i) {
    for (std::uint64_t v : {p - 1, p, p + 1}) {
      EXPECT_EQ(ours(v), reference(v));
      const auto s = static_cast<std::int64_t>(v);
      EXPECT_EQ(ours(s), reference(s));
    }
    if (i < 19) p *= 10;
  }
}

TEST(Digits, RandomValuesOfEveryLength) {
  std::mt19937_64 rng(42);
  for (int i = 0; i < 1000000; ++i) {
    const std::uint64_t v = rng() >> (rng() % 64);
    ASSERT_EQ(ours(v), reference(v));
    const auto s = static_cast<std::int64_t>(rng()) >> (rng() % 64);
    ASSERT_EQ(ours(s), reference(s));
  }
}

}  // namespace

// detail::scan_digits / skip_digits (detail/scan.hpp): every run length from 0 to 40 at
// every offset, ended by each kind of byte or by the end of the buffer, against a
// byte-by-byte loop (the value wraps past 19 digits, the same way in both).
TEST(ScanDigits, EveryRunLengthAtEveryOffsetMatchesALoop) {
  std::mt19937_64 rng(7);
  for (std::size_t offset = 0; offset < 20; ++offset) {
    for (std::size_t run = 0; run <= 40; ++run) {
      for (const char* stop : {".", "e", ",", "]", "/", ":", "\x80", ""}) {
        std::string text(offset, 'x');
        for (std::size_t i = 0; i < run; ++i) text.push_back(static_cast<char>('0' + rng() % 10));
        text += stop;
        text += std::string(rng() % 20, '7');  // digits after the stop must not count
        if (*stop == '\0') text.resize(offset + run);
        const char* begin = text.data() + offset;
        const char* end = text.data() + text.size();

        const char* want_end = begin;
        while (want_end != end && *want_end >= '0' && *want_end <= '9') ++want_end;

        std::uint64_t got = 123;  // accumulates onto what is there
        std::uint64_t want_from_123 = 123;
        for (const char* q = begin; q != want_end; ++q) want_from_123 = want_from_123 * 10 + static_cast<std::uint64_t>(*q - '0');
        ASSERT_EQ(ujson::detail::scan_digits(begin, end, got), want_end) << "offset " << offset << " run " << run;
        ASSERT_EQ(got, want_from_123) << "offset " << offset << " run " << run;
        ASSERT_EQ(ujson::detail::skip_digits(begin, end), want_end);
      }
    }
  }
}
