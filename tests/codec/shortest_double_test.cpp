// format_shortest (codec/src/number/shortest.cpp) against libstdc++'s std::to_chars, which
// the C++ standard requires to give the shortest round-trip digits: same text, except that
// for integers above 2^53 printed in fixed notation to_chars writes the exact binary value
// (5088143117563430912) where we pad the shortest digits with zeros (5088143117563431000):
// same length, same double. Plus the generated table against its generator.

#include <gtest/gtest.h>

#include <bit>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <limits>
#include <random>
#include <string>

#include "support/test_files.hpp"
#include "ujson/detail/number.hpp"

namespace {

std::string ours(double v) {
  char buf[ujson::detail::max_double_chars];
  return std::string(buf, ujson::detail::format_shortest(v, buf));
}

std::string reference(double v) {
  char buf[64];
  std::string s(buf, std::to_chars(buf, buf + sizeof buf, v).ptr);
  if (s.find_first_of(".e") == std::string::npos) s += ".0";
  return s;
}

// Empty when they agree; otherwise a description of the disagreement.
std::string compare(double v) {
  const std::string got = ours(v), want = reference(v);
  if (got == want) return {};
  const bool big_integer_fixed = std::fabs(v) >= 9007199254740992.0 && got.size() == want.size() &&
                                 got.find('e') == std::string::npos &&
                                 std::strtod(got.c_str(), nullptr) == v;
  if (big_integer_fixed) return {};
  char hex[64];
  std::snprintf(hex, sizeof hex, "%a", v);
  return std::string(hex) + ": got " + got + ", want " + want;
}

TEST(ShortestDouble, HandPickedValues) {
  EXPECT_EQ(ours(0.0), "0.0");
  EXPECT_EQ(ours(-0.0), "-0.0");
  EXPECT_EQ(ours(1.0), "1.0");
  EXPECT_EQ(ours(100.0), "100.0");
  EXPECT_EQ(ours(0.1), "0.1");
  EXPECT_EQ(ours(0.3), "0.3");
  EXPECT_EQ(ours(-65.613617), "-65.613617");
  EXPECT_EQ(ours(1e300), "1e+300");
  EXPECT_EQ(ours(1e-5), "1e-05");
  EXPECT_EQ(ours(0.0001), "1e-04");   // five characters beat six: scientific
  EXPECT_EQ(ours(0.001), "0.001");    // five each: fixed wins the tie
  EXPECT_EQ(ours(5e-324), "5e-324");
  EXPECT_EQ(ours(1.7976931348623157e308), "1.7976931348623157e+308");
  EXPECT_EQ(ours(2.2250738585072014e-308), "2.2250738585072014e-308");
  EXPECT_EQ(ours(123456.0), "123456.0");
  EXPECT_EQ(ours(1e16), "1e+16");
  EXPECT_EQ(ours(9007199254740993.0), "9007199254740992.0");
}

TEST(ShortestDouble, PowersOfTwoAndTheirNeighbours) {
  int failures = 0;
  for (int e = -1074; e <= 1023 && failures < 10; ++e) {
    const double p = std::ldexp(1.0, e);
    for (double v : {p, std::nextafter(p, 0.0), std::nextafter(p, INFINITY)}) {
      if (!std::isfinite(v)) continue;
      const std::string d = compare(v);
      if (!d.empty()) {
        ADD_FAILURE() << d;
        ++failures;
      }
    }
  }
}

TEST(ShortestDouble, SubnormalsAndTheNormalBoundary) {
  int failures = 0;
  for (std::uint64_t m = 1; m < 20000 && failures < 10; ++m) {
    for (std::uint64_t bits : {std::uint64_t{m}, (std::uint64_t{1} << 52) - m, (std::uint64_t{1} << 52) + m}) {
      const std::string d = compare(std::bit_cast<double>(bits));
      if (!d.empty()) {
        ADD_FAILURE() << d;
        ++failures;
      }
    }
  }
}

TEST(ShortestDouble, TwoMillionRandomBitPatterns) {
  std::mt19937_64 rng(1130);
  int failures = 0;
  for (int i = 0; i < 2000000 && failures < 10; ++i) {
    const double v = std::bit_cast<double>(rng());
    if (!std::isfinite(v)) continue;
    const std::string d = compare(v);
    if (!d.empty()) {
      ADD_FAILURE() << d;
      ++failures;
    }
  }
}

TEST(ShortestDouble, ShortDecimalsAndCoordinates) {
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> coordinate(-180.0, 180.0);
  int failures = 0;
  for (int i = 0; i < 500000 && failures < 10; ++i) {
    for (double v : {static_cast<double>(rng() % 100000000) / 1000.0, coordinate(rng),
                     static_cast<double>(rng() >> (rng() % 64))}) {
      const std::string d = compare(v);
      if (!d.empty()) {
        ADD_FAILURE() << d;
        ++failures;
      }
    }
  }
}

TEST(ShortestDouble, TableMatchesItsGenerator) {
  const auto root = ujson::test::data_dir().parent_path();
  const auto script = root / "codec" / "tools" / "make_pow10_table.py";
  const auto generated = std::filesystem::temp_directory_path() / "ujson_pow10_table.hpp";
  const std::string command = "python3 '" + script.string() + "' '" + generated.string() + "'";
  if (std::system("python3 -c '' 2>/dev/null") != 0) GTEST_SKIP() << "python3 is not available";
  ASSERT_EQ(std::system(command.c_str()), 0) << command;
  EXPECT_EQ(ujson::test::read_file(generated), ujson::test::read_file(root / "codec" / "src" / "number" / "pow10_table.hpp"));
  std::filesystem::remove(generated);
}

}  // namespace
