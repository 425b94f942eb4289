// The writer (encoder) and the adapters of encode.hpp. Every expected string is written by
// hand from the encoder specification (UltraJSON's options), never copied from output.

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "ujson/encode.hpp"
#include "ujson/errors.hpp"
#include "ujson/options.hpp"
#include "ujson/writer.hpp"

namespace ujson {
inline void PrintTo(errc e, std::ostream* os) { *os << "errc::" << code_name(e); }
}  // namespace ujson

namespace {

using ujson::encode_options;
using ujson::errc;
using ujson::writer;

using namespace std::string_literals;
using namespace std::string_view_literals;

// Runs `body` on a fresh writer and returns its output; the writes must all succeed and
// leave exactly one complete top-level value.
std::string write_ok(const encode_options& options, const std::function<void(writer&)>& body) {
  writer w(options);
  body(w);
  EXPECT_EQ(w.status(), errc::ok);
  EXPECT_TRUE(w.complete());
  EXPECT_EQ(w.depth(), 0u);
  return std::string(w.output());
}

std::string write_ok(const std::function<void(writer&)>& body) { return write_ok(encode_options{}, body); }

// One top-level string.
std::string str(std::string_view s, const encode_options& options = {}) {
  return write_ok(options, [&](writer& w) { EXPECT_EQ(w.string(s), errc::ok); });
}

// One top-level double.
std::string num(double d, const encode_options& options = {}) {
  return write_ok(options, [&](writer& w) { EXPECT_EQ(w.number(d), errc::ok); });
}

encode_options with_precision(int n) {
  encode_options o;
  o.double_precision = n;
  return o;
}

// ---- defaults ------------------------------------------------------------------------

TEST(WriterOptions, DefaultsAreUltraJsons) {
  const encode_options o;
  EXPECT_TRUE(o.ensure_ascii);
  EXPECT_TRUE(o.escape_forward_slashes);
  EXPECT_FALSE(o.encode_html_chars);
  EXPECT_EQ(o.indent, 0);
  EXPECT_FALSE(o.sort_keys);
  EXPECT_EQ(o.double_precision, ujson::shortest_round_trip);
  EXPECT_TRUE(o.allow_nan);
  EXPECT_FALSE(o.allow_lone_surrogates);
  EXPECT_EQ(o.max_depth, 1024u);
}

// ---- compact structure -----------------------------------------------------------------

TEST(WriterCompact, ObjectWithArrayHasNoSpaces) {
  const std::string out = write_ok([](writer& w) {
    w.begin_object();
    w.key("a");
    w.int64(1);
    w.key("b");
    w.begin_array();
    w.int64(1);
    w.int64(2);
    w.end_array();
    w.end_object();
  });
  EXPECT_EQ(out, R"({"a":1,"b":[1,2]})");
}

TEST(WriterCompact, EmptyContainers) {
  EXPECT_EQ(write_ok([](writer& w) {
              w.begin_array();
              w.end_array();
            }),
            "[]");
  EXPECT_EQ(write_ok([](writer& w) {
              w.begin_object();
              w.end_object();
            }),
            "{}");
  EXPECT_EQ(write_ok([](writer& w) {
              w.begin_array();
              w.begin_array();
              w.end_array();
              w.begin_object();
              w.end_object();
              w.begin_array();
              w.begin_array();
              w.end_array();
              w.end_array();
              w.end_array();
            }),
            "[[],{},[[]]]");
}

TEST(WriterCompact, EveryScalarKind) {
  const std::string out = write_ok([](writer& w) {
    w.begin_array();
    w.null();
    w.boolean(true);
    w.boolean(false);
    w.int64(0);
    w.int64(-1);
    w.uint64(0);
    w.uint64(42);
    w.number(0.5);
    w.string("");
    w.string("x");
    w.raw_number("123456789012345678901234567890");
    w.raw_number("-1.5e400");
    w.end_array();
  });
  EXPECT_EQ(out, R"([null,true,false,0,-1,0,42,0.5,"","x",123456789012345678901234567890,-1.5e400])");
}

TEST(WriterCompact, NestedObjects) {
  const std::string out = write_ok([](writer& w) {
    w.begin_object();
    w.key("outer");
    w.begin_object();
    w.key("inner");
    w.begin_array();
    w.begin_object();
    w.key("");
    w.null();
    w.end_object();
    w.end_array();
    w.end_object();
    w.key("next");
    w.boolean(false);
    w.end_object();
  });
  EXPECT_EQ(out, R"({"outer":{"inner":[{"":null}]},"next":false})");
}

TEST(WriterCompact, TopLevelScalars) {
  EXPECT_EQ(write_ok([](writer& w) { w.null(); }), "null");
  EXPECT_EQ(write_ok([](writer& w) { w.boolean(true); }), "true");
  EXPECT_EQ(write_ok([](writer& w) { w.boolean(false); }), "false");
  EXPECT_EQ(write_ok([](writer& w) { w.int64(7); }), "7");
  EXPECT_EQ(write_ok([](writer& w) { w.string("s"); }), R"("s")");
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

// ---- strings: escapes ---------------------------------------------------------------------

TEST(WriterStrings, QuoteAndBackslashAndShortForms) {
  EXPECT_EQ(str("\""), R"("\"")");
  EXPECT_EQ(str("\\"), R"("\\")");
  EXPECT_EQ(str("\b"), R"("\b")");
  EXPECT_EQ(str("\f"), R"("\f")");
  EXPECT_EQ(str("\n"), R"("\n")");
  EXPECT_EQ(str("\r"), R"("\r")");
  EXPECT_EQ(str("\t"), R"("\t")");
  EXPECT_EQ(str("a\"b\\c\bd\fe\nf\rg\th"), R"("a\"b\\c\bd\fe\nf\rg\th")");
  EXPECT_EQ(str("plain text 123 ~!@#$%^*()_+-=[]{}|;':,.?"), R"("plain text 123 ~!@#$%^*()_+-=[]{}|;':,.?")");
}

TEST(WriterStrings, OtherControlCharactersAsLowercaseU00XX) {
  EXPECT_EQ(str("\0"sv), R"("\u0000")");
  EXPECT_EQ(str("\x01"), R"("\u0001")");
  EXPECT_EQ(str("\x07"), R"("\u0007")");
  EXPECT_EQ(str("\x0b"), R"("\u000b")");
  EXPECT_EQ(str("\x0e"), R"("\u000e")");
  EXPECT_EQ(str("\x1a"), R"("\u001a")");
  EXPECT_EQ(str("\x1f"), R"("\u001f")");
  EXPECT_EQ(str("a\0b"sv), R"("a\u0000b")");
  // Every control character, checked against the rule of the specification.
  const char* short_forms[32] = {};
  short_forms[0x08] = R"(\b)";
  short_forms[0x09] = R"(\t)";
  short_forms[0x0a] = R"(\n)";
  short_forms[0x0c] = R"(\f)";
  short_forms[0x0d] = R"(\r)";
  const char hex[] = "0123456789abcdef";
  for (int c = 0; c < 0x20; ++c) {
    std::string expected = "\"";
    if (short_forms[c] != nullptr) {
      expected += short_forms[c];
    } else {
      expected += "\\u00";
      expected += hex[c >> 4];
      expected += hex[c & 15];
    }
    expected += "\"";
    EXPECT_EQ(str(std::string(1, static_cast<char>(c))), expected) << "control character " << c;
    encode_options raw;
    raw.ensure_ascii = false;
    EXPECT_EQ(str(std::string(1, static_cast<char>(c)), raw), expected) << "control character " << c;
  }
}

TEST(WriterStrings, DelIsNotEscaped) {
  EXPECT_EQ(str("\x7f"), "\"\x7f\"");
  encode_options raw;
  raw.ensure_ascii = false;
  EXPECT_EQ(str("a\x7f"
                "b",
                raw),
            "\"a\x7f"
            "b\"");
}

TEST(WriterStrings, ForwardSlashEscapedByDefault) {
  EXPECT_EQ(str("/"), R"("\/")");
  EXPECT_EQ(str("http://x.org/a"), R"("http:\/\/x.org\/a")");
  encode_options o;
  o.escape_forward_slashes = false;
  EXPECT_EQ(str("http://x.org/a", o), R"("http://x.org/a")");
}

TEST(WriterStrings, HtmlCharsOnlyWhenAsked) {
  EXPECT_EQ(str("<a href=\"x\">&</a>"), R"("<a href=\"x\">&<\/a>")");
  encode_options o;
  o.encode_html_chars = true;
  EXPECT_EQ(str("<a href=\"x\">&</a>", o), R"("\u003ca href=\"x\"\u003e\u0026\u003c\/a\u003e")");
  EXPECT_EQ(str("<>&", o), R"("\u003c\u003e\u0026")");
  // Other characters are not touched by encode_html_chars.
  EXPECT_EQ(str("'=`", o), R"("'=`")");
  o.escape_forward_slashes = false;
  EXPECT_EQ(str("</script>", o), R"("\u003c/script\u003e")");
}

TEST(WriterStrings, EnsureAsciiEscapesNonAsciiWithLowercaseHex) {
  EXPECT_EQ(str("\xc3\xa9"), R"("\u00e9")");                    // é U+00E9
  EXPECT_EQ(str("\xc2\x80"), R"("\u0080")");                    // U+0080
  EXPECT_EQ(str("\xdf\xbf"), R"("\u07ff")");                    // U+07FF
  EXPECT_EQ(str("\xe0\xa0\x80"), R"("\u0800")");                // U+0800
  EXPECT_EQ(str("\xe2\x82\xac"), R"("\u20ac")");                // € U+20AC
  EXPECT_EQ(str("\xef\xbf\xbd"), R"("\ufffd")");                // U+FFFD
  EXPECT_EQ(str("\xef\xbf\xbf"), R"("\uffff")");                // U+FFFF
  EXPECT_EQ(str("\xee\x80\x80"), R"("\ue000")");                // U+E000, just past the surrogates
  EXPECT_EQ(str("\xed\x9f\xbf"), R"("\ud7ff")");                // U+D7FF, just before them
  EXPECT_EQ(str("\xe2\x80\xa8"), R"("\u2028")");                // LINE SEPARATOR
  EXPECT_EQ(str("\xf0\x9f\x98\x80"), R"("\ud83d\ude00")");      // 😀 U+1F600
  EXPECT_EQ(str("\xf0\x90\x80\x80"), R"("\ud800\udc00")");      // U+10000
  EXPECT_EQ(str("\xf4\x8f\xbf\xbf"), R"("\udbff\udfff")");      // U+10FFFF
  EXPECT_EQ(str("\xf0\x9d\x84\x9e"), R"("\ud834\udd1e")");      // 𝄞 U+1D11E
  EXPECT_EQ(str("caf\xc3\xa9 \xe2\x82\xac" "5 \xf0\x9f\x98\x80!"), R"("caf\u00e9 \u20ac5 \ud83d\ude00!")");
}

TEST(WriterStrings, EnsureAsciiFalseWritesUtf8AsIs) {
  encode_options o;
  o.ensure_ascii = false;
  EXPECT_EQ(str("\xc3\xa9", o), "\"\xc3\xa9\"");
  EXPECT_EQ(str("\xe2\x82\xac", o), "\"\xe2\x82\xac\"");
  EXPECT_EQ(str("\xf0\x9f\x98\x80", o), "\"\xf0\x9f\x98\x80\"");
  EXPECT_EQ(str("\xf4\x8f\xbf\xbf", o), "\"\xf4\x8f\xbf\xbf\"");
  // Still escapes what must be escaped.
  EXPECT_EQ(str("\xc3\xa9\n\"/", o), "\"\xc3\xa9\\n\\\"\\/\"");
}

TEST(WriterStrings, KeysAreEscapedLikeStrings) {
  const std::string out = write_ok([](writer& w) {
    w.begin_object();
    w.key("a/\xc3\xa9\n\"<");
    w.int64(1);
    w.end_object();
  });
  EXPECT_EQ(out, R"({"a\/\u00e9\n\"<":1})");
  encode_options o;
  o.ensure_ascii = false;
  o.escape_forward_slashes = false;
  o.encode_html_chars = true;
  const std::string out2 = write_ok(o, [](writer& w) {
    w.begin_object();
    w.key("a/\xc3\xa9\n\"<");
    w.int64(1);
    w.end_object();
  });
  EXPECT_EQ(out2, "{\"a/\xc3\xa9\\n\\\"\\u003c\":1}");
}

TEST(WriterStrings, OptionCombinations) {
  const std::string s = "</\xc3\xa9\xf0\x9f\x98\x80&>";
  encode_options o;  // defaults: ascii, slashes, no html
  EXPECT_EQ(str(s, o), R"("<\/\u00e9\ud83d\ude00&>")");
  o.encode_html_chars = true;
  EXPECT_EQ(str(s, o), R"("\u003c\/\u00e9\ud83d\ude00\u0026\u003e")");
  o.escape_forward_slashes = false;
  EXPECT_EQ(str(s, o), R"("\u003c/\u00e9\ud83d\ude00\u0026\u003e")");
  o.ensure_ascii = false;
  EXPECT_EQ(str(s, o), "\"\\u003c/\xc3\xa9\xf0\x9f\x98\x80\\u0026\\u003e\"");
  o.encode_html_chars = false;
  EXPECT_EQ(str(s, o), "\"</\xc3\xa9\xf0\x9f\x98\x80&>\"");
  o.escape_forward_slashes = true;
  EXPECT_EQ(str(s, o), "\"<\\/\xc3\xa9\xf0\x9f\x98\x80&>\"");
}

TEST(WriterStrings, LongStringsWithManyEscapes) {
  // Worst-case growth: every byte a control character, every sequence astral.
  std::string controls(1000, '\x01');
  std::string expected = "\"";
  for (int i = 0; i < 1000; ++i) expected += R"(\u0001)";
  expected += "\"";
  EXPECT_EQ(str(controls), expected);

  std::string astral;
  std::string astral_expected = "\"";
  for (int i = 0; i < 500; ++i) {
    astral += "\xf0\x9f\x98\x80";
    astral_expected += R"(\ud83d\ude00)";
  }
  astral_expected += "\"";
  EXPECT_EQ(str(astral), astral_expected);

  std::string plain(100000, 'a');
  EXPECT_EQ(str(plain), "\"" + plain + "\"");
}

TEST(WriterStrings, InvalidUtf8IsRejected) {
  const std::vector<std::string> bad = {
      "\xff",                  // never valid
      "\x80",                  // lone continuation byte
      "\xc3",                  // truncated two-byte sequence
      "\xc3\x28",              // bad continuation
      "\xc0\x80",              // overlong NUL
      "\xc1\xbf",              // overlong
      "\xe0\x80\x80",          // overlong three-byte
      "\xe2\x82",              // truncated three-byte
      "\xed\xa0\x80",          // encoded surrogate U+D800
      "\xed\xbf\xbf",          // encoded surrogate U+DFFF
      "\xf0\x80\x80\x80",      // overlong four-byte
      "\xf0\x9f\x98",          // truncated four-byte
      "\xf4\x90\x80\x80",      // above U+10FFFF
      "\xf5\x80\x80\x80",      // F5 lead byte
      "\xf8\x88\x80\x80\x80",  // five-byte form
      "ok\xe9",                // Latin-1, not UTF-8
  };
  for (const std::string& s : bad) {
    for (bool ascii : {true, false}) {
      encode_options o;
      o.ensure_ascii = ascii;
      {
        writer w(o);
        EXPECT_EQ(w.string(s), errc::invalid_utf8) << "string, ascii=" << ascii;
        EXPECT_EQ(w.status(), errc::invalid_utf8);
        EXPECT_FALSE(w.complete());
      }
      {
        writer w(o);
        w.begin_object();
        EXPECT_EQ(w.key(s), errc::invalid_utf8) << "key, ascii=" << ascii;
        EXPECT_EQ(w.status(), errc::invalid_utf8);
        EXPECT_FALSE(w.complete());
      }
      {
        std::string out = "stale";
        EXPECT_EQ(ujson::encode(s, out, o), errc::invalid_utf8);
        EXPECT_EQ(out, "");
      }
    }
  }
}

TEST(WriterStrings, LoneSurrogatesOnlyWithTheOption) {
  const std::string wtf8_high = "\xed\xa0\x80";  // U+D800 as generalized UTF-8
  const std::string wtf8_low = "\xed\xbf\xbf";   // U+DFFF
  encode_options o;
  o.allow_lone_surrogates = true;
  EXPECT_EQ(str(wtf8_high, o), R"("\ud800")");
  EXPECT_EQ(str(wtf8_low, o), R"("\udfff")");
  EXPECT_EQ(str("a" + wtf8_high + "b", o), R"("a\ud800b")");
  // Escaped even when ensure_ascii is off: raw surrogates are not UTF-8.
  o.ensure_ascii = false;
  EXPECT_EQ(str("\xc3\xa9" + wtf8_high, o), "\"\xc3\xa9\\ud800\"");
  // Other invalid UTF-8 stays invalid.
  writer w(o);
  EXPECT_EQ(w.string("\xff"), errc::invalid_utf8);
}

// ---- indent ---------------------------------------------------------------------------------

TEST(WriterIndent, SpecExample) {
  encode_options o;
  o.indent = 2;
  const std::string out = write_ok(o, [](writer& w) {
    w.begin_object();
    w.key("a");
    w.begin_array();
    w.int64(1);
    w.int64(2);
    w.end_array();
    w.key("b");
    w.begin_object();
    w.end_object();
    w.end_object();
  });
  EXPECT_EQ(out, "{\n  \"a\": [\n    1,\n    2\n  ],\n  \"b\": {}\n}");
}

TEST(WriterIndent, FourSpacesNestedArraysAndEmptyContainers) {
  encode_options o;
  o.indent = 4;
  const std::string out = write_ok(o, [](writer& w) {
    w.begin_array();
    w.begin_array();
    w.end_array();
    w.begin_array();
    w.int64(1);
    w.end_array();
    w.begin_object();
    w.end_object();
    w.end_array();
  });
  EXPECT_EQ(out, "[\n    [],\n    [\n        1\n    ],\n    {}\n]");
}

TEST(WriterIndent, OneSpaceObjectsInArrays) {
  encode_options o;
  o.indent = 1;
  const std::string out = write_ok(o, [](writer& w) {
    w.begin_array();
    w.begin_object();
    w.key("a");
    w.null();
    w.key("b");
    w.begin_array();
    w.string("x");
    w.end_array();
    w.end_object();
    w.boolean(true);
    w.end_array();
  });
  EXPECT_EQ(out, "[\n {\n  \"a\": null,\n  \"b\": [\n   \"x\"\n  ]\n },\n true\n]");
}

TEST(WriterIndent, TopLevelScalarsAndEmptyContainersHaveNoNewlines) {
  encode_options o;
  o.indent = 3;
  EXPECT_EQ(write_ok(o, [](writer& w) { w.int64(1); }), "1");
  EXPECT_EQ(write_ok(o, [](writer& w) { w.string("a"); }), R"("a")");
  EXPECT_EQ(write_ok(o,
                     [](writer& w) {
                       w.begin_array();
                       w.end_array();
                     }),
            "[]");
  EXPECT_EQ(write_ok(o,
                     [](writer& w) {
                       w.begin_object();
                       w.end_object();
                     }),
            "{}");
}

TEST(WriterIndent, OutOfRangeIsClamped) {
  encode_options o;
  o.indent = -3;  // clamped to 0: compact
  EXPECT_EQ(write_ok(o,
                     [](writer& w) {
                       w.begin_object();
                       w.key("k");
                       w.begin_array();
                       w.int64(1);
                       w.end_array();
                       w.end_object();
                     }),
            R"({"k":[1]})");
  o.indent = 1000;  // clamped to max_indent (64)
  EXPECT_EQ(write_ok(o,
                     [](writer& w) {
                       w.begin_array();
                       w.int64(1);
                       w.end_array();
                     }),
            "[\n" + std::string(64, ' ') + "1\n]");
}

// ---- sort_keys ----------------------------------------------------------------------------

TEST(WriterSortKeys, SortsRecursively) {
  encode_options o;
  o.sort_keys = true;
  const std::string out = write_ok(o, [](writer& w) {
    w.begin_object();
    w.key("b");
    w.int64(1);
    w.key("a");
    w.int64(2);
    w.key("c");
    w.begin_object();
    w.key("z");
    w.int64(1);
    w.key("y");
    w.int64(2);
    w.end_object();
    w.end_object();
  });
  EXPECT_EQ(out, R"({"a":2,"b":1,"c":{"y":2,"z":1}})");
}

TEST(WriterSortKeys, MembersOfDifferentLengthsMoveIntact) {
  encode_options o;
  o.sort_keys = true;
  const std::string out = write_ok(o, [](writer& w) {
    w.begin_object();
    w.key("long");
    w.string("xxxxxxxxxxxxxxxxxxxx");
    w.key("s");
    w.int64(1);
    w.key("a");
    w.begin_array();
    w.end_array();
    w.key("mid");
    w.begin_array();
    w.int64(10);
    w.int64(20);
    w.int64(30);
    w.end_array();
    w.end_object();
  });
  EXPECT_EQ(out, R"({"a":[],"long":"xxxxxxxxxxxxxxxxxxxx","mid":[10,20,30],"s":1})");
}

TEST(WriterSortKeys, ObjectsInsideArraysInsideObjects) {
  encode_options o;
  o.sort_keys = true;
  const std::string out = write_ok(o, [](writer& w) {
    w.begin_object();
    w.key("z");
    w.begin_array();
    w.begin_object();
    w.key("b");
    w.int64(1);
    w.key("a");
    w.int64(2);
    w.end_object();
    w.begin_object();
    w.key("d");
    w.int64(3);
    w.key("c");
    w.begin_object();
    w.key("f");
    w.null();
    w.key("e");
    w.null();
    w.end_object();
    w.end_object();
    w.end_array();
    w.key("y");
    w.begin_object();
    w.end_object();
    w.key("x");
    w.begin_object();
    w.key("only");
    w.boolean(true);
    w.end_object();
    w.end_object();
  });
  EXPECT_EQ(out, R"({"x":{"only":true},"y":{},"z":[{"a":2,"b":1},{"c":{"e":null,"f":null},"d":3}]})");
}

TEST(WriterSortKeys, CodePointOrderOfRawKeysNotOfEscapedText) {
  encode_options o;
  o.sort_keys = true;
  // With ensure_ascii, "é" is written "\u00e9", which starts with '\' (0x5C) < 'a'; its
  // raw UTF-8 (C3 A9) sorts after every ASCII key.
  const std::string out = write_ok(o, [](writer& w) {
    w.begin_object();
    w.key("\xc3\xa9");
    w.int64(3);
    w.key("z");
    w.int64(2);
    w.key("a");
    w.int64(1);
    w.end_object();
  });
  EXPECT_EQ(out, R"({"a":1,"z":2,"\u00e9":3})");
  // "/" (0x2F) < "0" (0x30) < "A" (0x41), although "/" is written "\/".
  const std::string slash = write_ok(o, [](writer& w) {
    w.begin_object();
    w.key("A");
    w.int64(3);
    w.key("0");
    w.int64(2);
    w.key("/");
    w.int64(1);
    w.end_object();
  });
  EXPECT_EQ(slash, R"({"\/":1,"0":2,"A":3})");
  // Uppercase before lowercase, prefixes first, the empty key before all.
  const std::string ascii = write_ok(o, [](writer& w) {
    w.begin_object();
    for (const char* k : {"ab", "b", "B", "aa", "a", ""}) {
      w.key(k);
      w.null();
    }
    w.end_object();
  });
  EXPECT_EQ(ascii, R"({"":null,"B":null,"a":null,"aa":null,"ab":null,"b":null})");
  // Code point order, not UTF-16 order: U+FFFF (EF BF BF) < U+10000 (F0 90 80 80), although
  // in UTF-16 U+10000 (D800 DC00) comes first. U+E000 < U+FFFF.
  encode_options raw = o;
  raw.ensure_ascii = false;
  const std::string astral = write_ok(raw, [](writer& w) {
    w.begin_object();
    w.key("\xf0\x90\x80\x80");
    w.int64(3);
    w.key("\xef\xbf\xbf");
    w.int64(2);
    w.key("\xee\x80\x80");
    w.int64(1);
    w.end_object();
  });
  EXPECT_EQ(astral, "{\"\xee\x80\x80\":1,\"\xef\xbf\xbf\":2,\"\xf0\x90\x80\x80\":3}");
}

TEST(WriterSortKeys, StableForDuplicateKeys) {
  encode_options o;
  o.sort_keys = true;
  const std::string out = write_ok(o, [](writer& w) {
    w.begin_object();
    w.key("b");
    w.string("first b");
    w.key("a");
    w.int64(1);
    w.key("b");
    w.string("second b");
    w.key("a");
    w.int64(3);
    w.key("a");
    w.int64(2);
    w.end_object();
  });
  EXPECT_EQ(out, R"({"a":1,"a":3,"a":2,"b":"first b","b":"second b"})");
}

TEST(WriterSortKeys, WithIndent) {
  encode_options o;
  o.sort_keys = true;
  o.indent = 2;
  const std::string out = write_ok(o, [](writer& w) {
    w.begin_object();
    w.key("b");
    w.begin_array();
    w.int64(1);
    w.begin_object();
    w.key("d");
    w.int64(1);
    w.key("c");
    w.int64(2);
    w.end_object();
    w.end_array();
    w.key("a");
    w.begin_object();
    w.end_object();
    w.end_object();
  });
  EXPECT_EQ(out,
            "{\n"
            "  \"a\": {},\n"
            "  \"b\": [\n"
            "    1,\n"
            "    {\n"
            "      \"c\": 2,\n"
            "      \"d\": 1\n"
            "    }\n"
            "  ]\n"
            "}");
}

TEST(WriterSortKeys, WithIndentNestedObjectsAndAllOtherOptions) {
  encode_options o;
  o.sort_keys = true;
  o.indent = 1;
  o.encode_html_chars = true;
  o.escape_forward_slashes = false;
  o.ensure_ascii = true;
  const std::string out = write_ok(o, [](writer& w) {
    w.begin_object();
    w.key("z</>");
    w.begin_object();
    w.key("\xc3\xa9");
    w.string("&");
    w.key("e");
    w.number(1.0);
    w.end_object();
    w.key("m");
    w.begin_array();
    w.end_array();
    w.end_object();
  });
  EXPECT_EQ(out,
            "{\n"
            " \"m\": [],\n"
            " \"z\\u003c/\\u003e\": {\n"
            "  \"e\": 1.0,\n"
            "  \"\\u00e9\": \"\\u0026\"\n"
            " }\n"
            "}");
}

TEST(WriterSortKeys, ManyMembers) {
  encode_options o;
  o.sort_keys = true;
  // 100 keys written in descending order come out ascending.
  auto key_of = [](int i) {
    std::string k = "k";
    k += static_cast<char>('0' + i / 10);
    k += static_cast<char>('0' + i % 10);
    return k;
  };
  const std::string out = write_ok(o, [&](writer& w) {
    w.begin_object();
    for (int i = 99; i >= 0; --i) {
      w.key(key_of(i));
      w.int64(i);
    }
    w.end_object();
  });
  std::string expected = "{";
  for (int i = 0; i < 100; ++i) {
    if (i != 0) expected += ",";
    expected += "\"" + key_of(i) + "\":" + std::to_string(i);
  }
  expected += "}";
  EXPECT_EQ(out, expected);
}

TEST(WriterSortKeys, OffLeavesInsertionOrder) {
  const std::string out = write_ok([](writer& w) {
    w.begin_object();
    w.key("b");
    w.int64(1);
    w.key("a");
    w.int64(2);
    w.end_object();
  });
  EXPECT_EQ(out, R"({"b":1,"a":2})");
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

// ---- misuse and sticky errors -----------------------------------------------------------------

TEST(WriterMisuse, KeyOutsideAnObject) {
  {
    writer w;
    EXPECT_EQ(w.key("a"), errc::invalid_writer_call);
    EXPECT_EQ(w.status(), errc::invalid_writer_call);
  }
  {
    writer w;
    w.begin_array();
    EXPECT_EQ(w.key("a"), errc::invalid_writer_call);
  }
  {
    writer w;
    w.null();
    EXPECT_EQ(w.key("a"), errc::invalid_writer_call);
  }
}

TEST(WriterMisuse, ValueWhereAKeyIsExpected) {
  {
    writer w;
    w.begin_object();
    EXPECT_EQ(w.int64(1), errc::invalid_writer_call);
  }
  {
    writer w;
    w.begin_object();
    w.key("a");
    w.int64(1);
    EXPECT_EQ(w.string("b"), errc::invalid_writer_call);
  }
  {
    writer w;
    w.begin_object();
    EXPECT_EQ(w.begin_array(), errc::invalid_writer_call);
  }
  {
    writer w;
    w.begin_object();
    EXPECT_EQ(w.begin_object(), errc::invalid_writer_call);
  }
  {
    writer w;
    w.begin_object();
    EXPECT_EQ(w.null(), errc::invalid_writer_call);
  }
  {
    writer w;
    w.begin_object();
    EXPECT_EQ(w.number(1.0), errc::invalid_writer_call);
  }
  {
    writer w;
    w.begin_object();
    EXPECT_EQ(w.raw_number("1"), errc::invalid_writer_call);
  }
  {
    writer w;
    w.begin_object();
    EXPECT_EQ(w.uint64(1), errc::invalid_writer_call);
  }
  {
    writer w;
    w.begin_object();
    EXPECT_EQ(w.boolean(true), errc::invalid_writer_call);
  }
}

TEST(WriterMisuse, TwoKeysInARow) {
  writer w;
  w.begin_object();
  EXPECT_EQ(w.key("a"), errc::ok);
  EXPECT_EQ(w.key("b"), errc::invalid_writer_call);
}

TEST(WriterMisuse, MismatchedEnds) {
  {
    writer w;
    w.begin_object();
    EXPECT_EQ(w.end_array(), errc::invalid_writer_call);
  }
  {
    writer w;
    w.begin_array();
    EXPECT_EQ(w.end_object(), errc::invalid_writer_call);
  }
  {
    writer w;
    EXPECT_EQ(w.end_array(), errc::invalid_writer_call);
  }
  {
    writer w;
    EXPECT_EQ(w.end_object(), errc::invalid_writer_call);
  }
  {
    writer w;
    w.begin_array();
    w.end_array();
    EXPECT_EQ(w.end_array(), errc::invalid_writer_call);
  }
}

TEST(WriterMisuse, EndObjectAfterADanglingKey) {
  writer w;
  w.begin_object();
  w.key("a");
  EXPECT_EQ(w.end_object(), errc::invalid_writer_call);
  EXPECT_FALSE(w.complete());
}

TEST(WriterMisuse, SecondTopLevelValue) {
  {
    writer w;
    EXPECT_EQ(w.null(), errc::ok);
    EXPECT_TRUE(w.complete());
    EXPECT_EQ(w.null(), errc::invalid_writer_call);
    EXPECT_FALSE(w.complete());
  }
  {
    writer w;
    w.begin_array();
    w.end_array();
    EXPECT_EQ(w.begin_array(), errc::invalid_writer_call);
  }
  {
    writer w;
    w.begin_object();
    w.end_object();
    EXPECT_EQ(w.string("x"), errc::invalid_writer_call);
  }
  {
    writer w;
    w.int64(1);
    EXPECT_EQ(w.number(std::nan("")), errc::invalid_writer_call);
  }
}

TEST(WriterMisuse, ErrorsStick) {
  writer w;
  w.begin_array();
  w.int64(1);
  const std::string before(w.output());
  EXPECT_EQ(w.end_object(), errc::invalid_writer_call);
  // Every later call, valid or not, does nothing and reports the first error.
  EXPECT_EQ(w.int64(2), errc::invalid_writer_call);
  EXPECT_EQ(w.string("x"), errc::invalid_writer_call);
  EXPECT_EQ(w.begin_object(), errc::invalid_writer_call);
  EXPECT_EQ(w.key("k"), errc::invalid_writer_call);
  EXPECT_EQ(w.end_array(), errc::invalid_writer_call);
  EXPECT_EQ(w.number(std::nan("")), errc::invalid_writer_call);
  EXPECT_EQ(w.string("\xff"), errc::invalid_writer_call);  // not invalid_utf8: the first error wins
  EXPECT_EQ(w.status(), errc::invalid_writer_call);
  EXPECT_FALSE(w.complete());
  EXPECT_EQ(std::string(w.output()), before);
}

TEST(WriterMisuse, FirstErrorWinsForInvalidUtf8Too) {
  writer w;
  w.begin_array();
  EXPECT_EQ(w.string("\xc3"), errc::invalid_utf8);
  EXPECT_EQ(w.end_object(), errc::invalid_utf8);
  EXPECT_EQ(w.end_array(), errc::invalid_utf8);
  EXPECT_EQ(w.status(), errc::invalid_utf8);
}

TEST(WriterMisuse, CompleteAndDepth) {
  writer w;
  EXPECT_FALSE(w.complete());
  EXPECT_EQ(w.depth(), 0u);
  w.begin_array();
  EXPECT_EQ(w.depth(), 1u);
  w.begin_object();
  EXPECT_EQ(w.depth(), 2u);
  EXPECT_FALSE(w.complete());
  w.end_object();
  EXPECT_EQ(w.depth(), 1u);
  w.end_array();
  EXPECT_EQ(w.depth(), 0u);
  EXPECT_TRUE(w.complete());
  EXPECT_EQ(w.output(), "[{}]");
}

// ---- max_depth ----------------------------------------------------------------------------------

TEST(WriterDepth, DefaultLimitIs1024) {
  writer w;
  for (int i = 0; i < 1024; ++i) ASSERT_EQ(w.begin_array(), errc::ok) << i;
  EXPECT_EQ(w.begin_array(), errc::depth_exceeded);
  EXPECT_EQ(w.status(), errc::depth_exceeded);
  EXPECT_EQ(w.end_array(), errc::depth_exceeded);

  writer ok;
  for (int i = 0; i < 1024; ++i) ok.begin_array();
  for (int i = 0; i < 1024; ++i) ok.end_array();
  EXPECT_TRUE(ok.complete());
  EXPECT_EQ(ok.output(), std::string(1024, '[') + std::string(1024, ']'));
}

TEST(WriterDepth, CustomLimitCountsArraysAndObjects) {
  encode_options o;
  o.max_depth = 3;
  {
    writer w(o);
    w.begin_array();
    w.begin_object();
    w.key("a");
    w.begin_array();
    w.end_array();
    w.end_object();
    w.end_array();
    EXPECT_TRUE(w.complete());
    EXPECT_EQ(w.output(), R"([{"a":[]}])");
  }
  {
    writer w(o);
    w.begin_array();
    w.begin_object();
    w.key("a");
    w.begin_array();
    EXPECT_EQ(w.begin_object(), errc::depth_exceeded);
    EXPECT_EQ(w.status(), errc::depth_exceeded);
  }
  {
    writer w(o);
    w.begin_object();
    w.key("a");
    w.begin_object();
    w.key("b");
    w.begin_object();
    w.key("c");
    EXPECT_EQ(w.begin_array(), errc::depth_exceeded);
  }
}

// ---- reset ------------------------------------------------------------------------------------

TEST(WriterReset, ReuseAfterSuccess) {
  writer w;
  w.begin_array();
  w.int64(1);
  w.end_array();
  EXPECT_EQ(w.output(), "[1]");
  w.reset();
  EXPECT_EQ(w.output(), "");
  EXPECT_FALSE(w.complete());
  EXPECT_EQ(w.status(), errc::ok);
  w.string("again");
  EXPECT_TRUE(w.complete());
  EXPECT_EQ(w.output(), R"("again")");
}

TEST(WriterReset, ReuseAfterError) {
  writer w;
  w.begin_object();
  w.int64(1);
  EXPECT_EQ(w.status(), errc::invalid_writer_call);
  w.reset();
  EXPECT_EQ(w.status(), errc::ok);
  EXPECT_EQ(w.depth(), 0u);
  w.begin_object();
  w.key("x");
  w.boolean(true);
  w.end_object();
  EXPECT_TRUE(w.complete());
  EXPECT_EQ(w.output(), R"({"x":true})");
}

TEST(WriterReset, ReuseInTheMiddleOfASortedIndentedObject) {
  encode_options o;
  o.sort_keys = true;
  o.indent = 2;
  writer w(o);
  w.begin_object();
  w.key("z");
  w.begin_object();
  w.key("q");
  w.int64(1);
  w.reset();  // abandon a half-written document, two objects deep
  w.begin_object();
  w.key("b");
  w.int64(2);
  w.key("a");
  w.int64(1);
  w.end_object();
  EXPECT_TRUE(w.complete());
  EXPECT_EQ(w.output(), "{\n  \"a\": 1,\n  \"b\": 2\n}");
}

TEST(WriterReset, ReuseAfterAnInvalidKeyInASortedObject) {
  encode_options o;
  o.sort_keys = true;
  writer w(o);
  w.begin_object();
  w.key("m");
  w.int64(1);
  w.key("b");
  w.begin_object();
  w.key("y");
  w.null();
  EXPECT_EQ(w.key("\xff"), errc::invalid_utf8);
  w.reset();
  w.begin_object();
  w.key("z");
  w.begin_object();
  w.key("d");
  w.int64(4);
  w.key("c");
  w.int64(3);
  w.end_object();
  w.key("a");
  w.int64(1);
  w.end_object();
  EXPECT_EQ(w.status(), errc::ok);
  EXPECT_EQ(w.output(), R"({"a":1,"z":{"c":3,"d":4}})");
}

TEST(WriterReset, ManyDocumentsOneWriter) {
  encode_options o;
  o.sort_keys = true;
  writer w(o);
  for (int i = 0; i < 100; ++i) {
    w.reset();
    w.begin_object();
    w.key("n");
    w.int64(i);
    w.key("a");
    w.begin_array();
    w.int64(i);
    w.end_array();
    w.end_object();
    ASSERT_TRUE(w.complete());
    ASSERT_EQ(w.output(), R"({"a":[)" + std::to_string(i) + R"(],"n":)" + std::to_string(i) + "}");
  }
}

TEST(WriterOutput, OutputBufferCanBeAppendedTo) {
  writer w;
  w.int64(5);
  w.output_buffer().push_back('\n');
  EXPECT_EQ(w.output(), "5\n");
}

// ---- adapters of encode.hpp ------------------------------------------------------------------

template <class T>
std::string enc(const T& v, const encode_options& o = {}) {
  std::string out = "stale";
  EXPECT_EQ(ujson::encode(v, out, o), errc::ok);
  return out;
}

TEST(Adapters, Integers) {
  EXPECT_EQ(enc(0), "0");
  EXPECT_EQ(enc(-42), "-42");
  EXPECT_EQ(enc(static_cast<std::int8_t>(-128)), "-128");
  EXPECT_EQ(enc(static_cast<std::uint8_t>(200)), "200");
  EXPECT_EQ(enc(static_cast<std::int16_t>(-32768)), "-32768");
  EXPECT_EQ(enc(static_cast<std::uint16_t>(65535)), "65535");
  EXPECT_EQ(enc(std::numeric_limits<std::int32_t>::min()), "-2147483648");
  EXPECT_EQ(enc(std::numeric_limits<std::uint32_t>::max()), "4294967295");
  EXPECT_EQ(enc(std::numeric_limits<long long>::min()), "-9223372036854775808");
  EXPECT_EQ(enc(std::numeric_limits<std::int64_t>::max()), "9223372036854775807");
  EXPECT_EQ(enc(std::numeric_limits<unsigned long long>::max()), "18446744073709551615");
  EXPECT_EQ(enc(std::numeric_limits<std::size_t>::max()), "18446744073709551615");
}

TEST(Adapters, BoolNullFloating) {
  EXPECT_EQ(enc(true), "true");
  EXPECT_EQ(enc(false), "false");
  EXPECT_EQ(enc(nullptr), "null");
  EXPECT_EQ(enc(0.5), "0.5");
  EXPECT_EQ(enc(0.5f), "0.5");
  EXPECT_EQ(enc(2.0), "2.0");
  EXPECT_EQ(enc(0.1f), "0.10000000149011612");
}

TEST(Adapters, Strings) {
  EXPECT_EQ(enc(std::string("hi/there")), R"("hi\/there")");
  EXPECT_EQ(enc(std::string_view("tab\there")), R"("tab\there")");
  const char* p = "caf\xc3\xa9";
  EXPECT_EQ(enc(p), R"("caf\u00e9")");
  const char* null_p = nullptr;
  EXPECT_EQ(enc(null_p), "null");
  EXPECT_EQ(enc(std::string()), R"("")");
  EXPECT_EQ(enc(std::string("a\0b", 3)), R"("a\u0000b")");
}

TEST(Adapters, Optional) {
  EXPECT_EQ(enc(std::optional<int>()), "null");
  EXPECT_EQ(enc(std::optional<int>(5)), "5");
  EXPECT_EQ(enc(std::optional<std::string>("x")), R"("x")");
  EXPECT_EQ(enc(std::optional<std::vector<int>>(std::vector<int>{1})), "[1]");
}

TEST(Adapters, Vector) {
  EXPECT_EQ(enc(std::vector<int>{}), "[]");
  EXPECT_EQ(enc(std::vector<int>{1, 2, 3}), "[1,2,3]");
  EXPECT_EQ(enc(std::vector<std::optional<std::string>>{std::string("a"), std::nullopt}), R"(["a",null])");
  EXPECT_EQ(enc(std::vector<std::vector<int>>{{}, {1}, {2, 3}}), "[[],[1],[2,3]]");
  EXPECT_EQ(enc(std::vector<double>{1.0, -0.0, 0.25}), "[1.0,-0.0,0.25]");
}

TEST(Adapters, Maps) {
  EXPECT_EQ(enc(std::map<std::string, int>{}), "{}");
  EXPECT_EQ(enc(std::map<std::string, int>{{"b", 1}, {"a", 2}}), R"({"a":2,"b":1})");
  EXPECT_EQ(enc(std::map<std::string, std::vector<int>>{{"k", {1, 2}}}), R"({"k":[1,2]})");
  EXPECT_EQ(enc(std::unordered_map<std::string, int>{{"only", 1}}), R"({"only":1})");
  encode_options sorted;
  sorted.sort_keys = true;
  std::unordered_map<std::string, std::optional<int>> u;
  for (int i = 9; i >= 0; --i) u["key" + std::to_string(i)] = i % 2 ? std::optional<int>(i) : std::nullopt;
  EXPECT_EQ(enc(u, sorted),
            R"({"key0":null,"key1":1,"key2":null,"key3":3,"key4":null,"key5":5,"key6":null,"key7":7,"key8":null,"key9":9})");
}

TEST(Adapters, NestedWithOptions) {
  std::map<std::string, std::vector<std::map<std::string, std::string>>> m;
  m["list"] = {{{"url", "a/b"}}, {}};
  encode_options o;
  o.indent = 2;
  EXPECT_EQ(enc(m, o),
            "{\n"
            "  \"list\": [\n"
            "    {\n"
            "      \"url\": \"a\\/b\"\n"
            "    },\n"
            "    {}\n"
            "  ]\n"
            "}");
}

TEST(Adapters, EncodeFailureLeavesOutputEmpty) {
  std::string out = "stale";
  EXPECT_EQ(ujson::encode(std::vector<std::string>{"ok", "\xff"}, out), errc::invalid_utf8);
  EXPECT_EQ(out, "");
  out = "stale";
  EXPECT_EQ(ujson::encode(std::map<std::string, int>{{"\xc0\x80", 1}}, out), errc::invalid_utf8);
  EXPECT_EQ(out, "");
}

TEST(Adapters, WriteValueReportsStatus) {
  writer w;
  EXPECT_EQ(ujson::write_value(w, std::vector<int>{1, 2}), errc::ok);
  EXPECT_EQ(w.output(), "[1,2]");
  EXPECT_EQ(ujson::write_value(w, 3), errc::invalid_writer_call);  // a second top-level value
}

struct not_adapted {};
static_assert(!ujson::encodable<not_adapted>);
static_assert(!ujson::encodable<std::vector<not_adapted>>);
static_assert(ujson::encodable<std::vector<std::map<std::string, std::optional<int>>>>);
static_assert(ujson::encodable<const char*>);
static_assert(ujson::encodable<std::nullptr_t>);

}  // namespace

// ---- user adapters ------------------------------------------------------------------------------

namespace test_model {

struct point {
  int x = 0;
  int y = 0;
  std::string label;
  std::vector<double> tags;
};

// A linked structure that can form a cycle.
struct node {
  int id = 0;
  const node* next = nullptr;
};

// A tree whose children are pointers, so a child can point back to an ancestor.
struct tree {
  std::string name;
  std::vector<const tree*> children;
};

}  // namespace test_model

template <>
struct ujson::encode_adapter<test_model::point> {
  static void write(ujson::writer& w, const test_model::point& p) {
    w.begin_object();
    w.key("x");
    ujson::encode_adapter<int>::write(w, p.x);
    w.key("y");
    ujson::encode_adapter<int>::write(w, p.y);
    w.key("label");
    w.string(p.label);
    w.key("tags");
    ujson::encode_adapter<std::vector<double>>::write(w, p.tags);
    w.end_object();
  }
};

template <>
struct ujson::encode_adapter<test_model::node> {
  static void write(ujson::writer& w, const test_model::node& n) {
    // A recursive adapter stops as soon as the writer reports an error (depth_exceeded on
    // a cycle), which is what ends the recursion.
    if (w.begin_object() != ujson::errc::ok) return;
    w.key("id");
    w.int64(n.id);
    w.key("next");
    if (n.next != nullptr) {
      write(w, *n.next);
    } else {
      w.null();
    }
    w.end_object();
  }
};

template <>
struct ujson::encode_adapter<test_model::tree> {
  static void write(ujson::writer& w, const test_model::tree& t) {
    if (w.begin_object() != ujson::errc::ok) return;
    w.key("name");
    w.string(t.name);
    w.key("children");
    if (w.begin_array() != ujson::errc::ok) return;
    for (const test_model::tree* c : t.children) {
      write(w, *c);
      if (w.status() != ujson::errc::ok) return;
    }
    w.end_array();
    w.end_object();
  }
};

namespace {

TEST(UserAdapters, Struct) {
  const test_model::point p{1, -2, "p/q", {0.5, 1.0}};
  EXPECT_EQ(enc(p), R"({"x":1,"y":-2,"label":"p\/q","tags":[0.5,1.0]})");
  encode_options o;
  o.sort_keys = true;
  EXPECT_EQ(enc(p, o), R"({"label":"p\/q","tags":[0.5,1.0],"x":1,"y":-2})");
  EXPECT_EQ(enc(std::vector<test_model::point>{p, test_model::point{}}),
            R"([{"x":1,"y":-2,"label":"p\/q","tags":[0.5,1.0]},{"x":0,"y":0,"label":"","tags":[]}])");
  EXPECT_EQ(enc(std::optional<test_model::point>()), "null");
  static_assert(ujson::encodable<std::map<std::string, test_model::point>>);
}

TEST(UserAdapters, RecursiveStructWithoutCycle) {
  test_model::node c{3, nullptr};
  test_model::node b{2, &c};
  test_model::node a{1, &b};
  EXPECT_EQ(enc(a), R"({"id":1,"next":{"id":2,"next":{"id":3,"next":null}}})");
}

TEST(UserAdapters, CycleGivesDepthExceededNotACrash) {
  test_model::node a{1, nullptr};
  test_model::node b{2, &a};
  a.next = &b;
  std::string out = "stale";
  EXPECT_EQ(ujson::encode(a, out), errc::depth_exceeded);
  EXPECT_EQ(out, "");

  test_model::node self{7, nullptr};
  self.next = &self;
  out = "stale";
  EXPECT_EQ(ujson::encode(self, out), errc::depth_exceeded);
  EXPECT_EQ(out, "");

  // A cycle through a tree's children, with a small limit.
  test_model::tree root{"root", {}};
  test_model::tree child{"child", {&root}};
  root.children.push_back(&child);
  encode_options o;
  o.max_depth = 10;
  out = "stale";
  EXPECT_EQ(ujson::encode(root, out, o), errc::depth_exceeded);
  EXPECT_EQ(out, "");
}

TEST(UserAdapters, MaxDepthIsExactForAChain) {
  // A chain of 5 nodes nests 5 objects.
  std::vector<test_model::node> chain(5);
  for (int i = 0; i < 5; ++i) {
    chain[i].id = i;
    chain[i].next = i + 1 < 5 ? &chain[i + 1] : nullptr;
  }
  encode_options o;
  o.max_depth = 5;
  EXPECT_EQ(enc(chain[0], o),
            R"({"id":0,"next":{"id":1,"next":{"id":2,"next":{"id":3,"next":{"id":4,"next":null}}}}})");
  o.max_depth = 4;
  std::string out;
  EXPECT_EQ(ujson::encode(chain[0], out, o), errc::depth_exceeded);
}

}  // namespace
