// The writer's strings: the escapes, ensure_ascii, escape_forward_slashes,
// encode_html_chars, allow_lone_surrogates, and the rejection of invalid UTF-8. Every
// expected string is written by hand from the encoder specification (UltraJSON's options),
// never copied from output.

#include <gtest/gtest.h>

#include <cstdio>

#include <string>
#include <string_view>
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

using namespace std::string_view_literals;

// One top-level string.
std::string str(std::string_view s, const encode_options& options = {}) {
  return write_ok(options, [&](writer& w) { EXPECT_EQ(w.string(s), errc::ok); });
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

// Under ensure_ascii, runs of two-byte sequences take a path of their own: every code point
// U+0080..U+07FF, in one run, between ASCII and beside three- and four-byte ones.
TEST(WriterStrings, EveryTwoByteCodePointEscaped) {
  std::string run, expected = "\"";
  for (std::uint32_t cp = 0x80; cp < 0x800; ++cp) {
    run += static_cast<char>(0xC0 | (cp >> 6));
    run += static_cast<char>(0x80 | (cp & 0x3F));
    char escape[8];
    std::snprintf(escape, sizeof escape, "\\u%04x", static_cast<unsigned>(cp));
    expected += escape;
  }
  expected += "\"";
  EXPECT_EQ(str(run), expected);
  EXPECT_EQ(str("a" + run.substr(0, 4) + "b\xe2\x82\xac" + run.substr(4, 2) + "\xf0\x9f\x98\x80"),
            "\"a\\u0080\\u0081b\\u20ac\\u0082\\ud83d\\ude00\"");
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
      "\xd8\xa8\xc3",          // a two-byte run, then a truncated one
      "\xd8\xa8\xc0\x80",      // a two-byte run, then an overlong one
      "\xd8\xa8\xd8\x28",      // a two-byte run, then a bad continuation
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

// Inside containers, where key() and string() take their inline path (compact, unsorted):
// invalid text still stops the writer, and what went before stays as it was.
TEST(WriterStrings, InvalidUtf8InsideContainersIsRejected) {
  for (bool ascii : {true, false}) {
    encode_options o;
    o.ensure_ascii = ascii;
    {
      writer w(o);
      ASSERT_EQ(w.begin_array(), errc::ok);
      ASSERT_EQ(w.string("a"), errc::ok);
      EXPECT_EQ(w.string("b\xc3\x28"), errc::invalid_utf8) << "ascii=" << ascii;
      EXPECT_EQ(w.status(), errc::invalid_utf8);
      EXPECT_EQ(w.output().substr(0, 4), R"(["a")");
    }
    {
      writer w(o);
      ASSERT_EQ(w.begin_object(), errc::ok);
      ASSERT_EQ(w.key("k"), errc::ok);
      EXPECT_EQ(w.string("\xed\xa0\x80"), errc::invalid_utf8) << "ascii=" << ascii;
      EXPECT_EQ(w.key("k2"), errc::invalid_utf8);  // the error sticks
    }
  }
}

// trusted_utf8: the caller vouches for its text (Python's str), so non-ASCII text passed
// through is not checked again; the output of valid text is the same as without it. Bytes
// that are no UTF-8 then go out as they came (which is why only such callers set it).
TEST(WriterStrings, TrustedUtf8SkipsOnlyTheCheck) {
  encode_options o;
  o.ensure_ascii = false;
  o.escape_forward_slashes = false;
  o.trusted_utf8 = true;
  const std::string text = "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80 / \"";
  EXPECT_EQ(str(text, o), "\"caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80 / \\\"\"");
  EXPECT_EQ(str("\xff\xfe", o), "\"\xff\xfe\"");
  // Under ensure_ascii every sequence is decoded, so it is still checked.
  o.ensure_ascii = true;
  writer ascii(o);
  EXPECT_EQ(ascii.string("\xff"), errc::invalid_utf8);
  // Canonical output must tell a lone surrogate from text: it ignores the option.
  encode_options c;
  c.canonical = true;
  c.trusted_utf8 = true;
  writer canonical(c);
  EXPECT_FALSE(canonical.options().trusted_utf8);
  EXPECT_EQ(canonical.string("\xed\xa0\x80"), errc::not_canonicalizable);
}

}  // namespace
