// format_shortest (codec/src/number/shortest.cpp) against libstdc++'s std::to_chars, which
// the C++ standard requires to give the shortest round-trip digits: the test takes the
// digits and exponent from to_chars' scientific form and lays them out in Python's repr
// notation itself (fixed for exponents -4..15, else scientific), so any difference in the
// digits, the exponent or the layout fails. Plus the generated table against its generator.

#include <gtest/gtest.h>

#include <bit>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <random>
#include <string>

#include "support/test_files.hpp"
#include "support/test_share.hpp"
#include "ujson/detail/number.hpp"

namespace {

std::string ours(double v) {
  char buf[ujson::detail::max_double_chars];
  return std::string(buf, ujson::detail::format_shortest(v, buf));
}

// Python's repr of v, from to_chars' shortest scientific digits.
std::string reference(double v) {
  char buf[64];
  const std::string sci(buf, std::to_chars(buf, buf + sizeof buf, v, std::chars_format::scientific).ptr);
  const std::size_t e = sci.find('e');
  const bool negative = sci[0] == '-';
  std::string digits;
  for (char c : sci.substr(0, e)) {
    if (c >= '0' && c <= '9') digits += c;
  }
  while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
  const int x = std::stoi(sci.substr(e + 1));
  const int n = static_cast<int>(digits.size());
  std::string text;
  if (x < -4 || x >= 16) {
    text = digits.substr(0, 1) + (n > 1 ? "." + digits.substr(1) : "") + "e" + (x < 0 ? "-" : "+");
    const std::string ex = std::to_string(x < 0 ? -x : x);
    text += (ex.size() < 2 ? "0" : "") + ex;
  } else if (x < 0) {
    text = "0." + std::string(static_cast<std::size_t>(-x - 1), '0') + digits;
  } else if (x + 1 >= n) {
    text = digits + std::string(static_cast<std::size_t>(x + 1 - n), '0') + ".0";
  } else {
    text = digits.substr(0, static_cast<std::size_t>(x + 1)) + "." + digits.substr(static_cast<std::size_t>(x + 1));
  }
  return negative ? "-" + text : text;
}

// Empty when they agree; otherwise a description of the disagreement.
std::string compare(double v) {
  const std::string got = ours(v), want = reference(v);
  if (got == want && std::strtod(got.c_str(), nullptr) == v) return {};
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
  EXPECT_EQ(ours(0.0001), "0.0001");
  EXPECT_EQ(ours(0.00012345), "0.00012345");
  EXPECT_EQ(ours(5e-324), "5e-324");
  EXPECT_EQ(ours(1.7976931348623157e308), "1.7976931348623157e+308");
  EXPECT_EQ(ours(2.2250738585072014e-308), "2.2250738585072014e-308");
  EXPECT_EQ(ours(123456.0), "123456.0");
  EXPECT_EQ(ours(1e15), "1000000000000000.0");
  EXPECT_EQ(ours(1e16), "1e+16");
  EXPECT_EQ(ours(9007199254740993.0), "9007199254740992.0");
  EXPECT_EQ(ours(123456789012345678.0), "1.2345678901234568e+17");
  EXPECT_EQ(ours(-1.5e-7), "-1.5e-07");
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
  for (std::size_t i = 0, n = ujson::test::share_of(2'000'000); i < n && failures < 10; ++i) {
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
  for (std::size_t i = 0, n = ujson::test::share_of(500'000); i < n && failures < 10; ++i) {
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
  // Debian's python3 (scripts/bootstrap installs it): one on PATH may be a slow-starting shim.
  const std::string command = "/usr/bin/python3 '" + script.string() + "' '" + generated.string() + "'";
  ASSERT_EQ(std::system(command.c_str()), 0) << command;
  EXPECT_EQ(ujson::test::read_file(generated), ujson::test::read_file(root / "codec" / "src" / "number" / "pow10_table.hpp"));
  std::filesystem::remove(generated);
}

}  // namespace
