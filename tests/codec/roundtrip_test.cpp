// Round trips: decode(encode(decode(x))) == decode(x) for the corpus under several option
// sets, and for 10,000 generated documents whose every value is known to the generator
// (support/json_generator.hpp).

#include <gtest/gtest.h>

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <iterator>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "support/json_generator.hpp"
#include "support/printers.hpp"
#include "support/test_files.hpp"
#include "support/test_share.hpp"
#include "ujson/decoder.hpp"
#include "ujson/dom.hpp"
#include "ujson/encode.hpp"
#include "ujson/validate.hpp"
#include "ujson/writer.hpp"

namespace {

using ujson::document;
using ujson::encode_options;
using ujson::errc;
using ujson::kind;
using ujson::test::generated_value;
using ujson::test::json_generator;

std::string describe(const encode_options& o) {
  return "ensure_ascii=" + std::to_string(o.ensure_ascii) + " escape_forward_slashes=" +
         std::to_string(o.escape_forward_slashes) + " encode_html_chars=" + std::to_string(o.encode_html_chars) +
         " indent=" + std::to_string(o.indent) + " sort_keys=" + std::to_string(o.sort_keys);
}

std::vector<encode_options> corpus_option_sets() {
  std::vector<encode_options> sets;
  sets.push_back(encode_options{});
  encode_options pretty;
  pretty.indent = 2;
  pretty.sort_keys = true;
  sets.push_back(pretty);
  encode_options utf8;
  utf8.ensure_ascii = false;
  sets.push_back(utf8);
  encode_options html;
  html.encode_html_chars = true;
  sets.push_back(html);
  encode_options slashes;
  slashes.escape_forward_slashes = false;
  sets.push_back(slashes);
  return sets;
}

::testing::AssertionResult encoded_form_follows_options(std::string_view s, const encode_options& o);
bool keys_sorted_everywhere(const ujson::value& v);

// ---- corpus ------------------------------------------------------------------------------

class CorpusRoundTrip : public ::testing::TestWithParam<std::string> {};

TEST_P(CorpusRoundTrip, EveryOptionSet) {
  const std::string input = ujson::test::read_file(ujson::test::data_dir() / "corpus" / GetParam());
  ASSERT_FALSE(input.empty());
  document d1;
  const ujson::error e1 = d1.parse(input);
  ASSERT_FALSE(e1) << ujson::code_name(e1.code) << " at " << e1.offset;
  ASSERT_TRUE(d1.root().is_object());

  for (const encode_options& opts : corpus_option_sets()) {
    SCOPED_TRACE(describe(opts));
    std::string s;
    ASSERT_EQ(ujson::encode(d1.root(), s, opts), errc::ok);
    ASSERT_FALSE(s.empty());
    document d2;
    const ujson::error e2 = d2.parse(s);
    ASSERT_FALSE(e2) << ujson::code_name(e2.code) << " at " << e2.offset;
    EXPECT_TRUE(d1.root() == d2.root());

    EXPECT_TRUE(encoded_form_follows_options(s, opts));
    if (opts.sort_keys) {
      EXPECT_TRUE(keys_sorted_everywhere(d2.root()));
    }

    // Encoding the re-decoded document gives the same text again.
    std::string s2;
    ASSERT_EQ(ujson::encode(d2.root(), s2, opts), errc::ok);
    EXPECT_EQ(s2, s);

    // The options showed in the text.
    if (opts.indent == 0) {
      EXPECT_EQ(s.find('\n'), std::string::npos);
    } else {
      EXPECT_NE(s.find("\n  \""), std::string::npos);
    }
    if (opts.ensure_ascii) {
      for (unsigned char c : s) ASSERT_LT(c, 0x80);
    }
    if (opts.encode_html_chars) {
      EXPECT_EQ(s.find('<'), std::string::npos);
      EXPECT_EQ(s.find('>'), std::string::npos);
      EXPECT_EQ(s.find('&'), std::string::npos);
    }
    if (!opts.escape_forward_slashes) {
      EXPECT_EQ(s.find("\\/"), std::string::npos);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Corpus, CorpusRoundTrip, ::testing::ValuesIn(ujson::test::corpus_files()),
                         [](const auto& info) {
                           std::string name = info.param;
                           return name.substr(0, name.find('.'));
                         });

TEST(CorpusRoundTrip, KnownContents) {
  const std::string twitter = ujson::test::read_file(ujson::test::data_dir() / "corpus" / "twitter.json");
  document t;
  ASSERT_FALSE(t.parse(twitter));
  EXPECT_EQ(t.root()["statuses"].size(), 100u);
  EXPECT_EQ(t.root()["search_metadata"]["count"].as_int64(), 100);

  const std::string citm = ujson::test::read_file(ujson::test::data_dir() / "corpus" / "citm_catalog.json");
  document c;
  ASSERT_FALSE(c.parse(citm));
  EXPECT_EQ(c.root().size(), 11u);
  EXPECT_EQ(c.root()["events"].size(), 184u);

  const std::string canada = ujson::test::read_file(ujson::test::data_dir() / "corpus" / "canada.json");
  document k;
  ASSERT_FALSE(k.parse(canada));
  EXPECT_EQ(k.root()["type"].as_string(), "FeatureCollection");
  EXPECT_EQ(k.root()["features"].size(), 1u);
}

// ---- generated documents --------------------------------------------------------------------

std::string show(std::string_view s) {
  std::string out;
  for (unsigned char c : s.substr(0, 400)) {
    if (c >= 0x20 && c < 0x7F) {
      out += static_cast<char>(c);
    } else {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", c);
      out += buf;
    }
  }
  if (s.size() > 400) out += "...";
  return out;
}

// Does the DOM value hold exactly what the generator meant? `ordered`: object members in
// the generated order (false after sort_keys).
::testing::AssertionResult matches(const ujson::value& v, const generated_value& e, bool ordered, const std::string& path = "$") {
  auto fail = [&](const std::string& what) { return ::testing::AssertionFailure() << path << ": " << what; };
  switch (e.type) {
    case generated_value::k::null:
      if (!v.is_null()) return fail("expected null");
      break;
    case generated_value::k::boolean:
      if (!v.is_bool() || v.as_bool() != e.b) return fail("expected bool " + std::to_string(e.b));
      break;
    case generated_value::k::int64:
      if (v.type() != kind::int64 || v.as_int64() != e.i)
        return fail("expected int64 " + std::to_string(e.i) + ", kind " + std::to_string(static_cast<int>(v.type())) +
                    " value " + std::to_string(v.as_int64()));
      break;
    case generated_value::k::uint64:
      if (v.type() != kind::uint64 || v.as_uint64() != e.u) return fail("expected uint64 " + std::to_string(e.u));
      break;
    case generated_value::k::dbl:
      if (v.type() != kind::double_) {
        return fail("expected a double, got kind " + std::to_string(static_cast<int>(v.type())) + " text " +
                    std::string(v.as_string()));
      }
      if (std::bit_cast<std::uint64_t>(v.as_double()) != std::bit_cast<std::uint64_t>(e.d)) {
        char buf[80];
        std::snprintf(buf, sizeof buf, "expected double %.17g, got %.17g", e.d, v.as_double());
        return fail(buf);
      }
      break;
    case generated_value::k::big:
      if (v.type() != kind::big_number || v.as_string() != e.s)
        return fail("expected big number " + e.s + ", kind " + std::to_string(static_cast<int>(v.type())));
      break;
    case generated_value::k::string:
      if (!v.is_string() || v.as_string() != e.s)
        return fail("expected string \"" + show(e.s) + "\", got \"" + show(v.as_string()) + "\"");
      break;
    case generated_value::k::array:
      if (!v.is_array() || v.size() != e.items.size()) return fail("expected array of " + std::to_string(e.items.size()));
      for (std::size_t i = 0; i < e.items.size(); ++i) {
        auto r = matches(v[i], e.items[i], ordered, path + "[" + std::to_string(i) + "]");
        if (!r) return r;
      }
      break;
    case generated_value::k::object:
      if (!v.is_object() || v.size() != e.items.size()) return fail("expected object of " + std::to_string(e.items.size()));
      for (std::size_t i = 0; i < e.items.size(); ++i) {
        const ujson::value* m = nullptr;
        if (ordered) {
          const ujson::member& mem = v.members()[i];
          if (!mem.key.is_string() || mem.key.as_string() != e.keys[i])
            return fail("member " + std::to_string(i) + " expected key \"" + show(e.keys[i]) + "\" got \"" +
                        show(mem.key.as_string()) + "\"");
          m = &mem.val;
        } else {
          m = v.find(e.keys[i]);
          if (m == nullptr) return fail("missing key \"" + show(e.keys[i]) + "\"");
        }
        auto r = matches(*m, e.items[i], ordered, path + "." + show(e.keys[i]));
        if (!r) return r;
      }
      break;
  }
  return ::testing::AssertionSuccess();
}

// Checks the encoder's text against the options, independently of any decoder: escapes
// used and not used, lowercase hex, no whitespace when compact, keys sorted when asked.
::testing::AssertionResult encoded_form_follows_options(std::string_view s, const encode_options& o) {
  auto fail = [&](std::size_t at, const std::string& what) {
    return ::testing::AssertionFailure() << what << " at byte " << at << " of " << show(s);
  };
  bool in_string = false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (o.ensure_ascii && c >= 0x80) return fail(i, "non-ASCII byte with ensure_ascii");
    if (!in_string) {
      if (c == '"') {
        in_string = true;
      } else if (o.indent == 0 && (c == ' ' || c == '\n' || c == '\t' || c == '\r')) {
        return fail(i, "whitespace in compact output");
      }
      continue;
    }
    if (c == '"') {
      in_string = false;
    } else if (c < 0x20) {
      return fail(i, "raw control character");
    } else if (c == '/' && o.escape_forward_slashes) {
      return fail(i, "raw '/' with escape_forward_slashes");
    } else if ((c == '<' || c == '>' || c == '&') && o.encode_html_chars) {
      return fail(i, "raw HTML character with encode_html_chars");
    } else if (c == '\\') {
      if (i + 1 >= s.size()) return fail(i, "truncated escape");
      const char e = s[i + 1];
      if (e == '/' && !o.escape_forward_slashes) return fail(i, "\\/ without escape_forward_slashes");
      if (e == 'u') {
        if (i + 6 > s.size()) return fail(i, "truncated \\u escape");
        unsigned v = 0;
        for (std::size_t k = i + 2; k < i + 6; ++k) {
          const char h = s[k];
          if (h >= '0' && h <= '9') {
            v = v * 16 + static_cast<unsigned>(h - '0');
          } else if (h >= 'a' && h <= 'f') {
            v = v * 16 + static_cast<unsigned>(h - 'a' + 10);
          } else {
            return fail(i, "\\u escape not in lowercase hex");
          }
        }
        const bool html = v == '<' || v == '>' || v == '&';
        if (v >= 0x20 && v < 0x80 && !(html && o.encode_html_chars)) return fail(i, "needless \\u escape of ASCII");
        if (v >= 0x80 && !o.ensure_ascii) return fail(i, "\\u escape of non-ASCII without ensure_ascii");
        if (v == 0x08 || v == 0x09 || v == 0x0a || v == 0x0c || v == 0x0d) return fail(i, "\\u escape with a short form");
        i += 5;
      } else {
        ++i;
      }
    }
  }
  return ::testing::AssertionSuccess();
}

// Are the members of every object in `v` in byte order of their keys?
bool keys_sorted_everywhere(const ujson::value& v) {
  if (v.is_array()) {
    for (const ujson::value& e : v.elements()) {
      if (!keys_sorted_everywhere(e)) return false;
    }
  } else if (v.is_object()) {
    const auto members = v.members();
    for (std::size_t i = 0; i < members.size(); ++i) {
      if (i > 0 && members[i - 1].key.as_string() > members[i].key.as_string()) return false;
      if (!keys_sorted_everywhere(members[i].val)) return false;
    }
  }
  return true;
}

encode_options random_options(std::mt19937_64& rng) {
  encode_options o;
  o.ensure_ascii = rng() & 1;
  o.escape_forward_slashes = rng() & 1;
  o.encode_html_chars = rng() & 1;
  static constexpr int indents[] = {0, 0, 0, 1, 2, 4};
  o.indent = indents[rng() % std::size(indents)];
  o.sort_keys = rng() & 1;
  return o;
}

TEST(GeneratedRoundTrip, TenThousandDocuments) {
  json_generator gen(0x5eed0f0a1b2c3d4eULL);
  std::mt19937_64 option_rng(20240601);
  int failures = 0;
  int top_scalars = 0, deep_docs = 0;
  std::size_t total_bytes = 0;
  ujson::decoder canonicalizer;
  const int documents = static_cast<int>(ujson::test::share_of(10000));
  for (int n = 0; n < documents && failures < 10; ++n) {
    generated_value exp;
    bool top_scalar = false;
    const std::string text = gen.document(exp, top_scalar);
    total_bytes += text.size();
    if (top_scalar) ++top_scalars;
    SCOPED_TRACE("document " + std::to_string(n) + ": " + show(text));

    const ujson::error ve = ujson::validate(text);
    if (ve) {
      ADD_FAILURE() << "validate: " << ujson::code_name(ve.code) << " at " << ve.offset;
      ++failures;
      continue;
    }
    document d1;
    const ujson::error e1 = d1.parse(text);
    if (e1) {
      ADD_FAILURE() << "parse: " << ujson::code_name(e1.code) << " at " << e1.offset;
      ++failures;
      continue;
    }
    // Every value, scalars at the top level included, is what the generator intended.
    if (auto r = matches(d1.root(), exp, true); !r) {
      ADD_FAILURE() << "first decode: " << r.message();
      ++failures;
      continue;
    }
    if (exp.type == generated_value::k::array || exp.type == generated_value::k::object) {
      std::size_t depth = 0;
      for (const generated_value* p = &exp; !p->items.empty(); p = &p->items.front()) ++depth;
      if (depth >= 50) ++deep_docs;
    }

    const encode_options opts = random_options(option_rng);
    SCOPED_TRACE(describe(opts));
    std::string s;
    const errc ee = ujson::encode(d1.root(), s, opts);
    if (ee != errc::ok) {
      ADD_FAILURE() << "encode: " << ujson::code_name(ee);
      ++failures;
      continue;
    }
    document d2;
    const ujson::error e2 = d2.parse(s);
    if (e2) {
      ADD_FAILURE() << "re-parse of " << show(s) << ": " << ujson::code_name(e2.code) << " at " << e2.offset;
      ++failures;
      continue;
    }
    if (auto r = encoded_form_follows_options(s, opts); !r) {
      ADD_FAILURE() << r.message();
      ++failures;
    }
    if (opts.sort_keys && !keys_sorted_everywhere(d2.root())) {
      ADD_FAILURE() << "sort_keys output not sorted: " << show(s);
      ++failures;
    }
    if (!(d1.root() == d2.root())) {
      ADD_FAILURE() << "decode(encode(decode(x))) != decode(x); encoded: " << show(s);
      ++failures;
    }
    if (auto r = matches(d2.root(), exp, !opts.sort_keys); !r) {
      ADD_FAILURE() << "second decode: " << r.message() << "; encoded: " << show(s);
      ++failures;
    }
    // The decoder feeding a writer directly gives the same text as the DOM's adapter.
    ujson::writer w(opts);
    const ujson::error ew = canonicalizer.decode(text, w);
    if (ew || w.output() != s) {
      ADD_FAILURE() << "decode into writer: " << ujson::code_name(ew.code) << " gave " << show(w.output())
                    << " expected " << show(s);
      ++failures;
    }
  }
  EXPECT_EQ(failures, 0);
  // The generator covered what it should.
  // What the generator must have drawn (a quarter scalars, 3% deep, 100 bytes a document on average).
  EXPECT_GT(top_scalars, documents / 4);
  EXPECT_GT(deep_docs, documents * 3 / 100);
  EXPECT_GT(total_bytes, static_cast<std::size_t>(documents) * 100);
}

// The generator's own output, checked by hand for a few escapes, so that a generator bug
// cannot hide a decoder bug.
TEST(GeneratedRoundTrip, HandWrittenEscapesDecodeAsIntended) {
  const std::string text = R"(["\"\\\/\b\f\n\r\t", "\u00E9\u00e9", "\uD83D\uDE00", "\u0000\u001F", "é😀"])";
  document d;
  ASSERT_FALSE(d.parse(text));
  EXPECT_EQ(d.root()[0].as_string(), "\"\\/\b\f\n\r\t");
  EXPECT_EQ(d.root()[1].as_string(), "\xc3\xa9\xc3\xa9");
  EXPECT_EQ(d.root()[2].as_string(), "\xf0\x9f\x98\x80");
  EXPECT_EQ(d.root()[3].as_string(), std::string_view("\0\x1f", 2));
  EXPECT_EQ(d.root()[4].as_string(), "\xc3\xa9\xf0\x9f\x98\x80");
}

}  // namespace
