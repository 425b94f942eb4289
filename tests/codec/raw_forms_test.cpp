// What the codec passes on as it is, for callers that need the exact form (the Python
// module's json-compatible paths): integers as their text (handler trait integers_as_text),
// surrogates encoded as three bytes in the input (decode_options::allow_raw_surrogates) and
// in the output (encode_options::raw_lone_surrogates).

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ujson/decoder.hpp"
#include "ujson/handler.hpp"
#include "ujson/writer.hpp"

namespace {

using ujson::errc;

// Every number and string as "kind:text".
struct number_texts : ujson::null_handler {
  static constexpr bool integers_as_text = true;
  std::vector<std::string> seen;
  errc on_int64(std::int64_t) { return note("int64", ""); }
  errc on_uint64(std::uint64_t) { return note("uint64", ""); }
  errc on_double(double, std::string_view text) { return note("double", text); }
  errc on_big_number(std::string_view text) { return note("text", text); }
  errc on_string(std::string_view s, ujson::string_origin) { return note("string", s); }
  errc note(std::string_view kind, std::string_view text) {
    seen.push_back(std::string(kind) + ":" + std::string(text));
    return errc::ok;
  }
};

static_assert(ujson::integers_as_text<number_texts>);
static_assert(!ujson::integers_as_text<ujson::null_handler>);

TEST(IntegersAsText, EveryIntegerIsItsTokenText) {
  // Padded past 48 bytes too, so that both number readings (short and general) run.
  for (const std::string& pad : {std::string(), std::string(60, ' ')}) {
    number_texts h;
    const std::string input = "[0, -0, 7, -9223372036854775808, 18446744073709551615, 123456789012345678901234567890, "
                              "1.5, -0.0, 1e5, 2E-3" + pad + "]";
    ASSERT_FALSE(ujson::decode(input, h));
    const std::vector<std::string> expected = {
        "text:0",   "text:-0", "text:7", "text:-9223372036854775808", "text:18446744073709551615",
        "text:123456789012345678901234567890", "double:1.5", "double:-0.0", "double:1e5", "double:2E-3"};
    EXPECT_EQ(h.seen, expected);
  }
}

TEST(IntegersAsText, ErrorsAreStillReported) {
  for (std::string_view bad : {"[01]", "[-]", "[1.]", "[1e]"}) {
    number_texts h;
    EXPECT_EQ(ujson::decode(bad, h).code, errc::invalid_number) << bad;
  }
}

const std::string high = "\xED\xA0\x80";  // U+D800 in three bytes
const std::string low = "\xED\xB0\x80";   // U+DC00

TEST(RawSurrogates, RejectedByDefault) {
  number_texts h;
  EXPECT_EQ(ujson::decode("\"" + high + "\"", h).code, errc::invalid_utf8);
}

TEST(RawSurrogates, PassedOnAsTheyAreWithTheOption) {
  ujson::decode_options o;
  o.allow_raw_surrogates = true;
  for (const std::string& s : {high, low, high + low, low + high, "a" + high + "\xC3\xA9" + low + "z",
                               std::string(40, 'x') + high + std::string(40, 'y')}) {
    number_texts h;
    ASSERT_FALSE(ujson::decode("[\"" + s + "\"]", h, o));
    ASSERT_FALSE(ujson::decode("[\"\\n" + s + "\"]", h, o));  // through the escaped path too
    const std::vector<std::string> expected = {"string:" + s, "string:\n" + s};
    EXPECT_EQ(h.seen, expected);
  }
}

TEST(RawSurrogates, OtherMalformedUtf8StaysAnErrorAtItsFirstByte) {
  ujson::decode_options o;
  o.allow_raw_surrogates = true;
  for (const std::string bad : {"\xFF", "\xC0\xAF", "\xED\xA0", "\xF4\x90\x80\x80", "\x80"}) {
    number_texts h;
    const ujson::error e = ujson::decode("\"a" + high + bad + "\"", h, o);
    EXPECT_EQ(e.code, errc::invalid_utf8);
    EXPECT_EQ(e.offset, 5u);
  }
}

std::string written(std::string_view s, const ujson::encode_options& o) {
  ujson::writer w(o);
  EXPECT_EQ(w.string(s), errc::ok);
  return std::string(w.output());
}

TEST(RawLoneSurrogates, WrittenAsTheyAreWithoutEnsureAscii) {
  ujson::encode_options o;
  o.ensure_ascii = false;
  o.allow_lone_surrogates = true;
  o.raw_lone_surrogates = true;
  EXPECT_EQ(written(high, o), "\"" + high + "\"");
  EXPECT_EQ(written("\xC3\xA9" + high + low + "x", o), "\"\xC3\xA9" + high + low + "x\"");
  // Under ensure_ascii every non-ASCII character is an escape, surrogates too.
  o.ensure_ascii = true;
  EXPECT_EQ(written(high + low, o), R"("\ud800\udc00")");
}

TEST(RawLoneSurrogates, OnlyWithAllowLoneSurrogates) {
  ujson::encode_options o;
  o.ensure_ascii = false;
  o.raw_lone_surrogates = true;
  ujson::writer w(o);
  EXPECT_EQ(w.string(high), errc::invalid_utf8);
}

}  // namespace
