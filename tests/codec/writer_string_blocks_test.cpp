// The string copy's block boundaries: strings are copied in 16-byte blocks and a last
// block of 1-15 bytes made of overlapping loads (8+8, 4+4, 1+1+1), so every length from 0
// to past three blocks, with a byte to escape (or a non-ASCII sequence, or an invalid
// byte) at every position, is compared with a byte-by-byte reference written from the
// encoder specification. Both the writer's string() and the DOM's compact serializer,
// which copy strings the same way, are checked, under every escaping option.

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "support/printers.hpp"
#include "support/test_share.hpp"
#include "ujson/dom.hpp"
#include "ujson/encode.hpp"
#include "ujson/errors.hpp"
#include "ujson/options.hpp"
#include "ujson/writer.hpp"

namespace {

using ujson::encode_options;
using ujson::errc;
using ujson::member;
using ujson::value;

// Bytes outside printable ASCII as \xNN, for failure messages.
std::string show(std::string_view s) {
  const char hex[] = "0123456789abcdef";
  std::string out;
  for (unsigned char c : s) {
    if (c >= 0x20 && c < 0x7f) {
      out += static_cast<char>(c);
    } else {
      out += "\\x";
      out += hex[c >> 4];
      out += hex[c & 15];
    }
  }
  return out;
}

void u_escape(std::string& out, std::uint32_t unit) {
  const char hex[] = "0123456789abcdef";
  out += "\\u";
  for (int shift = 12; shift >= 0; shift -= 4) out += hex[(unit >> shift) & 0xF];
}

// The specification, byte by byte; s is valid UTF-8 without surrogates.
std::string reference(std::string_view s, const encode_options& o) {
  std::string out = "\"";
  for (std::size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c >= 0x80) {
      const std::size_t n = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
      if (o.ensure_ascii) {
        std::uint32_t cp = c & (0x7F >> n);
        for (std::size_t k = 1; k < n; ++k) cp = cp << 6 | (static_cast<unsigned char>(s[i + k]) & 0x3F);
        if (cp >= 0x10000) {
          u_escape(out, 0xD800 + ((cp - 0x10000) >> 10));
          u_escape(out, 0xDC00 + ((cp - 0x10000) & 0x3FF));
        } else {
          u_escape(out, cp);
        }
      } else {
        out.append(s.substr(i, n));
      }
      i += n;
      continue;
    }
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (c < 0x20 || (o.encode_html_chars && (c == '<' || c == '>' || c == '&'))) {
          u_escape(out, c);
        } else if (c == '/' && o.escape_forward_slashes) {
          out += "\\/";
        } else {
          out += static_cast<char>(c);
        }
    }
    ++i;
  }
  return out + "\"";
}

std::vector<encode_options> option_sets() {
  std::vector<encode_options> sets;
  for (int bits = 0; bits < 16; ++bits) {
    encode_options o;
    o.ensure_ascii = bits & 1;
    o.escape_forward_slashes = bits & 2;
    o.encode_html_chars = bits & 4;
    o.allow_lone_surrogates = bits & 8;
    sets.push_back(o);
  }
  return sets;
}

std::string describe(const encode_options& o) {
  return "ensure_ascii=" + std::to_string(o.ensure_ascii) +
         " escape_forward_slashes=" + std::to_string(o.escape_forward_slashes) +
         " encode_html_chars=" + std::to_string(o.encode_html_chars) +
         " allow_lone_surrogates=" + std::to_string(o.allow_lone_surrogates);
}

// s through writer::string, and through the DOM as an array element, an object key and
// an object value: ["s",{"s":"s"}].
void expect_written(std::string_view s, const encode_options& o) {
  const std::string want = reference(s, o);
  std::string got;
  ASSERT_EQ(ujson::encode(std::string(s), got, o), errc::ok) << show(s);
  EXPECT_EQ(got, want) << show(s);

  const value str = value::make_string(s);
  const member m[] = {{str, str}};
  const value elements[] = {str, value::make_object(m, 1)};
  ASSERT_EQ(ujson::encode(value::make_array(elements, 2), got, o), errc::ok) << show(s);
  EXPECT_EQ(got, "[" + want + ",{" + want + ":" + want + "}]") << show(s);
}

void expect_rejected(std::string_view s, const encode_options& o) {
  std::string got;
  EXPECT_EQ(ujson::encode(std::string(s), got, o), errc::invalid_utf8) << show(s);
  const value str = value::make_string(s);
  const member key[] = {{str, value::make_null()}};
  EXPECT_EQ(ujson::encode(value::make_array(&str, 1), got, o), errc::invalid_utf8) << show(s);
  EXPECT_EQ(ujson::encode(value::make_object(key, 1), got, o), errc::invalid_utf8) << show(s);
}

// Plain text of n bytes that changes with n and position.
std::string plain(std::size_t n) {
  std::string s;
  for (std::size_t i = 0; i < n; ++i) s += static_cast<char>('a' + (i * 7 + n) % 26);
  return s;
}

TEST(WriterStringBlocks, EveryLengthPlain) {
  for (const encode_options& o : option_sets()) {
    SCOPED_TRACE(describe(o));
    for (std::size_t n = 0; n <= 50; ++n) expect_written(plain(n), o);
  }
}

TEST(WriterStringBlocks, OneSpecialByteAtEveryPosition) {
  const std::string_view specials[] = {"\"", "\\", "\n", std::string_view("\0", 1), "\x1f", "\x7f", "/", "<",
                                       ">", "&", "\xc3\xa9", "\xe2\x82\xac", "\xf0\x9f\x98\x80"};
  const std::vector<encode_options> sets = option_sets();
  for (std::size_t i = 0; i < sets.size(); ++i) {
    const encode_options& o = sets[i];
    SCOPED_TRACE(describe(o));
    for (std::size_t n = 1; n <= 40; ++n) {
      for (std::size_t k = 0; k < std::size(specials); ++k) {
        const std::string_view special = specials[k];
        for (std::size_t at = 0; at < n; ++at) {
          if (!ujson::test::in_share(i + n + k + at)) continue;
          std::string s = plain(n);
          s.replace(at, 1, special);
          expect_written(s, o);
        }
      }
    }
  }
}

TEST(WriterStringBlocks, RandomMixes) {
  const std::string_view pieces[] = {"a", "b", "Z", " ", "0", "\"", "\\", "\t", "\x01", "/", "<", "&",
                                     "\x7f", "\xc3\xa9", "\xd9\x84", "\xe6\x97\xa5", "\xf0\x9f\x98\x80"};
  std::mt19937 rng(20261130);
  const std::vector<encode_options> sets = option_sets();
  for (int round = 0; round < 4000; ++round) {
    std::string s;
    const std::size_t pieces_wanted = rng() % 48;
    const bool mostly_plain = rng() & 1;
    for (std::size_t i = 0; i < pieces_wanted; ++i) {
      const std::size_t k = mostly_plain && rng() % 8 != 0 ? rng() % 5 : rng() % std::size(pieces);
      s += pieces[k];
    }
    expect_written(s, sets[static_cast<std::size_t>(round) % sets.size()]);
  }
}

TEST(WriterStringBlocks, InvalidUtf8AtEveryPosition) {
  const std::string_view invalid[] = {"\xff", "\xc3", "\xc0\xaf", "\xed\xa0\x80x", "\xf4\x90\x80\x80", "\x80"};
  for (const encode_options& o : option_sets()) {
    SCOPED_TRACE(describe(o));
    for (std::size_t n = 1; n <= 36; ++n) {
      for (std::string_view bad : invalid) {
        if (o.allow_lone_surrogates && bad[0] == '\xed') continue;  // a surrogate: allowed then
        for (std::size_t at = 0; at < n; ++at) {
          std::string s = plain(n);
          s.replace(at, 1, bad);
          expect_rejected(s, o);
        }
      }
    }
  }
}

}  // namespace
