// The DOM: kinds, accessors, lookups, in-situ strings, duplicate keys, numbers (exact
// integers, big numbers, correctly rounded doubles), decoder options, reuse and moves.

#include <gtest/gtest.h>

#include <bit>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <ostream>
#include <random>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "ujson/dom.hpp"
#include "ujson/encode.hpp"
#include "ujson/errors.hpp"
#include "ujson/options.hpp"

namespace ujson {
inline void PrintTo(errc e, std::ostream* os) { *os << "errc::" << code_name(e); }
inline void PrintTo(kind k, std::ostream* os) {
  static constexpr const char* names[] = {"null",       "boolean", "int64", "uint64", "double_",
                                          "big_number", "string",  "array", "object"};
  const auto i = static_cast<std::size_t>(k);
  *os << "kind::" << (i < std::size(names) ? names[i] : "?");
}
}  // namespace ujson

namespace {

using ujson::decode_options;
using ujson::document;
using ujson::duplicate_keys;
using ujson::errc;
using ujson::kind;
using ujson::value;

std::uint64_t bits(double d) { return std::bit_cast<std::uint64_t>(d); }

bool points_into(std::string_view s, const std::string& input) {
  const char* begin = input.data();
  const char* end = input.data() + input.size();
  return s.data() >= begin && s.data() + s.size() <= end;
}

// ---- kinds and accessors -------------------------------------------------------------------

class DomAccessors : public ::testing::Test {
 protected:
  void SetUp() override {
    input_ =
        R"({"n":null,"t":true,"f":false,"i":-5,"u":18446744073709551615,"d":2.5,)"
        R"("big":123456789012345678901234567890,"s":"t\u00e9xt","a":[1,"x",[]],"o":{"k":"v"},"e":{}})";
    const ujson::error e = doc_.parse(input_);
    ASSERT_FALSE(e) << ujson::code_name(e.code) << " at " << e.offset;
  }
  const value& root() const { return doc_.root(); }

  std::string input_;
  document doc_;
};

TEST_F(DomAccessors, Kinds) {
  EXPECT_EQ(root().type(), kind::object);
  EXPECT_EQ(root().size(), 11u);
  EXPECT_EQ(root()["n"].type(), kind::null);
  EXPECT_EQ(root()["t"].type(), kind::boolean);
  EXPECT_EQ(root()["f"].type(), kind::boolean);
  EXPECT_EQ(root()["i"].type(), kind::int64);
  EXPECT_EQ(root()["u"].type(), kind::uint64);
  EXPECT_EQ(root()["d"].type(), kind::double_);
  EXPECT_EQ(root()["big"].type(), kind::big_number);
  EXPECT_EQ(root()["s"].type(), kind::string);
  EXPECT_EQ(root()["a"].type(), kind::array);
  EXPECT_EQ(root()["o"].type(), kind::object);

  EXPECT_TRUE(root()["n"].is_null());
  EXPECT_TRUE(root()["t"].is_bool());
  EXPECT_TRUE(root()["s"].is_string());
  EXPECT_TRUE(root()["a"].is_array());
  EXPECT_TRUE(root()["o"].is_object());
  for (const char* k : {"i", "u", "d", "big"}) EXPECT_TRUE(root()[k].is_number()) << k;
  for (const char* k : {"n", "t", "s", "a", "o"}) EXPECT_FALSE(root()[k].is_number()) << k;
  EXPECT_FALSE(root()["s"].is_null());
  EXPECT_FALSE(root()["a"].is_object());
  EXPECT_FALSE(root()["o"].is_array());
}

TEST_F(DomAccessors, Values) {
  EXPECT_TRUE(root()["t"].as_bool());
  EXPECT_FALSE(root()["f"].as_bool());
  EXPECT_EQ(root()["i"].as_int64(), -5);
  EXPECT_EQ(root()["u"].as_uint64(), 18446744073709551615ull);
  EXPECT_EQ(root()["d"].as_double(), 2.5);
  EXPECT_EQ(root()["big"].as_string(), "123456789012345678901234567890");
  EXPECT_EQ(root()["big"].as_double(), 1.2345678901234568e29);
  EXPECT_EQ(root()["s"].as_string(), "t\xc3\xa9xt");
  EXPECT_EQ(root()["s"].size(), 5u);  // bytes
  EXPECT_EQ(root()["a"].size(), 3u);
  EXPECT_EQ(root()["a"][0].as_int64(), 1);
  EXPECT_EQ(root()["a"][1].as_string(), "x");
  EXPECT_TRUE(root()["a"][2].is_array());
  EXPECT_EQ(root()["a"][2].size(), 0u);
  EXPECT_EQ(root()["o"]["k"].as_string(), "v");
  EXPECT_EQ(root()["e"].size(), 0u);
  EXPECT_TRUE(root()["e"].is_object());
  // Conversions between numbers.
  EXPECT_EQ(root()["i"].as_double(), -5.0);
  EXPECT_EQ(root()["u"].as_double(), 18446744073709551616.0);
  EXPECT_EQ(root()["a"][0].as_uint64(), 1u);  // a non-negative int64
  EXPECT_EQ(root()["i"].as_uint64(), 0u);     // negative: neutral
}

TEST_F(DomAccessors, NeutralValuesForOtherKinds) {
  EXPECT_FALSE(root()["i"].as_bool());
  EXPECT_FALSE(root()["s"].as_bool());
  EXPECT_EQ(root()["s"].as_int64(), 0);
  EXPECT_EQ(root()["d"].as_int64(), 0);
  EXPECT_EQ(root()["u"].as_int64(), 0);
  EXPECT_EQ(root()["s"].as_uint64(), 0u);
  EXPECT_EQ(root()["s"].as_double(), 0.0);
  EXPECT_EQ(root()["n"].as_double(), 0.0);
  EXPECT_EQ(root()["i"].as_string(), "");
  EXPECT_EQ(root()["a"].as_string(), "");
  EXPECT_EQ(root()["i"].size(), 0u);
  EXPECT_EQ(root()["t"].size(), 0u);
  EXPECT_TRUE(root()["o"].elements().empty());
  EXPECT_TRUE(root()["a"].members().empty());
  EXPECT_TRUE(root()["s"].elements().empty());
  EXPECT_EQ(root()["a"].elements().size(), 3u);
  EXPECT_EQ(root()["o"].members().size(), 1u);
  EXPECT_EQ(root().members()[0].key.as_string(), "n");
  EXPECT_TRUE(root().members()[0].key.is_string());
  EXPECT_EQ(root().members()[10].key.as_string(), "e");
}

TEST_F(DomAccessors, LookupByKey) {
  ASSERT_NE(root().find("i"), nullptr);
  EXPECT_EQ(root().find("i")->as_int64(), -5);
  EXPECT_EQ(root().find("missing"), nullptr);
  EXPECT_EQ(root().find(""), nullptr);
  EXPECT_EQ(root().find("I"), nullptr);  // case-sensitive
  EXPECT_EQ(root()["a"].find("0"), nullptr);  // not an object
  EXPECT_EQ(root()["s"].find("x"), nullptr);
  EXPECT_TRUE(root()["missing"].is_null());
  EXPECT_TRUE(root()["a"]["k"].is_null());          // not an object
  EXPECT_TRUE(root()["missing"]["deeper"][3].is_null());
  EXPECT_EQ(&root()["o"], root().find("o"));
}

TEST_F(DomAccessors, LookupByIndex) {
  const value& a = root()["a"];
  EXPECT_TRUE(a[3].is_null());
  EXPECT_TRUE(a[1000000].is_null());
  EXPECT_TRUE(a[std::numeric_limits<std::size_t>::max()].is_null());
  EXPECT_TRUE(root()[std::size_t{0}].is_null());  // an object is not an array
  EXPECT_TRUE(root()["s"][std::size_t{0}].is_null());
  EXPECT_TRUE(a[2][std::size_t{0}].is_null());    // empty array
  EXPECT_EQ(&a[1], &a.elements()[1]);
}

TEST(DomValue, DefaultAndFactories) {
  const value v;
  EXPECT_TRUE(v.is_null());
  EXPECT_EQ(value::make_int64(-3).as_int64(), -3);
  EXPECT_EQ(value::make_uint64(3).as_uint64(), 3u);
  EXPECT_EQ(value::make_bool(true).as_bool(), true);
  EXPECT_EQ(value::make_double(0.5).as_double(), 0.5);
  EXPECT_EQ(value::make_string("abc").as_string(), "abc");
  EXPECT_EQ(value::make_big_number("1e999").type(), kind::big_number);
  const value elems[] = {value::make_int64(1), value::make_null()};
  const value arr = value::make_array(elems, 2);
  EXPECT_EQ(arr.size(), 2u);
  EXPECT_EQ(arr[0].as_int64(), 1);
  const ujson::member mems[] = {{value::make_string("k"), value::make_bool(false)}};
  const value obj = value::make_object(mems, 1);
  EXPECT_FALSE(obj["k"].as_bool());
  EXPECT_TRUE(obj["k"].is_bool());
}

// ---- equality ------------------------------------------------------------------------------

bool same(std::string_view a, std::string_view b) {
  const std::string sa(a), sb(b);
  document da, db;
  EXPECT_FALSE(da.parse(sa)) << a;
  EXPECT_FALSE(db.parse(sb)) << b;
  return da.root() == db.root();
}

TEST(DomEquality, DeepAndOrderInsensitiveForObjects) {
  EXPECT_TRUE(same(R"({"a":1,"b":[1,2]})", R"({"b":[1,2],"a":1})"));
  EXPECT_TRUE(same(R"({"x":{"p":null,"q":"s"}})", R"( { "x" : { "q" : "s" , "p" : null } } )"));
  EXPECT_TRUE(same(R"("\u00e9")", "\"\xc3\xa9\""));
  EXPECT_FALSE(same("[1,2]", "[2,1]"));
  EXPECT_FALSE(same(R"({"a":1})", R"({"a":1,"b":2})"));
  EXPECT_FALSE(same(R"({"a":1,"c":2})", R"({"a":1,"b":2})"));
  EXPECT_FALSE(same(R"({"a":[1,{"b":[true]}]})", R"({"a":[1,{"b":[false]}]})"));
  EXPECT_FALSE(same("1", "1.0"));    // int64 vs double
  EXPECT_FALSE(same("0.0", "-0.0"));
  EXPECT_FALSE(same("[]", "{}"));
  EXPECT_FALSE(same("null", "false"));
  EXPECT_FALSE(same(R"("a")", R"("b")"));
  EXPECT_FALSE(same(R"("a")", R"("a ")"));
  EXPECT_FALSE(same("1e400", "2e400"));
  EXPECT_TRUE(same("1e400", "1e400"));
  EXPECT_TRUE(same("0.1", "0.10000000000000000001"));  // the same double
  EXPECT_FALSE(same("9223372036854775807", "9223372036854775808"));
}

// ---- in-situ strings ------------------------------------------------------------------------

TEST(DomInSitu, UnescapedStringsPointIntoTheInput) {
  const std::string input = R"({"plain":"abc","esc":"a\nb","uni":"\u00e9","raw":"é","empty":"","list":["x","y\/z"]})";
  document d;
  ASSERT_FALSE(d.parse(input));
  const value& r = d.root();
  EXPECT_TRUE(points_into(r["plain"].as_string(), input));
  EXPECT_EQ(r["plain"].as_string().data(), input.data() + input.find("abc"));
  EXPECT_TRUE(points_into(r["raw"].as_string(), input));
  EXPECT_TRUE(points_into(r["list"][0].as_string(), input));
  // Escaped strings were unescaped elsewhere.
  EXPECT_FALSE(points_into(r["esc"].as_string(), input));
  EXPECT_EQ(r["esc"].as_string(), "a\nb");
  EXPECT_FALSE(points_into(r["uni"].as_string(), input));
  EXPECT_EQ(r["uni"].as_string(), "\xc3\xa9");
  EXPECT_FALSE(points_into(r["list"][1].as_string(), input));
  EXPECT_EQ(r["list"][1].as_string(), "y/z");
  EXPECT_EQ(r["empty"].as_string(), "");
  // Keys too.
  for (const ujson::member& m : r.members()) EXPECT_TRUE(points_into(m.key.as_string(), input)) << m.key.as_string();
}

TEST(DomInSitu, EscapedKeysAreCopied) {
  const std::string input = R"({"k\u0031":1,"k\u0032":2,"k3":3})";
  document d;
  ASSERT_FALSE(d.parse(input));
  ASSERT_EQ(d.root().size(), 3u);
  EXPECT_EQ(d.root().members()[0].key.as_string(), "k1");
  EXPECT_EQ(d.root().members()[1].key.as_string(), "k2");
  EXPECT_FALSE(points_into(d.root().members()[0].key.as_string(), input));
  EXPECT_TRUE(points_into(d.root().members()[2].key.as_string(), input));
  EXPECT_EQ(d.root()["k2"].as_int64(), 2);
}

TEST(DomInSitu, ManyEscapedStringsStayDistinct) {
  // The decoder's scratch buffer is reused for every escaped string; the DOM must copy.
  std::string input = "[";
  for (int i = 0; i < 200; ++i) {
    if (i != 0) input += ",";
    input += "\"s" + std::to_string(i) + "\\t" + std::string(static_cast<std::size_t>(i % 37), 'x') + "\"";
  }
  input += "]";
  document d;
  ASSERT_FALSE(d.parse(input));
  ASSERT_EQ(d.root().size(), 200u);
  for (std::size_t i = 0; i < 200; ++i) {
    EXPECT_EQ(d.root()[i].as_string(), "s" + std::to_string(i) + "\t" + std::string(i % 37, 'x'));
  }
}

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
// k3 a third time ({"deep":"dup2"}): more than 8 members, so the hashing path.
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

// ---- integers and big numbers ------------------------------------------------------------------

value single(document& d, const std::string& text) {
  const ujson::error e = d.parse(std::string_view(text));
  EXPECT_FALSE(e) << text << ": " << ujson::code_name(e.code);
  return d.root();
}

TEST(DomNumbers, IntegerBoundaries) {
  document d;
  std::string t;
  t = "9223372036854775807";
  EXPECT_EQ(single(d, t).type(), kind::int64);
  EXPECT_EQ(d.root().as_int64(), std::numeric_limits<std::int64_t>::max());
  t = "-9223372036854775808";
  EXPECT_EQ(single(d, t).type(), kind::int64);
  EXPECT_EQ(d.root().as_int64(), std::numeric_limits<std::int64_t>::min());
  t = "9223372036854775808";
  EXPECT_EQ(single(d, t).type(), kind::uint64);
  EXPECT_EQ(d.root().as_uint64(), 9223372036854775808ull);
  t = "18446744073709551615";
  EXPECT_EQ(single(d, t).type(), kind::uint64);
  EXPECT_EQ(d.root().as_uint64(), std::numeric_limits<std::uint64_t>::max());
  t = "10000000000000000000";
  EXPECT_EQ(single(d, t).type(), kind::uint64);
  EXPECT_EQ(d.root().as_uint64(), 10000000000000000000ull);
  t = "0";
  EXPECT_EQ(single(d, t).type(), kind::int64);
  EXPECT_EQ(d.root().as_int64(), 0);
  t = "-0";
  EXPECT_EQ(single(d, t).type(), kind::int64);
  EXPECT_EQ(d.root().as_int64(), 0);
  t = "-1";
  EXPECT_EQ(single(d, t).as_int64(), -1);
  t = "999999999999999999";
  EXPECT_EQ(single(d, t).as_int64(), 999999999999999999);
  t = "-999999999999999999";
  EXPECT_EQ(single(d, t).as_int64(), -999999999999999999);
}

TEST(DomNumbers, BigNumbersKeepTheirExactText) {
  for (const char* text : {"123456789012345678901234567890", "-123456789012345678901234567890",
                           "-9223372036854775809", "-18446744073709551615", "18446744073709551616",
                           "99999999999999999999", "100000000000000000000", "1e400", "-1e400", "1E400",
                           "1e-400", "-1e-400", "1.5e+999", "2.5E-1000", "1e99999999999999999999"}) {
    document d;
    const std::string t = text;
    const value v = single(d, t);
    EXPECT_EQ(v.type(), kind::big_number) << text;
    EXPECT_EQ(v.as_string(), text);
    EXPECT_TRUE(v.is_number());
  }
  document d;
  std::string t = "[1e400,-1e400,1e-400,-1e-400]";
  single(d, t);
  EXPECT_EQ(d.root()[0].as_double(), std::numeric_limits<double>::infinity());
  EXPECT_EQ(d.root()[1].as_double(), -std::numeric_limits<double>::infinity());
  EXPECT_EQ(bits(d.root()[2].as_double()), bits(0.0));
  EXPECT_EQ(bits(d.root()[3].as_double()), bits(-0.0));
}

TEST(DomNumbers, BigNumbersSurviveEncoding) {
  const std::string input = "[123456789012345678901234567890,-9223372036854775809,1e400,1e-400,18446744073709551615]";
  document d;
  ASSERT_FALSE(d.parse(input));
  std::string out;
  ASSERT_EQ(ujson::encode(d.root(), out), errc::ok);
  EXPECT_EQ(out, input);
}

TEST(DomNumbers, ZeroWithAnyExponentIsADouble) {
  for (const char* text : {"0e400", "0.0e-400", "-0e400", "0.000e99999"}) {
    document d;
    const std::string t = text;
    const value v = single(d, t);
    EXPECT_EQ(v.type(), kind::double_) << text;
    EXPECT_EQ(v.as_double(), 0.0) << text;
    EXPECT_EQ(std::signbit(v.as_double()), text[0] == '-') << text;
  }
}

TEST(DomNumbers, InvalidNumbersAreRejected) {
  for (const char* text : {"01", "-01", "1.", ".5", "-", "+1", "1e", "1e+", "1.e5", "0x10", "1.5e", "--1", "1ee5",
                           "00", "-.5", "- 1"}) {
    document d;
    const ujson::error e = d.parse(std::string_view(text));
    EXPECT_TRUE(e) << text;
  }
}

// ---- correctly rounded doubles --------------------------------------------------------------

// What the decoder must produce for `text` (a JSON number with '.' or an exponent),
// according to glibc's correctly rounded strtod.
// Returns 0 for a double, 1 for a subnormal double, 2 for a big number.
int expect_like_strtod(const std::string& text) {
  errno = 0;
  const double want = std::strtod(text.c_str(), nullptr);
  bool nonzero_digit = false;
  for (char c : text) {
    if (c == 'e' || c == 'E') break;
    if (c >= '1' && c <= '9') nonzero_digit = true;
  }
  document d;
  const ujson::error e = d.parse(std::string_view(text));
  EXPECT_FALSE(e) << text << ": " << ujson::code_name(e.code);
  const value& v = d.root();
  if (std::isinf(want) || (want == 0.0 && nonzero_digit)) {
    // Outside the range of a finite, non-zero double: exact text.
    EXPECT_EQ(v.type(), kind::big_number) << text;
    EXPECT_EQ(v.as_string(), text);
    return 2;
  }
  EXPECT_EQ(v.type(), kind::double_) << text << " (as_string: " << v.as_string() << ")";
  EXPECT_EQ(bits(v.as_double()), bits(want))
      << text << ": got " << std::hexfloat << v.as_double() << " want " << want << std::defaultfloat;
  return std::fpclassify(want) == FP_SUBNORMAL ? 1 : 0;
}

TEST(DomDoubles, HandPickedHardCasesMatchLiterals) {
  // Compared with the compiler's (correctly rounded) reading of the same literal.
  const std::pair<const char*, double> cases[] = {
      {"0.1", 0.1},
      {"0.2", 0.2},
      {"0.3", 0.3},
      {"1e23", 1e23},
      {"1e22", 1e22},
      {"1e-22", 1e-22},
      {"8.98846567431158e307", 8.98846567431158e307},
      {"2.2250738585072011e-308", 2.2250738585072011e-308},
      {"2.2250738585072012e-308", 2.2250738585072012e-308},
      {"2.2250738585072014e-308", 2.2250738585072014e-308},
      {"4.9406564584124654e-324", 4.9406564584124654e-324},
      {"5e-324", 5e-324},
      {"2.4703282292062328e-324", 5e-324},
      {"1.7976931348623157e308", 1.7976931348623157e308},
      {"1.7976931348623158e308", 1.7976931348623157e308},
      {"9007199254740993.0", 9007199254740992.0},
      {"9007199254740993e0", 9007199254740992.0},
      {"9007199254740995.0", 9007199254740996.0},
      {"9007199254740992e22", 9007199254740992e22},
      {"123456789012345678e-5", 123456789012345678e-5},
      {"7.038531e-26", 7.038531e-26},
      {"3.14159265358979323846264338327950288", 3.14159265358979323846264338327950288},
      {"0.123456789012345678901234567890", 0.123456789012345678901234567890},
      {"1.000000000000000000000000000001", 1.0},
      {"0.999999999999999999999999999999", 1.0},
      {"123456789012345678901234567890.0", 123456789012345678901234567890.0},
      {"2.225073858507201136057409796709131975934819546351645648e-308",
       2.225073858507201136057409796709131975934819546351645648e-308},
      {"4.35679e-310", 4.35679e-310},
      {"1.5e308", 1.5e308},
      {"-0.0", -0.0},
      {"1E2", 100.0},
      {"100e-2", 1.0},
      {"0.000001", 0.000001},
      {"72057594037927928.0", 72057594037927928.0},
      {"1.448997445238699", 1.448997445238699},
      {"62.5364939768271845828", 62.5364939768271845828},
      {"8.10109172351e-10", 8.10109172351e-10},
      {"0.500000000000000166533453693773481063544750213623046875",
       0.500000000000000166533453693773481063544750213623046875},
      {"1.00000000000000011102230246251565404236316680908203125", 1.00000000000000011102230246251565404236316680908203125},
      {"1.00000000000000011102230246251565404236316680908203124", 1.0},
      {"1.00000000000000011102230246251565404236316680908203126", 1.0000000000000002},
  };
  for (const auto& [text, want] : cases) {
    document d;
    ASSERT_FALSE(d.parse(std::string_view(text))) << text;
    ASSERT_EQ(d.root().type(), kind::double_) << text;
    EXPECT_EQ(bits(d.root().as_double()), bits(want)) << text;
    expect_like_strtod(text);
  }
}

TEST(DomDoubles, HandPickedHardCasesMatchStrtod) {
  for (const char* text : {
           "2.4703282292062327e-324",  // just below half the smallest subnormal: rounds to 0
           "2.4703282292062328e-324", "1e-324", "3e-324", "1.7976931348623159e308", "1.8e308",
           "179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207096330"
           "286416692887910946555547851940402630657488671505820681908902000708383676273854845817711531764475730270069"
           "855571366959622842914819860834936475292719074168444365510704342711559699508093042880177904174497791.0",
           "179769313486231570814527423731704356798070567525844996598917476803157260780028538760589558632766878171540"
           "458953514382464234321326889464182768467546703537516986049910576551282076245490090389328944075868508455133"
           "942304583236903222948165808559332123348274797826204144723168738177180919299881250404026184124858368.0",
           "0.1000000000000000055511151231257827021181583404541015625",
           "0.10000000000000000555111512312578270211815834045410156250001",
           "0.1000000000000000124900090270330110797658562660217285156250",
           "0.1000000000000000124900090270330110797658562660217285156251",
           "30078505129381147446200.0", "1777820000000000000001.0", "9214843084008499.0",
           "5.0e-324", "4.9e-324", "2.5e-324", "2.4e-324", "1e-320", "1.23456789e-315", "6.631236846766476e-316",
           "3.2378839133029012e+106", "1.4e-45", "3.4028234663852886e+38", "4.940656458412465441765687928682213723651e-324",
           "2.2250738585072009e-308", "2.2250738585072013e-308", "0.0000000000000000000000000000001", "1e-7",
           "1234567.8901234567890123e-20", "98765432109876543210e-30", "0.9999999999999999", "0.99999999999999999",
           "1.0000000000000002", "1.00000000000000022", "4503599627370496.5", "4503599627370497.5",
           "9007199254740993.000000000000000000000000001", "1e+22", "1e+23", "1e-5", "-1e-5", "-2.5E+10",
           "1e0000000000000000000000001", "1e-0000000000000000000000001", "1.797693134862315807e308",
           "1.797693134862315808e308", "-2.2250738585072011e-308", "1e-1000000000000", "0e-1000000000000",
           "123456789012345678901234567890e-300"}) {
    SCOPED_TRACE(text);
    expect_like_strtod(text);
  }
  // Hundreds of digits whose exponent brings the value back into range.
  expect_like_strtod("0." + std::string(399, '0') + "1e400");
  expect_like_strtod("1" + std::string(400, '0') + ".0e-400");
  expect_like_strtod("0." + std::string(320, '0') + "1e-10");
  expect_like_strtod("3." + std::string(500, '3') + "e-5");
}

TEST(DomDoubles, TwentyThousandRandomDecimalsMatchStrtod) {
  std::mt19937_64 rng(0xD0C0BEEF2024ULL);
  auto below = [&](std::uint64_t n) { return rng() % n; };
  auto digits = [&](std::size_t n, bool first_nonzero) {
    std::string s;
    for (std::size_t i = 0; i < n; ++i) s += static_cast<char>('0' + (i == 0 && first_nonzero ? 1 + below(9) : below(10)));
    return s;
  };
  int failures = 0;
  int counts[3] = {0, 0, 0};
  for (int n = 0; n < 20000 && failures < 20; ++n) {
    std::string text = below(3) == 0 ? "-" : "";
    text += below(4) == 0 ? "0" : digits(1 + below(25), true);
    bool marker = false;
    if (below(10) < 7) {
      text += "." + digits(1 + below(30), false);
      marker = true;
    }
    if (!marker || below(10) < 6) {
      text += below(2) ? "e" : "E";
      const std::uint64_t s = below(3);
      text += s == 0 ? "-" : s == 1 ? "+" : "";
      std::uint64_t exponent;
      switch (below(4)) {
        case 0: exponent = below(25); break;
        case 1: exponent = 280 + below(60); break;
        case 2: exponent = below(400); break;
        default: exponent = 300 + below(40); break;
      }
      text += std::to_string(exponent);
    }
    SCOPED_TRACE(text);
    const int before = ::testing::UnitTest::GetInstance()->current_test_info()->result()->total_part_count();
    ++counts[expect_like_strtod(text)];
    if (::testing::UnitTest::GetInstance()->current_test_info()->result()->total_part_count() != before) ++failures;
  }
  EXPECT_EQ(failures, 0);
  // The strings reached every region: normal doubles, subnormals and beyond the range.
  EXPECT_GT(counts[0], 10000);
  EXPECT_GT(counts[1], 50);
  EXPECT_GT(counts[2], 500);
}

TEST(DomDoubles, RandomBitPatternsRoundTripThroughShortestText) {
  std::mt19937_64 rng(424242);
  for (int n = 0; n < 20000; ++n) {
    std::uint64_t b = rng();
    if (((b >> 52) & 0x7FF) == 0x7FF) continue;
    if (n % 4 == 0) b &= 0x800FFFFFFFFFFFFFull;  // subnormals
    const double want = std::bit_cast<double>(b);
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.17e", want);
    document d;
    ASSERT_FALSE(d.parse(std::string_view(buf))) << buf;
    ASSERT_EQ(d.root().type(), kind::double_) << buf;
    ASSERT_EQ(bits(d.root().as_double()), b) << buf;
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

// ---- errors -----------------------------------------------------------------------------------

TEST(DomErrors, PositionAndRootAfterFailure) {
  document d;
  const std::string input = "[1,\n2,]";
  const ujson::error e = d.parse(input);
  EXPECT_EQ(e.code, errc::expected_value);
  EXPECT_EQ(e.offset, 6u);
  EXPECT_EQ(e.line, 2u);
  EXPECT_EQ(e.column, 3u);
  EXPECT_TRUE(d.root().is_null());
}

// ---- reuse and moves ---------------------------------------------------------------------------

TEST(DomDocument, ReuseParsesEachInputAfresh) {
  document d;
  const std::string a = R"({"x":[1,2,3],"s":"abc","e":"a\tb"})";
  const std::string b = R"(["q",{"k":true},"c\nd"])";
  ASSERT_FALSE(d.parse(a));
  EXPECT_EQ(d.root()["x"][2].as_int64(), 3);
  EXPECT_EQ(d.root()["e"].as_string(), "a\tb");

  ASSERT_FALSE(d.parse(b));
  ASSERT_TRUE(d.root().is_array());
  ASSERT_EQ(d.root().size(), 3u);
  EXPECT_EQ(d.root()[0].as_string(), "q");
  EXPECT_TRUE(points_into(d.root()[0].as_string(), b));
  EXPECT_TRUE(d.root()[1]["k"].as_bool());
  EXPECT_EQ(d.root()[2].as_string(), "c\nd");
  EXPECT_TRUE(d.root()["x"].is_null());

  EXPECT_TRUE(d.parse(std::string_view("[1,")));
  EXPECT_TRUE(d.root().is_null());

  ASSERT_FALSE(d.parse(a));
  EXPECT_EQ(d.root()["s"].as_string(), "abc");
  EXPECT_EQ(d.root().size(), 3u);

  // Many documents of growing size through one object.
  for (int n = 1; n <= 200; n += 13) {
    std::string big = "[";
    for (int i = 0; i < n * 50; ++i) big += (i ? "," : "") + std::string("\"v\\u0041") + std::to_string(i) + "\"";
    big += "]";
    ASSERT_FALSE(d.parse(big));
    ASSERT_EQ(d.root().size(), static_cast<std::size_t>(n * 50));
    EXPECT_EQ(d.root()[static_cast<std::size_t>(n * 50 - 1)].as_string(), "vA" + std::to_string(n * 50 - 1));
    EXPECT_EQ(d.root()[std::size_t{0}].as_string(), "vA0");
  }
}

TEST(DomDocument, MoveConstructionAndAssignment) {
  const std::string input = R"({"list":[1,"two\n",{"three":3}],"big":1e400})";
  document d1;
  ASSERT_FALSE(d1.parse(input));
  const value root_copy = d1.root();  // values are handles into the document's storage

  document d2(std::move(d1));
  EXPECT_EQ(d2.root()["list"][1].as_string(), "two\n");
  EXPECT_EQ(d2.root()["list"][2]["three"].as_int64(), 3);
  EXPECT_EQ(d2.root()["big"].as_string(), "1e400");
  EXPECT_TRUE(root_copy == d2.root());

  document d3;
  ASSERT_FALSE(d3.parse(std::string_view("[0]")));
  d3 = std::move(d2);
  EXPECT_EQ(d3.root()["list"][0].as_int64(), 1);
  EXPECT_TRUE(root_copy == d3.root());

  // The moved-to document keeps working.
  ASSERT_FALSE(d3.parse(std::string_view("[true]")));
  EXPECT_TRUE(d3.root()[std::size_t{0}].as_bool());

  static_assert(std::is_nothrow_move_constructible_v<document>);
  static_assert(std::is_nothrow_move_assignable_v<document>);
  static_assert(!std::is_copy_constructible_v<document>);
}

TEST(DomDocument, OptionsAreKept) {
  decode_options o;
  o.max_depth = 17;
  o.duplicate_keys = duplicate_keys::reject;
  o.allow_nan_literals = true;
  o.allow_lone_surrogates = true;
  document d(o);
  EXPECT_EQ(d.options().max_depth, 17u);
  EXPECT_EQ(d.options().duplicate_keys, duplicate_keys::reject);
  EXPECT_TRUE(d.options().allow_nan_literals);
  EXPECT_TRUE(d.options().allow_lone_surrogates);
  document moved(std::move(d));
  EXPECT_EQ(moved.options().max_depth, 17u);
}

template <class D>
concept parses_temporaries = requires(D& d) { d.parse(std::string("[]")); };
static_assert(!parses_temporaries<document>, "a temporary string would leave in-situ strings dangling");

// ---- encoding a DOM -----------------------------------------------------------------------------

TEST(DomEncode, ThroughTheAdapter) {
  const std::string input = R"( { "b" : [ 1 , 2.50 , "x\/y" ] , "a" : null , "c" : { } } )";
  document d;
  ASSERT_FALSE(d.parse(input));
  std::string out;
  ASSERT_EQ(ujson::encode(d.root(), out), errc::ok);
  EXPECT_EQ(out, R"({"b":[1,2.5,"x\/y"],"a":null,"c":{}})");
  ujson::encode_options o;
  o.sort_keys = true;
  o.escape_forward_slashes = false;
  ASSERT_EQ(ujson::encode(d.root(), out, o), errc::ok);
  EXPECT_EQ(out, R"({"a":null,"b":[1,2.5,"x/y"],"c":{}})");
  o.indent = 2;
  ASSERT_EQ(ujson::encode(d.root(), out, o), errc::ok);
  EXPECT_EQ(out, "{\n  \"a\": null,\n  \"b\": [\n    1,\n    2.5,\n    \"x/y\"\n  ],\n  \"c\": {}\n}");
}

TEST(DomEncode, DeepNestingRespectsTheWritersLimit) {
  const std::string input = std::string(10, '[') + std::string(10, ']');
  document d;
  ASSERT_FALSE(d.parse(input));
  ujson::encode_options o;
  o.max_depth = 9;
  std::string out;
  EXPECT_EQ(ujson::encode(d.root(), out, o), errc::depth_exceeded);
  o.max_depth = 10;
  EXPECT_EQ(ujson::encode(d.root(), out, o), errc::ok);
  EXPECT_EQ(out, input);
}

}  // namespace
