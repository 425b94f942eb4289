// RFC 8785's own examples, typed from the RFC's text: the sample of section 3.2.2 with its
// canonical form (3.2.3), the property sorting example of 3.2.3, and the number table of
// Appendix B. Each goes through every way into the writer: writer calls, a DOM, and the
// decoder driving the writer directly.

#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <string>
#include <string_view>

#include "support/printers.hpp"
#include "ujson/decoder.hpp"
#include "ujson/dom.hpp"
#include "ujson/writer.hpp"

namespace {

using ujson::errc;

ujson::encode_options canonical() {
  ujson::encode_options o;
  o.canonical = true;
  return o;
}

// The input through a document, with the duplicate-key policy a canonicalizer wants.
std::string through_dom(std::string_view input) {
  ujson::decode_options d;
  d.duplicate_keys = ujson::duplicate_keys::reject;
  ujson::document doc(d);
  EXPECT_FALSE(doc.parse(input));
  std::string out;
  EXPECT_EQ(ujson::encode(doc.root(), out, canonical()), errc::ok);
  return out;
}

// The input re-encoded by the decoder's events, with no tree.
std::string through_decoder(std::string_view input) {
  ujson::writer w(canonical());
  ujson::decoder dec;
  EXPECT_FALSE(dec.decode(input, w));
  EXPECT_TRUE(w.complete());
  return std::string(w.output());
}

// Section 3.2.2's input (its \u escapes and the escaped solidus as the RFC shows them).
constexpr std::string_view sample_input = R"({
  "numbers": [333333333.33333329, 1E30, 4.50,
              2e-3, 0.000000000000000000000000001],
  "string": "\u20ac$\u000F\u000aA'\u0042\u0022\u005c\\\"\/",
  "literals": [null, true, false]
})";

// Section 3.2.3: the same data canonicalized. "\u20ac" is the euro sign as UTF-8.
constexpr std::string_view sample_output =
    "{\"literals\":[null,true,false],\"numbers\":[333333333.3333333,1e+30,4.5,0.002,1e-27],"
    "\"string\":\"\xE2\x82\xAC$\\u000f\\nA'B\\\"\\\\\\\\\\\"/\"}";

TEST(Rfc8785, SampleThroughTheDom) { EXPECT_EQ(through_dom(sample_input), sample_output); }

TEST(Rfc8785, SampleThroughTheDecoderIntoTheWriter) { EXPECT_EQ(through_decoder(sample_input), sample_output); }

TEST(Rfc8785, SampleThroughWriterCalls) {
  ujson::writer w(canonical());
  w.begin_object();
  w.key("numbers");
  w.begin_array();
  for (double d : {333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001}) w.number(d);
  w.end_array();
  w.key("string");
  w.string("\xE2\x82\xAC$\x0F\nA'B\"\\\\\"/");
  w.key("literals");
  w.begin_array();
  w.null();
  w.boolean(true);
  w.boolean(false);
  w.end_array();
  w.end_object();
  ASSERT_EQ(w.status(), errc::ok);
  EXPECT_EQ(w.output(), sample_output);
}

// Section 3.2.3's sorting example: UTF-16 code units, so the emoji (D83D DE00) comes before
// U+FB33, which code point order would put first.
constexpr std::string_view sorting_input = R"({
  "\u20ac": "Euro Sign",
  "\r": "Carriage Return",
  "\ufb33": "Hebrew Letter Dalet With Dagesh",
  "1": "One",
  "\ud83d\ude00": "Emoji: Grinning Face",
  "\u0080": "Control",
  "\u00f6": "Latin Small Letter O With Diaeresis"
})";

constexpr std::string_view sorting_output =
    "{\"\\r\":\"Carriage Return\",\"1\":\"One\",\"\xC2\x80\":\"Control\","
    "\"\xC3\xB6\":\"Latin Small Letter O With Diaeresis\",\"\xE2\x82\xAC\":\"Euro Sign\","
    "\"\xF0\x9F\x98\x80\":\"Emoji: Grinning Face\",\"\xEF\xAC\xB3\":\"Hebrew Letter Dalet With Dagesh\"}";

TEST(Rfc8785, PropertySortingThroughTheDom) { EXPECT_EQ(through_dom(sorting_input), sorting_output); }

TEST(Rfc8785, PropertySortingThroughTheDecoderIntoTheWriter) {
  EXPECT_EQ(through_decoder(sorting_input), sorting_output);
}

// Appendix B: IEEE 754 bit patterns and their JSON text.
struct number_row {
  std::uint64_t bits;
  std::string_view json;
};

constexpr number_row appendix_b[] = {
    {0x0000000000000000, "0"},
    {0x8000000000000000, "0"},  // minus zero
    {0x0000000000000001, "5e-324"},
    {0x8000000000000001, "-5e-324"},
    {0x7fefffffffffffff, "1.7976931348623157e+308"},
    {0xffefffffffffffff, "-1.7976931348623157e+308"},
    {0x4340000000000000, "9007199254740992"},
    {0xc340000000000000, "-9007199254740992"},
    {0x4430000000000000, "295147905179352830000"},
    {0x44b52d02c7e14af5, "9.999999999999997e+22"},
    {0x44b52d02c7e14af6, "1e+23"},
    {0x44b52d02c7e14af7, "1.0000000000000001e+23"},
    {0x444b1ae4d6e2ef4e, "999999999999999700000"},
    {0x444b1ae4d6e2ef4f, "999999999999999900000"},
    {0x444b1ae4d6e2ef50, "1e+21"},
    {0x3eb0c6f7a0b5ed8c, "9.999999999999997e-7"},
    {0x3eb0c6f7a0b5ed8d, "0.000001"},
    {0x41b3de4355555553, "333333333.3333332"},
    {0x41b3de4355555554, "333333333.33333325"},
    {0x41b3de4355555555, "333333333.3333333"},
    {0x41b3de4355555556, "333333333.3333334"},
    {0x41b3de4355555557, "333333333.33333343"},
    {0xbecbf647612f3696, "-0.0000033333333333333333"},
    {0x43143ff3c1cb0959, "1424953923781206.2"},  // round to even
};

TEST(Rfc8785, AppendixBNumbers) {
  for (const number_row& row : appendix_b) {
    SCOPED_TRACE(row.json);
    ujson::writer w(canonical());
    ASSERT_EQ(w.number(std::bit_cast<double>(row.bits)), errc::ok);
    EXPECT_EQ(w.output(), row.json);
  }
}

// The table's last two rows have no JSON form: NaN and Infinity must be errors.
TEST(Rfc8785, AppendixBNanAndInfinityAreErrors) {
  for (std::uint64_t bits : {std::uint64_t{0x7fffffffffffffff}, std::uint64_t{0x7ff0000000000000}}) {
    ujson::writer w(canonical());
    EXPECT_EQ(w.number(std::bit_cast<double>(bits)), errc::not_canonicalizable);
    EXPECT_EQ(w.output(), "");
  }
}

}  // namespace
