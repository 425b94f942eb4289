// encode_options::canonical beyond the RFC's own examples: the layout rules of ECMAScript's
// Number.prototype.toString at their edges, integers near 2^53, the errors that replace a
// silently different value, key order by UTF-16 code units, duplicate keys, and other
// options being ignored. Every expected string is worked out by hand from ES2019 7.1.12.1
// and RFC 8785, never copied from output.

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>

#include "support/printers.hpp"
#include "support/write_ok.hpp"
#include "ujson/decoder.hpp"
#include "ujson/dom.hpp"
#include "ujson/writer.hpp"

namespace {

using ujson::errc;
using ujson::writer;

ujson::encode_options canonical() {
  ujson::encode_options o;
  o.canonical = true;
  return o;
}

std::string number_text(double d) {
  writer w(canonical());
  EXPECT_EQ(w.number(d), errc::ok);
  return std::string(w.output());
}

// ---- numbers: ES2019 7.1.12.1 ---------------------------------------------------------

TEST(CanonicalNumbers, IntegersBelow1e21AreWrittenOut) {
  EXPECT_EQ(number_text(1.0), "1");
  EXPECT_EQ(number_text(-2.0), "-2");
  EXPECT_EQ(number_text(100.0), "100");
  EXPECT_EQ(number_text(1e20), "100000000000000000000");
  EXPECT_EQ(number_text(123e18), "123000000000000000000");
}

TEST(CanonicalNumbers, From1e21OnAnExponentWithItsPlusSign) {
  EXPECT_EQ(number_text(1e21), "1e+21");
  EXPECT_EQ(number_text(1.5e21), "1.5e+21");
  EXPECT_EQ(number_text(-1e21), "-1e+21");
  EXPECT_EQ(number_text(1e100), "1e+100");
  EXPECT_EQ(number_text(1.7976931348623157e308), "1.7976931348623157e+308");
}

TEST(CanonicalNumbers, DecimalsWithThePointInside) {
  EXPECT_EQ(number_text(1.5), "1.5");
  EXPECT_EQ(number_text(-0.5), "-0.5");
  EXPECT_EQ(number_text(123456.789), "123456.789");
  EXPECT_EQ(number_text(0.1), "0.1");
  EXPECT_EQ(number_text(1.2e20 + 0.0), "120000000000000000000");
  EXPECT_EQ(number_text(12345678901234567.0), "12345678901234568");
}

TEST(CanonicalNumbers, SmallDecimalsDownTo1eMinus6ArePlain) {
  EXPECT_EQ(number_text(0.000001), "0.000001");
  EXPECT_EQ(number_text(0.0000015), "0.0000015");
  EXPECT_EQ(number_text(0.00001), "0.00001");
  EXPECT_EQ(number_text(-0.000123), "-0.000123");
}

TEST(CanonicalNumbers, BelowThatAnExponentWithoutPadding) {
  EXPECT_EQ(number_text(1e-7), "1e-7");
  EXPECT_EQ(number_text(1.5e-7), "1.5e-7");
  EXPECT_EQ(number_text(-1e-10), "-1e-10");
  EXPECT_EQ(number_text(1e-100), "1e-100");
  EXPECT_EQ(number_text(2.2250738585072014e-308), "2.2250738585072014e-308");
  EXPECT_EQ(number_text(1.5e-323), "1.5e-323");  // a subnormal of two digits
}

TEST(CanonicalNumbers, ZeroOfEitherSignIsZero) {
  EXPECT_EQ(number_text(0.0), "0");
  EXPECT_EQ(number_text(-0.0), "0");
}

TEST(CanonicalNumbers, NanAndInfinityAreErrorsWhateverAllowNanSays) {
  for (double d : {std::nan(""), std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity()}) {
    ujson::encode_options o = canonical();
    o.allow_nan = true;  // ignored
    writer w(o);
    w.begin_array();
    EXPECT_EQ(w.number(d), errc::not_canonicalizable);
    EXPECT_EQ(w.status(), errc::not_canonicalizable);  // sticky, as every writer error
  }
}

// ---- integers: a double must hold them, or they are its text already --------------------

std::string int_text(std::int64_t v) {
  writer w(canonical());
  EXPECT_EQ(w.int64(v), errc::ok) << v;
  return std::string(w.output());
}

TEST(CanonicalIntegers, UpTo2To53AsTheyAre) {
  EXPECT_EQ(int_text(0), "0");
  EXPECT_EQ(int_text(-1), "-1");
  EXPECT_EQ(int_text(9007199254740991), "9007199254740991");
  EXPECT_EQ(int_text(9007199254740992), "9007199254740992");
  EXPECT_EQ(int_text(-9007199254740992), "-9007199254740992");
}

TEST(CanonicalIntegers, BeyondWhenExactAsJavaScriptWritesThatDouble) {
  // 2^53 + 2 is a double; 2^60 and 2^63 are, and print their shortest digits padded.
  EXPECT_EQ(int_text(9007199254740994), "9007199254740994");
  EXPECT_EQ(int_text(std::int64_t{1} << 60), "1152921504606847000");
  EXPECT_EQ(int_text(std::numeric_limits<std::int64_t>::min()), "-9223372036854776000");
  writer w(canonical());
  EXPECT_EQ(w.uint64(std::uint64_t{1} << 63), errc::ok);
  EXPECT_EQ(w.output(), "9223372036854776000");
}

TEST(CanonicalIntegers, AlreadyJavaScriptsTextOfItsDoubleGoesAsItIs) {
  // Not 2^60 but the text JavaScript writes for it: canonical output must read back as itself.
  EXPECT_EQ(int_text(1152921504606847000), "1152921504606847000");
  EXPECT_EQ(int_text(-1152921504606847000), "-1152921504606847000");
  writer u(canonical());
  EXPECT_EQ(u.uint64(9223372036854776000u), errc::ok);  // 2^63's text
  EXPECT_EQ(u.output(), "9223372036854776000");
  writer w(canonical());
  EXPECT_EQ(w.raw_number("18446744073709552000"), errc::ok);  // 2^64's text, past uint64
  EXPECT_EQ(w.output(), "18446744073709552000");
  writer big(canonical());
  EXPECT_EQ(big.raw_number("1180591620717411300000"), errc::ok);  // 2^70's text, written out
  EXPECT_EQ(big.output(), "1.1805916207174113e+21");
}

TEST(CanonicalIntegers, OutputReadsBackAsItself) {
  for (const char* json : {"[1152921504606846976, 9223372036854775807.0, 1e20, 123456789012345680000, 1e300]",
                           "[-9223372036854775808, 18446744073709551616, 1.5e21, 4503599627370497.5]"}) {
    SCOPED_TRACE(json);
    ujson::decoder dec;
    writer once(canonical());
    ASSERT_FALSE(dec.decode(json, once));
    writer twice(canonical());
    ASSERT_FALSE(dec.decode(once.output(), twice));
    EXPECT_EQ(twice.output(), once.output());
  }
}

TEST(CanonicalIntegers, NotExactInADoubleIsAnError) {
  for (std::int64_t v : {std::int64_t{9007199254740993}, -std::int64_t{9007199254740993},
                         std::numeric_limits<std::int64_t>::max(), std::int64_t{1152921504606847001}}) {
    writer w(canonical());
    EXPECT_EQ(w.int64(v), errc::not_canonicalizable) << v;
    EXPECT_EQ(w.output(), "");
  }
  writer w(canonical());
  EXPECT_EQ(w.uint64(std::numeric_limits<std::uint64_t>::max()), errc::not_canonicalizable);
}

// Raw number text: the decoder's big numbers, an adapter's text.
TEST(CanonicalIntegers, RawTextOnlyWhenAnExactIntegerDouble) {
  const std::pair<std::string_view, std::string_view> ok[] = {
      {"1180591620717411303424", "1.1805916207174113e+21"},  // 2^70
      {"-36893488147419103232", "-36893488147419103000"},    // -2^65
      {"7", "7"},
      {"-0", "0"},
  };
  for (const auto& [text, json] : ok) {
    writer w(canonical());
    EXPECT_EQ(w.raw_number(text), errc::ok) << text;
    EXPECT_EQ(w.output(), json);
  }
  for (std::string_view text : {"1180591620717411303425", "18446744073709551617", "1180591620717411300001", "1e400",
                                "1.5", "2.0", "1e2", "01", "", "-", "[1]", "NaN"}) {
    writer w(canonical());
    EXPECT_EQ(w.raw_number(text), errc::not_canonicalizable) << text;
  }
}

TEST(CanonicalIntegers, BigNumbersFromTheDecoder) {
  ujson::document doc;
  ASSERT_FALSE(doc.parse("[1180591620717411303424, 1e400]"));
  std::string out;
  EXPECT_EQ(ujson::encode(doc.root().elements()[0], out, canonical()), errc::ok);
  EXPECT_EQ(out, "1.1805916207174113e+21");
  EXPECT_EQ(ujson::encode(doc.root(), out, canonical()), errc::not_canonicalizable);
  EXPECT_EQ(out, "");
}

// ---- strings -----------------------------------------------------------------------------

TEST(CanonicalStrings, OnlyTheEscapesJsonRequires) {
  const std::string out = ujson::test::write_ok(canonical(), [](writer& w) {
    w.string(std::string_view("\"\\\b\f\n\r\t\x01\x1f\x7f/<>&\xC3\xA9\xF0\x9F\x98\x80\0", 21));
  });
  EXPECT_EQ(out, "\"\\\"\\\\\\b\\f\\n\\r\\t\\u0001\\u001f\x7f/<>&\xC3\xA9\xF0\x9F\x98\x80\\u0000\"");
}

TEST(CanonicalStrings, EscapeOptionsAreIgnored) {
  ujson::encode_options o = canonical();
  o.ensure_ascii = true;
  o.escape_forward_slashes = true;
  o.encode_html_chars = true;
  EXPECT_EQ(ujson::test::write_ok(o, [](writer& w) { w.string("/<\xC3\xA9>"); }), "\"/<\xC3\xA9>\"");
}

TEST(CanonicalStrings, LoneSurrogateIsNotCanonicalizable) {
  // U+D800 as WTF-8, as the decoder makes it with allow_lone_surrogates.
  for (bool in_key : {false, true}) {
    ujson::encode_options o = canonical();
    o.allow_lone_surrogates = true;  // ignored
    writer w(o);
    w.begin_object();
    if (in_key) {
      EXPECT_EQ(w.key("a\xED\xA0\x80"), errc::not_canonicalizable);
    } else {
      w.key("a");
      EXPECT_EQ(w.string("a\xED\xA0\x80"), errc::not_canonicalizable);
    }
  }
}

TEST(CanonicalStrings, InvalidUtf8StaysInvalidUtf8) {
  writer w(canonical());
  EXPECT_EQ(w.string("\xFF"), errc::invalid_utf8);
}

TEST(CanonicalStrings, LoneSurrogateEscapeFromTheDecoder) {
  ujson::decode_options d;
  d.allow_lone_surrogates = true;
  ujson::decoder dec(d);
  writer w(canonical());
  EXPECT_EQ(dec.decode(R"(["\udc00"])", w).code, errc::not_canonicalizable);
}

// ---- members -------------------------------------------------------------------------------

std::string object_of_keys(std::initializer_list<std::string_view> keys) {
  return ujson::test::write_ok(canonical(), [&](writer& w) {
    w.begin_object();
    int i = 0;
    for (std::string_view k : keys) {
      w.key(k);
      w.int64(i++);
    }
    w.end_object();
  });
}

TEST(CanonicalMembers, Utf16OrderPutsTheSupplementaryPlanesBeforeUE000) {
  // U+FFFF (EF BF BF) and U+E000 (EE 80 80) follow U+1F600 (F0 9F 98 80: D83D DE00) and
  // U+10000 (F0 90 80 80: D800 DC00); code point order would have them first.
  EXPECT_EQ(object_of_keys({"\xEF\xBF\xBF", "\xF0\x9F\x98\x80", "\xEE\x80\x80", "\xF0\x90\x80\x80", "\xED\x9F\xBF"}),
            "{\"\xED\x9F\xBF\":4,\"\xF0\x90\x80\x80\":3,\"\xF0\x9F\x98\x80\":1,\"\xEE\x80\x80\":2,\"\xEF\xBF\xBF\":0}");
}

TEST(CanonicalMembers, PrefixesAndAsciiSortFirst) {
  EXPECT_EQ(object_of_keys({"ab", "a", "", "b", "A", "\xC2\x80"}),
            "{\"\":2,\"A\":4,\"a\":1,\"ab\":0,\"b\":3,\"\xC2\x80\":5}");
}

TEST(CanonicalMembers, DifferenceInsideOneCharacter) {
  // U+1F600 vs U+1F601 differ in the last byte; U+E000 vs U+E001 too.
  EXPECT_EQ(object_of_keys({"x\xF0\x9F\x98\x81", "x\xF0\x9F\x98\x80", "x\xEE\x80\x81", "x\xEE\x80\x80"}),
            "{\"x\xF0\x9F\x98\x80\":1,\"x\xF0\x9F\x98\x81\":0,\"x\xEE\x80\x80\":3,\"x\xEE\x80\x81\":2}");
}

TEST(CanonicalMembers, NestedObjectsAreSortedToo) {
  const std::string out = ujson::test::write_ok(canonical(), [](writer& w) {
    w.begin_array();
    w.begin_object();
    w.key("b");
    w.begin_object();
    w.key("y");
    w.null();
    w.key("x");
    w.begin_array();
    w.end_array();
    w.end_object();
    w.key("a");
    w.begin_object();
    w.end_object();
    w.end_object();
    w.end_array();
  });
  EXPECT_EQ(out, R"([{"a":{},"b":{"x":[],"y":null}}])");
}

TEST(CanonicalMembers, DuplicateKeysAreAnError) {
  writer w(canonical());
  w.begin_object();
  w.key("a");
  w.int64(1);
  w.key("b");
  w.int64(2);
  w.key("a");
  w.int64(3);
  EXPECT_EQ(w.end_object(), errc::duplicate_key);
  EXPECT_EQ(w.status(), errc::duplicate_key);
}

TEST(CanonicalMembers, DuplicatesPassingThroughTheDecoderAreAnError) {
  ujson::decoder dec;
  writer w(canonical());
  EXPECT_EQ(dec.decode(R"({"k": 1, "j": {}, "k": 2})", w).code, errc::duplicate_key);
}

TEST(CanonicalMembers, TheSameKeyInDifferentObjectsIsFine) {
  const std::string out = ujson::test::write_ok(canonical(), [](writer& w) {
    w.begin_object();
    w.key("a");
    w.begin_object();
    w.key("a");
    w.int64(1);
    w.end_object();
    w.end_object();
  });
  EXPECT_EQ(out, R"({"a":{"a":1}})");
}

// ---- other options -------------------------------------------------------------------------

TEST(CanonicalOptions, LayoutOptionsAreIgnored) {
  ujson::encode_options o = canonical();
  o.indent = 4;
  o.item_separator = ", ";
  o.key_separator = " : ";
  o.double_precision = 2;
  const std::string out = ujson::test::write_ok(o, [](writer& w) {
    w.begin_object();
    w.key("b");
    w.begin_array();
    w.number(1.0 / 3);
    w.int64(2);
    w.end_array();
    w.key("a");
    w.null();
    w.end_object();
  });
  EXPECT_EQ(out, R"({"a":null,"b":[0.3333333333333333,2]})");
}

TEST(CanonicalOptions, OptionsReportWhatTheWriterDoes) {
  ujson::encode_options o = canonical();
  o.max_depth = 7;
  o.indent = 2;
  const writer w(o);
  EXPECT_TRUE(w.options().canonical);
  EXPECT_EQ(w.options().max_depth, 7u);
  EXPECT_EQ(w.options().indent, 0);
  EXPECT_TRUE(w.options().sort_keys);
  EXPECT_FALSE(w.options().ensure_ascii);
  EXPECT_FALSE(w.options().escape_forward_slashes);
  EXPECT_FALSE(w.options().allow_nan);
}

TEST(CanonicalOptions, MaxDepthStillHolds) {
  ujson::encode_options o = canonical();
  o.max_depth = 2;
  writer w(o);
  w.begin_array();
  w.begin_array();
  EXPECT_EQ(w.begin_array(), errc::depth_exceeded);
}

TEST(CanonicalOptions, ResetKeepsCanonical) {
  writer w(canonical());
  w.number(1e21);
  w.reset();
  w.number(1e-7);
  EXPECT_EQ(w.output(), "1e-7");
}

}  // namespace
