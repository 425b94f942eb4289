// Numbers in the DOM: exact int64 and uint64, big numbers kept as text, and doubles
// correctly rounded (compared bit for bit with literals and with glibc's strtod).

#include <gtest/gtest.h>

#include <bit>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <random>
#include <string>
#include <string_view>
#include <utility>

#include "support/printers.hpp"
#include "ujson/dom.hpp"
#include "ujson/encode.hpp"
#include "ujson/errors.hpp"

namespace {

using ujson::document;
using ujson::errc;
using ujson::kind;
using ujson::value;

std::uint64_t bits(double d) { return std::bit_cast<std::uint64_t>(d); }

// ---- integers and big numbers ------------------------------------------------------------------

value single(document& d, const std::string& text) {
  const ujson::error e = d.parse(std::string_view(text));
  EXPECT_FALSE(e) << text << ": " << ujson::code_name(e.code);
  return d.root();
}

TEST(DomNumbers, IntegerBoundaries) {
  document d;
  std::string t;
  t = "9223372036854775807";
  EXPECT_EQ(single(d, t).type(), kind::int64);
  EXPECT_EQ(d.root().as_int64(), std::numeric_limits<std::int64_t>::max());
  t = "-9223372036854775808";
  EXPECT_EQ(single(d, t).type(), kind::int64);
  EXPECT_EQ(d.root().as_int64(), std::numeric_limits<std::int64_t>::min());
  t = "9223372036854775808";
  EXPECT_EQ(single(d, t).type(), kind::uint64);
  EXPECT_EQ(d.root().as_uint64(), 9223372036854775808ull);
  t = "18446744073709551615";
  EXPECT_EQ(single(d, t).type(), kind::uint64);
  EXPECT_EQ(d.root().as_uint64(), std::numeric_limits<std::uint64_t>::max());
  t = "10000000000000000000";
  EXPECT_EQ(single(d, t).type(), kind::uint64);
  EXPECT_EQ(d.root().as_uint64(), 10000000000000000000ull);
  t = "0";
  EXPECT_EQ(single(d, t).type(), kind::int64);
  EXPECT_EQ(d.root().as_int64(), 0);
  t = "-0";
  EXPECT_EQ(single(d, t).type(), kind::int64);
  EXPECT_EQ(d.root().as_int64(), 0);
  t = "-1";
  EXPECT_EQ(single(d, t).as_int64(), -1);
  t = "999999999999999999";
  EXPECT_EQ(single(d, t).as_int64(), 999999999999999999);
  t = "-999999999999999999";
  EXPECT_EQ(single(d, t).as_int64(), -999999999999999999);
}

TEST(DomNumbers, BigNumbersKeepTheirExactText) {
  for (const char* text : {"123456789012345678901234567890", "-123456789012345678901234567890",
                           "-9223372036854775809", "-18446744073709551615", "18446744073709551616",
                           "99999999999999999999", "100000000000000000000", "1e400", "-1e400", "1E400",
                           "1e-400", "-1e-400", "1.5e+999", "2.5E-1000", "1e99999999999999999999"}) {
    document d;
    const std::string t = text;
    const value v = single(d, t);
    EXPECT_EQ(v.type(), kind::big_number) << text;
    EXPECT_EQ(v.as_string(), text);
    EXPECT_TRUE(v.is_number());
  }
  document d;
  std::string t = "[1e400,-1e400,1e-400,-1e-400]";
  single(d, t);
  EXPECT_EQ(d.root()[0].as_double(), std::numeric_limits<double>::infinity());
  EXPECT_EQ(d.root()[1].as_double(), -std::numeric_limits<double>::infinity());
  EXPECT_EQ(bits(d.root()[2].as_double()), bits(0.0));
  EXPECT_EQ(bits(d.root()[3].as_double()), bits(-0.0));
}

TEST(DomNumbers, BigNumbersSurviveEncoding) {
  const std::string input = "[123456789012345678901234567890,-9223372036854775809,1e400,1e-400,18446744073709551615]";
  document d;
  ASSERT_FALSE(d.parse(input));
  std::string out;
  ASSERT_EQ(ujson::encode(d.root(), out), errc::ok);
  EXPECT_EQ(out, input);
}

TEST(DomNumbers, ZeroWithAnyExponentIsADouble) {
  for (const char* text : {"0e400", "0.0e-400", "-0e400", "0.000e99999"}) {
    document d;
    const std::string t = text;
    const value v = single(d, t);
    EXPECT_EQ(v.type(), kind::double_) << text;
    EXPECT_EQ(v.as_double(), 0.0) << text;
    EXPECT_EQ(std::signbit(v.as_double()), text[0] == '-') << text;
  }
}

TEST(DomNumbers, InvalidNumbersAreRejected) {
  for (const char* text : {"01", "-01", "1.", ".5", "-", "+1", "1e", "1e+", "1.e5", "0x10", "1.5e", "--1", "1ee5",
                           "00", "-.5", "- 1"}) {
    document d;
    const ujson::error e = d.parse(std::string_view(text));
    EXPECT_TRUE(e) << text;
  }
}

// ---- correctly rounded doubles --------------------------------------------------------------

// What the decoder must produce for `text` (a JSON number with '.' or an exponent),
// according to glibc's correctly rounded strtod.
// Returns 0 for a double, 1 for a subnormal double, 2 for a big number.
int expect_like_strtod(const std::string& text) {
  errno = 0;
  const double want = std::strtod(text.c_str(), nullptr);
  bool nonzero_digit = false;
  for (char c : text) {
    if (c == 'e' || c == 'E') break;
    if (c >= '1' && c <= '9') nonzero_digit = true;
  }
  document d;
  const ujson::error e = d.parse(std::string_view(text));
  EXPECT_FALSE(e) << text << ": " << ujson::code_name(e.code);
  const value& v = d.root();
  if (std::isinf(want) || (want == 0.0 && nonzero_digit)) {
    // Outside the range of a finite, non-zero double: exact text.
    EXPECT_EQ(v.type(), kind::big_number) << text;
    EXPECT_EQ(v.as_string(), text);
    return 2;
  }
  EXPECT_EQ(v.type(), kind::double_) << text << " (as_string: " << v.as_string() << ")";
  EXPECT_EQ(bits(v.as_double()), bits(want))
      << text << ": got " << std::hexfloat << v.as_double() << " want " << want << std::defaultfloat;
  return std::fpclassify(want) == FP_SUBNORMAL ? 1 : 0;
}

TEST(DomDoubles, HandPickedHardCasesMatchLiterals) {
  // Compared with the compiler's (correctly rounded) reading of the same literal.
  const std::pair<const char*, double> cases[] = {
      {"0.1", 0.1},
      {"0.2", 0.2},
      {"0.3", 0.3},
      {"1e23", 1e23},
      {"1e22", 1e22},
      {"1e-22", 1e-22},
      {"8.98846567431158e307", 8.98846567431158e307},
      {"2.2250738585072011e-308", 2.2250738585072011e-308},
      {"2.2250738585072012e-308", 2.2250738585072012e-308},
      {"2.2250738585072014e-308", 2.2250738585072014e-308},
      {"4.9406564584124654e-324", 4.9406564584124654e-324},
      {"5e-324", 5e-324},
      {"2.4703282292062328e-324", 5e-324},
      {"1.7976931348623157e308", 1.7976931348623157e308},
      {"1.7976931348623158e308", 1.7976931348623157e308},
      {"9007199254740993.0", 9007199254740992.0},
      {"9007199254740993e0", 9007199254740992.0},
      {"9007199254740995.0", 9007199254740996.0},
      {"9007199254740992e22", 9007199254740992e22},
      {"123456789012345678e-5", 123456789012345678e-5},
      {"7.038531e-26", 7.038531e-26},
      {"3.14159265358979323846264338327950288", 3.14159265358979323846264338327950288},
      {"0.123456789012345678901234567890", 0.123456789012345678901234567890},
      {"1.000000000000000000000000000001", 1.0},
      {"0.999999999999999999999999999999", 1.0},
      {"123456789012345678901234567890.0", 123456789012345678901234567890.0},
      {"2.225073858507201136057409796709131975934819546351645648e-308",
       2.225073858507201136057409796709131975934819546351645648e-308},
      {"4.35679e-310", 4.35679e-310},
      {"1.5e308", 1.5e308},
      {"-0.0", -0.0},
      {"1E2", 100.0},
      {"100e-2", 1.0},
      {"0.000001", 0.000001},
      {"72057594037927928.0", 72057594037927928.0},
      {"1.448997445238699", 1.448997445238699},
      {"62.5364939768271845828", 62.5364939768271845828},
      {"8.10109172351e-10", 8.10109172351e-10},
      {"0.500000000000000166533453693773481063544750213623046875",
       0.500000000000000166533453693773481063544750213623046875},
      {"1.00000000000000011102230246251565404236316680908203125", 1.00000000000000011102230246251565404236316680908203125},
      {"1.00000000000000011102230246251565404236316680908203124", 1.0},
      {"1.00000000000000011102230246251565404236316680908203126", 1.0000000000000002},
  };
  for (const auto& [text, want] : cases) {
    document d;
    ASSERT_FALSE(d.parse(std::string_view(text))) << text;
    ASSERT_EQ(d.root().type(), kind::double_) << text;
    EXPECT_EQ(bits(d.root().as_double()), bits(want)) << text;
    expect_like_strtod(text);
  }
}

TEST(DomDoubles, HandPickedHardCasesMatchStrtod) {
  for (const char* text : {
           "2.4703282292062327e-324",  // just below half the smallest subnormal: rounds to 0
           "2.4703282292062328e-324", "1e-324", "3e-324", "1.7976931348623159e308", "1.8e308",
           "179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207096330"
           "286416692887910946555547851940402630657488671505820681908902000708383676273854845817711531764475730270069"
           "855571366959622842914819860834936475292719074168444365510704342711559699508093042880177904174497791.0",
           "179769313486231570814527423731704356798070567525844996598917476803157260780028538760589558632766878171540"
           "458953514382464234321326889464182768467546703537516986049910576551282076245490090389328944075868508455133"
           "942304583236903222948165808559332123348274797826204144723168738177180919299881250404026184124858368.0",
           "0.1000000000000000055511151231257827021181583404541015625",
           "0.10000000000000000555111512312578270211815834045410156250001",
           "0.1000000000000000124900090270330110797658562660217285156250",
           "0.1000000000000000124900090270330110797658562660217285156251",
           "30078505129381147446200.0", "1777820000000000000001.0", "9214843084008499.0",
           "5.0e-324", "4.9e-324", "2.5e-324", "2.4e-324", "1e-320", "1.23456789e-315", "6.631236846766476e-316",
           "3.2378839133029012e+106", "1.4e-45", "3.4028234663852886e+38", "4.940656458412465441765687928682213723651e-324",
           "2.2250738585072009e-308", "2.2250738585072013e-308", "0.0000000000000000000000000000001", "1e-7",
           "1234567.8901234567890123e-20", "98765432109876543210e-30", "0.9999999999999999", "0.99999999999999999",
           "1.0000000000000002", "1.00000000000000022", "4503599627370496.5", "4503599627370497.5",
           "9007199254740993.000000000000000000000000001", "1e+22", "1e+23", "1e-5", "-1e-5", "-2.5E+10",
           "1e0000000000000000000000001", "1e-0000000000000000000000001", "1.797693134862315807e308",
           "1.797693134862315808e308", "-2.2250738585072011e-308", "1e-1000000000000", "0e-1000000000000",
           "123456789012345678901234567890e-300"}) {
    SCOPED_TRACE(text);
    expect_like_strtod(text);
  }
  // Hundreds of digits whose exponent brings the value back into range.
  expect_like_strtod("0." + std::string(399, '0') + "1e400");
  expect_like_strtod("1" + std::string(400, '0') + ".0e-400");
  expect_like_strtod("0." + std::string(320, '0') + "1e-10");
  expect_like_strtod("3." + std::string(500, '3') + "e-5");
}

TEST(DomDoubles, TwentyThousandRandomDecimalsMatchStrtod) {
  std::mt19937_64 rng(0xD0C0BEEF2024ULL);
  auto below = [&](std::uint64_t n) { return rng() % n; };
  auto digits = [&](std::size_t n, bool first_nonzero) {
    std::string s;
    for (std::size_t i = 0; i < n; ++i) s += static_cast<char>('0' + (i == 0 && first_nonzero ? 1 + below(9) : below(10)));
    return s;
  };
  int failures = 0;
  int counts[3] = {0, 0, 0};
  for (int n = 0; n < 20000 && failures < 20; ++n) {
    std::string text = below(3) == 0 ? "-" : "";
    text += below(4) == 0 ? "0" : digits(1 + below(25), true);
    bool marker = false;
    if (below(10) < 7) {
      text += "." + digits(1 + below(30), false);
      marker = true;
    }
    if (!marker || below(10) < 6) {
      text += below(2) ? "e" : "E";
      const std::uint64_t s = below(3);
      text += s == 0 ? "-" : s == 1 ? "+" : "";
      std::uint64_t exponent;
      switch (below(4)) {
        case 0: exponent = below(25); break;
        case 1: exponent = 280 + below(60); break;
        case 2: exponent = below(400); break;
        default: exponent = 300 + below(40); break;
      }
      text += std::to_string(exponent);
    }
    SCOPED_TRACE(text);
    const int before = ::testing::UnitTest::GetInstance()->current_test_info()->result()->total_part_count();
    ++counts[expect_like_strtod(text)];
    if (::testing::UnitTest::GetInstance()->current_test_info()->result()->total_part_count() != before) ++failures;
  }
  EXPECT_EQ(failures, 0);
  // The strings reached every region: normal doubles, subnormals and beyond the range.
  EXPECT_GT(counts[0], 10000);
  EXPECT_GT(counts[1], 50);
  EXPECT_GT(counts[2], 500);
}

TEST(DomDoubles, RandomBitPatternsRoundTripThroughShortestText) {
  std::mt19937_64 rng(424242);
  for (int n = 0; n < 20000; ++n) {
    std::uint64_t b = rng();
    if (((b >> 52) & 0x7FF) == 0x7FF) continue;
    if (n % 4 == 0) b &= 0x800FFFFFFFFFFFFFull;  // subnormals
    const double want = std::bit_cast<double>(b);
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.17e", want);
    document d;
    ASSERT_FALSE(d.parse(std::string_view(buf))) << buf;
    ASSERT_EQ(d.root().type(), kind::double_) << buf;
    ASSERT_EQ(bits(d.root().as_double()), b) << buf;
  }
}

}  // namespace
