// Error codes and positions, every expected value computed by hand.
//
// Conventions (errors.hpp, handler.hpp, decoder_impl.hpp):
//   - offset is the byte offset of the first offending byte; line and column are 1-based,
//     lines split at '\n' only, columns count bytes (a '\r' before '\n' is a byte of its line);
//   - input that ends inside a value: unexpected_end at offset == input length;
//   - an invalid escape, a bad \u escape or a lone surrogate: the offset of its backslash;
//   - trailing garbage: the first non-space byte after the value;
//   - a leading zero ("01"): the second digit; a number cut short ("1.", "-", "1e"): just
//     past its last valid character;
//   - empty or whitespace-only input: empty_input (at the end of the whitespace);
//   - a handler's error (stopped, or duplicate_key from the DOM): the offset of the token
//     that caused the event ("{...}" duplicates are found at the object's closing brace).

#include <gtest/gtest.h>

#include <cstdint>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "ujson/decoder.hpp"
#include "ujson/dom.hpp"
#include "ujson/errors.hpp"
#include "ujson/handler.hpp"
#include "ujson/options.hpp"
#include "ujson/validate.hpp"

namespace {

using ujson::errc;

// A string literal with its exact bytes, embedded NULs included.
template <std::size_t N>
std::string bytes(const char (&s)[N]) {
  return std::string(s, N - 1);
}

struct error_case {
  const char* name;
  std::string input;
  errc code;
  std::size_t offset;
  std::size_t line;
  std::size_t column;
  std::size_t max_depth = ujson::default_max_depth;
};

// A handler that wants every value (so numbers are converted and strings unescaped),
// unlike the validator: both paths must report the same error.
struct value_handler : ujson::null_handler {};

void PrintTo(const error_case& c, std::ostream* os) { *os << c.name; }

std::vector<error_case> syntax_cases() {
  std::vector<error_case> v;
  auto add = [&](const char* name, std::string input, errc code, std::size_t offset, std::size_t line,
                 std::size_t column, std::size_t max_depth = ujson::default_max_depth) {
    v.push_back(error_case{name, std::move(input), code, offset, line, column, max_depth});
  };
  // empty_input
  add("empty", "", errc::empty_input, 0, 1, 1);
  add("only_spaces", "   ", errc::empty_input, 3, 1, 4);
  add("only_whitespace_multiline", " \r\n\t\n ", errc::empty_input, 6, 3, 2);

  // unexpected_end
  add("open_array", "[", errc::unexpected_end, 1, 1, 2);
  add("array_after_value", "[1", errc::unexpected_end, 2, 1, 3);
  add("array_after_comma", "[1,", errc::unexpected_end, 3, 1, 4);
  add("object_after_key", "{\"a\"", errc::unexpected_end, 4, 1, 5);
  add("object_after_colon", "{\"a\":", errc::unexpected_end, 5, 1, 6);
  add("object_after_value", "{\"a\":1", errc::unexpected_end, 6, 1, 7);
  add("object_after_comma_space", "{\"a\":1, ", errc::unexpected_end, 8, 1, 9);
  add("unterminated_string", "\"abc", errc::unexpected_end, 4, 1, 5);
  add("string_ends_in_backslash", "\"a\\", errc::unexpected_end, 3, 1, 4);
  add("escaped_string_unterminated", "[\"\\u00e9\\n", errc::unexpected_end, 10, 1, 11);
  add("unexpected_end_multiline", "{\n  \"a\": [\n", errc::unexpected_end, 11, 3, 1);
  add("unexpected_end_crlf", "[\r\n1,\r\n", errc::unexpected_end, 7, 3, 1);

  // expected_value
  add("lone_close_bracket", "]", errc::expected_value, 0, 1, 1);
  add("array_trailing_comma", "[1,]", errc::expected_value, 3, 1, 4);
  add("array_leading_comma", "[,1]", errc::expected_value, 1, 1, 2);
  add("object_missing_value", "{\"a\":}", errc::expected_value, 5, 1, 6);
  add("number_leading_dot", "[.5]", errc::expected_value, 1, 1, 2);
  add("number_plus_sign", "+1", errc::expected_value, 0, 1, 1);
  add("non_ascii_outside_string", "[\xC3\xA9]", errc::expected_value, 1, 1, 2);
  add("nan_literal", "NaN", errc::expected_value, 0, 1, 1);
  add("infinity_literal", "[Infinity]", errc::expected_value, 1, 1, 2);
  add("capital_true", "True", errc::expected_value, 0, 1, 1);
  add("single_quotes", "['a']", errc::expected_value, 1, 1, 2);
  add("after_non_ascii_string", "[\"\xC3\xA9\", x]", errc::expected_value, 7, 1, 8);
  add("bom", "\xEF\xBB\xBF{}", errc::expected_value, 0, 1, 1);

  // expected_key
  add("key_is_number", "{1:2}", errc::expected_key, 1, 1, 2);
  add("object_trailing_comma", "{\"a\":1,}", errc::expected_key, 7, 1, 8);
  add("key_single_quoted", "{'a':1}", errc::expected_key, 1, 1, 2);
  add("key_after_comma_is_number", "{\"a\":1, 2}", errc::expected_key, 8, 1, 9);

  // expected_colon
  add("missing_colon", "{\"a\" 1}", errc::expected_colon, 5, 1, 6);
  add("comma_instead_of_colon", "{\"a\",1}", errc::expected_colon, 4, 1, 5);
  add("missing_colon_crlf", "{\r\n\"a\":1,\r\n\"b\" 2}", errc::expected_colon, 15, 3, 5);

  // expected_comma_or_end
  add("array_missing_comma", "[1 2]", errc::expected_comma_or_end, 3, 1, 4);
  add("object_missing_comma", "{\"a\":1 \"b\":2}", errc::expected_comma_or_end, 7, 1, 8);
  add("array_closed_by_brace", "[1}", errc::expected_comma_or_end, 2, 1, 3);
  add("object_closed_by_bracket", "{\"a\":1]", errc::expected_comma_or_end, 6, 1, 7);
  add("literal_followed_by_letter", "[truex]", errc::expected_comma_or_end, 5, 1, 6);
  add("two_strings_in_array", "[\"a\"\"b\"]", errc::expected_comma_or_end, 4, 1, 5);
  add("missing_comma_multiline", "[\n  1,\n  2\n  3\n]", errc::expected_comma_or_end, 13, 4, 3);

  // trailing_characters
  add("two_numbers", "1 2", errc::trailing_characters, 2, 1, 3);
  add("extra_close_bracket", "[1]]", errc::trailing_characters, 3, 1, 4);
  add("garbage_after_object", "{} x", errc::trailing_characters, 3, 1, 4);
  add("two_strings", "\"a\"\"b\"", errc::trailing_characters, 3, 1, 4);
  add("literal_then_letter", "nullx", errc::trailing_characters, 4, 1, 5);
  add("hex_number", "0x1", errc::trailing_characters, 1, 1, 2);
  add("trailing_multiline", "1 \n\n 2", errc::trailing_characters, 5, 3, 2);
  add("trailing_crlf", "[1]\r\n\r\n#", errc::trailing_characters, 7, 3, 1);
  add("trailing_after_utf8", "\"\xE4\xB8\xAD\xE6\x96\x87\"x", errc::trailing_characters, 8, 1, 9);

  // invalid_literal
  add("truncated_true", "tru", errc::invalid_literal, 0, 1, 1);
  add("truncated_null_in_array", "[nul]", errc::invalid_literal, 1, 1, 2);
  add("null_wrong_case", "nulL", errc::invalid_literal, 0, 1, 1);
  add("truncated_false", "fals", errc::invalid_literal, 0, 1, 1);
  add("falsy", "[falsy]", errc::invalid_literal, 1, 1, 2);
  add("invalid_literal_after_emoji", "{\"k\":\"\xF0\x9F\x98\x80\",\n\"v\":tru}", errc::invalid_literal, 17, 2, 5);

  // invalid_number
  add("leading_zero", "01", errc::invalid_number, 1, 1, 2);
  add("negative_leading_zero", "-01", errc::invalid_number, 2, 1, 3);
  add("double_zero", "[00]", errc::invalid_number, 2, 1, 3);
  add("dot_at_end", "1.", errc::invalid_number, 2, 1, 3);
  add("minus_alone", "-", errc::invalid_number, 1, 1, 2);
  add("minus_in_array", "[-]", errc::invalid_number, 2, 1, 3);
  add("minus_letter", "-a", errc::invalid_number, 1, 1, 2);
  add("minus_infinity", "[-Infinity]", errc::invalid_number, 2, 1, 3);
  add("exponent_at_end", "1e", errc::invalid_number, 2, 1, 3);
  add("exponent_sign_at_end", "1e+", errc::invalid_number, 3, 1, 4);
  add("dot_then_exponent", "[1.e5]", errc::invalid_number, 3, 1, 4);
  add("exponent_sign_no_digit", "[1.5e+]", errc::invalid_number, 6, 1, 7);
  add("capital_exponent_at_end", "1.5E", errc::invalid_number, 4, 1, 5);
  add("invalid_number_line_2", "[1,\n-.5]", errc::invalid_number, 5, 2, 2);

  // control_character
  add("control_01", "\"a\x01\"", errc::control_character, 2, 1, 3);
  add("raw_newline_in_string", "\"a\nb\"", errc::control_character, 2, 1, 3);
  add("raw_tab_in_string", "[\"\t\"]", errc::control_character, 2, 1, 3);
  add("raw_nul_in_string", bytes("\"\0\""), errc::control_character, 1, 1, 2);
  add("control_after_escape", "\"\\n\x1F\"", errc::control_character, 3, 1, 4);
  add("control_in_key", "{\"a\x7F\x10\":1}", errc::control_character, 4, 1, 5);

  // invalid_escape
  add("escape_x", "\"\\x\"", errc::invalid_escape, 1, 1, 2);
  add("escape_single_quote", "[\"ab\\'\"]", errc::invalid_escape, 4, 1, 5);
  add("escape_capital_u", "\"\\U0041\"", errc::invalid_escape, 1, 1, 2);
  add("escape_zero", "\"\\0\"", errc::invalid_escape, 1, 1, 2);
  add("escape_non_ascii", "\"\\\xC3\xA9\"", errc::invalid_escape, 1, 1, 2);
  add("invalid_escape_after_valid_one", "\"\\t\\a\"", errc::invalid_escape, 3, 1, 4);
  add("invalid_escape_in_key_line_2", "{\n\"k\\e\":1}", errc::invalid_escape, 4, 2, 3);

  // invalid_unicode_escape
  add("u_escape_bad_hex", "\"\\u12G4\"", errc::invalid_unicode_escape, 1, 1, 2);
  add("u_escape_short", "\"\\u12\"", errc::invalid_unicode_escape, 1, 1, 2);
  add("u_escape_empty", "\"abc\\u\"", errc::invalid_unicode_escape, 4, 1, 5);
  add("u_escape_minus", "\"\\u-123\"", errc::invalid_unicode_escape, 1, 1, 2);

  // lone_surrogate
  add("lone_high", "\"\\uD800\"", errc::lone_surrogate, 1, 1, 2);
  add("lone_low", "\"\\uDC00\"", errc::lone_surrogate, 1, 1, 2);
  add("high_then_bmp", "\"ab\\uD800\\u0041\"", errc::lone_surrogate, 3, 1, 4);
  add("lone_low_after_pair", "[\"\\uD834\\uDD1E\", \"\\uDD1E\"]", errc::lone_surrogate, 18, 1, 19);
  add("high_then_bad_u_escape", "\"\\uD800\\u12G4\"", errc::lone_surrogate, 1, 1, 2);
  add("high_then_high", "\"\\uDBFF\\uDBFF\"", errc::lone_surrogate, 1, 1, 2);
  add("high_then_other_escape", "\"\\uD800\\n\"", errc::lone_surrogate, 1, 1, 2);
  add("lone_surrogate_in_key", "{\"x\":1,\n \"\\udfff\":2}", errc::lone_surrogate, 10, 2, 3);

  // invalid_utf8
  add("utf8_bad_continuation", "\"\xC3\x28\"", errc::invalid_utf8, 1, 1, 2);
  add("utf8_ff", "\"ab\xFF\"", errc::invalid_utf8, 3, 1, 4);
  add("utf8_after_valid_multibyte", "\"\xC3\xA9\xFF\"", errc::invalid_utf8, 3, 1, 4);
  add("utf8_overlong_after_escape", "\"\\n\xC0\x80\"", errc::invalid_utf8, 3, 1, 4);
  add("utf8_surrogate_in_key", "{\"\xED\xA0\x80\":1}", errc::invalid_utf8, 2, 1, 3);
  add("utf8_truncated_before_quote", "\"\xF0\x9F\x98\"", errc::invalid_utf8, 1, 1, 2);
  add("utf8_line_2_crlf", "[\"\xC3\xBC\"\r\n,\"\xFF\"]", errc::invalid_utf8, 9, 2, 3);

  // depth_exceeded
  add("depth_default_1025", std::string(1025, '['), errc::depth_exceeded, 1024, 1, 1025);
  add("depth_2_arrays", "[[[1]]]", errc::depth_exceeded, 2, 1, 3, 2);
  add("depth_2_objects", "{\"a\":{\"b\":{\"c\":1}}}", errc::depth_exceeded, 10, 1, 11, 2);
  add("depth_1_multiline", "[\n [1]\n]", errc::depth_exceeded, 3, 2, 2, 1);
  add("depth_0", "[]", errc::depth_exceeded, 0, 1, 1, 0);
  return v;
}

class SyntaxError : public testing::TestWithParam<error_case> {};

void expect_error(const ujson::error& e, const error_case& c) {
  EXPECT_EQ(e.code, c.code) << "got " << ujson::code_name(e.code) << ", expected " << ujson::code_name(c.code);
  EXPECT_EQ(e.offset, c.offset);
  EXPECT_EQ(e.line, c.line);
  EXPECT_EQ(e.column, c.column);
  EXPECT_EQ(e.message(), ujson::message(c.code));
  EXPECT_TRUE(static_cast<bool>(e));
}

TEST_P(SyntaxError, Validate) {
  const error_case& c = GetParam();
  expect_error(ujson::validate(c.input, ujson::decode_options{.max_depth = c.max_depth}), c);
}

TEST_P(SyntaxError, DecoderWithValues) {
  const error_case& c = GetParam();
  value_handler h;
  expect_error(ujson::decode(c.input, h, ujson::decode_options{.max_depth = c.max_depth}), c);
}

TEST_P(SyntaxError, Document) {
  const error_case& c = GetParam();
  ujson::document doc(ujson::decode_options{.max_depth = c.max_depth});
  expect_error(doc.parse(c.input), c);
}

TEST_P(SyntaxError, LocateAgrees) {
  const error_case& c = GetParam();
  const ujson::location loc = ujson::locate(c.input, c.offset);
  EXPECT_EQ(loc.line, c.line);
  EXPECT_EQ(loc.column, c.column);
}

INSTANTIATE_TEST_SUITE_P(Cases, SyntaxError, testing::ValuesIn(syntax_cases()),
                         [](const testing::TestParamInfo<error_case>& info) { return std::string(info.param.name); });

TEST(SyntaxErrorTable, HasAtLeast35CasesAndEveryDecoderCode) {
  const auto cases = syntax_cases();
  EXPECT_GE(cases.size(), 35u);
  std::set<errc> codes;
  for (const auto& c : cases) codes.insert(c.code);
  for (errc code : {errc::empty_input, errc::unexpected_end, errc::expected_value, errc::expected_key,
                    errc::expected_colon, errc::expected_comma_or_end, errc::trailing_characters,
                    errc::invalid_literal, errc::invalid_number, errc::control_character, errc::invalid_escape,
                    errc::invalid_unicode_escape, errc::lone_surrogate, errc::invalid_utf8,
                    errc::depth_exceeded}) {
    EXPECT_TRUE(codes.count(code)) << ujson::code_name(code);
  }
}

// ---- duplicate_key (a DOM policy, not a syntax error) ------------------------------------

struct duplicate_case {
  const char* name;
  std::string input;
  std::size_t offset;  // the closing brace of the object holding the duplicate
  std::size_t line;
  std::size_t column;
};

// Under `reject` the error points at the opening quote of the repeated key.
TEST(DuplicateKey, RejectedByDocumentAtTheRepeatedKey) {
  const duplicate_case cases[] = {
      {"flat", "{\"a\":1,\"a\":2}", 7, 1, 8},
      {"nested", "{\"x\":{\"k\":1,\"k\":2},\"y\":3}", 12, 1, 13},
      {"multiline", "{\n  \"a\": 1,\n  \"a\": 2\n}", 14, 3, 3},
      {"escaped_equal_to_plain", "{\"a\":1,\"\\u0061\":2}", 7, 1, 8},
      // More than 8 members (the keep_last/keep_first policies hash these).
      {"large", "{\"k0\":0,\"k1\":1,\"k2\":2,\"k3\":3,\"k4\":4,\"k5\":5,\"k6\":6,\"k7\":7,\"k8\":8,\"k9\":9,\"k3\":3}",
       71, 1, 72},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.name);
    ujson::document doc(ujson::decode_options{.duplicate_keys = ujson::duplicate_keys::reject});
    const ujson::error e = doc.parse(c.input);
    EXPECT_EQ(e.code, errc::duplicate_key) << ujson::code_name(e.code);
    EXPECT_EQ(e.offset, c.offset);
    EXPECT_EQ(e.line, c.line);
    EXPECT_EQ(e.column, c.column);
    // Not a syntax error: the validator and the default DOM accept the same text.
    EXPECT_EQ(ujson::validate(c.input).code, errc::ok);
    ujson::document keep_last;
    EXPECT_EQ(keep_last.parse(c.input).code, errc::ok);
  }
}

// Past 64 members the per-key scan stops (it would be quadratic); the hash check at the
// object's end still rejects, at the closing brace.
TEST(DuplicateKey, RejectedInAHugeObjectAtClosingBrace) {
  std::string input = "{";
  for (int i = 0; i < 100; ++i) input += "\"m" + std::to_string(i) + "\":" + std::to_string(i) + ",";
  input += "\"m5\":5}";
  ujson::document doc(ujson::decode_options{.duplicate_keys = ujson::duplicate_keys::reject});
  const ujson::error e = doc.parse(input);
  EXPECT_EQ(e.code, errc::duplicate_key);
  EXPECT_EQ(e.offset, input.size() - 1);
}

TEST(DuplicateKey, DistinctKeysAreFineWithReject) {
  ujson::document doc(ujson::decode_options{.duplicate_keys = ujson::duplicate_keys::reject});
  const std::string input = "{\"a\":1,\"b\":{\"a\":2},\"A\":3,\"a \":4}";
  EXPECT_EQ(doc.parse(input).code, errc::ok);
}

// ---- stopped (a handler's choice) --------------------------------------------------------

enum class event { null_, bool_, int64, uint64, double_, big_number, string, key, array_begin, array_end,
                   object_begin, object_end };

// Stops the parse at the n-th (1-based) event of kind `at`.
struct stopping_handler {
  event at;
  int n;
  int seen = 0;
  errc check(event e) {
    if (e == at && ++seen == n) return errc::stopped;
    return errc::ok;
  }
  errc on_null() { return check(event::null_); }
  errc on_bool(bool) { return check(event::bool_); }
  errc on_int64(std::int64_t) { return check(event::int64); }
  errc on_uint64(std::uint64_t) { return check(event::uint64); }
  errc on_double(double, std::string_view) { return check(event::double_); }
  errc on_big_number(std::string_view) { return check(event::big_number); }
  errc on_string(std::string_view, ujson::string_origin) { return check(event::string); }
  errc on_key(std::string_view, ujson::string_origin) { return check(event::key); }
  errc on_array_begin() { return check(event::array_begin); }
  errc on_array_end(std::size_t) { return check(event::array_end); }
  errc on_object_begin() { return check(event::object_begin); }
  errc on_object_end(std::size_t) { return check(event::object_end); }
};
static_assert(ujson::handler<stopping_handler>);

TEST(Stopped, AtTheTokenThatCausedTheEvent) {
  struct stop_case {
    const char* name;
    std::string input;
    event at;
    int n;
    std::size_t offset, line, column;
  };
  const stop_case cases[] = {
      {"second_int", "[1,2,3]", event::int64, 2, 3, 1, 4},
      {"string_value", "{\"k\":\"v\"}", event::string, 1, 5, 1, 6},
      {"escaped_string_value", "[\"a\",\"\\n\"]", event::string, 2, 5, 1, 6},
      {"key", "{\"k\":\"v\"}", event::key, 1, 1, 1, 2},
      {"array_begin_after_space", "  [1]", event::array_begin, 1, 2, 1, 3},
      {"object_begin_nested", "[{}]", event::object_begin, 1, 1, 1, 2},
      {"array_end", "{\"a\":[]}", event::array_end, 1, 6, 1, 7},
      {"object_end", "{\"a\":[]}", event::object_end, 1, 7, 1, 8},
      {"double", "[1.5]", event::double_, 1, 1, 1, 2},
      {"big_number", "[0,1e400]", event::big_number, 1, 3, 1, 4},
      {"uint64", "[18446744073709551615]", event::uint64, 1, 1, 1, 2},
      {"bool", "[false,true]", event::bool_, 2, 7, 1, 8},
      {"null_multiline", "[\n  \"x\",\n  null\n]", event::null_, 1, 11, 3, 3},
      {"top_level_int", " 42 ", event::int64, 1, 1, 1, 2},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.name);
    stopping_handler h{c.at, c.n};
    const ujson::error e = ujson::decode(c.input, h);
    EXPECT_EQ(e.code, errc::stopped) << ujson::code_name(e.code);
    EXPECT_EQ(e.offset, c.offset);
    EXPECT_EQ(e.line, c.line);
    EXPECT_EQ(e.column, c.column);
    EXPECT_EQ(h.seen, c.n);
  }
}

TEST(Stopped, NoMoreEventsAfterStop) {
  struct counting : ujson::null_handler {
    int ints = 0;
    errc on_int64(std::int64_t) { return ++ints == 2 ? errc::stopped : errc::ok; }
  } h;
  const ujson::error e = ujson::decode(std::string_view("[1,2,3,4]"), h);
  EXPECT_EQ(e.code, errc::stopped);
  EXPECT_EQ(h.ints, 2);
}

TEST(Stopped, SyntaxErrorBeforeTheStopWins) {
  stopping_handler h{event::int64, 2};
  const ujson::error e = ujson::decode(std::string_view("[1 2]"), h);
  EXPECT_EQ(e.code, errc::expected_comma_or_end);
  EXPECT_EQ(e.offset, 3u);
}

// ---- ok results --------------------------------------------------------------------------

TEST(NoError, DefaultsAndBool) {
  const ujson::error e = ujson::validate(" [1, {\"a\": null}]\n");
  EXPECT_EQ(e.code, errc::ok);
  EXPECT_FALSE(static_cast<bool>(e));
  const ujson::error none{};
  EXPECT_FALSE(static_cast<bool>(none));
  EXPECT_EQ(none.line, 1u);
  EXPECT_EQ(none.column, 1u);
}

// ---- locate ------------------------------------------------------------------------------

TEST(Locate, HandComputed) {
  struct locate_case {
    std::string input;
    std::size_t offset, line, column;
  };
  const locate_case cases[] = {
      {"", 0, 1, 1},
      {"abc", 0, 1, 1},
      {"abc", 2, 1, 3},
      {"abc", 3, 1, 4},        // one past the end
      {"a\nb", 1, 1, 2},       // the '\n' itself is on line 1
      {"a\nb", 2, 2, 1},
      {"a\n", 2, 2, 1},
      {"a\r\nb", 2, 1, 3},     // '\r' and '\n' both belong to line 1
      {"a\r\nb", 3, 2, 1},
      {"\n\n\n", 3, 4, 1},
      {"\n\n\nxy", 4, 4, 2},
      {"\xC3\xA9\xC3\xA9x", 4, 1, 5},  // columns count bytes, not characters
      {"line1\nline2\nline3", 14, 3, 3},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(testing::Message() << '"' << c.input << "\" @" << c.offset);
    const ujson::location loc = ujson::locate(c.input, c.offset);
    EXPECT_EQ(loc.line, c.line);
    EXPECT_EQ(loc.column, c.column);
  }
}

TEST(Locate, OffsetPastEndDoesNotCrash) {
  const ujson::location loc = ujson::locate("ab\ncd", 1000);
  EXPECT_EQ(loc.line, 2u);
  EXPECT_LE(loc.column, 3u);
}

// ---- code_name and message ---------------------------------------------------------------

TEST(ErrorText, CodeNamesAreTheEnumeratorNames) {
  const std::pair<errc, const char*> names[] = {
      {errc::ok, "ok"},
      {errc::stopped, "stopped"},
      {errc::empty_input, "empty_input"},
      {errc::unexpected_end, "unexpected_end"},
      {errc::expected_value, "expected_value"},
      {errc::expected_key, "expected_key"},
      {errc::expected_colon, "expected_colon"},
      {errc::expected_comma_or_end, "expected_comma_or_end"},
      {errc::trailing_characters, "trailing_characters"},
      {errc::invalid_literal, "invalid_literal"},
      {errc::invalid_number, "invalid_number"},
      {errc::control_character, "control_character"},
      {errc::invalid_escape, "invalid_escape"},
      {errc::invalid_unicode_escape, "invalid_unicode_escape"},
      {errc::lone_surrogate, "lone_surrogate"},
      {errc::invalid_utf8, "invalid_utf8"},
      {errc::depth_exceeded, "depth_exceeded"},
      {errc::duplicate_key, "duplicate_key"},
      {errc::nan_or_infinity, "nan_or_infinity"},
      {errc::not_canonicalizable, "not_canonicalizable"},
      {errc::invalid_writer_call, "invalid_writer_call"},
      {errc::invalid_option, "invalid_option"},
      {errc::unsupported_value, "unsupported_value"},
      {errc::invalid_binary, "invalid_binary"},
      {errc::out_of_memory, "out_of_memory"},
  };
  EXPECT_EQ(std::size(names), static_cast<std::size_t>(errc::out_of_memory) + 1);
  for (const auto& [code, name] : names) EXPECT_EQ(ujson::code_name(code), name);
}

TEST(ErrorText, MessagesAreNonEmptyAndDistinct) {
  std::set<std::string_view> messages;
  std::set<std::string_view> names;
  const auto last = static_cast<int>(errc::out_of_memory);
  for (int i = 0; i <= last; ++i) {
    const auto code = static_cast<errc>(i);
    SCOPED_TRACE(ujson::code_name(code));
    const std::string_view m = ujson::message(code);
    EXPECT_FALSE(m.empty());
    EXPECT_FALSE(ujson::code_name(code).empty());
    messages.insert(m);
    names.insert(ujson::code_name(code));
    ujson::error e;
    e.code = code;
    EXPECT_EQ(e.message(), m);
  }
  EXPECT_EQ(messages.size(), static_cast<std::size_t>(last) + 1);
  EXPECT_EQ(names.size(), static_cast<std::size_t>(last) + 1);
}

}  // namespace
