// Limits and hostile input: extreme nesting, max_depth exactly, every truncation of valid
// documents, every class of invalid UTF-8 (decoder and writer), valid boundary code points.
// Inputs are copied into heap buffers of exactly their size, so that the ASan build
// catches any read past the end.

#include <gtest/gtest.h>

#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "ujson/decoder.hpp"
#include "ujson/dom.hpp"
#include "ujson/errors.hpp"
#include "ujson/options.hpp"
#include "ujson/validate.hpp"
#include "ujson/writer.hpp"

namespace {

using ujson::errc;

// An input in a heap block of exactly its size: no terminator, no slack after the end.
class exact_buffer {
 public:
  explicit exact_buffer(std::string_view s) : size_(s.size()), data_(new char[s.size()]) {
    if (!s.empty()) std::memcpy(data_.get(), s.data(), s.size());
  }
  std::string_view view() const { return {data_.get(), size_}; }

 private:
  std::size_t size_;
  std::unique_ptr<char[]> data_;
};

ujson::error validate_exact(std::string_view s, const ujson::decode_options& options = {}) {
  const exact_buffer b(s);
  return ujson::validate(b.view(), options);
}

ujson::error document_exact(std::string_view s, const ujson::decode_options& options = {}) {
  const exact_buffer b(s);
  ujson::document doc(options);
  return doc.parse(b.view());
}

std::string repeat(std::string_view unit, std::size_t n) {
  std::string s;
  s.reserve(unit.size() * n);
  for (std::size_t i = 0; i < n; ++i) s += unit;
  return s;
}

std::string nested_arrays(std::size_t depth) { return std::string(depth, '[') + std::string(depth, ']'); }

std::string nested_objects(std::size_t depth) {
  return repeat("{\"a\":", depth) + "1" + std::string(depth, '}');
}

// Alternating: depth 1 is an array, 2 an object, 3 an array, ...
std::string nested_mixed(std::size_t depth) {
  std::string open, close;
  for (std::size_t i = 0; i < depth; ++i) {
    if (i % 2 == 0) {
      open += "[";
      close.insert(close.begin(), ']');
    } else {
      open += "{\"k\":";
      close.insert(close.begin(), '}');
    }
  }
  return open + "0" + close;
}

// ---- extreme nesting ---------------------------------------------------------------------

TEST(DeepNesting, MillionOpeningBrackets) {
  const std::string input(1'000'000, '[');
  for (const ujson::error& e : {validate_exact(input), document_exact(input)}) {
    EXPECT_EQ(e.code, errc::depth_exceeded) << ujson::code_name(e.code);
    EXPECT_EQ(e.offset, 1024u);  // the 1025th '['
    EXPECT_EQ(e.line, 1u);
    EXPECT_EQ(e.column, 1025u);
  }
}

TEST(DeepNesting, MillionOpenObjects) {
  const std::string input = repeat("{\"a\":", 1'000'000);
  for (const ujson::error& e : {validate_exact(input), document_exact(input)}) {
    EXPECT_EQ(e.code, errc::depth_exceeded) << ujson::code_name(e.code);
    EXPECT_EQ(e.offset, 1024u * 5);  // the 1025th '{'
  }
}

TEST(DeepNesting, MillionOpenMixed) {
  const std::string input = repeat("[{\"a\":", 500'000);
  for (const ujson::error& e : {validate_exact(input), document_exact(input)}) {
    EXPECT_EQ(e.code, errc::depth_exceeded) << ujson::code_name(e.code);
    EXPECT_EQ(e.offset, 512u * 6);  // the 1025th opening is the '[' of the 513th unit
  }
}

TEST(DeepNesting, MillionOpeningBracketsWithHugeMaxDepthEndsCleanly) {
  // The limit is not reached: the heap stack grows to a million frames, then the input ends.
  const std::string input(1'000'000, '[');
  const ujson::decode_options options{.max_depth = 2'000'000};
  for (const ujson::error& e : {validate_exact(input, options), document_exact(input, options)}) {
    EXPECT_EQ(e.code, errc::unexpected_end) << ujson::code_name(e.code);
    EXPECT_EQ(e.offset, 1'000'000u);
  }
}

TEST(DeepNesting, HundredThousandBalancedWithMatchingMaxDepth) {
  const std::string input = nested_arrays(100'000);
  EXPECT_EQ(validate_exact(input, {.max_depth = 100'000}).code, errc::ok);
  EXPECT_EQ(document_exact(input, {.max_depth = 100'000}).code, errc::ok);
  const ujson::error e = validate_exact(input, {.max_depth = 99'999});
  EXPECT_EQ(e.code, errc::depth_exceeded);
  EXPECT_EQ(e.offset, 99'999u);
}

// ---- max_depth exactly -------------------------------------------------------------------

class MaxDepth : public testing::TestWithParam<std::size_t> {};

TEST_P(MaxDepth, ArraysDepthNOkNPlusOneFails) {
  const std::size_t n = GetParam();
  const ujson::decode_options options{.max_depth = n};
  EXPECT_EQ(validate_exact(nested_arrays(n), options).code, errc::ok);
  EXPECT_EQ(document_exact(nested_arrays(n), options).code, errc::ok);
  for (const ujson::error& e : {validate_exact(nested_arrays(n + 1), options),
                                document_exact(nested_arrays(n + 1), options)}) {
    EXPECT_EQ(e.code, errc::depth_exceeded) << ujson::code_name(e.code);
    EXPECT_EQ(e.offset, n);  // the (n+1)th '['
  }
}

TEST_P(MaxDepth, ObjectsDepthNOkNPlusOneFails) {
  const std::size_t n = GetParam();
  const ujson::decode_options options{.max_depth = n};
  EXPECT_EQ(validate_exact(nested_objects(n), options).code, errc::ok);
  EXPECT_EQ(document_exact(nested_objects(n), options).code, errc::ok);
  for (const ujson::error& e : {validate_exact(nested_objects(n + 1), options),
                                document_exact(nested_objects(n + 1), options)}) {
    EXPECT_EQ(e.code, errc::depth_exceeded) << ujson::code_name(e.code);
    EXPECT_EQ(e.offset, 5 * n);  // each level is {"a": (5 bytes)
  }
}

TEST_P(MaxDepth, MixedDepthNOkNPlusOneFails) {
  const std::size_t n = GetParam();
  const ujson::decode_options options{.max_depth = n};
  EXPECT_EQ(validate_exact(nested_mixed(n), options).code, errc::ok);
  EXPECT_EQ(document_exact(nested_mixed(n), options).code, errc::ok);
  EXPECT_EQ(validate_exact(nested_mixed(n + 1), options).code, errc::depth_exceeded);
  EXPECT_EQ(document_exact(nested_mixed(n + 1), options).code, errc::depth_exceeded);
}

TEST_P(MaxDepth, DocumentKeepsTheStructure) {
  const std::size_t n = GetParam();
  const std::string input = nested_arrays(n);
  ujson::document doc(ujson::decode_options{.max_depth = n});
  ASSERT_EQ(doc.parse(input).code, errc::ok);
  std::size_t depth = 0;
  for (const ujson::value* v = &doc.root(); v->is_array(); v = &(*v)[0]) {
    ++depth;
    if (v->size() == 0) break;
    ASSERT_EQ(v->size(), 1u);
  }
  EXPECT_EQ(depth, n);
}

INSTANTIATE_TEST_SUITE_P(Limits, MaxDepth, testing::Values(1, 2, 3, 1023, 1024, 1025, 2048, 2049, 5000),
                         [](const testing::TestParamInfo<std::size_t>& info) {
                           return "N" + std::to_string(info.param);
                         });

TEST(MaxDepthDefault, Is1024) {
  EXPECT_EQ(ujson::default_max_depth, 1024u);
  EXPECT_EQ(ujson::decode_options{}.max_depth, 1024u);
  EXPECT_EQ(validate_exact(nested_arrays(1024)).code, errc::ok);
  EXPECT_EQ(document_exact(nested_objects(1024)).code, errc::ok);
  const ujson::error e = validate_exact(nested_arrays(1025));
  EXPECT_EQ(e.code, errc::depth_exceeded);
  EXPECT_EQ(e.offset, 1024u);
  EXPECT_EQ(document_exact(nested_objects(1025)).code, errc::depth_exceeded);
}

TEST(MaxDepthZero, OnlyScalars) {
  const ujson::decode_options options{.max_depth = 0};
  EXPECT_EQ(validate_exact("1", options).code, errc::ok);
  EXPECT_EQ(validate_exact("\"s\"", options).code, errc::ok);
  EXPECT_EQ(validate_exact("[]", options).code, errc::depth_exceeded);
  EXPECT_EQ(validate_exact("{}", options).code, errc::depth_exceeded);
}

TEST(MaxDepthSiblings, DepthIsTheDeepestPathNotTheCount) {
  const ujson::decode_options options{.max_depth = 2};
  // Many containers, none deeper than 2 (the outer one counts as depth 1).
  EXPECT_EQ(validate_exact("[[],[],[1,2],{},{\"a\":1}]", options).code, errc::ok);
  EXPECT_EQ(validate_exact("{\"a\":[],\"b\":{},\"c\":[0]}", options).code, errc::ok);
  EXPECT_EQ(validate_exact(repeat("[],", 3000).insert(0, "[") + "[]]", options).code, errc::ok);
  // One path of depth 3 after shallow siblings: [0 [1 ]2 ,3 [4 [5 -> the third level opens at 5
  const ujson::error e = validate_exact("[[],[[]]]", options);
  EXPECT_EQ(e.code, errc::depth_exceeded);
  EXPECT_EQ(e.offset, 5u);
  // {0 "1 a2 "3 :4 [5 ]6 ,7 "8 b9 "10 :11 [12 {13 -> 13
  const ujson::error o = validate_exact("{\"a\":[],\"b\":[{}]}", options);
  EXPECT_EQ(o.code, errc::depth_exceeded);
  EXPECT_EQ(o.offset, 13u);
}

TEST(ReusedDecoderDepth, DeepThenShallowThenDeep) {
  // The heap stack survives across decodes; depth bookkeeping must restart every time.
  ujson::decoder d(ujson::decode_options{.max_depth = 5000});
  ujson::validating_handler h;
  const std::string deep = nested_mixed(5000);
  const std::string too_deep = nested_arrays(5001);
  for (int round = 0; round < 3; ++round) {
    SCOPED_TRACE(round);
    EXPECT_EQ(d.decode(deep, h).code, errc::ok);
    EXPECT_EQ(d.decode("[1]", h).code, errc::ok);
    const ujson::error e = d.decode(too_deep, h);
    EXPECT_EQ(e.code, errc::depth_exceeded);
    EXPECT_EQ(e.offset, 5000u);
    EXPECT_EQ(d.decode(std::string(3000, '['), h).code, errc::unexpected_end);  // abandoned deep
    EXPECT_EQ(d.decode(nested_arrays(4999), h).code, errc::ok);
  }
}

// ---- every truncation of valid documents ------------------------------------------------

// Each document starts with '[', '{' or '"' and ends with the matching closer, with
// nothing after it: so every proper prefix leaves a container or string open and is
// invalid JSON.
const std::vector<std::string>& truncation_documents() {
  static const std::vector<std::string> docs{
      // escapes of every kind, numbers with exponents, nested objects, big numbers, UTF-8
      "{\"key\":\"va\\\"lue\\\\\\/\\b\\f\\n\\r\\t\\u00e9\",\"arr\":[1,-2.5e+10,3E-2,0,-0,1e400,"
      "12345678901234567890123,0.5],\"nested\":{\"a\":{\"b\":[true,false,null]}},"
      "\"emoji\":\"\\uD83D\\uDE00 \xF0\x9F\x98\x80 \xC3\xA9 \xE4\xB8\xAD\"}",
      // surrogate pair escape, 4/3/2-byte UTF-8, exponent forms
      "[\"\\uD834\\uDD1E\", \"\xF0\x9D\x84\x9E\", \"\xE2\x82\xAC\", \"\xCE\xA9\", 123.456e-7, -0.0E+0, 1E2]",
      // a top-level string with escapes and multibyte characters
      "\"string with \\u0041 and \xC3\xA9 and \xF0\x9F\x98\x80 and \\\\ and \\\" and \\u20AC\"",
      // structure only
      "[[[[]]],{},{\"\":\"\"},[{\"a\":[{}]}]]",
      // whitespace everywhere, CRLF and tabs
      "{ \"a\" : [ 1 , 2 ] ,\r\n\t\"b\" : { } , \"c\" :\n\"d\" }",
      // integer edges
      "[-9223372036854775808,9223372036854775807,18446744073709551615,18446744073709551616,1e-2,0.0]",
      // escaped key with a pair, control escapes, U+FFFF
      "{\"\\uD83D\\uDE00\":\"\\u0000\\u001f\\uFFFF\",\"\xF4\x8F\xBF\xBF\":[\"\xEF\xBF\xBF\"]}",
      // long string (more than 16 bytes between specials, for the SIMD scan)
      "[\"abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJ\\nabcdefghijklmnopqrstuvwxyz\xC3\xA9xyz\"]",
  };
  return docs;
}

bool all_space(std::string_view s) {
  for (char c : s) {
    if (c != ' ' && c != '\t' && c != '\n' && c != '\r') return false;
  }
  return true;
}

class Truncation : public testing::TestWithParam<std::size_t> {};

TEST_P(Truncation, WholeDocumentIsValid) {
  const std::string& doc = truncation_documents()[GetParam()];
  EXPECT_EQ(validate_exact(doc).code, errc::ok);
  EXPECT_EQ(document_exact(doc).code, errc::ok);
}

TEST_P(Truncation, EveryProperPrefixIsRejectedCleanly) {
  const std::string& doc = truncation_documents()[GetParam()];
  for (std::size_t cut = 0; cut < doc.size(); ++cut) {
    SCOPED_TRACE(testing::Message() << "prefix length " << cut);
    const exact_buffer b(std::string_view(doc).substr(0, cut));
    const std::string_view prefix = b.view();
    const ujson::error v = ujson::validate(prefix);
    ujson::document d;
    const ujson::error e = d.parse(prefix);
    for (const ujson::error& r : {v, e}) {
      ASSERT_NE(r.code, errc::ok);
      EXPECT_NE(r.code, errc::stopped);
      EXPECT_LE(r.offset, cut);
      const ujson::location loc = ujson::locate(prefix, r.offset);
      EXPECT_EQ(r.line, loc.line);
      EXPECT_EQ(r.column, loc.column);
      if (all_space(prefix)) {
        EXPECT_EQ(r.code, errc::empty_input);
      } else {
        EXPECT_NE(r.code, errc::empty_input);
      }
      // A prefix of valid JSON never contains garbage: only "the input ended" in some form.
      EXPECT_NE(r.code, errc::trailing_characters);
      EXPECT_NE(r.code, errc::expected_comma_or_end);
      EXPECT_NE(r.code, errc::expected_colon);
      EXPECT_NE(r.code, errc::expected_key);
      EXPECT_NE(r.code, errc::expected_value);
      EXPECT_NE(r.code, errc::control_character);
      EXPECT_NE(r.code, errc::invalid_escape);
      EXPECT_NE(r.code, errc::depth_exceeded);
    }
    EXPECT_EQ(v.code, e.code);
    EXPECT_EQ(v.offset, e.offset);
  }
}

INSTANTIATE_TEST_SUITE_P(Limits, Truncation, testing::Range<std::size_t>(0, 8));

TEST(TruncationDocuments, CountMatchesInstantiation) { EXPECT_EQ(truncation_documents().size(), 8u); }

// Truncations whose code is unambiguous: the cut falls between tokens or inside a string's
// plain text, so the input simply ends inside a value: unexpected_end at the cut.
TEST(Truncation, BetweenTokensIsUnexpectedEndAtTheCut) {
  const char* const prefixes[] = {
      "[", "[1,", "[1", "{", "{\"a\"", "{\"a\":", "{\"a\":1", "{\"a\":1,", "[\"abc", "\"", "\"abc",
      "[[[[]]],{", "{\"a\":[{}", "\"\xC3\xA9", "[\"\\n", "[\"\\\\", "[true", "[null,", "{ \"a\" :\n",
      "[-1.5e+3", "[0", "\"\\\"", "\"\\u0041",
  };
  for (const char* p : prefixes) {
    SCOPED_TRACE(p);
    const std::string_view s(p);
    for (const ujson::error& e : {validate_exact(s), document_exact(s)}) {
      EXPECT_EQ(e.code, errc::unexpected_end) << ujson::code_name(e.code);
      EXPECT_EQ(e.offset, s.size());
    }
  }
}

// ---- invalid UTF-8 inside strings --------------------------------------------------------

struct bad_utf8 {
  const char* name;
  std::string bytes;
  std::size_t error_at = 0;  // offset of the first invalid byte within `bytes`
};

std::vector<bad_utf8> bad_utf8_sequences() {
  std::vector<bad_utf8> v{
      // overlong forms
      {"overlong2_C0_80", "\xC0\x80"},
      {"overlong2_C0_AF", "\xC0\xAF"},
      {"overlong2_C1_BF", "\xC1\xBF"},
      {"overlong3_E0_80_80", "\xE0\x80\x80"},
      {"overlong3_E0_9F_BF", "\xE0\x9F\xBF"},
      {"overlong4_F0_80_80_80", "\xF0\x80\x80\x80"},
      {"overlong4_F0_8F_BF_BF", "\xF0\x8F\xBF\xBF"},
      // UTF-8-encoded surrogates
      {"surrogate_ED_A0_80", "\xED\xA0\x80"},
      {"surrogate_ED_AF_BF", "\xED\xAF\xBF"},
      {"surrogate_ED_B0_80", "\xED\xB0\x80"},
      {"surrogate_ED_BF_BF", "\xED\xBF\xBF"},
      {"surrogate_pair_encoded", "\xED\xA0\xBD\xED\xB8\x80"},
      // beyond U+10FFFF
      {"beyond_F4_90_80_80", "\xF4\x90\x80\x80"},
      {"beyond_F4_BF_BF_BF", "\xF4\xBF\xBF\xBF"},
      {"beyond_F7_BF_BF_BF", "\xF7\xBF\xBF\xBF"},
      {"five_byte_F8", "\xF8\x88\x80\x80\x80"},
      {"six_byte_FC", "\xFC\x84\x80\x80\x80\x80"},
      // lone continuation bytes
      {"lone_80", "\x80"},
      {"lone_BF", "\xBF"},
      {"two_continuations", "\x80\x80"},
      {"continuation_after_complete_2byte", "\xC3\xA9\xA9", 2},  // C3 A9 is é; A9 is stray
      // truncated sequences (followed by the closing quote, or by the end of input)
      {"truncated_C3", "\xC3"},
      {"truncated_E2_82", "\xE2\x82"},
      {"truncated_F0_9F_98", "\xF0\x9F\x98"},
      {"truncated_E0_A0", "\xE0\xA0"},
      {"truncated_F4_8F_BF", "\xF4\x8F\xBF"},
      {"truncated_F0", "\xF0"},
      // bad continuation bytes
      {"bad_cont_C3_28", "\xC3\x28"},
      {"bad_cont_E2_28_A1", "\xE2\x28\xA1"},
      {"bad_cont_E2_82_28", "\xE2\x82\x28"},
      {"bad_cont_F0_28_8C_BC", "\xF0\x28\x8C\xBC"},
      {"bad_cont_F0_9F_28_80", "\xF0\x9F\x28\x80"},
      {"bad_cont_F0_9F_98_28", "\xF0\x9F\x98\x28"},
      {"lead_after_lead_C3_C3_A9", "\xC3\xC3\xA9"},
      {"bad_cont_E0_FF", "\xE0\xFF"},
      {"bad_cont_C2_C0", "\xC2\xC0"},
  };
  // F5..FF can never start a sequence.
  static const char* const lead_names[] = {"lead_F5", "lead_F6", "lead_F7", "lead_F8", "lead_F9", "lead_FA",
                                           "lead_FB", "lead_FC", "lead_FD", "lead_FE", "lead_FF"};
  for (int b = 0xF5; b <= 0xFF; ++b) {
    std::string s(1, static_cast<char>(b));
    s += "\x80\x80\x80";
    v.push_back({lead_names[b - 0xF5], s, 0});
  }
  return v;
}

class InvalidUtf8 : public testing::TestWithParam<bad_utf8> {};

void expect_invalid_utf8_at(const std::string& input, std::size_t offset) {
  SCOPED_TRACE(testing::PrintToString(input));
  for (const ujson::error& e : {validate_exact(input), document_exact(input)}) {
    EXPECT_EQ(e.code, errc::invalid_utf8) << ujson::code_name(e.code);
    EXPECT_EQ(e.offset, offset);
  }
}

TEST_P(InvalidUtf8, AloneInString) {
  expect_invalid_utf8_at("\"" + GetParam().bytes + "\"", 1 + GetParam().error_at);
}

TEST_P(InvalidUtf8, AtEndOfInput) {
  // No closing quote: the bad sequence is the last thing in the buffer.
  expect_invalid_utf8_at("\"" + GetParam().bytes, 1 + GetParam().error_at);
}

TEST_P(InvalidUtf8, InsideArrayString) {
  // [0 "1 a2 b3 -> the sequence starts at 4
  expect_invalid_utf8_at("[\"ab" + GetParam().bytes + "cd\"]", 4 + GetParam().error_at);
}

TEST_P(InvalidUtf8, InKey) {
  expect_invalid_utf8_at("{\"" + GetParam().bytes + "\":1}", 2 + GetParam().error_at);
}

TEST_P(InvalidUtf8, AfterEscape) {
  // The escaped-string path: "0 \1 n2 -> 3
  expect_invalid_utf8_at("\"\\n" + GetParam().bytes + "\"", 3 + GetParam().error_at);
}

TEST_P(InvalidUtf8, AfterValidMultibyte) {
  // "0 C3 A9 (é) at 1..2, E2 82 AC (€) at 3..5 -> 6
  expect_invalid_utf8_at("\"\xC3\xA9\xE2\x82\xAC" + GetParam().bytes + "\"", 6 + GetParam().error_at);
}

TEST_P(InvalidUtf8, AtEveryAlignment) {
  // After k ASCII bytes, so the sequence falls at every position of a 16/32-byte block.
  for (std::size_t k = 0; k < 40; ++k) {
    SCOPED_TRACE(k);
    expect_invalid_utf8_at("\"" + std::string(k, 'a') + GetParam().bytes + "\"", 1 + k + GetParam().error_at);
    expect_invalid_utf8_at("\"" + std::string(k, 'a') + GetParam().bytes, 1 + k + GetParam().error_at);
  }
}

TEST_P(InvalidUtf8, StillInvalidWithLoneSurrogatesAllowed) {
  // The option only concerns \u escapes; raw bytes stay strict UTF-8.
  const ujson::decode_options options{.allow_lone_surrogates = true};
  const std::string input = "\"" + GetParam().bytes + "\"";
  EXPECT_EQ(validate_exact(input, options).code, errc::invalid_utf8);
}

TEST_P(InvalidUtf8, RejectedByWriterString) {
  const std::string& b = GetParam().bytes;
  for (const std::string& s : {b, "ab" + b, b + "cd", "\xC3\xA9" + b + "x", std::string(20, 'z') + b}) {
    SCOPED_TRACE(testing::PrintToString(s));
    ujson::writer w;
    EXPECT_EQ(w.string(s), errc::invalid_utf8);
    EXPECT_EQ(w.status(), errc::invalid_utf8);
    EXPECT_FALSE(w.complete());
  }
}

TEST_P(InvalidUtf8, RejectedByWriterStringWithoutEnsureAscii) {
  ujson::writer w(ujson::encode_options{.ensure_ascii = false});
  EXPECT_EQ(w.string("x" + GetParam().bytes), errc::invalid_utf8);
}

TEST_P(InvalidUtf8, RejectedByWriterKey) {
  ujson::writer w;
  ASSERT_EQ(w.begin_object(), errc::ok);
  EXPECT_EQ(w.key(GetParam().bytes), errc::invalid_utf8);
  EXPECT_EQ(w.status(), errc::invalid_utf8);
}

INSTANTIATE_TEST_SUITE_P(Limits, InvalidUtf8, testing::ValuesIn(bad_utf8_sequences()),
                         [](const testing::TestParamInfo<bad_utf8>& info) { return std::string(info.param.name); });

// ---- valid boundary code points ----------------------------------------------------------

struct boundary {
  const char* name;
  std::string utf8;    // the code point's UTF-8 bytes, by hand
  const char* escape;  // the same code point as JSON \u escape(s)
};

std::vector<boundary> boundaries() {
  return {
      {"U007F", "\x7F", "\\u007F"},
      {"U0080", "\xC2\x80", "\\u0080"},
      {"U07FF", "\xDF\xBF", "\\u07FF"},
      {"U0800", "\xE0\xA0\x80", "\\u0800"},
      {"UD7FF", "\xED\x9F\xBF", "\\uD7FF"},
      {"UE000", "\xEE\x80\x80", "\\uE000"},
      {"UFFFD", "\xEF\xBF\xBD", "\\uFFFD"},
      {"UFFFF", "\xEF\xBF\xBF", "\\uFFFF"},
      {"U10000", "\xF0\x90\x80\x80", "\\uD800\\uDC00"},
      {"U1F600", "\xF0\x9F\x98\x80", "\\uD83D\\uDE00"},
      {"U10FFFF", "\xF4\x8F\xBF\xBF", "\\uDBFF\\uDFFF"},
  };
}

class ValidBoundary : public testing::TestWithParam<boundary> {};

TEST_P(ValidBoundary, RawBytesAccepted) {
  const boundary& b = GetParam();
  for (const std::string& input : {"\"" + b.utf8 + "\"", "[\"x" + b.utf8 + "y\"]", "{\"" + b.utf8 + "\":0}",
                                   "\"" + std::string(17, 'a') + b.utf8 + "\""}) {
    SCOPED_TRACE(testing::PrintToString(input));
    EXPECT_EQ(validate_exact(input).code, errc::ok);
    EXPECT_EQ(document_exact(input).code, errc::ok);
  }
  const std::string input = "\"" + b.utf8 + "\"";
  ujson::document doc;
  ASSERT_EQ(doc.parse(input).code, errc::ok);
  EXPECT_EQ(doc.root().as_string(), b.utf8);
}

TEST_P(ValidBoundary, EscapeDecodesToTheSameBytes) {
  const boundary& b = GetParam();
  const std::string input = std::string("\"") + b.escape + "\"";
  ujson::document doc;
  ASSERT_EQ(doc.parse(input).code, errc::ok);
  EXPECT_EQ(doc.root().as_string(), b.utf8);
  // Lower-case hex digits are just as valid.
  std::string lower = input;
  for (char& c : lower) {
    if (c >= 'A' && c <= 'F') c = static_cast<char>(c - 'A' + 'a');
  }
  ujson::document doc2;
  ASSERT_EQ(doc2.parse(lower).code, errc::ok);
  EXPECT_EQ(doc2.root().as_string(), b.utf8);
}

TEST_P(ValidBoundary, WriterAcceptsAndRoundTrips) {
  const boundary& b = GetParam();
  for (bool ascii : {true, false}) {
    SCOPED_TRACE(ascii);
    ujson::writer w(ujson::encode_options{.ensure_ascii = ascii});
    ASSERT_EQ(w.string(b.utf8), errc::ok);
    ASSERT_TRUE(w.complete());
    const std::string out(w.output());
    if (ascii) {
      for (char c : out) EXPECT_LT(static_cast<unsigned char>(c), 0x80u) << out;
    }
    ujson::document doc;
    ASSERT_EQ(doc.parse(out).code, errc::ok) << out;
    EXPECT_EQ(doc.root().as_string(), b.utf8);
  }
}

INSTANTIATE_TEST_SUITE_P(Limits, ValidBoundary, testing::ValuesIn(boundaries()),
                         [](const testing::TestParamInfo<boundary>& info) { return std::string(info.param.name); });

}  // namespace
