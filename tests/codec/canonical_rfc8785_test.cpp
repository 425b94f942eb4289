// RFC 8785's own examples (data/rfc8785, typed from the RFC's text): the sample of section
// 3.2.2 with its canonical form (3.2.3), the property sorting example of 3.2.3, and the
// number table of Appendix B. Each goes through the ways into the writer: a DOM, the
// decoder driving the writer directly, and (the sample) writer calls.

#include <gtest/gtest.h>

#include <bit>
#include <charconv>
#include <cstdint>
#include <sstream>
#include <string>
#include <string_view>

#include "support/printers.hpp"
#include "support/test_files.hpp"
#include "ujson/decoder.hpp"
#include "ujson/dom.hpp"
#include "ujson/writer.hpp"

namespace {

using ujson::errc;

ujson::encode_options rfc8785_options() {
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
  EXPECT_EQ(ujson::encode(doc.root(), out, rfc8785_options()), errc::ok);
  return out;
}

// The input re-encoded by the decoder's events, with no tree.
std::string through_decoder(std::string_view input) {
  ujson::writer w(rfc8785_options());
  ujson::decoder dec;
  EXPECT_FALSE(dec.decode(input, w));
  EXPECT_TRUE(w.complete());
  return std::string(w.output());
}

std::string example(const char* name) { return ujson::test::read_file(ujson::test::data_dir() / "rfc8785" / name); }

TEST(Rfc8785, SampleThroughTheDom) { EXPECT_EQ(through_dom(example("sample.json")), example("sample.canonical.json")); }

TEST(Rfc8785, SampleThroughTheDecoderIntoTheWriter) {
  EXPECT_EQ(through_decoder(example("sample.json")), example("sample.canonical.json"));
}

TEST(Rfc8785, SampleThroughWriterCalls) {
  ujson::writer w(rfc8785_options());
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
  EXPECT_EQ(w.output(), example("sample.canonical.json"));
}

// Section 3.2.3's sorting example: UTF-16 code units, so the emoji (D83D DE00) comes before
// U+FB33, which code point order would put first.
TEST(Rfc8785, PropertySortingThroughTheDom) {
  EXPECT_EQ(through_dom(example("sorting.json")), example("sorting.canonical.json"));
}

TEST(Rfc8785, PropertySortingThroughTheDecoderIntoTheWriter) {
  EXPECT_EQ(through_decoder(example("sorting.json")), example("sorting.canonical.json"));
}

// Appendix B: a double's bits and its JSON text; NaN and Infinity have none and must be
// errors.
TEST(Rfc8785, AppendixBNumbers) {
  std::istringstream table(example("numbers.txt"));
  std::string line;
  int rows = 0;
  while (std::getline(table, line)) {
    SCOPED_TRACE(line);
    ++rows;
    const std::string_view hex = std::string_view(line).substr(0, 16);
    const std::string_view json = line.size() > 17 ? std::string_view(line).substr(17) : std::string_view();
    std::uint64_t bits = 0;
    ASSERT_EQ(std::from_chars(hex.data(), hex.data() + hex.size(), bits, 16).ec, std::errc());
    ujson::writer w(rfc8785_options());
    if (json.empty()) {
      EXPECT_EQ(w.number(std::bit_cast<double>(bits)), errc::not_canonicalizable);
      EXPECT_EQ(w.output(), "");
    } else {
      EXPECT_EQ(w.number(std::bit_cast<double>(bits)), errc::ok);
      EXPECT_EQ(w.output(), json);
    }
  }
  EXPECT_EQ(rows, 26);
}

}  // namespace
