// The decoder options seen through the DOM: duplicate_keys (keep_last, keep_first, reject;
// small and hashed objects), allow_nan_literals, allow_lone_surrogates (WTF-8) and
// max_depth, with documents too deep for recursion.

#include <gtest/gtest.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <utility>

#include "support/printers.hpp"
#include "ujson/dom.hpp"
#include "ujson/encode.hpp"
#include "ujson/errors.hpp"
#include "ujson/options.hpp"

namespace {

using ujson::decode_options;
using ujson::document;
using ujson::duplicate_keys;
using ujson::errc;
using ujson::kind;
using ujson::value;

// ---- duplicate keys ---------------------------------------------------------------------------

document parsed(const std::string& input, duplicate_keys policy, ujson::error* err = nullptr) {
  decode_options o;
  o.duplicate_keys = policy;
  document d(o);
  const ujson::error e = d.parse(input);
  if (err != nullptr) *err = e;
  return d;
}

TEST(DomDuplicateKeys, DefaultIsKeepLast) {
  EXPECT_EQ(decode_options{}.duplicate_keys, duplicate_keys::keep_last);
  const std::string input = R"({"a":1,"b":2,"a":3})";
  document d;
  ASSERT_FALSE(d.parse(input));
  ASSERT_EQ(d.root().size(), 2u);
  EXPECT_EQ(d.root().members()[0].key.as_string(), "a");
  EXPECT_EQ(d.root().members()[0].val.as_int64(), 3);
  EXPECT_EQ(d.root().members()[1].key.as_string(), "b");
}

TEST(DomDuplicateKeys, SmallObjects) {
  const std::string input = R"({"a":1,"b":2,"a":3})";
  {
    ujson::error e;
    const document d = parsed(input, duplicate_keys::keep_last, &e);
    ASSERT_FALSE(e);
    ASSERT_EQ(d.root().size(), 2u);
    EXPECT_EQ(d.root().members()[0].key.as_string(), "a");  // position of the first
    EXPECT_EQ(d.root().members()[0].val.as_int64(), 3);     // value of the last
    EXPECT_EQ(d.root().members()[1].key.as_string(), "b");
    EXPECT_EQ(d.root().members()[1].val.as_int64(), 2);
  }
  {
    ujson::error e;
    const document d = parsed(input, duplicate_keys::keep_first, &e);
    ASSERT_FALSE(e);
    ASSERT_EQ(d.root().size(), 2u);
    EXPECT_EQ(d.root().members()[0].key.as_string(), "a");
    EXPECT_EQ(d.root().members()[0].val.as_int64(), 1);
    EXPECT_EQ(d.root().members()[1].key.as_string(), "b");
    EXPECT_EQ(d.root().members()[1].val.as_int64(), 2);
  }
  {
    ujson::error e;
    const document d = parsed(input, duplicate_keys::reject, &e);
    EXPECT_EQ(e.code, errc::duplicate_key);
    EXPECT_LT(e.offset, input.size());
    EXPECT_TRUE(d.root().is_null());
  }
}

TEST(DomDuplicateKeys, ThreeTimesAndEscapedSpellings) {
  // "\u0078" is "x": the same key spelled differently.
  const std::string input = R"({"x":1,"a":2,"\u0078":3,"x":4,"b":{"x":5,"x":6}})";
  {
    const document d = parsed(input, duplicate_keys::keep_last);
    ASSERT_EQ(d.root().size(), 3u);
    EXPECT_EQ(d.root().members()[0].key.as_string(), "x");
    EXPECT_EQ(d.root().members()[0].val.as_int64(), 4);
    EXPECT_EQ(d.root().members()[1].key.as_string(), "a");
    EXPECT_EQ(d.root().members()[2].key.as_string(), "b");
    ASSERT_EQ(d.root()["b"].size(), 1u);
    EXPECT_EQ(d.root()["b"]["x"].as_int64(), 6);
  }
  {
    const document d = parsed(input, duplicate_keys::keep_first);
    ASSERT_EQ(d.root().size(), 3u);
    EXPECT_EQ(d.root()["x"].as_int64(), 1);
    EXPECT_EQ(d.root()["a"].as_int64(), 2);
    ASSERT_EQ(d.root()["b"].size(), 1u);
    EXPECT_EQ(d.root()["b"]["x"].as_int64(), 5);
  }
  ujson::error e;
  parsed(input, duplicate_keys::reject, &e);
  EXPECT_EQ(e.code, errc::duplicate_key);
}

TEST(DomDuplicateKeys, SameKeyInDifferentObjectsIsNoDuplicate) {
  const std::string input = R"({"a":{"a":1},"b":{"a":2},"c":[{"a":3},{"a":4}]})";
  for (duplicate_keys p : {duplicate_keys::keep_last, duplicate_keys::keep_first, duplicate_keys::reject}) {
    ujson::error e;
    const document d = parsed(input, p, &e);
    ASSERT_FALSE(e);
    EXPECT_EQ(d.root()["a"]["a"].as_int64(), 1);
    EXPECT_EQ(d.root()["b"]["a"].as_int64(), 2);
    EXPECT_EQ(d.root()["c"][1]["a"].as_int64(), 4);
  }
}

// Twelve distinct keys k0..k11 (values 0..11), then k3 again ("dup1"), k0 again ([true]),
// k3 a third time ({"deep":"dup2"}): fifteen members (the pairwise path of objects of up to
// 16; dom_duplicate_keys_test holds the larger objects' table).
const std::string large_with_duplicates = [] {
  std::string s = "{";
  for (int i = 0; i < 12; ++i) s += "\"k" + std::to_string(i) + "\":" + std::to_string(i) + ",";
  s += R"("k3":"dup1","k0":[true],"k3":{"deep":"dup2"}})";
  return s;
}();

TEST(DomDuplicateKeys, LargeObjectKeepLast) {
  ujson::error e;
  const document d = parsed(large_with_duplicates, duplicate_keys::keep_last, &e);
  ASSERT_FALSE(e);
  const value& r = d.root();
  ASSERT_EQ(r.size(), 12u);
  for (std::size_t i = 0; i < 12; ++i) EXPECT_EQ(r.members()[i].key.as_string(), "k" + std::to_string(i));
  EXPECT_TRUE(r.members()[0].val.is_array());
  EXPECT_TRUE(r.members()[0].val[std::size_t{0}].as_bool());
  EXPECT_EQ(r.members()[3].val["deep"].as_string(), "dup2");
  for (std::size_t i : {1, 2, 4, 5, 6, 7, 8, 9, 10, 11}) EXPECT_EQ(r.members()[i].val.as_int64(), static_cast<std::int64_t>(i));
}

TEST(DomDuplicateKeys, LargeObjectKeepFirst) {
  ujson::error e;
  const document d = parsed(large_with_duplicates, duplicate_keys::keep_first, &e);
  ASSERT_FALSE(e);
  const value& r = d.root();
  ASSERT_EQ(r.size(), 12u);
  for (std::size_t i = 0; i < 12; ++i) {
    EXPECT_EQ(r.members()[i].key.as_string(), "k" + std::to_string(i));
    EXPECT_EQ(r.members()[i].val.as_int64(), static_cast<std::int64_t>(i));
  }
}

TEST(DomDuplicateKeys, LargeObjectReject) {
  ujson::error e;
  parsed(large_with_duplicates, duplicate_keys::reject, &e);
  EXPECT_EQ(e.code, errc::duplicate_key);
}

TEST(DomDuplicateKeys, BoundaryBetweenSmallAndLarge) {
  for (int n : {2, 7, 8, 9, 10, 16, 17, 100, 1000}) {
    SCOPED_TRACE("members: " + std::to_string(n));
    // n members whose last repeats the first key.
    std::string dup = "{";
    for (int i = 0; i < n - 1; ++i) dup += "\"m" + std::to_string(i) + "\":" + std::to_string(i) + ",";
    dup += "\"m0\":\"last\"}";
    ujson::error e;
    {
      const document d = parsed(dup, duplicate_keys::keep_last, &e);
      ASSERT_FALSE(e);
      ASSERT_EQ(d.root().size(), static_cast<std::size_t>(n - 1));
      EXPECT_EQ(d.root().members()[0].val.as_string(), "last");
      EXPECT_EQ(d.root().members()[static_cast<std::size_t>(n - 2)].val.as_int64(), n - 2);
    }
    {
      const document d = parsed(dup, duplicate_keys::keep_first, &e);
      ASSERT_FALSE(e);
      ASSERT_EQ(d.root().size(), static_cast<std::size_t>(n - 1));
      EXPECT_EQ(d.root().members()[0].val.as_int64(), 0);
    }
    parsed(dup, duplicate_keys::reject, &e);
    EXPECT_EQ(e.code, errc::duplicate_key);

    // n distinct members: nothing removed, nothing rejected.
    std::string distinct = "{";
    for (int i = 0; i < n; ++i) distinct += (i ? ",\"m" : "\"m") + std::to_string(i) + "\":" + std::to_string(i);
    distinct += "}";
    for (duplicate_keys p : {duplicate_keys::keep_last, duplicate_keys::keep_first, duplicate_keys::reject}) {
      const document d = parsed(distinct, p, &e);
      ASSERT_FALSE(e);
      ASSERT_EQ(d.root().size(), static_cast<std::size_t>(n));
      for (int i = 0; i < n; ++i) ASSERT_EQ(d.root()["m" + std::to_string(i)].as_int64(), i);
    }
  }
}

TEST(DomDuplicateKeys, LargeObjectWithSimilarKeys) {
  // Prefixes, the empty key and keys differing in one byte, with duplicates among them.
  const std::string input =
      R"({"":0,"a":1,"aa":2,"aaa":3,"ab":4,"b":5,"ba":6,"A":7,"\u00e9":8,"é":9,"aa":10,"":11,"z":12})";
  const document last = parsed(input, duplicate_keys::keep_last);
  ASSERT_EQ(last.root().size(), 10u);
  EXPECT_EQ(last.root()[""].as_int64(), 11);
  EXPECT_EQ(last.root()["aa"].as_int64(), 10);
  EXPECT_EQ(last.root()["\xc3\xa9"].as_int64(), 9);
  EXPECT_EQ(last.root()["aaa"].as_int64(), 3);
  EXPECT_EQ(last.root()["z"].as_int64(), 12);
  EXPECT_EQ(last.root().members()[8].key.as_string(), "\xc3\xa9");
  EXPECT_EQ(last.root().members()[9].key.as_string(), "z");
  const document first = parsed(input, duplicate_keys::keep_first);
  ASSERT_EQ(first.root().size(), 10u);
  EXPECT_EQ(first.root()[""].as_int64(), 0);
  EXPECT_EQ(first.root()["aa"].as_int64(), 2);
  EXPECT_EQ(first.root()["\xc3\xa9"].as_int64(), 8);
}

// The hash behind the check of large objects reads a key's length and its first and last
// eight bytes: keys that differ only between those share it. Every such key must still be
// told apart (and past the probe budget, where 2,000 of them send the check to sorting).
TEST(DomDuplicateKeys, KeysThatDifferOnlyInTheirMiddle) {
  for (int n : {9, 40, 2000}) {
    SCOPED_TRACE("members: " + std::to_string(n));
    auto key = [](int i) {
      std::string middle = std::to_string(i);
      return "\"prefix__" + std::string(5 - middle.size(), '0') + middle + "__suffix\"";
    };
    std::string input = "{";
    for (int i = 0; i < n; ++i) input += key(i) + ":" + std::to_string(i) + ",";
    input += key(n / 2) + ":-1}";  // repeats one in the middle
    ujson::error e;
    const document last = parsed(input, duplicate_keys::keep_last, &e);
    ASSERT_FALSE(e);
    ASSERT_EQ(last.root().size(), static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) {
      const std::string k = key(i).substr(1, key(i).size() - 2);
      ASSERT_EQ(last.root()[k].as_int64(), i == n / 2 ? -1 : i) << k;
    }
    parsed(input, duplicate_keys::reject, &e);
    EXPECT_EQ(e.code, errc::duplicate_key);
    input.replace(input.rfind(key(n / 2)), key(n / 2).size(), key(n));  // now all distinct
    parsed(input, duplicate_keys::reject, &e);
    EXPECT_FALSE(e);
  }
}

// ---- decoder options -----------------------------------------------------------------------

TEST(DomOptions, NanLiteralsOnlyWithTheOption) {
  for (const char* text : {"NaN", "Infinity", "-Infinity", "[NaN]", "[1,-Infinity]", R"({"a":Infinity})"}) {
    document strict;
    EXPECT_TRUE(strict.parse(std::string_view(text))) << text;
  }
  decode_options o;
  o.allow_nan_literals = true;
  document d(o);
  ASSERT_FALSE(d.parse(std::string_view("[NaN, Infinity, -Infinity, 1.5, {\"x\":-Infinity}]")));
  const value& r = d.root();
  ASSERT_EQ(r.size(), 5u);
  EXPECT_EQ(r[0].type(), kind::double_);
  EXPECT_TRUE(std::isnan(r[0].as_double()));
  EXPECT_EQ(r[1].as_double(), std::numeric_limits<double>::infinity());
  EXPECT_EQ(r[2].as_double(), -std::numeric_limits<double>::infinity());
  EXPECT_EQ(r[3].as_double(), 1.5);
  EXPECT_EQ(r[4]["x"].as_double(), -std::numeric_limits<double>::infinity());
  for (const char* text : {"NaN", "Infinity", "-Infinity"}) EXPECT_FALSE(d.parse(std::string_view(text))) << text;
  // Only these spellings.
  for (const char* text : {"nan", "infinity", "-NaN", "+Infinity", "Inf", "-Inf", "NaNa", "Infinityy", "NAN", "[-]"}) {
    EXPECT_TRUE(d.parse(std::string_view(text))) << text;
  }
}

// Past 64 bytes the SIMD kernels' indexed walk reads the document, where NaN and Infinity
// are read apart from their event and the event goes to the DOM builder's cursor: first
// and later in an array of numbers (-Infinity begins as a number), alone in an array,
// as a member's value, and beside values on either side.
TEST(DomOptions, NanLiteralsInLongDocuments) {
  decode_options o;
  o.allow_nan_literals = true;
  document d(o);
  const std::string input =
      R"([[-Infinity, 2, -Infinity, NaN], [NaN], {"a": Infinity, "b": [1, "x"]}, true, -Infinity, "end"])";
  ASSERT_GE(input.size(), 64u);
  ASSERT_FALSE(d.parse(input));
  const value& r = d.root();
  ASSERT_EQ(r.size(), 6u);
  const double inf = std::numeric_limits<double>::infinity();
  ASSERT_EQ(r[0].size(), 4u);
  EXPECT_EQ(r[0][0].as_double(), -inf);
  EXPECT_EQ(r[0][1].as_int64(), 2);
  EXPECT_EQ(r[0][2].as_double(), -inf);
  EXPECT_TRUE(std::isnan(r[0][3].as_double()));
  ASSERT_EQ(r[1].size(), 1u);
  EXPECT_TRUE(std::isnan(r[1][0].as_double()));
  EXPECT_EQ(r[2]["a"].as_double(), inf);
  ASSERT_EQ(r[2]["b"].size(), 2u);
  EXPECT_EQ(r[2]["b"][1].as_string(), "x");
  EXPECT_TRUE(r[3].as_bool());
  EXPECT_EQ(r[4].as_double(), -inf);
  EXPECT_EQ(r[5].as_string(), "end");
}

TEST(DomOptions, NanLiteralsEncodeBack) {
  decode_options o;
  o.allow_nan_literals = true;
  document d(o);
  const std::string input = "[NaN,Infinity,-Infinity]";
  ASSERT_FALSE(d.parse(input));
  std::string out;
  ASSERT_EQ(ujson::encode(d.root(), out), errc::ok);
  EXPECT_EQ(out, input);
  ujson::encode_options strict;
  strict.allow_nan = false;
  EXPECT_EQ(ujson::encode(d.root(), out, strict), errc::nan_or_infinity);
}

TEST(DomOptions, LoneSurrogatesRejectedByDefault) {
  for (const char* text : {R"("\ud800")", R"("\udc00")", R"("\udbff")", R"("\ud800x")", R"("\ud800\u0041")",
                           R"("\ud800\ud800")", R"("\udc00\ud800")", R"(["\ud83d"])", R"({"\udfff":1})"}) {
    document d;
    const ujson::error e = d.parse(std::string_view(text));
    EXPECT_EQ(e.code, errc::lone_surrogate) << text;
  }
}

TEST(DomOptions, LoneSurrogatesAsWtf8) {
  decode_options o;
  o.allow_lone_surrogates = true;
  const std::pair<const char*, std::string> cases[] = {
      {R"("\ud800")", "\xed\xa0\x80"},
      {R"("\udc00")", "\xed\xb0\x80"},
      {R"("\udfff")", "\xed\xbf\xbf"},
      {R"("\udbff")", "\xed\xaf\xbf"},
      {R"("\ud800x")", "\xed\xa0\x80x"},
      {R"("\ud800\u0041")", "\xed\xa0\x80" "A"},
      {R"("\ud800\ud800")", "\xed\xa0\x80\xed\xa0\x80"},
      {R"("a\udc00\ud800b")", "a\xed\xb0\x80\xed\xa0\x80" "b"},
      // A proper pair is still one astral code point.
      {R"("\ud83d\ude00")", "\xf0\x9f\x98\x80"},
      {R"("\udbff\udfff")", "\xf4\x8f\xbf\xbf"},
  };
  for (const auto& [text, want] : cases) {
    document d(o);
    const ujson::error e = d.parse(std::string_view(text));
    ASSERT_FALSE(e) << text << ": " << ujson::code_name(e.code);
    EXPECT_EQ(d.root().as_string(), want) << text;
  }
  // Raw WTF-8 bytes in the input are still invalid UTF-8: the option is about escapes.
  document d(o);
  EXPECT_EQ(d.parse(std::string_view("\"\xed\xa0\x80\"")).code, errc::invalid_utf8);
}

TEST(DomOptions, LoneSurrogatesWrittenBack) {
  decode_options o;
  o.allow_lone_surrogates = true;
  document d(o);
  ASSERT_FALSE(d.parse(std::string_view(R"(["\ud800","a\udfffb",{"\udc00":"\ud83d\ude00"}])")));
  ujson::encode_options w;
  w.allow_lone_surrogates = true;
  std::string out;
  ASSERT_EQ(ujson::encode(d.root(), out, w), errc::ok);
  EXPECT_EQ(out, R"(["\ud800","a\udfffb",{"\udc00":"\ud83d\ude00"}])");
  w.ensure_ascii = false;
  ASSERT_EQ(ujson::encode(d.root(), out, w), errc::ok);
  EXPECT_EQ(out, "[\"\\ud800\",\"a\\udfffb\",{\"\\udc00\":\"\xf0\x9f\x98\x80\"}]");
  // A writer without the option refuses the WTF-8 bytes.
  EXPECT_EQ(ujson::encode(d.root(), out), errc::invalid_utf8);
  EXPECT_EQ(out, "");
}

TEST(DomOptions, MaxDepth) {
  const std::string ok_1024 = std::string(1024, '[') + std::string(1024, ']');
  const std::string too_deep = std::string(1025, '[') + std::string(1025, ']');
  document d;
  EXPECT_FALSE(d.parse(ok_1024));
  const ujson::error e = d.parse(too_deep);
  EXPECT_EQ(e.code, errc::depth_exceeded);
  EXPECT_EQ(e.offset, 1024u);

  decode_options o;
  o.max_depth = 3;
  document small(o);
  EXPECT_FALSE(small.parse(std::string_view(R"([{"a":[]}])")));
  EXPECT_EQ(small.parse(std::string_view(R"([{"a":[{}]}])")).code, errc::depth_exceeded);
  EXPECT_EQ(small.options().max_depth, 3u);
}

TEST(DomOptions, VeryDeepDocumentsWithoutRecursion) {
  // 200,000 levels: building, comparing, encoding and destroying must not recurse.
  const std::size_t depth = 200000;
  const std::string input = std::string(depth, '[') + "7" + std::string(depth, ']');
  decode_options o;
  o.max_depth = depth;
  document d1(o), d2(o);
  ASSERT_FALSE(d1.parse(input));
  ASSERT_FALSE(d2.parse(input));
  EXPECT_TRUE(d1.root() == d2.root());
  ujson::encode_options w;
  w.max_depth = depth;
  std::string out;
  ASSERT_EQ(ujson::encode(d1.root(), out, w), errc::ok);
  EXPECT_EQ(out, input);
  const value* v = &d1.root();
  for (std::size_t i = 0; i < depth; ++i) v = &(*v)[std::size_t{0}];
  EXPECT_EQ(v->as_int64(), 7);
}

}  // namespace
