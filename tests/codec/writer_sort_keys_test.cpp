// The writer's sort_keys option: members sorted recursively by the code points of their raw
// keys, stable for duplicates, combined with indent and the string options. Every expected
// string is written by hand from the encoder specification, never copied from output.

#include <gtest/gtest.h>

#include <string>

#include "support/write_ok.hpp"
#include "ujson/options.hpp"
#include "ujson/writer.hpp"

namespace {

using ujson::encode_options;
using ujson::writer;
using ujson::test::write_ok;

// ---- sort_keys ----------------------------------------------------------------------------

TEST(WriterSortKeys, SortsRecursively) {
  encode_options o;
  o.sort_keys = true;
  const std::string out = write_ok(o, [](writer& w) {
    w.begin_object();
    w.key("b");
    w.int64(1);
    w.key("a");
    w.int64(2);
    w.key("c");
    w.begin_object();
    w.key("z");
    w.int64(1);
    w.key("y");
    w.int64(2);
    w.end_object();
    w.end_object();
  });
  EXPECT_EQ(out, R"({"a":2,"b":1,"c":{"y":2,"z":1}})");
}

TEST(WriterSortKeys, MembersOfDifferentLengthsMoveIntact) {
  encode_options o;
  o.sort_keys = true;
  const std::string out = write_ok(o, [](writer& w) {
    w.begin_object();
    w.key("long");
    w.string("xxxxxxxxxxxxxxxxxxxx");
    w.key("s");
    w.int64(1);
    w.key("a");
    w.begin_array();
    w.end_array();
    w.key("mid");
    w.begin_array();
    w.int64(10);
    w.int64(20);
    w.int64(30);
    w.end_array();
    w.end_object();
  });
  EXPECT_EQ(out, R"({"a":[],"long":"xxxxxxxxxxxxxxxxxxxx","mid":[10,20,30],"s":1})");
}

TEST(WriterSortKeys, ObjectsInsideArraysInsideObjects) {
  encode_options o;
  o.sort_keys = true;
  const std::string out = write_ok(o, [](writer& w) {
    w.begin_object();
    w.key("z");
    w.begin_array();
    w.begin_object();
    w.key("b");
    w.int64(1);
    w.key("a");
    w.int64(2);
    w.end_object();
    w.begin_object();
    w.key("d");
    w.int64(3);
    w.key("c");
    w.begin_object();
    w.key("f");
    w.null();
    w.key("e");
    w.null();
    w.end_object();
    w.end_object();
    w.end_array();
    w.key("y");
    w.begin_object();
    w.end_object();
    w.key("x");
    w.begin_object();
    w.key("only");
    w.boolean(true);
    w.end_object();
    w.end_object();
  });
  EXPECT_EQ(out, R"({"x":{"only":true},"y":{},"z":[{"a":2,"b":1},{"c":{"e":null,"f":null},"d":3}]})");
}

TEST(WriterSortKeys, CodePointOrderOfRawKeysNotOfEscapedText) {
  encode_options o;
  o.sort_keys = true;
  // With ensure_ascii, "é" is written "\u00e9", which starts with '\' (0x5C) < 'a'; its
  // raw UTF-8 (C3 A9) sorts after every ASCII key.
  const std::string out = write_ok(o, [](writer& w) {
    w.begin_object();
    w.key("\xc3\xa9");
    w.int64(3);
    w.key("z");
    w.int64(2);
    w.key("a");
    w.int64(1);
    w.end_object();
  });
  EXPECT_EQ(out, R"({"a":1,"z":2,"\u00e9":3})");
  // "/" (0x2F) < "0" (0x30) < "A" (0x41), although "/" is written "\/".
  const std::string slash = write_ok(o, [](writer& w) {
    w.begin_object();
    w.key("A");
    w.int64(3);
    w.key("0");
    w.int64(2);
    w.key("/");
    w.int64(1);
    w.end_object();
  });
  EXPECT_EQ(slash, R"({"\/":1,"0":2,"A":3})");
  // Uppercase before lowercase, prefixes first, the empty key before all.
  const std::string ascii = write_ok(o, [](writer& w) {
    w.begin_object();
    for (const char* k : {"ab", "b", "B", "aa", "a", ""}) {
      w.key(k);
      w.null();
    }
    w.end_object();
  });
  EXPECT_EQ(ascii, R"({"":null,"B":null,"a":null,"aa":null,"ab":null,"b":null})");
  // Code point order, not UTF-16 order: U+FFFF (EF BF BF) < U+10000 (F0 90 80 80), although
  // in UTF-16 U+10000 (D800 DC00) comes first. U+E000 < U+FFFF.
  encode_options raw = o;
  raw.ensure_ascii = false;
  const std::string astral = write_ok(raw, [](writer& w) {
    w.begin_object();
    w.key("\xf0\x90\x80\x80");
    w.int64(3);
    w.key("\xef\xbf\xbf");
    w.int64(2);
    w.key("\xee\x80\x80");
    w.int64(1);
    w.end_object();
  });
  EXPECT_EQ(astral, "{\"\xee\x80\x80\":1,\"\xef\xbf\xbf\":2,\"\xf0\x90\x80\x80\":3}");
}

TEST(WriterSortKeys, StableForDuplicateKeys) {
  encode_options o;
  o.sort_keys = true;
  const std::string out = write_ok(o, [](writer& w) {
    w.begin_object();
    w.key("b");
    w.string("first b");
    w.key("a");
    w.int64(1);
    w.key("b");
    w.string("second b");
    w.key("a");
    w.int64(3);
    w.key("a");
    w.int64(2);
    w.end_object();
  });
  EXPECT_EQ(out, R"({"a":1,"a":3,"a":2,"b":"first b","b":"second b"})");
}

TEST(WriterSortKeys, WithIndent) {
  encode_options o;
  o.sort_keys = true;
  o.indent = 2;
  const std::string out = write_ok(o, [](writer& w) {
    w.begin_object();
    w.key("b");
    w.begin_array();
    w.int64(1);
    w.begin_object();
    w.key("d");
    w.int64(1);
    w.key("c");
    w.int64(2);
    w.end_object();
    w.end_array();
    w.key("a");
    w.begin_object();
    w.end_object();
    w.end_object();
  });
  EXPECT_EQ(out,
            "{\n"
            "  \"a\": {},\n"
            "  \"b\": [\n"
            "    1,\n"
            "    {\n"
            "      \"c\": 2,\n"
            "      \"d\": 1\n"
            "    }\n"
            "  ]\n"
            "}");
}

TEST(WriterSortKeys, WithIndentNestedObjectsAndAllOtherOptions) {
  encode_options o;
  o.sort_keys = true;
  o.indent = 1;
  o.encode_html_chars = true;
  o.escape_forward_slashes = false;
  o.ensure_ascii = true;
  const std::string out = write_ok(o, [](writer& w) {
    w.begin_object();
    w.key("z</>");
    w.begin_object();
    w.key("\xc3\xa9");
    w.string("&");
    w.key("e");
    w.number(1.0);
    w.end_object();
    w.key("m");
    w.begin_array();
    w.end_array();
    w.end_object();
  });
  EXPECT_EQ(out,
            "{\n"
            " \"m\": [],\n"
            " \"z\\u003c/\\u003e\": {\n"
            "  \"e\": 1.0,\n"
            "  \"\\u00e9\": \"\\u0026\"\n"
            " }\n"
            "}");
}

TEST(WriterSortKeys, ManyMembers) {
  encode_options o;
  o.sort_keys = true;
  // 100 keys written in descending order come out ascending.
  auto key_of = [](int i) {
    std::string k = "k";
    k += static_cast<char>('0' + i / 10);
    k += static_cast<char>('0' + i % 10);
    return k;
  };
  const std::string out = write_ok(o, [&](writer& w) {
    w.begin_object();
    for (int i = 99; i >= 0; --i) {
      w.key(key_of(i));
      w.int64(i);
    }
    w.end_object();
  });
  std::string expected = "{";
  for (int i = 0; i < 100; ++i) {
    if (i != 0) expected += ",";
    expected += "\"" + key_of(i) + "\":" + std::to_string(i);
  }
  expected += "}";
  EXPECT_EQ(out, expected);
}

TEST(WriterSortKeys, OffLeavesInsertionOrder) {
  const std::string out = write_ok([](writer& w) {
    w.begin_object();
    w.key("b");
    w.int64(1);
    w.key("a");
    w.int64(2);
    w.end_object();
  });
  EXPECT_EQ(out, R"({"b":1,"a":2})");
}

}  // namespace
