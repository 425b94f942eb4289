// detail::format_int / format_uint (detail/digits.hpp) against std::to_chars: every power of
// ten and its neighbours, the extremes, and random values of every length.

#include <gtest/gtest.h>

#include <charconv>
#include <cstdint>
#include <limits>
#include <random>
#include <string>

#include "ujson/detail/digits.hpp"

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
