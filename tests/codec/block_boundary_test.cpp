// Block boundaries of the SIMD stages: every structural character, quote, backslash run,
// control character and multi-byte UTF-8 sequence at every offset of two 64-byte blocks,
// in the middle of the input and at its very end, with nothing readable after the last
// byte (guarded_buffer). The expected verdict and error (code and offset) of each input
// follow from its construction and RFC 8259; they are checked against validate() and the
// DOM (the decoder with and without values) on every kernel this CPU runs (stage 1 with
// the index walk on the SIMD kernels, the byte machine on the portable one). `make test`
// runs the file once per kernel set (UJSON_FORCE_KERNEL) as well.

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "support/guarded_buffer.hpp"
#include "ujson/detail/kernels.hpp"
#include "ujson/dom.hpp"
#include "ujson/validate.hpp"

namespace {

constexpr std::size_t block = 64;
constexpr std::size_t shifts = 2 * block;  // every offset of a block, and of the next one

struct expectation {
  ujson::errc code = ujson::errc::ok;
  std::size_t offset = 0;  // of the first offending byte; ignored when code is ok
};

class BlockBoundary : public ::testing::Test {
 protected:
  ujson::test::guarded_buffer buffer_{4096};
  int failures_ = 0;

  void check(std::string_view text, expectation want, const std::string& what) {
    if (failures_ >= 10) return;  // one broken guard would otherwise report thousands
    const std::string_view input = buffer_.place(text);
    expect(ujson::validate(input), want, text, what, "validate");
    ujson::document doc;
    expect(doc.parse(input), want, text, what, "DOM");
    for (const ujson::detail::kernel_table* k : ujson::detail::runnable_kernels()) {
      ujson::decoder d;
      ujson::validating_handler v;
      expect(d.decode(input, v, *k), want, text, what, std::string("validate on ") + std::string(k->name));
    }
  }

  void expect(const ujson::error& e, expectation want, std::string_view text, const std::string& what,
              const std::string& by) {
    const bool same = e.code == want.code && (want.code == ujson::errc::ok ||
                                              (e.offset == want.offset && e.line == 1 && e.column == want.offset + 1));
    if (!same) {
      ++failures_;
      ADD_FAILURE() << what << ": got " << ujson::code_name(e.code) << " at " << e.offset << " (" << e.line << ':'
                    << e.column << "), want " << ujson::code_name(want.code) << " at " << want.offset << " (" << by
                    << ")\n  input: " << std::string(text);
    }
  }

  static expectation ok() { return {}; }
  static expectation fails(ujson::errc code, std::size_t offset) { return {code, offset}; }
};

// The guard itself: the byte after the input cannot be read.
TEST(GuardedBuffer, ReadingPastTheEndFaults) {
  ujson::test::guarded_buffer buffer(100);
  const std::string_view input = buffer.place("[1]");
  EXPECT_EQ(input.back(), ']');
  EXPECT_DEATH(
      {
        const volatile char* p = input.data() + input.size();
        std::printf("%d", *p);
      },
      "");
}

std::string spaces(std::size_t n) { return std::string(n, ' '); }
std::string letters(std::size_t n) { return std::string(n, 'a'); }

TEST_F(BlockBoundary, StructuralCharactersAtEveryOffset) {
  const std::string doc = R"({"a":[1,{},[]],"b":{"c":[true,null]}})";  // all six, nested
  for (std::size_t k = 0; k < shifts; ++k) {
    check(spaces(k) + doc, ok(), "valid, shifted by " + std::to_string(k));
    check(spaces(k) + doc + spaces(k % 7), ok(), "valid with trailing space, shifted by " + std::to_string(k));
    // Each structural character where it does not belong, at offset k + its place.
    check(spaces(k) + "[1,]", fails(ujson::errc::expected_value, k + 3), "[1,] at " + std::to_string(k));
    check(spaces(k) + "[1:2]", fails(ujson::errc::expected_comma_or_end, k + 2), "[1:2] at " + std::to_string(k));
    check(spaces(k) + R"({"a" 1})", fails(ujson::errc::expected_colon, k + 5), "{\"a\" 1} at " + std::to_string(k));
    check(spaces(k) + R"({"a":1,})", fails(ujson::errc::expected_key, k + 7), "{\"a\":1,} at " + std::to_string(k));
    check(spaces(k) + R"({"a":1])", fails(ujson::errc::expected_comma_or_end, k + 6), "{\"a\":1] at " + std::to_string(k));
    check(spaces(k) + "[]]", fails(ujson::errc::trailing_characters, k + 2), "[]] at " + std::to_string(k));
    check(spaces(k) + "{}{", fails(ujson::errc::trailing_characters, k + 2), "{}{ at " + std::to_string(k));
    // Cut at the end of the input, nothing after it.
    for (const char* open : {"[", "{", "[1,", "{\"a\":", "{\"a\"", "[[]"}) {
      const std::string text = spaces(k) + open;
      check(text, fails(ujson::errc::unexpected_end, text.size()), std::string(open) + " at the end, " + std::to_string(k));
    }
  }
}

TEST_F(BlockBoundary, QuotesAtEveryOffset) {
  for (std::size_t k = 0; k < shifts; ++k) {
    check("[\"" + letters(k) + "\"]", ok(), "string of " + std::to_string(k));
    check("\"" + letters(k) + "\"", ok(), "top-level string of " + std::to_string(k) + ", closed by the last byte");
    check(spaces(k) + "\"\"", ok(), "empty string at " + std::to_string(k));
    check(R"({")" + letters(k) + R"(":"x"})", ok(), "key of " + std::to_string(k));
    const std::string open = "[\"" + letters(k);
    check(open, fails(ujson::errc::unexpected_end, open.size()), "unterminated string of " + std::to_string(k));
    // A quote that closes a string and another that opens one, back to back: not a comma.
    check("[\"" + letters(k) + "\"\"b\"]", fails(ujson::errc::expected_comma_or_end, k + 3),
          "two strings without a comma, " + std::to_string(k));
  }
}

// A run of r backslashes before a quote escapes it exactly when r is odd.
TEST_F(BlockBoundary, BackslashRunsAtEveryOffset) {
  for (std::size_t r = 1; r <= 9; ++r) {
    for (std::size_t k = 0; k < shifts; ++k) {
      const std::string run(r, '\\');
      const std::string what = std::to_string(r) + " backslashes after " + std::to_string(k) + " letters";
      if (r % 2 == 0) {
        check("[\"" + letters(k) + run + "\"]", ok(), what);
        check("\"" + letters(k) + run + "\"", ok(), what + ", at the end");
      } else {
        const std::string escaped_quote = "[\"" + letters(k) + run + "\"]";  // the string never closes
        check(escaped_quote, fails(ujson::errc::unexpected_end, escaped_quote.size()), what);
        check("[\"" + letters(k) + run + "\"x\"]", ok(), what + ", then x and the real quote");
      }
      const std::string cut = "\"" + letters(k) + run;  // the input ends inside the run
      check(cut, fails(ujson::errc::unexpected_end, cut.size()), what + ", the input ends there");
    }
  }
}

TEST_F(BlockBoundary, ControlCharactersAndEscapesAtEveryOffset) {
  for (std::size_t k = 0; k < shifts; ++k) {
    const std::string what = " after " + std::to_string(k) + " letters";
    check("[\"" + letters(k) + "\x01\"]", fails(ujson::errc::control_character, k + 2), "U+0001" + what);
    check("[\"" + letters(k) + "\x1f\"]", fails(ujson::errc::control_character, k + 2), "U+001F" + what);
    check("[\"" + letters(k) + "\x7f\"]", ok(), "U+007F" + what);
    check("[\"" + letters(k) + "\\u00e9\\ud83d\\ude00\\n\"]", ok(), "escapes" + what);
    check("[\"" + letters(k) + "\\x\"]", fails(ujson::errc::invalid_escape, k + 2), "\\x" + what);
  }
}

TEST_F(BlockBoundary, MultiByteSequencesAtEveryOffset) {
  const std::vector<std::string> valid = {"\xC3\xA9", "\xE2\x82\xAC", "\xF0\x9F\x98\x80", "\xF4\x8F\xBF\xBF", "\xEF\xBF\xBF"};
  for (const std::string& seq : valid) {
    for (std::size_t k = 0; k < shifts; ++k) {
      const std::string what = std::to_string(seq.size()) + "-byte sequence after " + std::to_string(k) + " letters";
      check("[\"" + letters(k) + seq + "\"]", ok(), what);
      check("\"" + letters(k) + seq + "\"", ok(), what + ", at the end");
      check("[\"" + letters(k) + seq + seq + letters(k % 5) + "\"]", ok(), what + ", twice");
      // Cut short: the lead byte is the offending one, also when the input ends there.
      const std::string cut = seq.substr(0, seq.size() - 1);
      check("[\"" + letters(k) + cut + "\"]", fails(ujson::errc::invalid_utf8, k + 2), what + ", cut short");
      check("\"" + letters(k) + cut, fails(ujson::errc::invalid_utf8, k + 1), what + ", cut by the end of the input");
      const std::string unclosed = "\"" + letters(k) + seq;
      check(unclosed, fails(ujson::errc::unexpected_end, unclosed.size()), what + ", unclosed at the end");
    }
  }
  for (std::size_t k = 0; k < shifts; ++k) {
    const std::string what = " after " + std::to_string(k) + " letters";
    check("[\"" + letters(k) + "\x80\"]", fails(ujson::errc::invalid_utf8, k + 2), "a stray continuation byte" + what);
    check("[\"" + letters(k) + "\xC0\xAF\"]", fails(ujson::errc::invalid_utf8, k + 2), "an overlong form" + what);
    check("[\"" + letters(k) + "\xED\xA0\x80\"]", fails(ujson::errc::invalid_utf8, k + 2), "a surrogate" + what);
    check("[\"" + letters(k) + "\xF4\x90\x80\x80\"]", fails(ujson::errc::invalid_utf8, k + 2), "above U+10FFFF" + what);
    check(spaces(k) + "\xC3\xA9", fails(ujson::errc::expected_value, k), "UTF-8 outside a string" + what);
  }
}

TEST_F(BlockBoundary, ScalarsEndingTheInput) {
  for (std::size_t k = 0; k < shifts; ++k) {
    for (const char* scalar : {"0", "-1", "12345678901234567890", "1.5", "-0.25e+10", "1E-7", "true", "false", "null"}) {
      check(spaces(k) + scalar, ok(), std::string(scalar) + " at the end, after " + std::to_string(k) + " spaces");
      check("[" + letters(0) + spaces(k) + scalar + "]", ok(), std::string(scalar) + " in an array, " + std::to_string(k));
    }
  }
}

}  // namespace
