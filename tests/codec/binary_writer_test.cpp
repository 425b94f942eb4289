// The MessagePack and CBOR writers on their own: the smallest form of every value (CBOR's
// against RFC 8949's Appendix A, MessagePack's against its spec's format table), container
// headers placed once their sizes are known, sequences, the order checks and errors the
// JSON writer has, and whole documents (the corpus) through JSON -> binary -> JSON.

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <string>
#include <string_view>

#include "support/printers.hpp"
#include "support/test_files.hpp"
#include "ujson/binary_writer.hpp"
#include "ujson/decoder.hpp"
#include "ujson/dom.hpp"

namespace {

using ujson::binary_format;
using ujson::binary_writer;
using ujson::errc;

std::string hex(std::string_view bytes) {
  static constexpr char digits[] = "0123456789abcdef";
  std::string out;
  for (unsigned char b : bytes) {
    out.push_back(digits[b >> 4]);
    out.push_back(digits[b & 15]);
  }
  return out;
}

// The bytes a JSON text becomes, its events driving the writer.
std::string written(binary_format format, std::string_view json) {
  binary_writer w(format);
  const ujson::error e = ujson::decode(json, w);
  EXPECT_FALSE(e) << json << ": " << ujson::code_name(e.code);
  EXPECT_TRUE(w.complete());
  return hex(w.output());
}

using enum binary_format;

TEST(CborWriter, AppendixAInReverse) {
  const std::pair<const char*, const char*> cases[] = {
      {"0", "00"}, {"1", "01"}, {"10", "0a"}, {"23", "17"}, {"24", "1818"}, {"25", "1819"}, {"100", "1864"},
      {"1000", "1903e8"}, {"1000000", "1a000f4240"}, {"1000000000000", "1b000000e8d4a51000"},
      {"18446744073709551615", "1bffffffffffffffff"}, {"18446744073709551616", "c249010000000000000000"},
      {"-18446744073709551616", "3bffffffffffffffff"}, {"-18446744073709551617", "c349010000000000000000"},
      {"-1", "20"}, {"-10", "29"}, {"-100", "3863"}, {"-1000", "3903e7"},
      {"1.1", "fb3ff199999999999a"}, {"-4.1", "fbc010666666666666"}, {"1.0e+300", "fb7e37e43c8800759c"},
      {"false", "f4"}, {"true", "f5"}, {"null", "f6"},
      {R"("")", "60"}, {R"("a")", "6161"}, {R"("IETF")", "6449455446"}, {R"("\"\\")", "62225c"},
      {R"("\u00fc")", "62c3bc"}, {R"("\u6c34")", "63e6b0b4"}, {R"("\ud800\udd51")", "64f0908591"},
      {"[]", "80"}, {"[1,2,3]", "83010203"}, {"[1,[2,3],[4,5]]", "8301820203820405"},
      {"[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25]",
       "98190102030405060708090a0b0c0d0e0f101112131415161718181819"},
      {"{}", "a0"}, {R"({"a":1,"b":[2,3]})", "a26161016162820203"}, {R"(["a",{"b":"c"}])", "826161a161626163"},
      {R"({"a":"A","b":"B","c":"C","d":"D","e":"E"})", "a56161614161626142616361436164614461656145"},
  };
  for (const auto& [json, bytes] : cases) EXPECT_EQ(written(cbor, json), bytes) << json;
}

TEST(MessagePackWriter, SmallestFormOfEachValue) {
  const std::pair<const char*, const char*> cases[] = {
      {"null", "c0"}, {"false", "c2"}, {"true", "c3"},
      {"0", "00"}, {"127", "7f"}, {"128", "cc80"}, {"255", "ccff"}, {"256", "cd0100"}, {"65535", "cdffff"},
      {"65536", "ce00010000"}, {"4294967295", "ceffffffff"}, {"4294967296", "cf0000000100000000"},
      {"18446744073709551615", "cfffffffffffffffff"},
      {"-1", "ff"}, {"-32", "e0"}, {"-33", "d0df"}, {"-128", "d080"}, {"-129", "d1ff7f"}, {"-32768", "d18000"},
      {"-32769", "d2ffff7fff"}, {"-2147483648", "d280000000"}, {"-2147483649", "d3ffffffff7fffffff"},
      {"-9223372036854775808", "d38000000000000000"},
      {"1.5", "cb3ff8000000000000"}, {"-0.0", "cb8000000000000000"},
      {R"("")", "a0"}, {R"("abc")", "a3616263"},
      {"[]", "90"}, {"[1,[2]]", "920191" "02"}, {"{}", "80"}, {R"({"a":{"b":null}})", "81a16181a162c0"},
  };
  for (const auto& [json, bytes] : cases) EXPECT_EQ(written(msgpack, json), bytes) << json;
}

TEST(BinaryWriter, LengthsAcrossEveryHeaderSize) {
  // Strings of 31/32, 255/256 and 65535/65536 bytes; arrays and maps of 15/16 and 65535/65536.
  for (std::size_t n : {31u, 32u, 255u, 256u, 65535u, 65536u}) {
    const std::string s(n, 'x');
    const std::string json = "\"" + s + "\"";
    const std::string m = written(msgpack, json), c = written(cbor, json);
    const std::string m_head = n < 32 ? "bf" : n < 256 ? "d9" : n < 65536 ? "da" : "db";
    const std::string c_head = n < 256 ? "78" : n < 65536 ? "79" : "7a";
    EXPECT_EQ(m.substr(0, 2), m_head) << n;
    EXPECT_EQ(c.substr(0, 2), c_head) << n;
    EXPECT_EQ(m.size(), 2 * n + (n < 32 ? 2 : n < 256 ? 4 : n < 65536 ? 6 : 10)) << n;
  }
  for (std::size_t n : {15u, 16u, 65535u, 65536u}) {
    std::string array = "[", object = "{";
    for (std::size_t i = 0; i < n; ++i) {
      array += i ? ",0" : "0";
      object += (i ? ",\"" : "\"") + std::to_string(i) + "\":0";
    }
    array += "]";
    object += "}";
    const std::string a = written(msgpack, array), o = written(msgpack, object);
    EXPECT_EQ(a.substr(0, 2), n < 16 ? "9f" : n < 65536 ? "dc" : "dd") << n;
    EXPECT_EQ(o.substr(0, 2), n < 16 ? "8f" : n < 65536 ? "de" : "df") << n;
    // CBOR: 15 and 16 in the head itself (below 24), then 16 and 32 bits of count.
    const char* c_head = n == 15 ? "8f0000" : n == 16 ? "900000" : n == 65535 ? "99ffff" : "9a0001";
    EXPECT_EQ(written(cbor, array).substr(0, 6), c_head) << n;
  }
}

TEST(BinaryWriter, HeadersOfNestedContainersGoWhereTheyBelong) {
  // Empty containers at the same position, and headers wider than their placeholders would be.
  EXPECT_EQ(written(msgpack, "[[],[[]],{}]"), "93909190" "80");
  EXPECT_EQ(written(cbor, R"({"a":[[],{}],"b":[]})"), "a2616182" "80a0" "616280");
  std::string wide = "[[";
  for (int i = 0; i < 300; ++i) wide += i ? ",1" : "1";
  wide += "],2]";
  const std::string w = written(cbor, wide);
  EXPECT_EQ(w.substr(0, 8), "8299012c");  // an array of 2, then one of 300
  EXPECT_EQ(w.substr(w.size() - 2), "02");
}

TEST(BinaryWriter, SequencesAndReset) {
  binary_writer w(msgpack);
  EXPECT_EQ(w.int64(1), errc::ok);
  EXPECT_EQ(w.begin_array(), errc::ok);
  EXPECT_FALSE(w.complete());
  EXPECT_EQ(w.null(), errc::ok);
  EXPECT_EQ(w.end_array(), errc::ok);
  EXPECT_EQ(w.string("a"), errc::ok);
  EXPECT_TRUE(w.complete());
  EXPECT_EQ(hex(w.output()), "0191c0a161");
  w.reset();
  EXPECT_EQ(w.output(), "");
  EXPECT_FALSE(w.complete());
}

TEST(BinaryWriter, CallOrderDepthAndValuesWithoutAForm) {
  {
    binary_writer w(cbor);
    EXPECT_EQ(w.key("a"), errc::invalid_writer_call);  // no object open
    EXPECT_EQ(w.null(), errc::invalid_writer_call);    // sticky
  }
  {
    binary_writer w(cbor);
    w.begin_object();
    EXPECT_EQ(w.null(), errc::invalid_writer_call);  // a value where a key is due
  }
  {
    binary_writer w(cbor);
    w.begin_object();
    w.key("a");
    EXPECT_EQ(w.end_object(), errc::invalid_writer_call);  // a key without its value
  }
  {
    binary_writer w(msgpack);
    w.begin_array();
    EXPECT_EQ(w.end_object(), errc::invalid_writer_call);
  }
  {
    ujson::encode_options o;
    o.max_depth = 2;
    binary_writer w(msgpack, o);
    EXPECT_EQ(w.begin_array(), errc::ok);
    EXPECT_EQ(w.begin_array(), errc::ok);
    EXPECT_EQ(w.begin_array(), errc::depth_exceeded);
  }
  {
    ujson::encode_options o;
    o.allow_nan = false;
    binary_writer w(cbor, o);
    EXPECT_EQ(w.number(NAN), errc::nan_or_infinity);
    binary_writer lenient(cbor);
    EXPECT_EQ(lenient.number(-INFINITY), errc::ok);
    EXPECT_EQ(hex(lenient.output()), "fbfff0000000000000");
  }
  {
    binary_writer w(msgpack);
    EXPECT_EQ(w.raw_number("18446744073709551616"), errc::unsupported_value);  // MessagePack has no bignum
    binary_writer c(cbor);
    EXPECT_EQ(c.raw_number("1e400"), errc::unsupported_value);  // nor either a decimal beyond a double
  }
  {
    binary_writer w(cbor);
    EXPECT_EQ(w.string("\xff"), errc::invalid_utf8);
  }
}

// Whole documents: JSON -> DOM -> binary -> DOM equals the first DOM (the DOM's order and
// kinds; doubles bit for bit).
TEST(BinaryWriter, CorpusRoundTrips) {
  for (const std::string& name : ujson::test::corpus_files()) {
    const std::string json = ujson::test::read_file(ujson::test::data_dir() / "corpus" / name);
    ujson::document original;
    ASSERT_FALSE(original.parse(json)) << name;
    for (binary_format format : {msgpack, cbor}) {
      binary_writer w(format);
      ASSERT_EQ(ujson::write_value(w, original.root()), errc::ok) << name;
      const std::string bytes(w.output());
      ujson::document back;
      std::size_t offset = 0;
      ASSERT_FALSE(back.parse(bytes, offset, format)) << name;
      EXPECT_EQ(offset, bytes.size());
      EXPECT_TRUE(back.root() == original.root()) << name;
      // The events straight from the JSON decoder write the same bytes as the DOM's walk.
      binary_writer direct(format);
      ASSERT_FALSE(ujson::decode(json, direct)) << name;
      EXPECT_EQ(direct.output(), bytes) << name;
    }
  }
}

}  // namespace
