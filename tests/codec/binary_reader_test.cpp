// The MessagePack and CBOR readers on their own: RFC 8949's Appendix A examples (the
// expected values are the RFC's, in JSON), each MessagePack format family with values from
// its spec, the date extensions, the options (binary, max_depth, duplicate_keys), sequences,
// every error with its code and byte offset, and skip_binary_value's verdict on each
// (RFC 8949 Appendix C's well-formedness; MessagePack's format bytes and lengths).

#include <gtest/gtest.h>

#include <cstddef>
#include <string>
#include <string_view>

#include "support/printers.hpp"
#include "ujson/binary_reader.hpp"
#include "ujson/dom.hpp"
#include "ujson/validate.hpp"

namespace {

using ujson::binary_format;
using ujson::decode_options;
using ujson::errc;

std::string unhex(std::string_view hex) {
  std::string bytes;
  for (std::size_t i = 0; i + 1 < hex.size(); i += 2) {
    if (hex[i] == ' ') {
      --i;
      continue;
    }
    bytes.push_back(static_cast<char>(std::stoi(std::string(hex.substr(i, 2)), nullptr, 16)));
  }
  return bytes;
}

decode_options base64() {
  decode_options o;
  o.binary = ujson::binary_values::base64;
  return o;
}

// The value of one binary item, compared with the JSON text it should equal.
void expect_value(binary_format format, std::string_view hex, std::string_view json,
                  const decode_options& options = base64()) {
  SCOPED_TRACE(std::string(hex) + " -> " + std::string(json));
  const std::string bytes = unhex(hex);
  ujson::document got(options);
  std::size_t offset = 0;
  const ujson::error e = got.parse(bytes, offset, format);
  ASSERT_FALSE(e) << ujson::code_name(e.code) << " at " << e.offset;
  EXPECT_EQ(offset, bytes.size());
  decode_options json_options;
  json_options.allow_nan_literals = true;
  ujson::document want(json_options);
  ASSERT_FALSE(want.parse(json));
  EXPECT_TRUE(got.root() == want.root());
}

void expect_error(binary_format format, std::string_view hex, errc code, std::size_t at,
                  const decode_options& options = {}) {
  SCOPED_TRACE(hex);
  const std::string bytes = unhex(hex);
  ujson::document doc(options);
  std::size_t offset = 0;
  const ujson::error e = doc.parse(bytes, offset, format);
  EXPECT_EQ(e.code, code);
  EXPECT_EQ(e.offset, at);
  EXPECT_EQ(offset, 0u);  // unmoved
  // The events alone (no DOM) fail the same way, unless the DOM's policy was the cause.
  if (code != errc::duplicate_key) {
    ujson::binary_reader reader(format, options);
    ujson::validating_handler h;
    std::size_t o = 0;
    EXPECT_EQ(reader.read(bytes, o, h).code, code);
  }
}

using enum binary_format;

TEST(CborAppendixA, Integers) {
  expect_value(cbor, "00", "0");
  expect_value(cbor, "01", "1");
  expect_value(cbor, "0a", "10");
  expect_value(cbor, "17", "23");
  expect_value(cbor, "1818", "24");
  expect_value(cbor, "1819", "25");
  expect_value(cbor, "1864", "100");
  expect_value(cbor, "1903e8", "1000");
  expect_value(cbor, "1a000f4240", "1000000");
  expect_value(cbor, "1b000000e8d4a51000", "1000000000000");
  expect_value(cbor, "1bffffffffffffffff", "18446744073709551615");
  expect_value(cbor, "c249010000000000000000", "18446744073709551616");
  expect_value(cbor, "3bffffffffffffffff", "-18446744073709551616");
  expect_value(cbor, "c349010000000000000000", "-18446744073709551617");
  expect_value(cbor, "20", "-1");
  expect_value(cbor, "29", "-10");
  expect_value(cbor, "3863", "-100");
  expect_value(cbor, "3903e7", "-1000");
}

TEST(CborAppendixA, Floats) {
  expect_value(cbor, "f90000", "0.0");
  expect_value(cbor, "f98000", "-0.0");
  expect_value(cbor, "f93c00", "1.0");
  expect_value(cbor, "fb3ff199999999999a", "1.1");
  expect_value(cbor, "f93e00", "1.5");
  expect_value(cbor, "f97bff", "65504.0");
  expect_value(cbor, "fa47c35000", "100000.0");
  expect_value(cbor, "fa7f7fffff", "3.4028234663852886e+38");
  expect_value(cbor, "fb7e37e43c8800759c", "1.0e+300");
  expect_value(cbor, "f90001", "5.960464477539063e-8");
  expect_value(cbor, "f90400", "0.00006103515625");
  expect_value(cbor, "f9c400", "-4.0");
  expect_value(cbor, "fbc010666666666666", "-4.1");
  for (const char* hex : {"f97c00", "fa7f800000", "fb7ff0000000000000"}) expect_value(cbor, hex, "Infinity");
  for (const char* hex : {"f9fc00", "faff800000", "fbfff0000000000000"}) expect_value(cbor, hex, "-Infinity");
  // NaN: any NaN; the DOM compares bits, so check the kind and NaN-ness.
  for (const char* hex : {"f97e00", "fa7fc00000", "fb7ff8000000000000"}) {
    ujson::document doc;
    const std::string bytes = unhex(hex);
    std::size_t offset = 0;
    ASSERT_FALSE(doc.parse(bytes, offset, cbor));
    EXPECT_TRUE(std::isnan(doc.root().as_double())) << hex;
  }
}

TEST(CborAppendixA, SimpleValuesAndTags) {
  expect_value(cbor, "f4", "false");
  expect_value(cbor, "f5", "true");
  expect_value(cbor, "f6", "null");
  expect_error(cbor, "f7", errc::unsupported_value, 0);    // undefined
  expect_error(cbor, "f0", errc::unsupported_value, 0);    // simple(16)
  expect_error(cbor, "f8ff", errc::unsupported_value, 0);  // simple(255)
  expect_value(cbor, "c074323031332d30332d32315432303a30343a30305a", R"("2013-03-21T20:04:00Z")");
  expect_value(cbor, "c11a514b67b0", R"("2013-03-21T20:04:00Z")");
  expect_value(cbor, "c1fb41d452d9ec200000", R"("2013-03-21T20:04:00.5Z")");
  expect_error(cbor, "d74401020304", errc::unsupported_value, 0);  // 23(h'01020304')
  expect_error(cbor, "d818456449455446", errc::unsupported_value, 0);
  expect_error(cbor, "d82076687474703a2f2f7777772e6578616d706c652e636f6d", errc::unsupported_value, 0);
  expect_value(cbor, "d9d9f7 83010203", "[1,2,3]");  // 55799: self-described CBOR
}

TEST(CborAppendixA, Strings) {
  expect_value(cbor, "40", R"("")");
  expect_value(cbor, "4401020304", R"("AQIDBA==")");
  expect_value(cbor, "60", R"("")");
  expect_value(cbor, "6161", R"("a")");
  expect_value(cbor, "6449455446", R"("IETF")");
  expect_value(cbor, "62225c", R"("\"\\")");
  expect_value(cbor, "62c3bc", R"("\u00fc")");
  expect_value(cbor, "63e6b0b4", R"("\u6c34")");
  expect_value(cbor, "64f0908591", R"("\ud800\udd51")");
  expect_value(cbor, "5f42010243030405ff", R"("AQIDBAU=")");
  expect_value(cbor, "7f657374726561646d696e67ff", R"("streaming")");
}

TEST(CborAppendixA, Containers) {
  expect_value(cbor, "80", "[]");
  expect_value(cbor, "83010203", "[1,2,3]");
  expect_value(cbor, "8301820203820405", "[1,[2,3],[4,5]]");
  const std::string one_to_25 = "[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25]";
  expect_value(cbor, "98190102030405060708090a0b0c0d0e0f101112131415161718181819", one_to_25);
  expect_value(cbor, "a0", "{}");
  expect_value(cbor, "a201020304", R"({"1":2,"3":4})");
  expect_value(cbor, "a26161016162820203", R"({"a":1,"b":[2,3]})");
  expect_value(cbor, "826161a161626163", R"(["a",{"b":"c"}])");
  expect_value(cbor, "a56161614161626142616361436164614461656145", R"({"a":"A","b":"B","c":"C","d":"D","e":"E"})");
  expect_value(cbor, "9fff", "[]");
  expect_value(cbor, "9f018202039f0405ffff", "[1,[2,3],[4,5]]");
  expect_value(cbor, "9f01820203820405ff", "[1,[2,3],[4,5]]");
  expect_value(cbor, "83018202039f0405ff", "[1,[2,3],[4,5]]");
  expect_value(cbor, "83019f0203ff820405", "[1,[2,3],[4,5]]");
  expect_value(cbor, "9f0102030405060708090a0b0c0d0e0f101112131415161718181819ff", one_to_25);
  expect_value(cbor, "bf61610161629f0203ffff", R"({"a":1,"b":[2,3]})");
  expect_value(cbor, "826161bf61626163ff", R"(["a",{"b":"c"}])");
  expect_value(cbor, "bf6346756ef563416d7421ff", R"({"Fun":true,"Amt":-2})");
}

TEST(CborKeys, NonStringKeysAsThePythonModuleWritesThem) {
  // 1 -> "1", -1 -> "-1", 1.5 -> "1.5", 1e16 -> "1e+16", 1e-5 -> "1e-05", true, null, a date.
  expect_value(cbor, "a7 0100 2001 f93e0002 fb4341c37937e0800003 fb3ee4f8b588e368f104 f505 f606",
               R"({"1":0,"-1":1,"1.5":2,"1e+16":3,"1e-05":4,"true":5,"null":6})");
  expect_value(cbor, "a1 c11a514b67b0 01", R"({"2013-03-21T20:04:00Z":1})");
  expect_value(cbor, "a1 c249010000000000000000 01", R"({"18446744073709551616":1})");
  expect_value(cbor, "a1 426869 01", R"({"hi":1})");  // a byte string key as its UTF-8 text
  expect_error(cbor, "a1 8101 01", errc::unsupported_value, 1);  // a container key
  expect_error(cbor, "a1 a0 01", errc::unsupported_value, 1);
  expect_error(cbor, "a1 41ff 01", errc::invalid_utf8, 1);
}

TEST(CborErrors, MalformedAndTruncated) {
  expect_error(cbor, "", errc::empty_input, 0);
  expect_error(cbor, "ff", errc::invalid_binary, 0);         // a break outside an indefinite item
  expect_error(cbor, "8201ff", errc::invalid_binary, 2);     // a break in a definite array
  expect_error(cbor, "1c", errc::invalid_binary, 0);         // reserved additional information
  expect_error(cbor, "1f", errc::invalid_binary, 0);         // an indefinite integer
  expect_error(cbor, "f818", errc::invalid_binary, 0);       // a two-byte simple value below 32
  expect_error(cbor, "5f6161ff", errc::invalid_binary, 0);   // a text chunk in a byte string
  expect_error(cbor, "7f7f6161ffff", errc::invalid_binary, 0);  // a nested indefinite chunk
  expect_error(cbor, "bf01ff", errc::invalid_binary, 2);     // a key without its value
  expect_error(cbor, "9f d9d9f7 ff", errc::invalid_binary, 1);  // a tag on a break (fuzz_cbor)
  expect_error(cbor, "c201", errc::invalid_binary, 0);       // a bignum's content must be bytes
  expect_error(cbor, "c0 01", errc::invalid_binary, 0);
  expect_error(cbor, "c1 6161", errc::invalid_binary, 0);
  expect_error(cbor, "c1 1b0000010000000000", errc::unsupported_value, 0);  // year 36812
  expect_error(cbor, "62c3", errc::unexpected_end, 2);
  expect_error(cbor, "83 01 02", errc::unexpected_end, 3);
  expect_error(cbor, "9f 01", errc::unexpected_end, 2);
  expect_error(cbor, "1a 0001", errc::unexpected_end, 3);
  expect_error(cbor, "9b ffffffffffffffff", errc::unexpected_end, 9);  // no item behind the count
  expect_error(cbor, "bb 7fffffffffffffff", errc::unexpected_end, 9);
  expect_error(cbor, "62 c328", errc::invalid_utf8, 0);
  expect_error(cbor, "7f 61c3 61bc ff", errc::invalid_utf8, 0);  // each chunk must be UTF-8 alone
  expect_error(cbor, "4101", errc::unsupported_value, 0);  // binary without binary=base64
  expect_error(cbor, "82 01 4101", errc::unsupported_value, 2);
}

TEST(CborLimits, BignumsUpToTheirBound) {
  std::string big = "c2 59 0200 01";  // 512 bytes: 2^4088
  for (int i = 0; i < 511; ++i) big += "00";
  const std::string bytes = unhex(big);
  ujson::document doc;
  std::size_t offset = 0;
  ASSERT_FALSE(doc.parse(bytes, offset, cbor));
  EXPECT_EQ(doc.root().type(), ujson::kind::big_number);
  EXPECT_EQ(doc.root().as_string().size(), 1231u);  // 2^4088 has 1,231 digits
  std::string too_big = "c2 59 0201 01";
  for (int i = 0; i < 512; ++i) too_big += "00";
  expect_error(cbor, too_big, errc::unsupported_value, 0);
}

TEST(MessagePackFormats, EveryFamily) {
  expect_value(msgpack, "c0", "null");
  expect_value(msgpack, "c2", "false");
  expect_value(msgpack, "c3", "true");
  expect_value(msgpack, "00", "0");
  expect_value(msgpack, "7f", "127");
  expect_value(msgpack, "e0", "-32");
  expect_value(msgpack, "ff", "-1");
  expect_value(msgpack, "cc ff", "255");
  expect_value(msgpack, "cd ffff", "65535");
  expect_value(msgpack, "ce ffffffff", "4294967295");
  expect_value(msgpack, "cf ffffffffffffffff", "18446744073709551615");
  expect_value(msgpack, "cf 8000000000000000", "9223372036854775808");
  expect_value(msgpack, "d0 80", "-128");
  expect_value(msgpack, "d1 8000", "-32768");
  expect_value(msgpack, "d2 80000000", "-2147483648");
  expect_value(msgpack, "d3 8000000000000000", "-9223372036854775808");
  expect_value(msgpack, "d3 0000000000000001", "1");
  expect_value(msgpack, "ca 3fc00000", "1.5");
  expect_value(msgpack, "ca 3dcccccd", "0.10000000149011612");  // float32's 0.1, exactly
  expect_value(msgpack, "cb 3ff199999999999a", "1.1");
  expect_value(msgpack, "cb 7ff0000000000000", "Infinity");
  expect_value(msgpack, "a3 616263", R"("abc")");
  expect_value(msgpack, "d9 03 616263", R"("abc")");
  expect_value(msgpack, "da 0003 616263", R"("abc")");
  expect_value(msgpack, "db 00000003 616263", R"("abc")");
  expect_value(msgpack, "c4 03 010203", R"("AQID")");
  expect_value(msgpack, "c5 0001 ff", R"("/w==")");
  expect_value(msgpack, "c6 00000002 ffee", R"("/+4=")");
  expect_value(msgpack, "92 01 a161", R"([1,"a"])");
  expect_value(msgpack, "dc 0002 01 02", "[1,2]");
  expect_value(msgpack, "dd 00000001 c0", "[null]");
  expect_value(msgpack, "82 a161 01 a162 92 02 03", R"({"a":1,"b":[2,3]})");
  expect_value(msgpack, "de 0001 a161 01", R"({"a":1})");
  expect_value(msgpack, "df 00000001 01 02", R"({"1":2})");
  expect_value(msgpack, "84 c0 01 c3 02 ca3fc00000 03 d0 80 04", R"({"null":1,"true":2,"1.5":3,"-128":4})");
}

TEST(MessagePackDates, TimestampsAndEventTime) {
  expect_value(msgpack, "d6 ff 00000000", R"("1970-01-01T00:00:00Z")");  // timestamp 32
  expect_value(msgpack, "d6 ff 514b67b0", R"("2013-03-21T20:04:00Z")");
  // timestamp 64: nanoseconds 500,000,000 << 34 | seconds 1363896240
  expect_value(msgpack, "d7 ff 77359400 514b67b0", R"("2013-03-21T20:04:00.5Z")");
  // timestamp 96: 1 nanosecond, -1 second
  expect_value(msgpack, "c7 0c ff 00000001 ffffffffffffffff", R"("1969-12-31T23:59:59.000000001Z")");
  expect_value(msgpack, "c7 0c ff 00000000 fffffff1868b8400", R"("0000-01-01T00:00:00Z")");
  expect_error(msgpack, "c7 0c ff 00000000 fffffff1868b83ff", errc::unsupported_value, 0);  // a second earlier
  // Fluent Bit's EventTime: ext 0, seconds and nanoseconds, big-endian.
  expect_value(msgpack, "d7 00 514b67b0 0000007b", R"("2013-03-21T20:04:00.000000123Z")");
  expect_value(msgpack, "92 d7 00 514b67b0 00000000 81 a3 6c6f67 a2 6869", R"(["2013-03-21T20:04:00Z",{"log":"hi"}])");
  expect_error(msgpack, "d7 00 514b67b0 3b9aca00", errc::invalid_binary, 0);  // 10^9 nanoseconds
  expect_error(msgpack, "d7 ff ffffffff 00000000", errc::invalid_binary, 0);  // the same in timestamp 64
  expect_error(msgpack, "d5 ff 0000", errc::invalid_binary, 0);              // no timestamp has 2 bytes
  expect_error(msgpack, "d6 00 00000000", errc::unsupported_value, 0);       // ext 0 of 4 bytes
  expect_error(msgpack, "d4 05 00", errc::unsupported_value, 0);             // ext 5
  expect_error(msgpack, "91 c7 00 7f", errc::unsupported_value, 1);
}

TEST(MessagePackErrors, MalformedAndTruncated) {
  expect_error(msgpack, "", errc::empty_input, 0);
  expect_error(msgpack, "c1", errc::invalid_binary, 0);
  expect_error(msgpack, "92 01", errc::unexpected_end, 2);
  expect_error(msgpack, "a2 61", errc::unexpected_end, 2);
  expect_error(msgpack, "cd 00", errc::unexpected_end, 2);
  expect_error(msgpack, "dd ffffffff", errc::unexpected_end, 5);  // a count the input cannot hold
  expect_error(msgpack, "df ffffffff", errc::unexpected_end, 5);
  expect_error(msgpack, "c6 ffffffff 00", errc::unexpected_end, 6);
  expect_error(msgpack, "c9 ffffffff ff", errc::unexpected_end, 6);
  expect_error(msgpack, "a2 fffe", errc::invalid_utf8, 0);
  expect_error(msgpack, "92 01 a2 eda080", errc::invalid_utf8, 2);  // a surrogate
  expect_error(msgpack, "92 01 c4 01 00", errc::unsupported_value, 2);
  expect_error(msgpack, "81 91 01 02", errc::unsupported_value, 1);  // a container key
  expect_error(msgpack, "81 c4 01 ff 02", errc::invalid_utf8, 1);
}

TEST(BinaryOptions, DuplicateKeysDepthAndSequences) {
  decode_options reject;
  reject.duplicate_keys = ujson::duplicate_keys::reject;
  expect_error(msgpack, "82 a161 01 a161 02", errc::duplicate_key, 4, reject);
  expect_error(msgpack, "82 01 01 a131 02", errc::duplicate_key, 3, reject);  // 1 and "1" are one key in JSON
  expect_value(msgpack, "82 a161 01 a161 02", R"({"a":2})");  // keep_last
  decode_options shallow;
  shallow.max_depth = 3;
  expect_value(msgpack, "91 91 91 01", "[[[1]]]", shallow);
  expect_error(msgpack, "91 91 91 91 01", errc::depth_exceeded, 3, shallow);
  expect_error(cbor, "81 9f 81 9f 01 ff ff", errc::depth_exceeded, 3, shallow);
  expect_error(cbor, "a1 61 61 a1 61 61 a1 61 61 a0", errc::depth_exceeded, 9, shallow);

  // Nesting far deeper than any stack would allow recursion: an explicit stack.
  decode_options deep;
  deep.max_depth = 1'000'000;
  std::string nested(500'000, '\x91');
  nested.push_back('\xc0');
  ujson::document doc(deep);
  std::size_t offset = 0;
  ASSERT_FALSE(doc.parse(nested, offset, msgpack));
  EXPECT_EQ(offset, nested.size());

  // Concatenated values are a sequence; each parse takes one and moves the offset.
  const std::string sequence = unhex("01 a161 92 c0 c3 cb 3ff8000000000000");
  std::size_t at = 0;
  std::vector<std::size_t> ends;
  ujson::document item;
  while (at < sequence.size()) {
    ASSERT_FALSE(item.parse(sequence, at, msgpack));
    ends.push_back(at);
  }
  EXPECT_EQ(ends, (std::vector<std::size_t>{1, 3, 6, 15}));
  // An error in the middle of a sequence names its offset in the whole input.
  const std::string broken = unhex("01 02 92 01");
  at = 2;
  const ujson::error e = item.parse(broken, at, msgpack);
  EXPECT_EQ(e.code, errc::unexpected_end);
  EXPECT_EQ(e.offset, 4u);
  EXPECT_EQ(at, 2u);
}

// skip_binary_value: where a value ends by its framing alone (an end offset), or why its
// framing is broken (a code and offset). What the reader refuses for a value's content is
// well-formed; what RFC 8949 Appendix C calls not well-formed, and MessagePack's unused
// byte and short lengths, are not.
struct extent_case {
  binary_format format;
  std::string_view hex;
  std::size_t end;  // well-formed: the offset after the value
  errc code = errc::ok;
};

TEST(BinaryExtent, ContentErrorsAreSteppedOverFramingErrorsAreNot) {
  const extent_case cases[] = {
      // Refused by the reader for what they hold, well-formed all the same.
      {cbor, "c0 01", 2}, {cbor, "c201", 2}, {cbor, "c1 1b0000010000000000", 10}, {cbor, "62 c328", 3},
      {cbor, "7f 61c3 61bc ff", 6}, {cbor, "4101", 2}, {cbor, "82 01 4101", 4}, {cbor, "d840 01", 3},
      {cbor, "d9d9f7 d840 83 01 f7 f820", 10}, {cbor, "f7", 1}, {cbor, "81 9f 81 9f 01 ff ff", 7},
      {cbor, "a1 61 61 a1 61 61 a1 61 61 a0", 10}, {cbor, "bf 61 61 9f ff ff", 6}, {cbor, "5f 41 00 40 ff", 5},
      {cbor, "fb 7ff8000000000000", 9},
      {msgpack, "a2 fffe", 3}, {msgpack, "92 01 c4 01 00", 5}, {msgpack, "81 91 01 02", 4},
      {msgpack, "81 c4 01 ff 02", 5}, {msgpack, "91 91 91 91 01", 5}, {msgpack, "d4 05 00", 3},
      {msgpack, "c7 02 09 0102", 5}, {msgpack, "d8 01 00112233445566778899aabbccddeeff", 18},
      {msgpack, "de 0001 a161 dc 0002 ca 3f800000 cf 0000000000000001", 22},
      // Not well-formed: unexpected_end at the input's end, invalid_binary at the item.
      {cbor, "", 0, errc::empty_input}, {cbor, "ff", 0, errc::invalid_binary}, {cbor, "8201ff", 2, errc::invalid_binary},
      {cbor, "1c", 0, errc::invalid_binary}, {cbor, "1f", 0, errc::invalid_binary}, {cbor, "f818", 0, errc::invalid_binary},
      {cbor, "5f6161ff", 1, errc::invalid_binary}, {cbor, "7f7f6161ffff", 1, errc::invalid_binary},
      {cbor, "bf01ff", 2, errc::invalid_binary}, {cbor, "9f c1 ff ff", 1, errc::invalid_binary}, {cbor, "9f d9d9f7 ff", 1, errc::invalid_binary},
      {cbor, "62c3", 2, errc::unexpected_end}, {cbor, "83 01 02", 3, errc::unexpected_end},
      {cbor, "9f 01", 2, errc::unexpected_end}, {cbor, "1a 0001", 3, errc::unexpected_end},
      {cbor, "9b ffffffffffffffff", 9, errc::unexpected_end}, {cbor, "bb 7fffffffffffffff", 9, errc::unexpected_end},
      {cbor, "d840", 2, errc::unexpected_end}, {cbor, "5f 41", 2, errc::unexpected_end},
      {msgpack, "", 0, errc::empty_input}, {msgpack, "c1", 0, errc::invalid_binary},
      {msgpack, "92 01 c1", 2, errc::invalid_binary}, {msgpack, "92 01", 2, errc::unexpected_end},
      {msgpack, "a2 61", 2, errc::unexpected_end}, {msgpack, "cd 00", 2, errc::unexpected_end},
      {msgpack, "dd ffffffff", 5, errc::unexpected_end}, {msgpack, "df ffffffff", 5, errc::unexpected_end},
      {msgpack, "c6 ffffffff 00", 6, errc::unexpected_end}, {msgpack, "c9 ffffffff ff", 6, errc::unexpected_end},
      {msgpack, "d8 01 00", 3, errc::unexpected_end},
  };
  for (const extent_case& c : cases) {
    SCOPED_TRACE(std::string(c.format == cbor ? "cbor " : "msgpack ") + std::string(c.hex));
    const std::string bytes = unhex(c.hex) + unhex("01");  // a next value, which is not read
    const std::string input = c.code == errc::unexpected_end || c.code == errc::empty_input ? unhex(c.hex) : bytes;
    std::size_t offset = 0;
    const ujson::error e = ujson::skip_binary_value(c.format, input, offset);
    EXPECT_EQ(e.code, c.code) << ujson::code_name(e.code);
    if (c.code == errc::ok) {
      EXPECT_EQ(offset, c.end);
    } else {
      EXPECT_EQ(e.offset, c.end);
      EXPECT_EQ(offset, 0u);  // unmoved
    }
  }
  // From the middle of a sequence, past a value the reader refuses.
  const std::string sequence = unhex("01 d4 05 00 02");
  std::size_t at = 1;
  ujson::document doc;
  EXPECT_EQ(doc.parse(sequence, at, msgpack).code, errc::unsupported_value);
  ASSERT_FALSE(ujson::skip_binary_value(msgpack, sequence, at));
  EXPECT_EQ(at, 4u);
}

TEST(BinaryExtent, NestingNeedsNoRecursionAndIndefiniteNestingIsBounded) {
  std::string definite(500'000, '\x91');  // MessagePack counts its items: no stack at all
  definite.push_back('\xc0');
  std::size_t offset = 0;
  ASSERT_FALSE(ujson::skip_binary_value(msgpack, definite, offset));
  EXPECT_EQ(offset, definite.size());
  std::string indefinite(60'000, '\x9f');
  indefinite.push_back('\x01');
  indefinite.append(60'000, '\xff');
  offset = 0;
  ASSERT_FALSE(ujson::skip_binary_value(cbor, indefinite, offset));
  EXPECT_EQ(offset, indefinite.size());
  const std::string too_deep(100'000, '\x9f');  // the 65,536th nested indefinite container
  offset = 0;
  const ujson::error e = ujson::skip_binary_value(cbor, too_deep, offset);
  EXPECT_EQ(e.code, errc::depth_exceeded);
  EXPECT_EQ(e.offset, 65'535u);
}

}  // namespace
