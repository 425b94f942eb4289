// The writer's layout: the default options, compact output of every kind of value, and
// indent. Every expected string is written by hand from the encoder specification
// (UltraJSON's options), never copied from output. sort_keys is in writer_sort_keys_test,
// strings in writer_strings_test, numbers in writer_numbers_test.

#include <gtest/gtest.h>

#include <string>

#include "support/write_ok.hpp"
#include "ujson/options.hpp"
#include "ujson/writer.hpp"

namespace {

using ujson::encode_options;
using ujson::writer;
using ujson::test::write_ok;

// ---- defaults ------------------------------------------------------------------------

TEST(WriterOptions, DefaultsAreUltraJsons) {
  const encode_options o;
  EXPECT_TRUE(o.ensure_ascii);
  EXPECT_TRUE(o.escape_forward_slashes);
  EXPECT_FALSE(o.encode_html_chars);
  EXPECT_EQ(o.indent, 0);
  EXPECT_FALSE(o.sort_keys);
  EXPECT_EQ(o.double_precision, ujson::shortest_round_trip);
  EXPECT_TRUE(o.allow_nan);
  EXPECT_FALSE(o.allow_lone_surrogates);
  EXPECT_EQ(o.max_depth, 1024u);
}

// ---- compact structure -----------------------------------------------------------------

TEST(WriterCompact, ObjectWithArrayHasNoSpaces) {
  const std::string out = write_ok([](writer& w) {
    w.begin_object();
    w.key("a");
    w.int64(1);
    w.key("b");
    w.begin_array();
    w.int64(1);
    w.int64(2);
    w.end_array();
    w.end_object();
  });
  EXPECT_EQ(out, R"({"a":1,"b":[1,2]})");
}

TEST(WriterCompact, EmptyContainers) {
  EXPECT_EQ(write_ok([](writer& w) {
              w.begin_array();
              w.end_array();
            }),
            "[]");
  EXPECT_EQ(write_ok([](writer& w) {
              w.begin_object();
              w.end_object();
            }),
            "{}");
  EXPECT_EQ(write_ok([](writer& w) {
              w.begin_array();
              w.begin_array();
              w.end_array();
              w.begin_object();
              w.end_object();
              w.begin_array();
              w.begin_array();
              w.end_array();
              w.end_array();
              w.end_array();
            }),
            "[[],{},[[]]]");
}

TEST(WriterCompact, EveryScalarKind) {
  const std::string out = write_ok([](writer& w) {
    w.begin_array();
    w.null();
    w.boolean(true);
    w.boolean(false);
    w.int64(0);
    w.int64(-1);
    w.uint64(0);
    w.uint64(42);
    w.number(0.5);
    w.string("");
    w.string("x");
    w.raw_number("123456789012345678901234567890");
    w.raw_number("-1.5e400");
    w.end_array();
  });
  EXPECT_EQ(out, R"([null,true,false,0,-1,0,42,0.5,"","x",123456789012345678901234567890,-1.5e400])");
}

TEST(WriterCompact, NestedObjects) {
  const std::string out = write_ok([](writer& w) {
    w.begin_object();
    w.key("outer");
    w.begin_object();
    w.key("inner");
    w.begin_array();
    w.begin_object();
    w.key("");
    w.null();
    w.end_object();
    w.end_array();
    w.end_object();
    w.key("next");
    w.boolean(false);
    w.end_object();
  });
  EXPECT_EQ(out, R"({"outer":{"inner":[{"":null}]},"next":false})");
}

TEST(WriterCompact, TopLevelScalars) {
  EXPECT_EQ(write_ok([](writer& w) { w.null(); }), "null");
  EXPECT_EQ(write_ok([](writer& w) { w.boolean(true); }), "true");
  EXPECT_EQ(write_ok([](writer& w) { w.boolean(false); }), "false");
  EXPECT_EQ(write_ok([](writer& w) { w.int64(7); }), "7");
  EXPECT_EQ(write_ok([](writer& w) { w.string("s"); }), R"("s")");
}

// ---- indent ---------------------------------------------------------------------------------

TEST(WriterIndent, SpecExample) {
  encode_options o;
  o.indent = 2;
  const std::string out = write_ok(o, [](writer& w) {
    w.begin_object();
    w.key("a");
    w.begin_array();
    w.int64(1);
    w.int64(2);
    w.end_array();
    w.key("b");
    w.begin_object();
    w.end_object();
    w.end_object();
  });
  EXPECT_EQ(out, "{\n  \"a\": [\n    1,\n    2\n  ],\n  \"b\": {}\n}");
}

TEST(WriterIndent, FourSpacesNestedArraysAndEmptyContainers) {
  encode_options o;
  o.indent = 4;
  const std::string out = write_ok(o, [](writer& w) {
    w.begin_array();
    w.begin_array();
    w.end_array();
    w.begin_array();
    w.int64(1);
    w.end_array();
    w.begin_object();
    w.end_object();
    w.end_array();
  });
  EXPECT_EQ(out, "[\n    [],\n    [\n        1\n    ],\n    {}\n]");
}

TEST(WriterIndent, OneSpaceObjectsInArrays) {
  encode_options o;
  o.indent = 1;
  const std::string out = write_ok(o, [](writer& w) {
    w.begin_array();
    w.begin_object();
    w.key("a");
    w.null();
    w.key("b");
    w.begin_array();
    w.string("x");
    w.end_array();
    w.end_object();
    w.boolean(true);
    w.end_array();
  });
  EXPECT_EQ(out, "[\n {\n  \"a\": null,\n  \"b\": [\n   \"x\"\n  ]\n },\n true\n]");
}

TEST(WriterIndent, TopLevelScalarsAndEmptyContainersHaveNoNewlines) {
  encode_options o;
  o.indent = 3;
  EXPECT_EQ(write_ok(o, [](writer& w) { w.int64(1); }), "1");
  EXPECT_EQ(write_ok(o, [](writer& w) { w.string("a"); }), R"("a")");
  EXPECT_EQ(write_ok(o,
                     [](writer& w) {
                       w.begin_array();
                       w.end_array();
                     }),
            "[]");
  EXPECT_EQ(write_ok(o,
                     [](writer& w) {
                       w.begin_object();
                       w.end_object();
                     }),
            "{}");
}

TEST(WriterIndent, OutOfRangeIsClamped) {
  encode_options o;
  o.indent = -3;  // clamped to 0: compact
  EXPECT_EQ(write_ok(o,
                     [](writer& w) {
                       w.begin_object();
                       w.key("k");
                       w.begin_array();
                       w.int64(1);
                       w.end_array();
                       w.end_object();
                     }),
            R"({"k":[1]})");
  o.indent = 5000;  // clamped to max_indent (1000)
  EXPECT_EQ(write_ok(o,
                     [](writer& w) {
                       w.begin_array();
                       w.int64(1);
                       w.end_array();
                     }),
            "[\n" + std::string(1000, ' ') + "1\n]");
}

}  // namespace
