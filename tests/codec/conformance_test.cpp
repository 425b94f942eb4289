// JSONTestSuite conformance (data/JSONTestSuite/test_parsing), one test case per file.
//
//   y_*  must be accepted, n_* must be rejected (RFC 8259);
//   i_*  are the implementation's choice: the decision of this codec is written down in
//        kImplementationDefined below (and in docs/conformance.md), and is checked exactly.
//
// Every file goes through both the validator (ujson::validate) and the DOM
// (ujson::document::parse), which must agree.

#include <gtest/gtest.h>

#include <cctype>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "support/test_files.hpp"
#include "ujson/dom.hpp"
#include "ujson/errors.hpp"
#include "ujson/options.hpp"
#include "ujson/validate.hpp"

namespace {

using ujson::test::data_dir;
using ujson::test::read_file;
using ujson::test::test_parsing_files;

std::string load(const std::string& name) {
  return read_file(data_dir() / "JSONTestSuite" / "test_parsing" / name);
}

// Test names: the file name without ".json", '+' spelled "Plus" (so that "1.0e+" and
// "1.0e-" stay distinct), every other character outside [A-Za-z0-9_] replaced by '_'.
std::string sanitize(std::string_view file) {
  if (file.size() > 5 && file.substr(file.size() - 5) == ".json") file.remove_suffix(5);
  std::string out;
  for (const char c : file) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '+') {
      out += "Plus";
    } else if (std::isalnum(u) != 0 || c == '_') {
      out += c;
    } else {
      out += '_';
    }
  }
  return out;
}

struct name_of {
  std::string operator()(const testing::TestParamInfo<std::string>& info) const { return sanitize(info.param); }
};

enum class decision { accept, reject };

// The codec's policy for every implementation-defined file (see docs/conformance.md).
const std::map<std::string, decision>& implementation_defined() {
  static const std::map<std::string, decision> table{
      // Numbers: integers beyond 64 bits and doubles out of range become exact-text big numbers.
      {"i_number_double_huge_neg_exp.json", decision::accept},
      {"i_number_huge_exp.json", decision::accept},
      {"i_number_neg_int_huge_exp.json", decision::accept},
      {"i_number_pos_double_huge_exp.json", decision::accept},
      {"i_number_real_neg_overflow.json", decision::accept},
      {"i_number_real_pos_overflow.json", decision::accept},
      {"i_number_real_underflow.json", decision::accept},
      {"i_number_too_big_neg_int.json", decision::accept},
      {"i_number_too_big_pos_int.json", decision::accept},
      {"i_number_very_big_negative_int.json", decision::accept},
      // Lone surrogate escapes are errors by default (decode_options::allow_lone_surrogates).
      {"i_object_key_lone_2nd_surrogate.json", decision::reject},
      {"i_string_1st_surrogate_but_2nd_missing.json", decision::reject},
      {"i_string_1st_valid_surrogate_2nd_invalid.json", decision::reject},
      {"i_string_incomplete_surrogate_and_escape_valid.json", decision::reject},
      {"i_string_incomplete_surrogate_pair.json", decision::reject},
      {"i_string_incomplete_surrogates_escape_valid.json", decision::reject},
      {"i_string_invalid_lonely_surrogate.json", decision::reject},
      {"i_string_invalid_surrogate.json", decision::reject},
      {"i_string_inverted_surrogates_U+1D11E.json", decision::reject},
      {"i_string_lone_second_surrogate.json", decision::reject},
      // Strict UTF-8: malformed sequences, encoded surrogates, other encodings.
      {"i_string_UTF-16LE_with_BOM.json", decision::reject},
      {"i_string_UTF-8_invalid_sequence.json", decision::reject},
      {"i_string_UTF8_surrogate_U+D800.json", decision::reject},
      {"i_string_invalid_utf-8.json", decision::reject},
      {"i_string_iso_latin_1.json", decision::reject},
      {"i_string_lone_utf8_continuation_byte.json", decision::reject},
      {"i_string_not_in_unicode_range.json", decision::reject},
      {"i_string_overlong_sequence_2_bytes.json", decision::reject},
      {"i_string_overlong_sequence_6_bytes.json", decision::reject},
      {"i_string_overlong_sequence_6_bytes_null.json", decision::reject},
      {"i_string_truncated-utf-8.json", decision::reject},
      {"i_string_utf16BE_no_BOM.json", decision::reject},
      {"i_string_utf16LE_no_BOM.json", decision::reject},
      // Structure.
      {"i_structure_500_nested_arrays.json", decision::accept},  // 500 < max_depth 1024
      {"i_structure_UTF-8_BOM_empty_object.json", decision::reject},  // a BOM is not JSON
  };
  return table;
}

// i_ files that are valid JSON text except for lone surrogate escapes (checked byte by
// byte: each holds only ASCII, and its only fault is a \uD800..\uDFFF escape without a
// partner), so decode_options{.allow_lone_surrogates = true} accepts them.
// Not here: i_string_UTF8_surrogate_U+D800 (a raw ED A0 80 byte sequence, not an escape:
// the option is about escapes only, strict UTF-8 still applies).
const std::vector<std::string>& lone_surrogate_files() {
  static const std::vector<std::string> files{
      "i_object_key_lone_2nd_surrogate.json",                // {"\uDFAA":0}
      "i_string_1st_surrogate_but_2nd_missing.json",         // ["\uDADA"]
      "i_string_1st_valid_surrogate_2nd_invalid.json",       // ["\uD888\u1234"]
      "i_string_incomplete_surrogate_and_escape_valid.json", // ["\uD800\n"]
      "i_string_incomplete_surrogate_pair.json",             // ["\uDd1ea"]
      "i_string_incomplete_surrogates_escape_valid.json",    // ["\uD800\uD800\n"]
      "i_string_invalid_lonely_surrogate.json",              // ["\ud800"]
      "i_string_invalid_surrogate.json",                     // ["\ud800abc"]
      "i_string_inverted_surrogates_U+1D11E.json",           // ["\uDd1e\uD834"]
      "i_string_lone_second_surrogate.json",                 // ["\uDFAA"]
  };
  return files;
}

// The error must describe a position inside the input, with line/column matching locate().
void expect_consistent_error(const ujson::error& e, std::string_view input) {
  EXPECT_NE(e.code, ujson::errc::ok);
  EXPECT_NE(e.code, ujson::errc::stopped);
  EXPECT_LE(e.offset, input.size());
  const ujson::location loc = ujson::locate(input, e.offset);
  EXPECT_EQ(e.line, loc.line);
  EXPECT_EQ(e.column, loc.column);
  EXPECT_FALSE(e.message().empty());
}

// ---- counts ------------------------------------------------------------------------------

TEST(JSONTestSuiteFiles, Counts) {
  EXPECT_EQ(test_parsing_files("y_").size(), 95u);
  EXPECT_EQ(test_parsing_files("n_").size(), 188u);
  EXPECT_EQ(test_parsing_files("i_").size(), 35u);
}

TEST(JSONTestSuiteFiles, ImplementationDefinedTableCoversExactlyTheIFiles) {
  const std::vector<std::string> files = test_parsing_files("i_");
  std::set<std::string> on_disk(files.begin(), files.end());
  std::set<std::string> in_table;
  for (const auto& [name, d] : implementation_defined()) in_table.insert(name);
  EXPECT_EQ(in_table.size(), 35u);
  EXPECT_EQ(on_disk, in_table);
  for (const std::string& f : lone_surrogate_files()) EXPECT_TRUE(on_disk.count(f)) << f;
}

TEST(JSONTestSuiteFiles, SanitizedNamesAreUnique) {
  std::set<std::string> names;
  std::size_t total = 0;
  for (const char* prefix : {"y_", "n_", "i_"}) {
    for (const std::string& f : test_parsing_files(prefix)) {
      names.insert(sanitize(f));
      ++total;
    }
  }
  EXPECT_EQ(names.size(), total);
}

// ---- y_: accepted ------------------------------------------------------------------------

class MustAccept : public testing::TestWithParam<std::string> {};

TEST_P(MustAccept, Validate) {
  const std::string input = load(GetParam());
  const ujson::error e = ujson::validate(input);
  EXPECT_EQ(e.code, ujson::errc::ok) << ujson::code_name(e.code) << " at offset " << e.offset;
}

TEST_P(MustAccept, Document) {
  const std::string input = load(GetParam());
  ujson::document doc;
  const ujson::error e = doc.parse(input);
  EXPECT_EQ(e.code, ujson::errc::ok) << ujson::code_name(e.code) << " at offset " << e.offset;
}

TEST_P(MustAccept, WithLoneSurrogatesAllowed) {
  const std::string input = load(GetParam());
  const ujson::decode_options options{.allow_lone_surrogates = true};
  EXPECT_EQ(ujson::validate(input, options).code, ujson::errc::ok);
  ujson::document doc(options);
  EXPECT_EQ(doc.parse(input).code, ujson::errc::ok);
}

INSTANTIATE_TEST_SUITE_P(JSONTestSuite, MustAccept, testing::ValuesIn(test_parsing_files("y_")), name_of());

// ---- n_: rejected ------------------------------------------------------------------------

class MustReject : public testing::TestWithParam<std::string> {};

TEST_P(MustReject, Validate) {
  const std::string input = load(GetParam());
  const ujson::error e = ujson::validate(input);
  expect_consistent_error(e, input);
}

TEST_P(MustReject, Document) {
  const std::string input = load(GetParam());
  ujson::document doc;
  const ujson::error e = doc.parse(input);
  expect_consistent_error(e, input);
}

TEST_P(MustReject, ValidatorAndDocumentAgree) {
  const std::string input = load(GetParam());
  ujson::document doc;
  const ujson::error a = ujson::validate(input);
  const ujson::error b = doc.parse(input);
  EXPECT_EQ(a.code, b.code);
  EXPECT_EQ(a.offset, b.offset);
}

// Relaxing lone surrogates must not let any invalid document through.
TEST_P(MustReject, WithLoneSurrogatesAllowed) {
  const std::string input = load(GetParam());
  const ujson::decode_options options{.allow_lone_surrogates = true};
  expect_consistent_error(ujson::validate(input, options), input);
  ujson::document doc(options);
  expect_consistent_error(doc.parse(input), input);
}

INSTANTIATE_TEST_SUITE_P(JSONTestSuite, MustReject, testing::ValuesIn(test_parsing_files("n_")), name_of());

// ---- i_: the codec's documented choice ---------------------------------------------------

class ImplementationDefined : public testing::TestWithParam<std::string> {};

TEST_P(ImplementationDefined, MatchesTable) {
  const auto& table = implementation_defined();
  const auto it = table.find(GetParam());
  ASSERT_NE(it, table.end()) << "no decision written down for " << GetParam();
  const std::string input = load(GetParam());

  const ujson::error v = ujson::validate(input);
  ujson::document doc;
  const ujson::error d = doc.parse(input);
  if (it->second == decision::accept) {
    EXPECT_EQ(v.code, ujson::errc::ok) << "validate: " << ujson::code_name(v.code) << " at " << v.offset;
    EXPECT_EQ(d.code, ujson::errc::ok) << "document: " << ujson::code_name(d.code) << " at " << d.offset;
  } else {
    expect_consistent_error(v, input);
    expect_consistent_error(d, input);
    EXPECT_EQ(v.code, d.code);
    EXPECT_EQ(v.offset, d.offset);
  }
}

INSTANTIATE_TEST_SUITE_P(JSONTestSuite, ImplementationDefined, testing::ValuesIn(test_parsing_files("i_")),
                         name_of());

class LoneSurrogateAllowed : public testing::TestWithParam<std::string> {};

TEST_P(LoneSurrogateAllowed, Accepted) {
  const std::string input = load(GetParam());
  const ujson::decode_options options{.allow_lone_surrogates = true};
  const ujson::error v = ujson::validate(input, options);
  EXPECT_EQ(v.code, ujson::errc::ok) << ujson::code_name(v.code) << " at " << v.offset;
  ujson::document doc(options);
  const ujson::error d = doc.parse(input);
  EXPECT_EQ(d.code, ujson::errc::ok) << ujson::code_name(d.code) << " at " << d.offset;
}

TEST_P(LoneSurrogateAllowed, RejectedByDefaultWithLoneSurrogate) {
  const std::string input = load(GetParam());
  EXPECT_EQ(ujson::validate(input).code, ujson::errc::lone_surrogate);
  ujson::document doc;
  EXPECT_EQ(doc.parse(input).code, ujson::errc::lone_surrogate);
}

INSTANTIATE_TEST_SUITE_P(JSONTestSuite, LoneSurrogateAllowed, testing::ValuesIn(lone_surrogate_files()),
                         name_of());

// The decoded strings: each lone surrogate becomes its three-byte generalized UTF-8 form
// (1110xxxx 10xxxxxx 10xxxxxx of the 16-bit value), computed by hand.
TEST(LoneSurrogateOption, DecodedAsWtf8) {
  const ujson::decode_options options{.allow_lone_surrogates = true};
  struct expectation {
    const char* file;
    std::string value;
  };
  const expectation cases[] = {
      {"i_string_1st_surrogate_but_2nd_missing.json", "\xED\xAB\x9A"},                   // U+DADA
      {"i_string_lone_second_surrogate.json", "\xED\xBE\xAA"},                           // U+DFAA
      {"i_string_invalid_lonely_surrogate.json", "\xED\xA0\x80"},                        // U+D800
      {"i_string_invalid_surrogate.json", "\xED\xA0\x80" "abc"},                         // U+D800 abc
      {"i_string_incomplete_surrogate_and_escape_valid.json", "\xED\xA0\x80\n"},         // U+D800 LF
      {"i_string_incomplete_surrogates_escape_valid.json", "\xED\xA0\x80\xED\xA0\x80\n"},
      {"i_string_incomplete_surrogate_pair.json", "\xED\xB4\x9E" "a"},                   // U+DD1E a
      {"i_string_inverted_surrogates_U+1D11E.json", "\xED\xB4\x9E\xED\xA0\xB4"},         // U+DD1E U+D834
      {"i_string_1st_valid_surrogate_2nd_invalid.json", "\xED\xA2\x88\xE1\x88\xB4"},     // U+D888 U+1234
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.file);
    const std::string input = load(c.file);
    ujson::document doc(options);
    ASSERT_EQ(doc.parse(input).code, ujson::errc::ok);
    ASSERT_TRUE(doc.root().is_array());
    ASSERT_EQ(doc.root().size(), 1u);
    EXPECT_EQ(doc.root()[0].as_string(), c.value);
  }
  const std::string key_input = load("i_object_key_lone_2nd_surrogate.json");
  ujson::document doc(options);
  ASSERT_EQ(doc.parse(key_input).code, ujson::errc::ok);
  const ujson::value* v = doc.root().find("\xED\xBE\xAA");  // U+DFAA
  ASSERT_NE(v, nullptr);
  EXPECT_EQ(v->as_int64(), 0);
}

TEST(LoneSurrogateOption, RawEncodedSurrogateStillInvalidUtf8) {
  // The option turns lone \u escapes into WTF-8; it does not make raw ED A0 80 valid input.
  const std::string input = load("i_string_UTF8_surrogate_U+D800.json");
  const ujson::decode_options options{.allow_lone_surrogates = true};
  EXPECT_EQ(ujson::validate(input, options).code, ujson::errc::invalid_utf8);
  ujson::document doc(options);
  EXPECT_EQ(doc.parse(input).code, ujson::errc::invalid_utf8);
}

// The accepted i_number files keep their exact text (nothing lost), checked on the DOM.
TEST(ImplementationDefinedNumbers, BigNumbersKeepExactText) {
  struct expectation {
    const char* file;
    const char* text;
  };
  const expectation cases[] = {
      {"i_number_too_big_neg_int.json", "-123123123123123123123123123123"},
      {"i_number_too_big_pos_int.json", "100000000000000000000"},
      {"i_number_very_big_negative_int.json", "-237462374673276894279832749832423479823246327846"},
      {"i_number_real_pos_overflow.json", "123123e100000"},
      {"i_number_real_neg_overflow.json", "-123123e100000"},
      {"i_number_real_underflow.json", "123e-10000000"},
      {"i_number_neg_int_huge_exp.json", "-1e+9999"},
      {"i_number_pos_double_huge_exp.json", "1.5e+9999"},
      {"i_number_double_huge_neg_exp.json", "123.456e-789"},
      {"i_number_huge_exp.json",
       "0.4e00669999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999"
       "999999999999999999999969999999006"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.file);
    const std::string input = load(c.file);
    ujson::document doc;
    ASSERT_EQ(doc.parse(input).code, ujson::errc::ok);
    ASSERT_EQ(doc.root().size(), 1u);
    const ujson::value& n = doc.root()[0];
    EXPECT_EQ(n.type(), ujson::kind::big_number);
    EXPECT_EQ(n.as_string(), c.text);
  }
}

TEST(ImplementationDefinedStructure, FiveHundredNestedArrays) {
  const std::string input = load("i_structure_500_nested_arrays.json");
  ujson::document doc;
  ASSERT_EQ(doc.parse(input).code, ujson::errc::ok);
  const ujson::value* v = &doc.root();
  std::size_t depth = 0;
  while (v->is_array()) {
    ++depth;
    if (v->size() == 0) break;
    EXPECT_EQ(v->size(), 1u);
    v = &(*v)[0];
  }
  EXPECT_EQ(depth, 500u);
}

}  // namespace
