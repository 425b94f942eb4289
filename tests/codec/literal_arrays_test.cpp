// Arrays of literals, which the indexed walk reads in a loop of its own
// (decoder::literal_run; a validator's walk reads them itself the same way): each literal
// read four bytes at a time where the next token says it ends, anything else handed to the
// parser's reader. Every value must be what the text
// says; literals cut short, misspelt, run on or left open keep the byte machine's codes
// and offsets; and a handler that stops at a literal (or at a number of a long run,
// decoder::number_run) is reported at that token. Each case runs short (under 64 bytes:
// the byte machine) and padded (the indexed walk), so both readers are held to one answer.

#include <gtest/gtest.h>

#include <cstddef>
#include <string>
#include <vector>

#include "ujson/decoder.hpp"
#include "ujson/dom.hpp"
#include "ujson/handler.hpp"
#include "ujson/validate.hpp"

namespace {

using ujson::errc;

// The text with `pad` spaces after its first byte ('['), which moves every token away
// from the start: past 64 bytes in all, the decoder walks the structural index.
std::string padded(const std::string& text, std::size_t pad) { return text.substr(0, 1) + std::string(pad, ' ') + text.substr(1); }

TEST(LiteralArrays, EveryLiteralInEveryPlaceOfARun) {
  const char* const words[] = {"true", "false", "null"};
  const char* const separators[] = {",", ", ", " ,", "\n,\t"};
  for (std::size_t n = 1; n <= 9; ++n) {
    for (std::size_t first = 0; first < 3; ++first) {
      std::string text = "[";
      std::vector<std::size_t> kinds;
      for (std::size_t i = 0; i < n; ++i) {
        if (i != 0) text += separators[(i + first) % 4];
        kinds.push_back((first + i * 2) % 3);
        text += words[kinds.back()];
      }
      text += "]";
      for (std::size_t pad : {std::size_t{0}, std::size_t{64}}) {
        const std::string doc = padded(text, pad);
        EXPECT_EQ(ujson::validate(doc).code, errc::ok) << doc;
        ujson::document dom;
        ASSERT_EQ(dom.parse(doc).code, errc::ok) << doc;
        ASSERT_EQ(dom.root().size(), n) << doc;
        for (std::size_t i = 0; i < n; ++i) {
          const ujson::value& v = dom.root()[i];
          if (kinds[i] == 2) {
            EXPECT_TRUE(v.is_null()) << doc << " element " << i;
          } else {
            EXPECT_TRUE(v.is_bool()) << doc << " element " << i;
            EXPECT_EQ(v.as_bool(), kinds[i] == 0) << doc << " element " << i;
          }
        }
      }
    }
  }
}

struct literal_error_case {
  const char* text;
  errc code;
  std::size_t offset;  // in the text unpadded, counted by hand
};

TEST(LiteralArrays, ErrorsKeepTheirCodesAndOffsets) {
  const literal_error_case cases[] = {
      {"[true,tru]", errc::invalid_literal, 6},      {"[true,trux]", errc::invalid_literal, 6},
      {"[true,t", errc::invalid_literal, 6},         {"[true,nul]", errc::invalid_literal, 6},
      {"[true,nil]", errc::invalid_literal, 6},      {"[null,fals]", errc::invalid_literal, 6},
      {"[null,falsy]", errc::invalid_literal, 6},    {"[null,fals", errc::invalid_literal, 6},
      {"[true,truex]", errc::expected_comma_or_end, 10},
      {"[null,nulll]", errc::expected_comma_or_end, 10},
      {"[true,falsee]", errc::expected_comma_or_end, 11},
      {"[true,true x]", errc::expected_comma_or_end, 11},
      {"[true,null", errc::unexpected_end, 10},      {"[true,null ", errc::unexpected_end, 11},
      {"[true,false,", errc::unexpected_end, 12},    {"[true,false,]", errc::expected_value, 12},
      {"[true,,false]", errc::expected_value, 6},    {"[true,null}", errc::expected_comma_or_end, 10},
      {"[true,null]x", errc::trailing_characters, 11},
  };
  for (const literal_error_case& c : cases) {
    for (std::size_t pad : {std::size_t{0}, std::size_t{64}}) {
      const std::string doc = padded(c.text, pad);
      ujson::null_handler events;
      const ujson::error e = ujson::decode(doc, events);
      EXPECT_EQ(e.code, c.code) << doc << ": " << ujson::code_name(e.code);
      EXPECT_EQ(e.offset, c.offset + pad) << doc;
      ujson::document dom;
      const ujson::error d = dom.parse(doc);
      EXPECT_EQ(d.code, c.code) << doc << ": " << ujson::code_name(d.code);
      EXPECT_EQ(d.offset, c.offset + pad) << doc;
      // The validator, whose walk reads each literal itself (no run loop).
      const ujson::error v = ujson::validate(doc);
      EXPECT_EQ(v.code, c.code) << doc << ": " << ujson::code_name(v.code);
      EXPECT_EQ(v.offset, c.offset + pad) << doc;
    }
  }
}

// Stops at the k-th bool, null or integer event.
struct stop_at : ujson::null_handler {
  char kind;
  int k;
  int seen = 0;
  errc count(char c) { return c == kind && ++seen == k ? errc::stopped : errc::ok; }
  errc on_bool(bool) { return count('b'); }
  errc on_null() { return count('n'); }
  errc on_int64(std::int64_t) { return count('i'); }
};

TEST(LiteralArrays, AHandlerStopsAtTheLiteralOrNumberItStoppedOn) {
  struct stop_case {
    std::string text;
    char kind;
    int k;
    std::size_t offset;  // unpadded
  };
  const stop_case cases[] = {
      {"[true,false,true,null,false]", 'b', 3, 12},
      {"[true,false,true,null,false]", 'n', 1, 17},
      {"[true,false,true,null,false]", 'b', 4, 22},
      {"[null, null, true]", 'n', 2, 7},
      // Numbers past the walk's fourth, which a loop of their own reads.
      {"[10,11,12,13,14,15,16]", 'i', 6, 16},
      {"[10,11,12,13,14,15,16]", 'i', 7, 19},
  };
  for (const stop_case& c : cases) {
    for (std::size_t pad : {std::size_t{0}, std::size_t{64}}) {
      const std::string doc = padded(c.text, pad);
      stop_at h;
      h.kind = c.kind;
      h.k = c.k;
      const ujson::error e = ujson::decode(doc, h);
      EXPECT_EQ(e.code, errc::stopped) << doc;
      EXPECT_EQ(e.offset, c.offset + pad) << doc;
      EXPECT_EQ(h.seen, c.k) << doc;
    }
  }
}

}  // namespace
