// The writer's numbers: exact integers, shortest round-trip doubles, double_precision and
// allow_nan. Every expected string is written by hand from the encoder specification
// (UltraJSON's options), never copied from output.

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "support/printers.hpp"
#include "support/write_ok.hpp"
#include "ujson/encode.hpp"
#include "ujson/errors.hpp"
#include "ujson/options.hpp"
#include "ujson/writer.hpp"

namespace {

using ujson::encode_options;
using ujson::errc;
using ujson::writer;
using ujson::test::write_ok;

// One top-level double.
std::string num(double d, const encode_options& options = {}) {
  return write_ok(options, [&](writer& w) { EXPECT_EQ(w.number(d), errc::ok); });
}

encode_options with_precision(int n) {
  encode_options o;
  o.double_precision = n;
  return o;
}

// ---- integers ---------------------------------------------------------------------------

TEST(WriterIntegers, ExactAtTheExtremes) {
  EXPECT_EQ(write_ok([](writer& w) { w.int64(std::numeric_limits<std::int64_t>::min()); }), "-9223372036854775808");
  EXPECT_EQ(write_ok([](writer& w) { w.int64(std::numeric_limits<std::int64_t>::max()); }), "9223372036854775807");
  EXPECT_EQ(write_ok([](writer& w) { w.uint64(std::numeric_limits<std::uint64_t>::max()); }), "18446744073709551615");
  EXPECT_EQ(write_ok([](writer& w) { w.uint64(9223372036854775808ull); }), "9223372036854775808");
  EXPECT_EQ(write_ok([](writer& w) { w.int64(-1000000); }), "-1000000");
  EXPECT_EQ(write_ok([](writer& w) { w.int64(1234567890123); }), "1234567890123");
}

// ---- doubles --------------------------------------------------------------------------------

TEST(WriterDoubles, ShortestRoundTrip) {
  EXPECT_EQ(num(1.0), "1.0");
  EXPECT_EQ(num(100.0), "100.0");
  EXPECT_EQ(num(0.0), "0.0");
  EXPECT_EQ(num(-0.0), "-0.0");
  EXPECT_EQ(num(0.1), "0.1");
  EXPECT_EQ(num(-1.5), "-1.5");
  EXPECT_EQ(num(0.5), "0.5");
  EXPECT_EQ(num(123.456), "123.456");
  EXPECT_EQ(num(0.1 + 0.2), "0.30000000000000004");
  EXPECT_EQ(num(1.0 / 3.0), "0.3333333333333333");
  EXPECT_EQ(num(1e300), "1e+300");
  EXPECT_EQ(num(-1e300), "-1e+300");
  EXPECT_EQ(num(1e16), "1e+16");
  EXPECT_EQ(num(1e21), "1e+21");
  EXPECT_EQ(num(5e-324), "5e-324");
  EXPECT_EQ(num(1.7976931348623157e308), "1.7976931348623157e+308");
  EXPECT_EQ(num(2.2250738585072014e-308), "2.2250738585072014e-308");
  EXPECT_EQ(num(9007199254740993.0), "9007199254740992.0");  // 2^53 + 1 is not a double
  EXPECT_EQ(num(static_cast<double>(0.1f)), "0.10000000149011612");
}

TEST(WriterDoubles, AlwaysADotOrAnExponent) {
  for (double d : {1.0, 2.0, 10.0, 123.0, 65536.0, 1e15, 123456789.0, -7.0, 4503599627370496.0}) {
    const std::string s = num(d);
    EXPECT_NE(s.find_first_of(".e"), std::string::npos) << s;
    EXPECT_EQ(std::stod(s), d) << s;
  }
}

TEST(WriterDoubles, DoublePrecision) {
  EXPECT_EQ(num(3.14159, with_precision(2)), "3.14");
  EXPECT_EQ(num(2.0, with_precision(2)), "2.0");
  EXPECT_EQ(num(1234.5678, with_precision(2)), "1234.57");
  EXPECT_EQ(num(0.5, with_precision(3)), "0.5");
  EXPECT_EQ(num(0.25, with_precision(4)), "0.25");
  EXPECT_EQ(num(0.25, with_precision(2)), "0.25");
  EXPECT_EQ(num(-0.375, with_precision(5)), "-0.375");
  EXPECT_EQ(num(1.0 / 3.0, with_precision(5)), "0.33333");
  EXPECT_EQ(num(2.0 / 3.0, with_precision(5)), "0.66667");
  EXPECT_EQ(num(-2.0 / 3.0, with_precision(3)), "-0.667");
  EXPECT_EQ(num(0.001, with_precision(2)), "0.0");
  EXPECT_EQ(num(123.0, with_precision(0)), "123.0");
  EXPECT_EQ(num(2.7, with_precision(0)), "3.0");
  EXPECT_EQ(num(1e-7, with_precision(17)), "0.0000001");
  EXPECT_EQ(num(0.1, with_precision(17)), "0.10000000000000001");
  EXPECT_EQ(num(9999999999999998.0, with_precision(2)), "9999999999999998.0");
  // At or above 1e16 the shortest form is used.
  EXPECT_EQ(num(1e16, with_precision(2)), "1e+16");
  EXPECT_EQ(num(1.5e17, with_precision(2)), "1.5e+17");
  EXPECT_EQ(num(-2.5e20, with_precision(3)), "-2.5e+20");
  EXPECT_EQ(num(1e300, with_precision(5)), "1e+300");
}

TEST(WriterDoubles, DoublePrecisionOutOfRangeIsClamped) {
  // Above 17: clamped to 17.
  EXPECT_EQ(num(0.1, with_precision(40)), "0.10000000000000001");
  // Negative: shortest round trip.
  EXPECT_EQ(num(0.1, with_precision(-5)), "0.1");
  EXPECT_EQ(num(3.14159, with_precision(-1)), "3.14159");
}

TEST(WriterDoubles, DoublePrecisionInContainers) {
  encode_options o = with_precision(1);
  const std::string out = write_ok(o, [](writer& w) {
    w.begin_object();
    w.key("pi");
    w.number(3.14159);
    w.key("e");
    w.number(2.71828);
    w.key("i");
    w.int64(3);
    w.key("l");
    w.begin_array();
    w.number(0.01);
    w.number(-9.96);
    w.end_array();
    w.end_object();
  });
  EXPECT_EQ(out, R"({"pi":3.1,"e":2.7,"i":3,"l":[0.0,-10.0]})");
}

TEST(WriterDoubles, NanAndInfinityAllowedByDefault) {
  EXPECT_EQ(num(std::numeric_limits<double>::quiet_NaN()), "NaN");
  EXPECT_EQ(num(std::numeric_limits<double>::infinity()), "Infinity");
  EXPECT_EQ(num(-std::numeric_limits<double>::infinity()), "-Infinity");
  const std::string out = write_ok([](writer& w) {
    w.begin_array();
    w.number(std::nan(""));
    w.number(HUGE_VAL);
    w.number(-HUGE_VAL);
    w.end_array();
  });
  EXPECT_EQ(out, "[NaN,Infinity,-Infinity]");
}

TEST(WriterDoubles, NanAndInfinityRejectedWithoutAllowNan) {
  encode_options o;
  o.allow_nan = false;
  for (double d : {std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity(),
                   -std::numeric_limits<double>::infinity()}) {
    writer w(o);
    EXPECT_EQ(w.begin_array(), errc::ok);
    EXPECT_EQ(w.number(1.5), errc::ok);
    EXPECT_EQ(w.number(d), errc::nan_or_infinity);
    EXPECT_EQ(w.status(), errc::nan_or_infinity);
    // Sticky.
    EXPECT_EQ(w.number(2.5), errc::nan_or_infinity);
    EXPECT_EQ(w.end_array(), errc::nan_or_infinity);
    EXPECT_EQ(w.status(), errc::nan_or_infinity);
    EXPECT_FALSE(w.complete());
  }
  // Finite values are still fine.
  EXPECT_EQ(num(1.5, o), "1.5");
  std::string out = "stale";
  EXPECT_EQ(ujson::encode(std::vector<double>{1.0, std::nan("")}, out, o), errc::nan_or_infinity);
  EXPECT_EQ(out, "");
}

}  // namespace
