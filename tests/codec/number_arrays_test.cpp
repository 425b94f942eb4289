// Arrays of numbers, which the decoder reads in a loop of their own (`numbers` in
// decoder_impl.hpp): after '[' a number, then a number after each comma, and back to the
// general state machine for anything else. Every event and every array's element count
// must be what the text says, each value what std::from_chars gives, wherever the
// numbers stand relative to the end of the input, whatever whitespace and elements of
// other kinds come between them; and errors inside such arrays keep their codes and
// offsets.

#include <gtest/gtest.h>

#include <bit>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "support/test_share.hpp"
#include "ujson/decoder.hpp"
#include "ujson/dom.hpp"
#include "ujson/handler.hpp"

namespace {

using ujson::errc;

// Every event as a line of text: numbers by kind and exact value, arrays with their counts.
struct event_log : ujson::null_handler {
  std::vector<std::string> events;
  errc add(std::string s) {
    events.push_back(std::move(s));
    return errc::ok;
  }
  errc on_null() { return add("null"); }
  errc on_bool(bool b) { return add(b ? "true" : "false"); }
  errc on_int64(std::int64_t v) { return add("i " + std::to_string(v)); }
  errc on_uint64(std::uint64_t v) { return add("u " + std::to_string(v)); }
  errc on_double(double v, std::string_view) { return add("d " + std::to_string(std::bit_cast<std::uint64_t>(v))); }
  errc on_big_number(std::string_view t) { return add("big " + std::string(t)); }
  errc on_string(std::string_view s, ujson::string_origin) { return add("s " + std::string(s)); }
  errc on_key(std::string_view s, ujson::string_origin) { return add("k " + std::string(s)); }
  errc on_array_begin() { return add("["); }
  errc on_array_end(std::size_t n) { return add("] " + std::to_string(n)); }
  errc on_object_begin() { return add("{"); }
  errc on_object_end(std::size_t n) { return add("} " + std::to_string(n)); }
};

// The event for a valid number text, from the standard library alone.
std::string expected_event(const std::string& text) {
  if (text.find_first_of(".eE") == std::string::npos) {
    std::int64_t i = 0;
    if (auto r = std::from_chars(text.data(), text.data() + text.size(), i); r.ec == std::errc()) return "i " + std::to_string(i);
    std::uint64_t u = 0;
    if (auto r = std::from_chars(text.data(), text.data() + text.size(), u); r.ec == std::errc()) return "u " + std::to_string(u);
    return "big " + text;
  }
  double d = 0;
  const auto r = std::from_chars(text.data(), text.data() + text.size(), d);
  if (r.ec != std::errc() || !std::isfinite(d)) return "big " + text;
  return "d " + std::to_string(std::bit_cast<std::uint64_t>(d));
}

// Numbers at the edges of the short path and of the conversions: 16 to 20 digits, a
// 16-digit part on either side of the point, exponents, zeros, values that round
// differently (near midpoints), the canada.json shape, and the extremes.
const std::vector<std::string>& numbers() {
  static const std::vector<std::string> all = {
      "0", "-0", "0.0", "-0.0", "0e0", "-0E-0", "1", "-1", "7", "10", "0.5", "-0.125", "12.25", "3.14",
      "1e5", "1E+5", "1e-5", "-2.5e-3", "1.5e300", "1e-300", "4.9e-324", "1e-400", "1e400", "-1e400",
      "1.7976931348623157e308", "2.2250738585072014e-308", "-65.613616999999977", "43.420273000000009",
      "-65.625", "44.75039300000001", "9007199254740993", "9007199254740993.0", "9007199254740993e0",
      "1234567890123456", "12345678901234567", "123456789012345678", "1234567890123456789",
      "12345678901234567890", "-1234567890123456789", "9223372036854775807", "9223372036854775808",
      "-9223372036854775808", "-9223372036854775809", "18446744073709551615", "18446744073709551616",
      "1234567890123456.1234567890123456", "0.1234567890123456", "0.12345678901234567",
      "1.2345678901234567", "12.345678901234567", "123.45678901234567", "1234567890123456.7",
      "12345678901234567.8", "0.30000000000000004", "0.1", "0.2", "0.3", "1.00000000000000011102230246251565",
      "9.999999999999999e22", "1e23", "8.41e21", "123456789012345678e-10", "2.4703282292062327e-324",
      "0.000001", "100000000000000000000", "1.0000000000000002", "5e-324"};
  return all;
}

std::vector<std::string> events_of(const std::string& doc, ujson::error& err) {
  event_log log;
  err = ujson::decode(doc, log);
  return log.events;
}

// Whitespace after the commas, before them, both, or none, as indented and minified text have.
const std::vector<std::string> separators = {",", ", ", " ,", " , ", ",\n    ", "\t,\r\n"};

TEST(NumberArrays, EveryNumberFormAtEveryDistanceFromTheEnd) {
  for (std::size_t s = 0; s < separators.size(); ++s) {
    std::string body;
    std::vector<std::string> want = {"["};
    for (std::size_t i = 0; i < numbers().size(); ++i) {
      if (i != 0) body += separators[(s + i) % separators.size()];
      body += numbers()[i];
      want.push_back(expected_event(numbers()[i]));
    }
    want.push_back("] " + std::to_string(numbers().size()));
    for (std::size_t pad = 0; pad <= 64; ++pad) {
      // pad moves every number's distance from the end, so each is read by the short path
      // (48 bytes or more left) and the long one; the last has no byte after it but ']'.
      const std::string doc = "[" + body + "]" + std::string(pad, ' ');
      ujson::error err;
      const std::vector<std::string> got = events_of(doc, err);
      ASSERT_EQ(err.code, errc::ok) << "separator " << s << ", pad " << pad;
      ASSERT_EQ(got, want) << "separator " << s << ", pad " << pad;
    }
  }
}

// A random document where arrays mix numbers with strings, literals, nested arrays and
// objects, in runs of every length, the expected events written down as it is built.
struct generator {
  std::mt19937_64 rng;
  std::string text;
  std::vector<std::string> want;

  std::string space() {
    static const char* const spaces[] = {"", "", "", " ", "\n  ", "\t"};
    return spaces[rng() % 6];
  }
  void value(int depth) {
    const unsigned kind = depth > 3 ? rng() % 4 : rng() % 7;
    if (kind <= 1) {
      const std::string& n = numbers()[rng() % numbers().size()];
      text += n;
      want.push_back(expected_event(n));
    } else if (kind == 2) {
      text += "\"s\"";
      want.push_back("s s");
    } else if (kind == 3) {
      static const char* const literals[] = {"true", "false", "null"};
      const char* l = literals[rng() % 3];
      text += l;
      want.push_back(l);
    } else if (kind <= 5) {
      array(depth + 1);
    } else {
      text += "{" + space() + "\"k\"" + space() + ":" + space();
      want.push_back("{");
      want.push_back("k k");
      value(depth + 1);
      text += space() + "}";
      want.push_back("} 1");
    }
  }
  void array(int depth) {
    text += "[" + space();
    want.push_back("[");
    // Mostly numbers, so runs of them start after '[' and after other elements.
    const std::size_t n = rng() % 9;
    for (std::size_t i = 0; i < n; ++i) {
      if (i != 0) text += space() + "," + space();
      if (rng() % 3 != 0) {
        const std::string& num = numbers()[rng() % numbers().size()];
        text += num;
        want.push_back(expected_event(num));
      } else {
        value(depth);
      }
    }
    text += space() + "]";
    want.push_back("] " + std::to_string(n));
  }
};

TEST(NumberArrays, MixedArraysGiveEveryEventAndCount) {
  generator g{std::mt19937_64(4242), {}, {}};
  for (std::size_t i = 0, n = ujson::test::share_of(20'000); i < n; ++i) {
    g.text.clear();
    g.want.clear();
    g.array(0);
    ujson::error err;
    const std::vector<std::string> got = events_of(g.text, err);
    ASSERT_EQ(err.code, errc::ok) << g.text;
    ASSERT_EQ(got, g.want) << g.text;
    // The DOM agrees on the shape: the builder sizes arrays from the same counts.
    ujson::document doc;
    ASSERT_EQ(doc.parse(g.text).code, errc::ok) << g.text;
  }
}

struct array_error_case {
  const char* text;
  errc code;
  std::size_t offset;
};

// Errors inside and at the end of arrays of numbers: their codes and offsets, counted by
// hand from the text.
TEST(NumberArrays, ErrorsKeepTheirCodesAndOffsets) {
  const array_error_case cases[] = {
      {"[1,", errc::unexpected_end, 3},
      {"[1, ", errc::unexpected_end, 4},
      {"[1,2", errc::unexpected_end, 4},
      {"[1,2 ", errc::unexpected_end, 5},
      {"[-", errc::invalid_number, 2},
      {"[1,-", errc::invalid_number, 4},
      {"[1,2,]", errc::expected_value, 5},
      {"[1,,2]", errc::expected_value, 3},
      {"[1 2]", errc::expected_comma_or_end, 3},
      {"[1,2}", errc::expected_comma_or_end, 4},
      {"[1,01]", errc::invalid_number, 4},
      {"[1,-01]", errc::invalid_number, 5},
      {"[1,1.]", errc::invalid_number, 5},
      {"[1,1e]", errc::invalid_number, 5},
      {"[1,1.5x]", errc::expected_comma_or_end, 6},
      {"[1,2,x]", errc::expected_value, 5},
      {"[1,2]3", errc::trailing_characters, 5},
      {"[[1,2],[3,4]", errc::unexpected_end, 12},
      {"[1,-Infinity]", errc::invalid_number, 4},
      // One-digit elements, which the walk reads in a loop of their own (`digits`), then a
      // token that is not a comma right after one, or an element that is not one digit.
      {"[1,2-]", errc::expected_comma_or_end, 4},
      {"[1,2x]", errc::expected_comma_or_end, 4},
      {"[1,2\"a\"]", errc::expected_comma_or_end, 4},
      {"[1,2:3]", errc::expected_comma_or_end, 4},
      {"[1,2[]", errc::expected_comma_or_end, 4},
      {"[1,2,-]", errc::invalid_number, 6},
      {"[1,2,-x]", errc::invalid_number, 6},
      {"[1,2,1-]", errc::expected_comma_or_end, 6},
  };
  // Each case after a run of numbers too, so that the error falls where the walk has
  // handed the array to its loop out of line (decoder::number_run, from the fifth number).
  const std::string run = "1,2,3,4,5,6,";
  for (const array_error_case& c : cases) {
    const std::string text = c.text;
    for (const bool after_run : {false, true}) {
      if (after_run && text.rfind("[1,", 0) != 0) continue;
      const std::string base = after_run ? "[" + run + text.substr(1) : text;
      const std::size_t offset = c.offset + (after_run ? run.size() : 0);
      for (std::size_t pad : {std::size_t{0}, std::size_t{64}}) {
        // Padding inside the array before its first element moves the numbers away from the end.
        std::string doc = base;
        doc.insert(1, std::string(pad, ' '));
        ujson::error err;
        events_of(doc, err);
        EXPECT_EQ(err.code, c.code) << doc;
        EXPECT_EQ(err.offset, offset + pad) << doc;
        // The DOM builder, whose cursor the walk hands to that loop and takes back.
        ujson::document dom;
        err = dom.parse(doc);
        EXPECT_EQ(err.code, c.code) << doc;
        EXPECT_EQ(err.offset, offset + pad) << doc;
      }
    }
  }
}

// Runs of one-digit numbers (`[1,2]`, `[0,1,1,0]`), read by the walk's `digits` loop, of
// every length, with and without spaces, ended by each kind of element or by the array's
// end: every event, count and DOM value from the text, the byte machine's included (the
// same arrays without the padding that sends them to the walk).
TEST(NumberArrays, RunsOfOneDigitThenAnotherKind) {
  const char* const tails[] = {"", "10", "-1", "0.5", "7e1", "-0", "\"s\"", "true", "null", "[3]", "{\"k\":4}"};
  for (const std::string& sep : {std::string(","), std::string(", "), std::string(" ,")}) {
    for (std::size_t n = 1; n <= 12; ++n) {
      for (const char* tail : tails) {
        std::string body = "[";
        std::vector<std::string> want = {"["};
        for (std::size_t i = 0; i < n; ++i) {
          const std::string digit(1, static_cast<char>('0' + (i * 7 + n) % 10));
          body += (i != 0 ? sep : "") + digit;
          want.push_back(expected_event(digit));
        }
        if (*tail != '\0') body += sep + tail;
        body += "]";
        for (const std::size_t pad : {std::size_t{0}, std::size_t{64}}) {
          const std::string doc = body + std::string(pad, ' ');
          ujson::error err;
          std::vector<std::string> got = events_of(doc, err);
          ASSERT_EQ(err.code, errc::ok) << doc;
          ASSERT_GE(got.size(), want.size()) << doc;
          EXPECT_EQ(std::vector<std::string>(got.begin(), got.begin() + static_cast<std::ptrdiff_t>(want.size())), want) << doc;
          EXPECT_EQ(got.back(), "] " + std::to_string(n + (*tail != '\0' ? 1 : 0))) << doc;
          ujson::document dom;
          ASSERT_EQ(dom.parse(doc).code, errc::ok) << doc;
          const ujson::value root = dom.root();
          ASSERT_EQ(root.size(), n + (*tail != '\0' ? 1 : 0)) << doc;
          for (std::size_t i = 0; i < n; ++i) EXPECT_EQ(root[i].as_int64(), static_cast<std::int64_t>((i * 7 + n) % 10)) << doc;
          const std::string_view t = tail;
          if (t == "10") {
            EXPECT_EQ(root[n].as_int64(), 10) << doc;
          }
          if (t == "-1") {
            EXPECT_EQ(root[n].as_int64(), -1) << doc;
          }
          if (t == "[3]") {
            EXPECT_EQ(root[n][0].as_int64(), 3) << doc;
          }
          if (t == "{\"k\":4}") {
            EXPECT_EQ(root[n]["k"].as_int64(), 4) << doc;
          }
        }
      }
    }
  }
}

// Runs of numbers of every length up to past the walk's hand-over, ended by each kind of
// element, in the DOM: every element in its place.
TEST(NumberArrays, RunsOfEveryLengthThenAnotherKindInTheDom) {
  const char* const tails[] = {"\"s\"", "true", "null", "[7]", "{\"k\":8}", ""};
  for (std::size_t n = 1; n <= 12; ++n) {
    for (const char* tail : tails) {
      std::string doc = "[";
      for (std::size_t i = 0; i < n; ++i) doc += (i != 0 ? ", " : "") + std::to_string(i * 11) + ".5";
      if (*tail != '\0') doc += std::string(", ") + tail;
      doc += "]" + std::string(64, ' ');  // long enough for the indexed walk
      ujson::document dom;
      ASSERT_EQ(dom.parse(doc).code, errc::ok) << doc;
      const ujson::value root = dom.root();
      ASSERT_EQ(root.size(), n + (*tail != '\0' ? 1 : 0)) << doc;
      for (std::size_t i = 0; i < n; ++i) EXPECT_EQ(root[i].as_double(), static_cast<double>(i * 11) + 0.5) << doc;
      if (*tail == 't') {
        EXPECT_TRUE(root[n].as_bool()) << doc;
      }
      if (*tail == 'n') {
        EXPECT_TRUE(root[n].is_null()) << doc;
      }
      if (*tail == '"') {
        EXPECT_EQ(root[n].as_string(), "s") << doc;
      }
      if (*tail == '[') {
        EXPECT_EQ(root[n][0].as_int64(), 7) << doc;
      }
    }
  }
}

}  // namespace
