// The writer's calls: what is refused where (misuse), errors that stick, complete() and
// depth(), max_depth, reset() and reuse, and the output buffer.

#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "support/printers.hpp"
#include "ujson/errors.hpp"
#include "ujson/options.hpp"
#include "ujson/writer.hpp"

namespace {

using ujson::encode_options;
using ujson::errc;
using ujson::writer;

// ---- misuse and sticky errors -----------------------------------------------------------------

TEST(WriterMisuse, KeyOutsideAnObject) {
  {
    writer w;
    EXPECT_EQ(w.key("a"), errc::invalid_writer_call);
    EXPECT_EQ(w.status(), errc::invalid_writer_call);
  }
  {
    writer w;
    w.begin_array();
    EXPECT_EQ(w.key("a"), errc::invalid_writer_call);
  }
  {
    writer w;
    w.null();
    EXPECT_EQ(w.key("a"), errc::invalid_writer_call);
  }
}

TEST(WriterMisuse, ValueWhereAKeyIsExpected) {
  {
    writer w;
    w.begin_object();
    EXPECT_EQ(w.int64(1), errc::invalid_writer_call);
  }
  {
    writer w;
    w.begin_object();
    w.key("a");
    w.int64(1);
    EXPECT_EQ(w.string("b"), errc::invalid_writer_call);
  }
  {
    writer w;
    w.begin_object();
    EXPECT_EQ(w.begin_array(), errc::invalid_writer_call);
  }
  {
    writer w;
    w.begin_object();
    EXPECT_EQ(w.begin_object(), errc::invalid_writer_call);
  }
  {
    writer w;
    w.begin_object();
    EXPECT_EQ(w.null(), errc::invalid_writer_call);
  }
  {
    writer w;
    w.begin_object();
    EXPECT_EQ(w.number(1.0), errc::invalid_writer_call);
  }
  {
    writer w;
    w.begin_object();
    EXPECT_EQ(w.raw_number("1"), errc::invalid_writer_call);
  }
  {
    writer w;
    w.begin_object();
    EXPECT_EQ(w.uint64(1), errc::invalid_writer_call);
  }
  {
    writer w;
    w.begin_object();
    EXPECT_EQ(w.boolean(true), errc::invalid_writer_call);
  }
}

TEST(WriterMisuse, TwoKeysInARow) {
  writer w;
  w.begin_object();
  EXPECT_EQ(w.key("a"), errc::ok);
  EXPECT_EQ(w.key("b"), errc::invalid_writer_call);
}

TEST(WriterMisuse, MismatchedEnds) {
  {
    writer w;
    w.begin_object();
    EXPECT_EQ(w.end_array(), errc::invalid_writer_call);
  }
  {
    writer w;
    w.begin_array();
    EXPECT_EQ(w.end_object(), errc::invalid_writer_call);
  }
  {
    writer w;
    EXPECT_EQ(w.end_array(), errc::invalid_writer_call);
  }
  {
    writer w;
    EXPECT_EQ(w.end_object(), errc::invalid_writer_call);
  }
  {
    writer w;
    w.begin_array();
    w.end_array();
    EXPECT_EQ(w.end_array(), errc::invalid_writer_call);
  }
}

TEST(WriterMisuse, EndObjectAfterADanglingKey) {
  writer w;
  w.begin_object();
  w.key("a");
  EXPECT_EQ(w.end_object(), errc::invalid_writer_call);
  EXPECT_FALSE(w.complete());
}

TEST(WriterMisuse, SecondTopLevelValue) {
  {
    writer w;
    EXPECT_EQ(w.null(), errc::ok);
    EXPECT_TRUE(w.complete());
    EXPECT_EQ(w.null(), errc::invalid_writer_call);
    EXPECT_FALSE(w.complete());
  }
  {
    writer w;
    w.begin_array();
    w.end_array();
    EXPECT_EQ(w.begin_array(), errc::invalid_writer_call);
  }
  {
    writer w;
    w.begin_object();
    w.end_object();
    EXPECT_EQ(w.string("x"), errc::invalid_writer_call);
  }
  {
    writer w;
    w.int64(1);
    EXPECT_EQ(w.number(std::nan("")), errc::invalid_writer_call);
  }
}

TEST(WriterMisuse, ErrorsStick) {
  writer w;
  w.begin_array();
  w.int64(1);
  const std::string before(w.output());
  EXPECT_EQ(w.end_object(), errc::invalid_writer_call);
  // Every later call, valid or not, does nothing and reports the first error.
  EXPECT_EQ(w.int64(2), errc::invalid_writer_call);
  EXPECT_EQ(w.string("x"), errc::invalid_writer_call);
  EXPECT_EQ(w.begin_object(), errc::invalid_writer_call);
  EXPECT_EQ(w.key("k"), errc::invalid_writer_call);
  EXPECT_EQ(w.end_array(), errc::invalid_writer_call);
  EXPECT_EQ(w.number(std::nan("")), errc::invalid_writer_call);
  EXPECT_EQ(w.string("\xff"), errc::invalid_writer_call);  // not invalid_utf8: the first error wins
  EXPECT_EQ(w.status(), errc::invalid_writer_call);
  EXPECT_FALSE(w.complete());
  EXPECT_EQ(std::string(w.output()), before);
}

TEST(WriterMisuse, FirstErrorWinsForInvalidUtf8Too) {
  writer w;
  w.begin_array();
  EXPECT_EQ(w.string("\xc3"), errc::invalid_utf8);
  EXPECT_EQ(w.end_object(), errc::invalid_utf8);
  EXPECT_EQ(w.end_array(), errc::invalid_utf8);
  EXPECT_EQ(w.status(), errc::invalid_utf8);
}

TEST(WriterMisuse, CompleteAndDepth) {
  writer w;
  EXPECT_FALSE(w.complete());
  EXPECT_EQ(w.depth(), 0u);
  w.begin_array();
  EXPECT_EQ(w.depth(), 1u);
  w.begin_object();
  EXPECT_EQ(w.depth(), 2u);
  EXPECT_FALSE(w.complete());
  w.end_object();
  EXPECT_EQ(w.depth(), 1u);
  w.end_array();
  EXPECT_EQ(w.depth(), 0u);
  EXPECT_TRUE(w.complete());
  EXPECT_EQ(w.output(), "[{}]");
}

// ---- max_depth ----------------------------------------------------------------------------------

TEST(WriterDepth, DefaultLimitIs1024) {
  writer w;
  for (int i = 0; i < 1024; ++i) ASSERT_EQ(w.begin_array(), errc::ok) << i;
  EXPECT_EQ(w.begin_array(), errc::depth_exceeded);
  EXPECT_EQ(w.status(), errc::depth_exceeded);
  EXPECT_EQ(w.end_array(), errc::depth_exceeded);

  writer ok;
  for (int i = 0; i < 1024; ++i) ok.begin_array();
  for (int i = 0; i < 1024; ++i) ok.end_array();
  EXPECT_TRUE(ok.complete());
  EXPECT_EQ(ok.output(), std::string(1024, '[') + std::string(1024, ']'));
}

TEST(WriterDepth, CustomLimitCountsArraysAndObjects) {
  encode_options o;
  o.max_depth = 3;
  {
    writer w(o);
    w.begin_array();
    w.begin_object();
    w.key("a");
    w.begin_array();
    w.end_array();
    w.end_object();
    w.end_array();
    EXPECT_TRUE(w.complete());
    EXPECT_EQ(w.output(), R"([{"a":[]}])");
  }
  {
    writer w(o);
    w.begin_array();
    w.begin_object();
    w.key("a");
    w.begin_array();
    EXPECT_EQ(w.begin_object(), errc::depth_exceeded);
    EXPECT_EQ(w.status(), errc::depth_exceeded);
  }
  {
    writer w(o);
    w.begin_object();
    w.key("a");
    w.begin_object();
    w.key("b");
    w.begin_object();
    w.key("c");
    EXPECT_EQ(w.begin_array(), errc::depth_exceeded);
  }
}

// ---- reset ------------------------------------------------------------------------------------

TEST(WriterReset, ReuseAfterSuccess) {
  writer w;
  w.begin_array();
  w.int64(1);
  w.end_array();
  EXPECT_EQ(w.output(), "[1]");
  w.reset();
  EXPECT_EQ(w.output(), "");
  EXPECT_FALSE(w.complete());
  EXPECT_EQ(w.status(), errc::ok);
  w.string("again");
  EXPECT_TRUE(w.complete());
  EXPECT_EQ(w.output(), R"("again")");
}

TEST(WriterReset, ReuseAfterError) {
  writer w;
  w.begin_object();
  w.int64(1);
  EXPECT_EQ(w.status(), errc::invalid_writer_call);
  w.reset();
  EXPECT_EQ(w.status(), errc::ok);
  EXPECT_EQ(w.depth(), 0u);
  w.begin_object();
  w.key("x");
  w.boolean(true);
  w.end_object();
  EXPECT_TRUE(w.complete());
  EXPECT_EQ(w.output(), R"({"x":true})");
}

TEST(WriterReset, ReuseInTheMiddleOfASortedIndentedObject) {
  encode_options o;
  o.sort_keys = true;
  o.indent = 2;
  writer w(o);
  w.begin_object();
  w.key("z");
  w.begin_object();
  w.key("q");
  w.int64(1);
  w.reset();  // abandon a half-written document, two objects deep
  w.begin_object();
  w.key("b");
  w.int64(2);
  w.key("a");
  w.int64(1);
  w.end_object();
  EXPECT_TRUE(w.complete());
  EXPECT_EQ(w.output(), "{\n  \"a\": 1,\n  \"b\": 2\n}");
}

TEST(WriterReset, ReuseAfterAnInvalidKeyInASortedObject) {
  encode_options o;
  o.sort_keys = true;
  writer w(o);
  w.begin_object();
  w.key("m");
  w.int64(1);
  w.key("b");
  w.begin_object();
  w.key("y");
  w.null();
  EXPECT_EQ(w.key("\xff"), errc::invalid_utf8);
  w.reset();
  w.begin_object();
  w.key("z");
  w.begin_object();
  w.key("d");
  w.int64(4);
  w.key("c");
  w.int64(3);
  w.end_object();
  w.key("a");
  w.int64(1);
  w.end_object();
  EXPECT_EQ(w.status(), errc::ok);
  EXPECT_EQ(w.output(), R"({"a":1,"z":{"c":3,"d":4}})");
}

TEST(WriterReset, ManyDocumentsOneWriter) {
  encode_options o;
  o.sort_keys = true;
  writer w(o);
  for (int i = 0; i < 100; ++i) {
    w.reset();
    w.begin_object();
    w.key("n");
    w.int64(i);
    w.key("a");
    w.begin_array();
    w.int64(i);
    w.end_array();
    w.end_object();
    ASSERT_TRUE(w.complete());
    ASSERT_EQ(w.output(), R"({"a":[)" + std::to_string(i) + R"(],"n":)" + std::to_string(i) + "}");
  }
}

TEST(WriterOutput, WritesIntoABorrowedSinkAfterWhatItHolds) {
  ujson::buffer sink;
  sink.append("> ");
  {
    writer w(sink);
    w.begin_array();
    w.int64(5);
    w.end_array();
    EXPECT_EQ(w.output(), "> [5]");
  }
  sink.push_back('\n');
  EXPECT_EQ(sink.view(), "> [5]\n");
}

// A connection's buffer, reused by one writer per request: its storage is never given up.
TEST(WriterOutput, TheSinkKeepsItsStorageFromWriterToWriter) {
  ujson::buffer sink;
  {
    writer w(sink);
    w.string(std::string(1000, 'x'));
  }
  const char* const storage = sink.data();
  ASSERT_EQ(sink.size(), 1002u);
  sink.clear();
  {
    writer w(sink);
    w.int64(7);
    EXPECT_EQ(w.output().data(), storage);
    w.reset();
    w.int64(8);
  }
  EXPECT_EQ(sink.view(), "8");
  EXPECT_EQ(sink.data(), storage);
}

// sort_keys records byte offsets of members: they count from the start of the sink.
TEST(WriterOutput, SortsObjectsAfterWhatTheSinkHolds) {
  ujson::buffer sink;
  sink.append("[1] ");
  encode_options sorted;
  sorted.sort_keys = true;
  {
    writer w(sink, sorted);
    w.begin_object();
    w.key("b");
    w.int64(1);
    w.key("a");
    w.int64(2);
    w.end_object();
  }
  EXPECT_EQ(sink.view(), R"([1] {"a":2,"b":1})");
}

// The raw cursor from outside the library: its string copy links to the instantiations in
// writer.cpp, its output is the writer's, and a finished value completes the document.
TEST(WriterRawCursor, WritesAValueTheWritersWay) {
  writer w;
  writer::raw_cursor c(w);
  ASSERT_EQ(c.status(), errc::ok);
  ASSERT_TRUE(writer::raw_cursor::fits(w.options()));
  char* o = c.room(c.begin(), 64);
  *o++ = '[';
  o = writer::raw_cursor::int64(o, -12);
  *o++ = ',';
  o = c.string(o, "a\"/\x01");
  *o++ = ',';
  o = c.number(o, 2.5, 1);
  ASSERT_NE(o, nullptr);
  *o++ = ']';
  EXPECT_EQ(c.finish(o), errc::ok);
  EXPECT_TRUE(w.complete());
  EXPECT_EQ(w.output(), R"([-12,"a\"\/\u0001",2.5])");
  writer::raw_cursor second(w);
  EXPECT_EQ(second.status(), errc::invalid_writer_call);
}

TEST(WriterRawCursor, ReportsWhatTheWriterRefuses) {
  encode_options strict;
  strict.allow_nan = false;
  writer w(strict);
  writer::raw_cursor c(w);
  char* o = c.begin();
  EXPECT_EQ(c.number(o, NAN, 1), nullptr);
  EXPECT_EQ(w.status(), errc::nan_or_infinity);
  writer bad;
  writer::raw_cursor b(bad);
  o = b.room(b.begin(), 16);
  EXPECT_EQ(b.string(o, "\xFF"), nullptr);
  EXPECT_EQ(b.fail(o, errc::invalid_utf8), errc::invalid_utf8);
  EXPECT_EQ(bad.status(), errc::invalid_utf8);
}

}  // namespace
