// Strings with escapes, decoded into the decoder's scratch through its write cursor: every
// mix of \uXXXX (surrogate pairs included), short escapes, raw UTF-8 and plain runs, at
// lengths that cross each growth of the scratch buffer, and strings that follow a longer
// one (the scratch is kept and reused). The expected text is encoded here from the code
// points by RFC 3629's table (tests/support/json_generator.hpp), independently of the codec.

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "support/json_generator.hpp"
#include "support/printers.hpp"
#include "ujson/dom.hpp"
#include "ujson/errors.hpp"

namespace {

using ujson::test::append_utf8;  // RFC 3629's table, independent of the codec

void append_u_escape(std::string& out, std::uint32_t unit, bool upper) {
  const char* digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
  out += "\\u";
  for (int shift = 12; shift >= 0; shift -= 4) out += digits[(unit >> shift) & 0xF];
}

// A string literal and the text it stands for, made of `pieces` random pieces.
struct literal {
  std::string json;
  std::string text;
};

literal random_literal(std::mt19937& rng, int pieces) {
  literal l{"\"", ""};
  std::uniform_int_distribution<int> kind(0, 5);
  for (int i = 0; i < pieces; ++i) {
    switch (kind(rng)) {
      case 0: {  // \u of the BMP outside the surrogates
        std::uint32_t cp = std::uniform_int_distribution<std::uint32_t>(0x20, 0xFFFF)(rng);
        if (cp >= 0xD800 && cp <= 0xDFFF) cp -= 0x1000;
        append_u_escape(l.json, cp, (rng() & 1) != 0);
        append_utf8(l.text, cp);
        break;
      }
      case 1: {  // a surrogate pair
        const std::uint32_t cp = std::uniform_int_distribution<std::uint32_t>(0x10000, 0x10FFFF)(rng);
        append_u_escape(l.json, 0xD800 + ((cp - 0x10000) >> 10), false);
        append_u_escape(l.json, 0xDC00 + ((cp - 0x10000) & 0x3FF), true);
        append_utf8(l.text, cp);
        break;
      }
      case 2: {  // a short escape
        static const char escapes[] = {'"', '\\', '/', 'b', 'f', 'n', 'r', 't'};
        static const char meanings[] = {'"', '\\', '/', '\b', '\f', '\n', '\r', '\t'};
        const std::size_t k = rng() % sizeof escapes;
        l.json += '\\';
        l.json += escapes[k];
        l.text += meanings[k];
        break;
      }
      case 3: {  // raw UTF-8, one to three characters
        const int n = 1 + static_cast<int>(rng() % 3);
        for (int c = 0; c < n; ++c) {
          std::uint32_t cp = std::uniform_int_distribution<std::uint32_t>(0x80, 0x10FFFF)(rng);
          if (cp >= 0xD800 && cp <= 0xDFFF) cp -= 0x1000;
          append_utf8(l.json, cp);
          append_utf8(l.text, cp);
        }
        break;
      }
      default: {  // a plain ASCII run, up to 40 bytes
        const int n = 1 + static_cast<int>(rng() % 40);
        for (int c = 0; c < n; ++c) {
          const char ch = static_cast<char>('a' + rng() % 26);
          l.json += ch;
          l.text += ch;
        }
        break;
      }
    }
  }
  l.json += '"';
  return l;
}

TEST(EscapedStrings, EveryMixAtEveryLengthDecodesToItsText) {
  std::mt19937 rng(8259);
  for (int pieces = 1; pieces <= 3000; pieces += 1 + pieces / 16) {
    for (int round = 0; round < 4; ++round) {
      const literal l = random_literal(rng, pieces);
      ujson::document doc;
      ASSERT_FALSE(doc.parse(l.json)) << l.json.substr(0, 200);
      ASSERT_EQ(doc.root().as_string(), l.text) << "pieces " << pieces;
    }
  }
}

TEST(EscapedStrings, AShortStringAfterALongOneGetsOnlyItsOwnText) {
  std::mt19937 rng(3629);
  // One array: the scratch grows for the long strings and is reused for the short ones.
  std::vector<literal> literals;
  std::string json = "[";
  for (int i = 0; i < 200; ++i) {
    literals.push_back(random_literal(rng, i % 7 == 0 ? 2000 : 1 + i % 5));
    if (i != 0) json += ',';
    json += literals.back().json;
  }
  json += ']';
  ujson::document doc;
  ASSERT_FALSE(doc.parse(json));
  const auto elements = doc.root().elements();
  ASSERT_EQ(elements.size(), literals.size());
  for (std::size_t i = 0; i < literals.size(); ++i) EXPECT_EQ(elements[i].as_string(), literals[i].text) << i;
}

TEST(EscapedStrings, ErrorsInsideAnEscapedStringKeepTheirCodeAndOffset) {
  struct bad {
    std::string json;
    ujson::errc code;
    std::size_t offset;
  };
  const std::string long_prefix = "\"" + std::string(5000, 'x') + "\\u0041";
  const bad cases[] = {
      {"\"\\u0041\\u00G1\"", ujson::errc::invalid_unicode_escape, 7},
      {"\"\\u0041\\x\"", ujson::errc::invalid_escape, 7},
      {"\"\\u0041\\uD800\"", ujson::errc::lone_surrogate, 7},
      {"\"\\u0041\\uDC00\"", ujson::errc::lone_surrogate, 7},
      {"\"\\u0041\x01\"", ujson::errc::control_character, 7},
      {"\"\\u0041\xC3\"", ujson::errc::invalid_utf8, 7},
      {"\"\\u0041\\u004", ujson::errc::invalid_unicode_escape, 7},
      {"\"\\u0041abc", ujson::errc::unexpected_end, 10},
      {long_prefix + "\\q\"", ujson::errc::invalid_escape, long_prefix.size()},
  };
  for (const bad& b : cases) {
    ujson::document doc;
    const ujson::error e = doc.parse(b.json);
    EXPECT_EQ(e.code, b.code) << b.json.substr(0, 40);
    EXPECT_EQ(e.offset, b.offset) << b.json.substr(0, 40);
  }
}

// Runs of \uXXXX back to back are decoded a batch of escapes at a time (room in the scratch
// is made per batch): every run length up to three batches and past the scratch's first
// growths, each followed by every kind of thing that ends a run, and each cut off where the
// input ends inside the run.
TEST(EscapedStrings, RunsOfUEscapesOfEveryLengthEndEveryWay) {
  std::mt19937 rng(6901);
  struct ending {
    std::string json, text;
  };
  const ending endings[] = {
      {"", ""},
      {"\\uD83D\\uDE00", "\xF0\x9F\x98\x80"},  // a surrogate pair
      {"\\n", "\n"},
      {"abc", "abc"},
      {"\xC3\xA9", "\xC3\xA9"},
  };
  std::vector<int> lengths;
  for (int n = 1; n <= 100; ++n) lengths.push_back(n);
  for (int n : {127, 128, 129, 1000, 4097}) lengths.push_back(n);
  for (const int n : lengths) {
    std::string run_json, run_text;
    for (int i = 0; i < n; ++i) {
      // ASCII, two- and three-byte characters in turn, none a surrogate.
      static const std::uint32_t ranges[][2] = {{0x20, 0x7F}, {0x80, 0x7FF}, {0x800, 0xD7FF}, {0xE000, 0xFFFF}};
      const auto& r = ranges[rng() % 4];
      const std::uint32_t cp = std::uniform_int_distribution<std::uint32_t>(r[0], r[1])(rng);
      append_u_escape(run_json, cp, (rng() & 1) != 0);
      append_utf8(run_text, cp);
    }
    for (const ending& e : endings) {
      ujson::document doc;
      const std::string json = "\"" + run_json + e.json + "\"";
      ASSERT_FALSE(doc.parse(json)) << "run of " << n << " then " << e.json;
      ASSERT_EQ(doc.root().as_string(), run_text + e.text) << "run of " << n << " then " << e.json;
    }
    // An invalid escape after the run is reported where it starts.
    ujson::document doc;
    const std::string bad_escape = "\"" + run_json + "\\u12G4\"";
    ujson::error err = doc.parse(bad_escape);
    EXPECT_EQ(err.code, ujson::errc::invalid_unicode_escape) << n;
    EXPECT_EQ(err.offset, 1 + run_json.size()) << n;
    // The input ends inside the run: after a whole escape, or three bytes into the last.
    const std::string unclosed = "\"" + run_json;
    err = doc.parse(unclosed);
    EXPECT_EQ(err.code, ujson::errc::unexpected_end) << n;
    EXPECT_EQ(err.offset, unclosed.size()) << n;
    const std::string cut = unclosed.substr(0, unclosed.size() - 3);
    err = doc.parse(cut);
    EXPECT_EQ(err.code, ujson::errc::invalid_unicode_escape) << n;
    EXPECT_EQ(err.offset, unclosed.size() - 6) << n;
  }
}

}  // namespace
