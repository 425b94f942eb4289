// JSON Pointer (RFC 6901): parsing, lookup in a DOM and pointer_selection, the one-pass
// projection. The expected values of RFC 6901 section 5 are written from the RFC's text.

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "support/test_files.hpp"
#include "ujson/dom.hpp"
#include "ujson/pointer.hpp"
#include "ujson/validate.hpp"
#include "ujson/writer.hpp"

namespace {

using ujson::decode_options;
using ujson::document;
using ujson::duplicate_keys;
using ujson::errc;
using ujson::json_pointer;
using ujson::pointer_selection;
using ujson::value;

json_pointer pointer(std::string_view text) {
  json_pointer p;
  const ujson::pointer_syntax_error e = json_pointer::parse(text, p);
  EXPECT_FALSE(e) << text << ": " << e.reason;
  return p;
}

std::vector<json_pointer> pointers(std::initializer_list<std::string_view> texts) {
  std::vector<json_pointer> out;
  for (std::string_view t : texts) out.push_back(pointer(t));
  return out;
}

// The expected value, from its JSON text.
struct expected {
  document doc;
  explicit expected(std::string_view text) { EXPECT_FALSE(doc.parse(text)) << text; }
  const value& root() const { return doc.root(); }
};

// RFC 6901 section 5's document, as the RFC prints it ("i\\j" and "k\"l" are JSON escapes).
constexpr std::string_view rfc_document = R"({
      "foo": ["bar", "baz"],
      "": 0,
      "a/b": 1,
      "c%d": 2,
      "e^f": 3,
      "g|h": 4,
      "i\\j": 5,
      "k\"l": 6,
      " ": 7,
      "m~n": 8
   })";

// The RFC's table: each pointer (as a JSON string's contents there, unescaped here) and the
// value it evaluates to. "" is the whole document.
const std::vector<std::pair<std::string, std::string>> rfc_table = {
    {"/foo", R"(["bar", "baz"])"}, {"/foo/0", R"("bar")"}, {"/", "0"},     {"/a~1b", "1"},
    {"/c%d", "2"},                 {"/e^f", "3"},          {"/g|h", "4"},  {"/i\\j", "5"},
    {"/k\"l", "6"},                {"/ ", "7"},            {"/m~0n", "8"},
};

TEST(JsonPointer, ParsesTokensAndUnescapesTildeZeroAndOne) {
  const json_pointer p = pointer("/a~1b/~0/m~01n//7/007/-");
  ASSERT_EQ(p.size(), 7u);
  EXPECT_EQ(p.token(0), "a/b");
  EXPECT_EQ(p.token(1), "~");
  EXPECT_EQ(p.token(2), "m~1n");  // "~01" is "~" then "1", never "/"
  EXPECT_EQ(p.token(3), "");
  EXPECT_EQ(p.index(4), std::optional<std::size_t>(7));
  EXPECT_EQ(p.index(5), std::nullopt);  // a leading zero is not an array index
  EXPECT_EQ(p.index(6), std::nullopt);  // "-": the element after the last
  EXPECT_EQ(p.text(), "/a~1b/~0/m~01n//7/007/-");
  EXPECT_TRUE(pointer("").empty());
  EXPECT_EQ(pointer("/").size(), 1u);
  EXPECT_EQ(pointer("/0").index(0), std::optional<std::size_t>(0));
  EXPECT_EQ(pointer("/99999999999999999999999").index(0), std::nullopt);
}

TEST(JsonPointer, RefusesTextThatIsNoPointerAtTheByteAtFault) {
  const std::vector<std::pair<std::string_view, std::size_t>> bad = {
      {"a", 0}, {"foo/0", 0}, {"#/foo", 0}, {"/~", 1}, {"/~2", 1}, {"/a~", 2}, {"/ab/c~x", 5}, {"/~1~", 3}};
  for (const auto& [text, offset] : bad) {
    json_pointer p = pointer("/kept");
    const ujson::pointer_syntax_error e = json_pointer::parse(text, p);
    EXPECT_TRUE(e) << text;
    EXPECT_EQ(e.offset, offset) << text;
    EXPECT_FALSE(e.reason.empty()) << text;
    EXPECT_TRUE(p.empty()) << text;
  }
}

TEST(JsonPointer, Rfc6901SectionFiveOneAtATime) {
  document doc;
  ASSERT_FALSE(doc.parse(rfc_document));
  pointer_selection s;
  for (const auto& [text, json] : rfc_table) {
    SCOPED_TRACE(text);
    const expected want(json);
    const std::vector<json_pointer> p{pointer(text)};
    ASSERT_FALSE(s.select(rfc_document, p));
    ASSERT_NE(s.found(0), nullptr);
    EXPECT_EQ(*s.found(0), want.root());
    const value* in_dom = ujson::find(doc.root(), p[0]);
    ASSERT_NE(in_dom, nullptr);
    EXPECT_EQ(*in_dom, want.root());
  }
  // "": the whole document.
  const std::vector<json_pointer> whole{json_pointer()};
  ASSERT_FALSE(s.select(rfc_document, whole));
  ASSERT_NE(s.found(0), nullptr);
  EXPECT_EQ(*s.found(0), doc.root());
}

TEST(JsonPointer, Rfc6901SectionFiveAllAtOnceInTheirOrder) {
  std::vector<json_pointer> all;
  for (auto it = rfc_table.rbegin(); it != rfc_table.rend(); ++it) all.push_back(pointer(it->first));
  all.push_back(json_pointer());
  pointer_selection s;
  ASSERT_FALSE(s.select(rfc_document, all));
  for (std::size_t i = 0; i + 1 < all.size(); ++i) {
    const expected want(rfc_table[rfc_table.size() - 1 - i].second);
    ASSERT_NE(s.found(i), nullptr) << all[i].text();
    EXPECT_EQ(*s.found(i), want.root()) << all[i].text();
  }
  const expected whole(rfc_document);
  ASSERT_NE(s.found(all.size() - 1), nullptr);
  EXPECT_EQ(*s.found(all.size() - 1), whole.root());
}

TEST(JsonPointer, WhatMatchesNothingIsNotFound) {
  const auto p = pointers({"/foo/2", "/foo/-", "/foo/01", "/nope", "/foo/0/x", "/foo/bar", "/a~1b/0", "/0", "/foo/1"});
  pointer_selection s;
  ASSERT_FALSE(s.select(rfc_document, p));
  for (std::size_t i = 0; i + 1 < p.size(); ++i) EXPECT_EQ(s.found(i), nullptr) << p[i].text();
  ASSERT_NE(s.found(p.size() - 1), nullptr);
  EXPECT_EQ(s.found(p.size() - 1)->as_string(), "baz");
  document doc;
  ASSERT_FALSE(doc.parse(rfc_document));
  for (std::size_t i = 0; i + 1 < p.size(); ++i) EXPECT_EQ(ujson::find(doc.root(), p[i]), nullptr) << p[i].text();
  // A scalar document: only "" names it.
  ASSERT_FALSE(s.select("17", pointers({"/0", ""})));
  EXPECT_EQ(s.found(0), nullptr);
  ASSERT_NE(s.found(1), nullptr);
  EXPECT_EQ(s.found(1)->as_int64(), 17);
}

TEST(JsonPointer, PointersInsideOtherSelectionsAndRepeatedOnes) {
  constexpr std::string_view text = R"({"a":{"b":[10,{"c":"x\ny"}],"d":true},"e":"f\u00e9"})";
  const auto p = pointers({"/a/b/1/c", "/a", "/a/b", "/a/b/0", "/e", "/a/b/1/c", "/a/d"});
  pointer_selection s;
  ASSERT_FALSE(s.select(text, p));
  const std::vector<std::string_view> want = {R"("x\ny")", R"({"b":[10,{"c":"x\ny"}],"d":true})", R"([10,{"c":"x\ny"}])",
                                              "10", "\"f\\u00e9\"", R"("x\ny")", "true"};
  for (std::size_t i = 0; i < p.size(); ++i) {
    const expected w(want[i]);
    ASSERT_NE(s.found(i), nullptr) << p[i].text();
    EXPECT_EQ(*s.found(i), w.root()) << p[i].text();
  }
}

TEST(JsonPointer, EscapedStringsOfSeveralSelectionsStayApart) {
  // Each unescaped string passes through the decoder's one scratch buffer.
  const auto p = pointers({"/0", "/1", "/2/k"});
  pointer_selection s;
  ASSERT_FALSE(s.select(R"(["a\tb", "c\"d", {"k": "e\\f"}])", p));
  EXPECT_EQ(s.found(0)->as_string(), "a\tb");
  EXPECT_EQ(s.found(1)->as_string(), "c\"d");
  EXPECT_EQ(s.found(2)->as_string(), "e\\f");
}

TEST(JsonPointer, DuplicateKeysOnThePathFollowThePolicyAsTheDomDoes) {
  constexpr std::string_view text = R"({"a":{"b":1},"x":{"a":0,"a":0},"a":{"c":2}})";
  const auto p = pointers({"/a/b", "/a/c", "/a"});
  for (const duplicate_keys policy : {duplicate_keys::keep_last, duplicate_keys::keep_first}) {
    decode_options o;
    o.duplicate_keys = policy;
    document doc(o);
    ASSERT_FALSE(doc.parse(text));
    pointer_selection s(o);
    ASSERT_FALSE(s.select(text, p));
    for (std::size_t i = 0; i < p.size(); ++i) {
      const value* in_dom = ujson::find(doc.root(), p[i]);
      ASSERT_EQ(s.found(i) == nullptr, in_dom == nullptr) << p[i].text() << " policy " << static_cast<int>(policy);
      if (in_dom != nullptr) {
        EXPECT_EQ(*s.found(i), *in_dom) << p[i].text();
      }
    }
  }
  decode_options reject;
  reject.duplicate_keys = duplicate_keys::reject;
  pointer_selection s(reject);
  const ujson::error e = s.select(text, p);
  EXPECT_EQ(e.code, errc::duplicate_key);
  EXPECT_EQ(e.offset, text.rfind("\"a\""));  // the repeated member on the path
  EXPECT_EQ(s.found(0), nullptr);
  // Inside a selected value the DOM builder applies the policy.
  ASSERT_EQ(s.select(R"({"a":{"b":1,"b":2}})", pointers({"/a"})).code, errc::duplicate_key);
  pointer_selection last;
  ASSERT_FALSE(last.select(R"({"a":{"b":1,"b":2}})", pointers({"/a"})));
  const expected want(R"({"b":2})");
  EXPECT_EQ(*last.found(0), want.root());
}

TEST(JsonPointer, TheWholeInputIsCheckedBeyondWhatIsSelected) {
  const auto p = pointers({"/0"});
  pointer_selection s;
  for (std::string_view bad : {R"([1, 2, {"x": tru}])", "[1, [2, 3]", R"([1, "\x"])", "[1] 2", "[1, 01]"}) {
    const ujson::error want = ujson::validate(bad);
    ASSERT_TRUE(want) << bad;
    const ujson::error got = s.select(bad, p);
    EXPECT_EQ(got.code, want.code) << bad;
    EXPECT_EQ(got.offset, want.offset) << bad;
    EXPECT_EQ(s.found(0), nullptr) << bad;
  }
  decode_options shallow;
  shallow.max_depth = 3;
  pointer_selection limited(shallow);
  EXPECT_EQ(limited.select("[1, [[[2]]]]", p).code, errc::depth_exceeded);
}

TEST(JsonPointer, ReuseForgetsTheLastResultsAndLimitsThePointers) {
  pointer_selection s;
  ASSERT_FALSE(s.select(R"({"a":1})", pointers({"/a"})));
  ASSERT_NE(s.found(0), nullptr);
  ASSERT_FALSE(s.select(R"({"b":1})", pointers({"/a"})));
  EXPECT_EQ(s.found(0), nullptr);
  std::vector<json_pointer> many(pointer_selection::max_pointers, pointer("/a"));
  ASSERT_FALSE(s.select(R"({"a":[true]})", many));
  EXPECT_TRUE(s.found(63)->is_array());
  many.push_back(pointer("/a"));
  EXPECT_EQ(s.select(R"({"a":1})", many).code, errc::invalid_option);
  EXPECT_EQ(s.found(0), nullptr);
}

TEST(JsonPointer, WriteGivesOneValueOrAnArrayWithNullForWhatIsMissing) {
  pointer_selection s;
  ASSERT_FALSE(s.select(rfc_document, pointers({"/foo"})));
  ujson::writer one;
  EXPECT_EQ(s.write(one), errc::ok);
  EXPECT_EQ(one.output(), R"(["bar","baz"])");
  ASSERT_FALSE(s.select(rfc_document, pointers({"/m~0n", "/nope", "/foo/1"})));
  ujson::encode_options indented;
  indented.indent = 1;
  ujson::writer several(indented);
  EXPECT_EQ(s.write(several), errc::ok);
  EXPECT_EQ(several.output(), "[\n 8,\n null,\n \"baz\"\n]");
}

// "~" as "~0" and "/" as "~1" (RFC 6901 section 3).
std::string escaped(std::string_view token) {
  std::string out;
  for (char c : token) {
    if (c == '~') {
      out += "~0";
    } else if (c == '/') {
      out += "~1";
    } else {
      out += c;
    }
  }
  return out;
}

// Every path of a DOM, as pointer text, in document order.
void paths(const value& v, const std::string& here, std::vector<std::string>& out) {
  std::vector<std::pair<const value*, std::string>> pending{{&v, here}};
  while (!pending.empty()) {
    auto [at, text] = pending.back();
    pending.pop_back();
    out.push_back(text);
    for (std::size_t i = at->size(); i-- > 0;) {
      if (at->is_array()) pending.emplace_back(&at->elements()[i], text + "/" + std::to_string(i));
      if (at->is_object()) pending.emplace_back(&at->members()[i].val, text + "/" + escaped(at->members()[i].key.as_string()));
    }
  }
}

TEST(JsonPointer, CorpusPathsSelectedInGroupsMatchTheDom) {
  for (const std::string& name : ujson::test::corpus_files()) {
    SCOPED_TRACE(name);
    const std::string text = ujson::test::read_file(ujson::test::data_dir() / "corpus" / name);
    document doc;
    ASSERT_FALSE(doc.parse(text));
    std::vector<std::string> all;
    paths(doc.root(), "", all);
    pointer_selection s;
    // Groups of up to 64 paths spread over the document, with a path that is not there.
    const std::size_t stride = all.size() / 640 + 1;
    for (std::size_t start = 0; start < stride * 64 && start < all.size(); start += stride * 7 + 1) {
      std::vector<json_pointer> group;
      for (std::size_t i = start; i < all.size() && group.size() < 63; i += stride) group.push_back(pointer(all[i]));
      group.push_back(pointer(all[start] + "/not~1there"));
      ASSERT_FALSE(s.select(text, group));
      for (std::size_t i = 0; i < group.size(); ++i) {
        const value* in_dom = ujson::find(doc.root(), group[i]);
        ASSERT_EQ(s.found(i) == nullptr, in_dom == nullptr) << group[i].text();
        if (in_dom != nullptr) {
          EXPECT_EQ(*s.found(i), *in_dom) << group[i].text();
        }
      }
      EXPECT_EQ(s.found(group.size() - 1), nullptr);
    }
  }
}

}  // namespace
