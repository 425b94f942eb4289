// The DOM: kinds, accessors, lookups, equality, in-situ strings, errors, reuse and moves of
// a document, and encoding a DOM. Numbers are in dom_numbers_test, the decoder options
// (duplicate keys, NaN literals, lone surrogates, depth) in dom_options_test.

#include <gtest/gtest.h>

#include <cstddef>
#include <limits>
#include <string>
#include <string_view>
#include <type_traits>
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

// The writer copies a parsed DOM's strings without checking their UTF-8 again, which is only
// right while every string the builder marks was checked: strings and keys from the
// decoder are; strings a caller makes, and WTF-8 let through by the surrogate options, are
// not, and the writer must still refuse them.
TEST(DomEncode, OnlyStringsTheDecoderCheckedSkipTheWritersUtf8Check) {
  const std::string high = "\xED\xA0\x80";  // U+D800 in three bytes (WTF-8)
  ujson::encode_options o;
  o.ensure_ascii = false;  // non-ASCII copied as is: the path with the check
  document d;
  const std::string input = "{\"k\\u00e9\":[\"\xC3\xA9t\xC3\xA9\",\"\\n\xE2\x82\xAC\"]}";
  ASSERT_FALSE(d.parse(input));
  const value& root = d.root();
  EXPECT_TRUE(root.members()[0].key.known_valid_utf8());
  for (const value& v : root.members()[0].val.elements()) EXPECT_TRUE(v.known_valid_utf8());
  std::string out;
  ASSERT_EQ(ujson::encode(root, out, o), errc::ok);
  EXPECT_EQ(out, "{\"k\xC3\xA9\":[\"\xC3\xA9t\xC3\xA9\",\"\\n\xE2\x82\xAC\"]}");

  const std::string raw_input = "[\"" + high + "\",\"\\n" + high + "\"]";
  for (int option = 0; option < 2; ++option) {
    ujson::decode_options lax;
    (option == 0 ? lax.allow_raw_surrogates : lax.allow_lone_surrogates) = true;
    document w(lax);
    const std::string lone = R"(["\ud800"])";
    ASSERT_FALSE(w.parse(option == 0 ? raw_input : lone));
    EXPECT_FALSE(w.root()[0].known_valid_utf8());
    EXPECT_EQ(ujson::encode(w.root(), out, o), errc::invalid_utf8) << option;
  }

  const std::string made = "\xC3";  // cut short
  const value v = value::make_string(made);
  EXPECT_FALSE(v.known_valid_utf8());
  EXPECT_EQ(ujson::encode(v, out, o), errc::invalid_utf8);
  const value elements[] = {value::make_string("a"), value::make_string(made)};
  EXPECT_EQ(ujson::encode(value::make_array(elements, 2), out, o), errc::invalid_utf8);
  const ujson::member members[] = {{value::make_string(made), value::make_null()}};
  EXPECT_EQ(ujson::encode(value::make_object(members, 1), out, o), errc::invalid_utf8);
  // The flag is not part of the kind.
  EXPECT_EQ(value::make_valid_string("x").type(), ujson::kind::string);
  EXPECT_TRUE(value::make_valid_string("x") == value::make_string("x"));
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

// The tree path keeps one cursor into the writer's buffer: with a sink it is the sink's,
// after what the sink held, and it grows the sink (a 40 KB document from 4 bytes).
TEST(DomEncode, IntoABorrowedSink) {
  std::string input = "[";
  for (int i = 0; i < 4000; ++i) input += i == 0 ? "\"abcdefgh\"" : ",\"abcdefgh\"";
  input += "]";
  document d;
  ASSERT_FALSE(d.parse(input));
  ujson::buffer sink;
  sink.append("abc\n");
  {
    ujson::writer w(sink);
    ASSERT_EQ(ujson::write_value(w, d.root()), errc::ok);
  }
  EXPECT_EQ(sink.view(), "abc\n" + input);
}

}  // namespace
