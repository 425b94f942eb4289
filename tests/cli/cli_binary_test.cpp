// `ujson format --from msgpack|cbor|json --to msgpack|cbor|json` (docs/binary-formats.md):
// the bytes each way, sequences as one JSON line per value, errors with their byte offset,
// --binary base64, the usage errors; and the corpus written by the CLI, unpacked by Debian's
// python3-msgpack and python3-cbor2, equals json.load of the same file.

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "cli/cli_fixture.hpp"
#include "support/test_files.hpp"

namespace {

using namespace ujson::test;

std::string bytes(std::initializer_list<int> list) {
  std::string s;
  for (int b : list) s.push_back(static_cast<char>(b));
  return s;
}

TEST_F(Cli, FormatFromMessagePackWritesOneJsonLinePerValue) {
  // {"a":[1,-1]} then "é" then 1.5 (float32) then a timestamp of one second.
  const std::string in = bytes({0x81, 0xa1, 'a', 0x92, 0x01, 0xff, 0xa2, 0xc3, 0xa9, 0xca, 0x3f, 0xc0, 0x00, 0x00,
                                0xd6, 0xff, 0x00, 0x00, 0x00, 0x01});
  const result r = run({"format", "--from", "msgpack", file("in.msgpack", in)});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "{\"a\":[1,-1]}\n\"\xc3\xa9\"\n1.5\n\"1970-01-01T00:00:01Z\"\n");
}

TEST_F(Cli, FormatToMessagePackAndCbor) {
  const std::string json = R"({"a":[1,-1,1.5,null,true],"b":"x"})";
  const result m = run({"format", "--to", "msgpack"}, json);
  EXPECT_EQ(m.status, 0) << m.err;
  EXPECT_EQ(m.out, bytes({0x82, 0xa1, 'a', 0x95, 0x01, 0xff, 0xcb, 0x3f, 0xf8, 0, 0, 0, 0, 0, 0, 0xc0, 0xc3, 0xa1, 'b',
                          0xa1, 'x'}));
  const result c = run({"format", "--to", "cbor"}, json);
  EXPECT_EQ(c.status, 0) << c.err;
  EXPECT_EQ(c.out, bytes({0xa2, 0x61, 'a', 0x85, 0x01, 0x20, 0xfb, 0x3f, 0xf8, 0, 0, 0, 0, 0, 0, 0xf6, 0xf5, 0x61, 'b',
                          0x61, 'x'}));
  // And across: CBOR in, MessagePack out, JSON again.
  const result across = run({"format", "--from", "cbor", "--to", "msgpack", file("c.cbor", c.out)});
  EXPECT_EQ(across.out, m.out);
  const result back = run({"format", "--from", "msgpack", "--indent", "1", file("m.msgpack", m.out)});
  EXPECT_EQ(back.out, "{\n \"a\": [\n  1,\n  -1,\n  1.5,\n  null,\n  true\n ],\n \"b\": \"x\"\n}\n");
}

TEST_F(Cli, FormatBinaryErrorsNameTheOffset) {
  // Two good values, then an array of two that ends after one.
  const result r = run({"format", "--from", "msgpack", file("bad.msgpack", bytes({0x01, 0x02, 0x92, 0x01}))});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, "1\n2\n");
  EXPECT_NE(r.err.find("offset 4"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("unexpected_end"), std::string::npos) << r.err;
  // Binary data: an error without --binary base64, base64 text with it.
  const std::string bin = file("bin.cbor", bytes({0x82, 0x01, 0x43, 0x01, 0x02, 0x03}));
  const result refused = run({"format", "--from", "cbor", bin});
  EXPECT_EQ(refused.status, 1);
  EXPECT_NE(refused.err.find("offset 2"), std::string::npos) << refused.err;
  EXPECT_NE(refused.err.find("unsupported_value"), std::string::npos) << refused.err;
  const result encoded = run({"format", "--from", "cbor", "--binary", "base64", bin});
  EXPECT_EQ(encoded.status, 0) << encoded.err;
  EXPECT_EQ(encoded.out, "[1,\"AQID\"]\n");
  // A big number has no MessagePack form.
  const result big = run({"format", "--to", "msgpack"}, std::string("[18446744073709551616]"));
  EXPECT_EQ(big.status, 1);
  EXPECT_EQ(big.out, "");
}

TEST_F(Cli, FormatBinaryUsageErrors) {
  const std::string a = file("a.json", "[]");
  const std::vector<std::vector<std::string>> cases = {
      {"format", "--from", "yaml", a}, {"format", "--to", a}, {"format", "--from"},
      {"format", "--binary", "hex", a}, {"format", "--canonical", "--to", "cbor", a},
      // --pointer reads and writes JSON only.
      {"format", "--pointer", "/0", "--from", "msgpack", a}, {"format", "--to", "cbor", "--pointer", "", a},
  };
  for (const auto& args : cases) {
    const result r = run(args);
    EXPECT_EQ(r.status, 2) << args[1];
    EXPECT_NE(r.err.find("usage:"), std::string::npos) << r.err;
  }
}

// The outside check: what the CLI writes, their library reads as json.load reads the file.
TEST_F(Cli, FormatCorpusUnpacksWithTheirLibraries) {
  for (const std::string& name : corpus_files()) {
    const std::string path = (data_dir() / "corpus" / name).string();
    for (const char* format : {"msgpack", "cbor"}) {
      const std::string out = (dir_ / (name + "." + format)).string();
      stdout_override_ = out;
      const result r = run({"format", "--to", format, path});
      stdout_override_.clear();
      ASSERT_EQ(r.status, 0) << r.err;
      const std::string unpack = std::string(format) == "msgpack" ? "msgpack.unpackb(data, strict_map_key=False)"
                                                                    : "cbor2.loads(data)";
      const std::string command = "/usr/bin/python3 -c \"import json, sys, msgpack, cbor2; "
                                  "data = open(sys.argv[1], 'rb').read(); "
                                  "sys.exit(0 if " + unpack + " == json.load(open(sys.argv[2])) else 1)\" '" +
                                  out + "' '" + path + "'";
      EXPECT_EQ(std::system(command.c_str()), 0) << name << " as " << format;
    }
  }
}

}  // namespace
