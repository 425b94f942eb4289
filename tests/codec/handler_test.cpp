// The decoder's event stream: exact sequences, string origins, stopping, handler errors,
// handlers that ignore values, and decoding straight into a writer.

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "support/printers.hpp"
#include "ujson/decoder.hpp"
#include "ujson/handler.hpp"
#include "ujson/validate.hpp"
#include "ujson/writer.hpp"

namespace {

using ujson::decode_options;
using ujson::errc;
using ujson::string_origin;

using events = std::vector<std::string>;

// Records every event as text. Strings carry "@in" (a view into the input) or "@scratch";
// the recorder checks that the origin tells the truth about where the view points.
struct recorder {
  std::string_view input;
  events seen;
  std::size_t stop_at = 0;  // 1-based event number at which to return stop_code
  errc stop_code = errc::stopped;
  int origin_lies = 0;

  errc record(std::string e) {
    seen.push_back(std::move(e));
    return stop_at != 0 && seen.size() == stop_at ? stop_code : errc::ok;
  }
  std::string origin(std::string_view s, string_origin o) {
    const bool inside = s.data() >= input.data() && s.data() + s.size() <= input.data() + input.size();
    if (o == string_origin::input && !inside) ++origin_lies;
    if (o == string_origin::scratch && inside && !s.empty()) ++origin_lies;
    return o == string_origin::input ? "@in" : "@scratch";
  }

  errc on_null() { return record("null"); }
  errc on_bool(bool b) { return record(b ? "true" : "false"); }
  errc on_int64(std::int64_t i) { return record("i:" + std::to_string(i)); }
  errc on_uint64(std::uint64_t u) { return record("u:" + std::to_string(u)); }
  errc on_double(double d, std::string_view text) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.17g", d);
    return record("d:" + std::string(buf) + "|" + std::string(text));
  }
  errc on_big_number(std::string_view text) { return record("big:" + std::string(text)); }
  errc on_string(std::string_view s, string_origin o) { return record("s:" + std::string(s) + origin(s, o)); }
  errc on_key(std::string_view s, string_origin o) { return record("k:" + std::string(s) + origin(s, o)); }
  errc on_array_begin() { return record("["); }
  errc on_array_end(std::size_t n) { return record("]" + std::to_string(n)); }
  errc on_object_begin() { return record("{"); }
  errc on_object_end(std::size_t n) { return record("}" + std::to_string(n)); }
};

static_assert(ujson::handler<recorder>);
static_assert(ujson::handler<ujson::null_handler>);
static_assert(ujson::handler<ujson::writer>);
static_assert(ujson::handler<ujson::validating_handler>);
static_assert(!ujson::handler<int>);
static_assert(!ujson::ignores_values<recorder>);
static_assert(ujson::ignores_values<ujson::validating_handler>);

events record_all(std::string_view input, const decode_options& options = {}) {
  recorder r;
  r.input = input;
  const ujson::error e = ujson::decode(input, r, options);
  EXPECT_FALSE(e) << input << ": " << ujson::code_name(e.code) << " at " << e.offset;
  EXPECT_EQ(r.origin_lies, 0) << input;
  return r.seen;
}

// ---- event sequences --------------------------------------------------------------------

TEST(HandlerEvents, EveryKindInAnArray) {
  const std::string input = R"([1,-2,18446744073709551615,1.5,1e400,"a","b\n",true,false,null,{},[],{"k":{"x":[]}}])";
  const events want = {"[",     "i:1",   "i:-2", "u:18446744073709551615", "d:1.5|1.5", "big:1e400",
                       "s:a@in", "s:b\n@scratch", "true", "false", "null", "{", "}0", "[", "]0", "{",
                       "k:k@in", "{", "k:x@in", "[", "]0", "}1", "}1", "]13"};
  EXPECT_EQ(record_all(input), want);
}

TEST(HandlerEvents, NestedCounts) {
  const std::string input = R"({"a":[[],[1,[2,3]]],"b":{"c":{},"d":[{}]},"e":""})";
  const events want = {"{",      "k:a@in", "[",  "[",      "]0", "[",  "i:1",    "[",      "i:2", "i:3",
                       "]2",     "]2",     "]2", "k:b@in", "{",  "k:c@in", "{",    "}0",     "k:d@in",
                       "[",      "{",      "}0", "]1",     "}2", "k:e@in", "s:@in", "}3"};
  EXPECT_EQ(record_all(input), want);
}

TEST(HandlerEvents, WhitespaceDoesNotMatter) {
  const std::string input = " \t\r\n[ 1 ,\n\t{ \"a\" :\r\n true } , [ ] ]\n ";
  const events want = {"[", "i:1", "{", "k:a@in", "true", "}1", "[", "]0", "]3"};
  EXPECT_EQ(record_all(input), want);
}

// Runs of whitespace of every length up to 40 (past two 16-byte scans), made of spaces with
// a tab, a newline or a CR at every position, between every pair of tokens; and a control
// character that is no whitespace (0x0B, 0x1F) at every position of a run, which must stop
// the parse at that byte.
TEST(HandlerEvents, WhitespaceRunsOfEveryLengthAndMix) {
  const events want = {"[", "{", "k:a@in", "i:1", "}1", "]1"};
  for (std::size_t length = 0; length <= 40; ++length) {
    for (std::size_t at = 0; at <= length; ++at) {
      for (const char other : {' ', '\t', '\n', '\r', '\x0B', '\x1F'}) {
        std::string run(length, ' ');
        if (at < length) run[at] = other;
        const std::string input = "[" + run + "{" + run + "\"a\"" + run + ":" + run + "1" + run + "}" + run + "]";
        recorder r;
        r.input = input;
        const ujson::error e = ujson::decode(input, r);
        if (other == '\x0B' || other == '\x1F') {
          if (at == length) continue;
          EXPECT_TRUE(e) << length << " " << at;
          EXPECT_EQ(e.offset, 1 + at) << length << " " << at;  // the first run, right after '['
        } else {
          EXPECT_FALSE(e) << length << " " << at << " " << int(other) << ": " << ujson::code_name(e.code) << " at " << e.offset;
          EXPECT_EQ(r.seen, want) << length << " " << at << " " << int(other);
        }
      }
    }
  }
}

TEST(HandlerEvents, TopLevelScalarsAndNumberTexts) {
  EXPECT_EQ(record_all("42"), events{"i:42"});
  EXPECT_EQ(record_all("  \"x\"  "), events{"s:x@in"});
  EXPECT_EQ(record_all("true"), events{"true"});
  EXPECT_EQ(record_all("null"), events{"null"});
  EXPECT_EQ(record_all("-0"), events{"i:0"});
  EXPECT_EQ(record_all("-0.0"), events{"d:-0|-0.0"});
  EXPECT_EQ(record_all("2.50"), events{"d:2.5|2.50"});
  EXPECT_EQ(record_all("1E+2"), events{"d:100|1E+2"});
  EXPECT_EQ(record_all("0.1"), events{"d:0.10000000000000001|0.1"});
  EXPECT_EQ(record_all("-1e-400"), events{"big:-1e-400"});
  EXPECT_EQ(record_all("123456789012345678901234567890"), events{"big:123456789012345678901234567890"});
  EXPECT_EQ(record_all("-9223372036854775809"), events{"big:-9223372036854775809"});
  EXPECT_EQ(record_all("-9223372036854775808"), events{"i:-9223372036854775808"});
  EXPECT_EQ(record_all("9223372036854775807"), events{"i:9223372036854775807"});
  EXPECT_EQ(record_all("9223372036854775808"), events{"u:9223372036854775808"});
  EXPECT_EQ(record_all("18446744073709551616"), events{"big:18446744073709551616"});
}

TEST(HandlerEvents, NanLiteralsWithTheOption) {
  decode_options o;
  o.allow_nan_literals = true;
  EXPECT_EQ(record_all("[NaN,Infinity,-Infinity]", o),
            (events{"[", "d:nan|NaN", "d:inf|Infinity", "d:-inf|-Infinity", "]3"}));
}

// ---- string origins -----------------------------------------------------------------------

TEST(HandlerStrings, InputForUnescapedScratchForEscaped) {
  const std::string input = R"(["plain","a\"b","\\","\/","\u00e9","\ud83d\ude00","raw é","","tab\t",)"
                            R"({"key":1,"k\u0041":2,"ké":3}])";
  const events want = {"[",
                       "s:plain@in",
                       "s:a\"b@scratch",
                       "s:\\@scratch",
                       "s:/@scratch",
                       "s:\xc3\xa9@scratch",
                       "s:\xf0\x9f\x98\x80@scratch",
                       "s:raw \xc3\xa9@in",
                       "s:@in",
                       "s:tab\t@scratch",
                       "{",
                       "k:key@in",
                       "i:1",
                       "k:kA@scratch",
                       "i:2",
                       "k:k\xc3\xa9@in",
                       "i:3",
                       "}3",
                       "]10"};
  EXPECT_EQ(record_all(input), want);
}

TEST(HandlerStrings, LongStringsBothWays) {
  // Long enough for the vectorized scan; the escape at the very end.
  const std::string plain(1000, 'p');
  const std::string input = "[\"" + plain + "\",\"" + plain + "\\n\"]";
  const events want = {"[", "s:" + plain + "@in", "s:" + plain + "\n@scratch", "]2"};
  EXPECT_EQ(record_all(input), want);
}

// ---- stopping and handler errors ----------------------------------------------------------------

// {"a":[1,true],"b":null}: nine events at these byte offsets.
const std::string small_doc = R"({"a":[1,true],"b":null})";
const std::size_t small_doc_offsets[] = {0, 1, 5, 6, 8, 12, 14, 18, 22};
const events small_doc_events = {"{", "k:a@in", "[", "i:1", "true", "]2", "k:b@in", "null", "}2"};

TEST(HandlerStop, AtEveryEvent) {
  EXPECT_EQ(record_all(small_doc), small_doc_events);
  for (std::size_t n = 1; n <= 9; ++n) {
    SCOPED_TRACE("stop at event " + std::to_string(n));
    recorder r;
    r.input = small_doc;
    r.stop_at = n;
    const ujson::error e = ujson::decode(small_doc, r);
    EXPECT_EQ(e.code, errc::stopped);
    EXPECT_TRUE(static_cast<bool>(e));
    // The Nth event was delivered, nothing after it.
    ASSERT_EQ(r.seen.size(), n);
    EXPECT_EQ(r.seen, events(small_doc_events.begin(), small_doc_events.begin() + static_cast<std::ptrdiff_t>(n)));
    EXPECT_EQ(e.offset, small_doc_offsets[n - 1]);
    EXPECT_EQ(e.line, 1u);
    EXPECT_EQ(e.column, small_doc_offsets[n - 1] + 1);
  }
}

TEST(HandlerStop, OtherCodesComeBackWithTheTokensOffset) {
  {
    recorder r;
    r.input = small_doc;
    r.stop_at = 7;  // the key "b"
    r.stop_code = errc::duplicate_key;
    const ujson::error e = ujson::decode(small_doc, r);
    EXPECT_EQ(e.code, errc::duplicate_key);
    EXPECT_EQ(e.offset, 14u);
    EXPECT_EQ(e.column, 15u);
    EXPECT_EQ(r.seen.size(), 7u);
  }
  {
    recorder r;
    r.input = small_doc;
    r.stop_at = 9;  // the closing brace
    r.stop_code = errc::invalid_option;
    const ujson::error e = ujson::decode(small_doc, r);
    EXPECT_EQ(e.code, errc::invalid_option);
    EXPECT_EQ(e.offset, 22u);
  }
  {
    recorder r;
    r.input = small_doc;
    r.stop_at = 4;  // the number 1
    r.stop_code = errc::out_of_memory;
    const ujson::error e = ujson::decode(small_doc, r);
    EXPECT_EQ(e.code, errc::out_of_memory);
    EXPECT_EQ(e.offset, 6u);
    EXPECT_EQ(r.seen.size(), 4u);
  }
}

TEST(HandlerStop, LineAndColumnOfTheStoppingToken) {
  const std::string input = "[\n  1,\n  2]";
  recorder r;
  r.input = input;
  r.stop_at = 3;  // the 2 on line 3
  const ujson::error e = ujson::decode(input, r);
  EXPECT_EQ(e.code, errc::stopped);
  EXPECT_EQ(e.offset, 9u);
  EXPECT_EQ(e.line, 3u);
  EXPECT_EQ(e.column, 3u);
}

TEST(HandlerStop, StopsBeforeLaterSyntaxErrors) {
  const std::string input = "[1, 2, oops";
  recorder r;
  r.input = input;
  r.stop_at = 2;
  EXPECT_EQ(ujson::decode(input, r).code, errc::stopped);
  EXPECT_EQ(r.seen, (events{"[", "i:1"}));

  recorder all;
  all.input = input;
  const ujson::error e = ujson::decode(input, all);
  EXPECT_EQ(e.code, errc::expected_value);
  EXPECT_EQ(e.offset, 7u);
  EXPECT_EQ(all.seen, (events{"[", "i:1", "i:2"}));
}

TEST(HandlerStop, StopOnAStringWithEscapesAndOnABigNumber) {
  const std::string input = R"(["x\ty",1e999,3])";
  recorder r;
  r.input = input;
  r.stop_at = 2;
  ujson::error e = ujson::decode(input, r);
  EXPECT_EQ(e.code, errc::stopped);
  EXPECT_EQ(e.offset, 1u);
  recorder r2;
  r2.input = input;
  r2.stop_at = 3;
  e = ujson::decode(input, r2);
  EXPECT_EQ(e.code, errc::stopped);
  EXPECT_EQ(e.offset, 8u);
  EXPECT_EQ(r2.seen.back(), "big:1e999");
}

// ---- handlers that ignore values -------------------------------------------------------------------

struct value_blind : ujson::null_handler {
  static constexpr bool ignores_values = true;
  int value_events = 0;
  errc on_null() { return count(); }
  errc on_bool(bool) { return count(); }
  errc on_int64(std::int64_t) { return count(); }
  errc on_uint64(std::uint64_t) { return count(); }
  errc on_double(double, std::string_view) { return count(); }
  errc on_big_number(std::string_view) { return count(); }
  errc on_string(std::string_view, string_origin) { return count(); }
  errc on_key(std::string_view, string_origin) { return count(); }
  errc count() {
    ++value_events;
    return errc::ok;
  }
};
static_assert(ujson::ignores_values<value_blind>);
static_assert(ujson::handler<value_blind>);

TEST(HandlerIgnoresValues, GetsNoValueEvents) {
  for (const char* input : {R"([1,-2,18446744073709551615,1.5,1e400,"a","b\n",true,false,null,{},[],{"k":{"x":[]}}])",
                            R"("just a string")", "123", "1.5e-7", R"({"k\u00e9":"\ud83d\ude00"})", "null"}) {
    value_blind h;
    const ujson::error e = ujson::decode(std::string_view(input), h);
    EXPECT_FALSE(e) << input << ": " << ujson::code_name(e.code);
    EXPECT_EQ(h.value_events, 0) << input;
  }
}

struct bad_input {
  std::string text;
  errc code;
  std::size_t offset;
};

const std::vector<bad_input>& bad_inputs() {
  static const std::vector<bad_input> cases = {
      {"", errc::empty_input, 0},
      {"  ", errc::empty_input, 2},
      {"[1,]", errc::expected_value, 3},
      {"[1 2]", errc::expected_comma_or_end, 3},
      {"{1:2}", errc::expected_key, 1},
      {"{\"a\" 1}", errc::expected_colon, 5},
      {"{\"a\":}", errc::expected_value, 5},
      {"{\"a\":1,}", errc::expected_key, 7},
      {"[", errc::unexpected_end, 1},
      {"[1,2", errc::unexpected_end, 4},
      {"\"abc", errc::unexpected_end, 4},
      {"1 x", errc::trailing_characters, 2},
      {"[] []", errc::trailing_characters, 3},
      {"tru", errc::invalid_literal, 0},
      {"[nul]", errc::invalid_literal, 1},
      {"[01]", errc::invalid_number, 2},
      {"[1.]", errc::invalid_number, 3},
      {"[-]", errc::invalid_number, 2},
      {"[1e]", errc::invalid_number, 3},
      {"\"a\x01\"", errc::control_character, 2},
      {"\"\\x\"", errc::invalid_escape, 1},
      {"\"ab\\'\"", errc::invalid_escape, 3},
      {"\"\\u12\"", errc::invalid_unicode_escape, 1},
      {"\"\\u12G4\"", errc::invalid_unicode_escape, 1},
      {"\"\\ud800\"", errc::lone_surrogate, 1},
      {"\"\\ud800\\u0041\"", errc::lone_surrogate, 1},
      {"\"\\udc00\"", errc::lone_surrogate, 1},
      {"\"\xff\"", errc::invalid_utf8, 1},
      {"\"a\xc3\"", errc::invalid_utf8, 2},
      {"\"\xed\xa0\x80\"", errc::invalid_utf8, 1},
      {"[NaN]", errc::expected_value, 1},
      {"-Infinity", errc::invalid_number, 1},
      {std::string(1025, '['), errc::depth_exceeded, 1024},
  };
  return cases;
}

TEST(HandlerIgnoresValues, StillRejectsInvalidInput) {
  for (const bad_input& c : bad_inputs()) {
    SCOPED_TRACE("input: " + c.text.substr(0, 40));
    value_blind blind;
    const ujson::error eb = ujson::decode(c.text, blind);
    EXPECT_EQ(eb.code, c.code);
    EXPECT_EQ(eb.offset, c.offset);
    EXPECT_EQ(blind.value_events, 0);

    recorder r;
    r.input = c.text;
    const ujson::error er = ujson::decode(c.text, r);
    EXPECT_EQ(er.code, c.code);
    EXPECT_EQ(er.offset, c.offset);

    const ujson::error ev = ujson::validate(c.text);
    EXPECT_EQ(ev.code, c.code);
    EXPECT_EQ(ev.offset, c.offset);
  }
}

// ---- decoder options and reuse -------------------------------------------------------------------

TEST(HandlerDecoder, MaxDepth) {
  decode_options o;
  o.max_depth = 3;
  ujson::decoder d(o);
  recorder r;
  std::string input = "[[[1]]]";
  r.input = input;
  EXPECT_FALSE(d.decode(input, r));
  input = "[[[[1]]]]";
  r = recorder{};
  r.input = input;
  const ujson::error e = d.decode(input, r);
  EXPECT_EQ(e.code, errc::depth_exceeded);
  EXPECT_EQ(e.offset, 3u);
  // Nothing inside the fourth level reaches the handler (whether the fourth '[' itself is
  // reported before the depth check is not specified).
  EXPECT_TRUE(r.seen == (events{"[", "[", "["}) || r.seen == (events{"[", "[", "[", "["}));

  // Beyond the decoder's inline frames.
  decode_options deep;
  deep.max_depth = 5000;
  ujson::decoder dd(deep);
  const std::string ok = std::string(3000, '[') + std::string(3000, ']');
  ujson::null_handler nh;
  EXPECT_FALSE(dd.decode(ok, nh));
  const std::string too_deep = std::string(5001, '[') + std::string(5001, ']');
  const ujson::error e2 = dd.decode(too_deep, nh);
  EXPECT_EQ(e2.code, errc::depth_exceeded);
  EXPECT_EQ(e2.offset, 5000u);
  const std::string exactly = std::string(5000, '[') + std::string(5000, ']');
  EXPECT_FALSE(dd.decode(exactly, nh));
}

TEST(HandlerDecoder, ReusableAcrossInputs) {
  ujson::decoder d;
  for (int i = 0; i < 3; ++i) {
    const std::string a = R"(["e\u0073c",{"k":[1]}])";
    recorder r;
    r.input = a;
    ASSERT_FALSE(d.decode(a, r));
    EXPECT_EQ(r.seen, (events{"[", "s:esc@scratch", "{", "k:k@in", "[", "i:1", "]1", "}1", "]2"}));
    const std::string bad = "[\"\\q\"]";
    recorder rb;
    rb.input = bad;
    EXPECT_EQ(d.decode(bad, rb).code, errc::invalid_escape);
  }
}

// ---- decoding into a writer ---------------------------------------------------------------------

std::string canonical(std::string_view input, const ujson::encode_options& eo = {}, const decode_options& dopt = {}) {
  ujson::writer w(eo);
  const ujson::error e = ujson::decode(input, w, dopt);
  EXPECT_FALSE(e) << input << ": " << ujson::code_name(e.code) << " at " << e.offset;
  EXPECT_TRUE(w.complete());
  return std::string(w.output());
}

ujson::encode_options utf8_options() {
  ujson::encode_options o;
  o.ensure_ascii = false;
  return o;
}

TEST(HandlerWriter, CanonicalOutput) {
  EXPECT_EQ(canonical("[ 1 , {\"a\" : \"\\u00e9\"} ]", utf8_options()), "[1,{\"a\":\"\xc3\xa9\"}]");
  EXPECT_EQ(canonical("[ 1 , {\"a\" : \"\\u00e9\"} ]"), R"([1,{"a":"\u00e9"}])");
  EXPECT_EQ(canonical(" \n[\t]\r\n "), "[]");
  EXPECT_EQ(canonical("{ }"), "{}");
  EXPECT_EQ(canonical("1E2"), "100.0");
  EXPECT_EQ(canonical("-0"), "0");
  EXPECT_EQ(canonical("-0.0"), "-0.0");
  EXPECT_EQ(canonical("1.0e-2"), "0.01");
  EXPECT_EQ(canonical("[1.5e300, 2.50, 10.0]"), "[1.5e+300,2.5,10.0]");
  EXPECT_EQ(canonical("[-9223372036854775809, 1e400, 18446744073709551615, -9223372036854775808]"),
            "[-9223372036854775809,1e400,18446744073709551615,-9223372036854775808]");
  EXPECT_EQ(canonical(R"("\u0041\u001F\u007f\t\/")"), "\"A\\u001f\x7f\\t\\/\"");
}

TEST(HandlerWriter, WithOptions) {
  ujson::encode_options sorted;
  sorted.sort_keys = true;
  EXPECT_EQ(canonical(R"( {"b":2.50,"a":[true,false,null,1e400,-0.0,18446744073709551615]} )", sorted),
            R"({"a":[true,false,null,1e400,-0.0,18446744073709551615],"b":2.5})");

  ujson::encode_options raw = utf8_options();
  raw.escape_forward_slashes = false;
  EXPECT_EQ(canonical(R"("\/\ud83d\ude00")", raw), "\"/\xf0\x9f\x98\x80\"");

  ujson::encode_options pretty;
  pretty.indent = 2;
  EXPECT_EQ(canonical(R"({"a":[1,2],"b":{}})", pretty), "{\n  \"a\": [\n    1,\n    2\n  ],\n  \"b\": {}\n}");

  ujson::encode_options html;
  html.encode_html_chars = true;
  EXPECT_EQ(canonical(R"("<&>")", html), R"("\u003c\u0026\u003e")");

  // The raw event stream reports every key; the writer keeps them all (stably sorted).
  EXPECT_EQ(canonical(R"({"a":1,"a":2})"), R"({"a":1,"a":2})");
  EXPECT_EQ(canonical(R"({"b":0,"a":1,"a":2})", sorted), R"({"a":1,"a":2,"b":0})");

  decode_options nan;
  nan.allow_nan_literals = true;
  EXPECT_EQ(canonical("[NaN, -Infinity]", {}, nan), "[NaN,-Infinity]");

  decode_options lone;
  lone.allow_lone_surrogates = true;
  ujson::encode_options lone_out;
  lone_out.allow_lone_surrogates = true;
  EXPECT_EQ(canonical(R"(["\ud800x"])", lone_out, lone), R"(["\ud800x"])");
}

TEST(HandlerWriter, WriterErrorsStopTheDecoder) {
  {
    ujson::encode_options o;
    o.max_depth = 2;
    ujson::writer w(o);
    const ujson::error e = ujson::decode(std::string_view("[[[1]]]"), w);
    EXPECT_EQ(e.code, errc::depth_exceeded);
    EXPECT_EQ(e.offset, 2u);
  }
  {
    decode_options d;
    d.allow_nan_literals = true;
    ujson::encode_options o;
    o.allow_nan = false;
    ujson::writer w(o);
    const ujson::error e = ujson::decode(std::string_view("[1,NaN]"), w, d);
    EXPECT_EQ(e.code, errc::nan_or_infinity);
    EXPECT_EQ(e.offset, 3u);
  }
  {
    decode_options d;
    d.allow_lone_surrogates = true;
    ujson::writer w;  // without allow_lone_surrogates
    const ujson::error e = ujson::decode(std::string_view(R"(["ok","\ud800"])"), w, d);
    EXPECT_EQ(e.code, errc::invalid_utf8);
    EXPECT_EQ(e.offset, 6u);
  }
}

TEST(HandlerWriter, OneWriterManyDocuments) {
  ujson::writer w(utf8_options());
  ujson::decoder d;
  const std::pair<std::string, std::string> cases[] = {
      {R"( [ "\u00e9" ] )", "[\"\xc3\xa9\"]"},
      {R"({"k" : {"n" : null}})", R"({"k":{"n":null}})"},
      {"  7  ", "7"},
  };
  for (const auto& [input, want] : cases) {
    w.reset();
    ASSERT_FALSE(d.decode(input, w)) << input;
    EXPECT_EQ(w.output(), want);
  }
}

}  // namespace
