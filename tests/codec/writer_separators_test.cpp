// encode_options::item_separator / key_separator (Python's `separators`), alone, with
// indent, with sort_keys, and through the DOM's serializer. Expected strings by hand.

#include <gtest/gtest.h>

#include <string>

#include "ujson/dom.hpp"

namespace {

std::string encode_doc(const char* json, const ujson::encode_options& o) {
  ujson::document d;
  EXPECT_FALSE(d.parse(json));
  std::string out;
  EXPECT_EQ(ujson::encode(d.root(), out, o), ujson::errc::ok);
  return out;
}

ujson::encode_options separators(const char* item, const char* key) {
  ujson::encode_options o;
  o.item_separator = item;
  o.key_separator = key;
  return o;
}

TEST(Separators, DefaultsAreCompact) {
  EXPECT_EQ(encode_doc(R"({"a": [1, 2], "b": {}})", {}), R"({"a":[1,2],"b":{}})");
}

TEST(Separators, PythonStyleSpaces) {
  EXPECT_EQ(encode_doc(R"({"a": [1, 2], "b": {"c": null}})", separators(", ", ": ")),
            R"({"a": [1, 2], "b": {"c": null}})");
}

TEST(Separators, OnlyTheKeySeparator) {
  ujson::encode_options o;
  o.key_separator = " = ";
  EXPECT_EQ(encode_doc(R"({"a":[1,2]})", o), R"({"a" = [1,2]})");
}

TEST(Separators, WithIndentTheItemSeparatorEndsTheLine) {
  ujson::encode_options o = separators(";", "=>");
  o.indent = 2;
  EXPECT_EQ(encode_doc(R"({"a":[1,2],"b":{}})", o), "{\n  \"a\"=>[\n    1;\n    2\n  ];\n  \"b\"=>{}\n}");
}

TEST(Separators, WithSortKeys) {
  ujson::encode_options o = separators(" , ", ":");
  o.sort_keys = true;
  EXPECT_EQ(encode_doc(R"({"b":1,"a":{"z":2,"y":3}})", o), R"({"a":{"y":3 , "z":2} , "b":1})");
}

TEST(Separators, ThroughWriterCalls) {
  ujson::writer w(separators("|", "~"));
  w.begin_array();
  w.int64(1);
  w.begin_object();
  w.key("k");
  w.boolean(true);
  w.key("l");
  w.null();
  w.end_object();
  w.end_array();
  ASSERT_TRUE(w.complete());
  EXPECT_EQ(w.output(), R"([1|{"k"~true|"l"~null}])");
}

}  // namespace
