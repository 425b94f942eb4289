// The `ujson` command-line tool, run as a separate process with files in a temporary
// directory and data on standard input (cli_fixture.hpp).

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <vector>

#include "cli/cli_fixture.hpp"
#include "support/test_files.hpp"
#include "ujson/dom.hpp"
#include "ujson/errors.hpp"

namespace {

using namespace ujson::test;

// ---- validate -------------------------------------------------------------------------------

TEST_F(Cli, ValidateValidFiles) {
  const std::string a = file("a.json", R"({"a":[1,2,{"b":null}]})");
  const std::string b = file("b.json", R"("\u00e9")");
  const std::string c = file("c.json", " 1 \n");
  const result r = run({"validate", a, b, c});
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out, "");
}

TEST_F(Cli, ValidateCorpusFile) {
  const std::string twitter = (ujson::test::data_dir() / "corpus" / "twitter.json").string();
  const result r = run({"validate", twitter});
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.err, "");
}

TEST_F(Cli, ValidateReportsPathLineColumn) {
  const std::string p = file("bad.json", "[1,\n2,]");
  const result r = run({"validate", p});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, p + ":2:3: " + msg(ujson::errc::expected_value) + "\n");
  EXPECT_EQ(r.out, "");
}

TEST_F(Cli, ValidatePositionsCountedByHand) {
  struct position_case {
    std::string contents;
    std::size_t line, column;
    ujson::errc code;
  };
  const position_case cases[] = {
      {"{\"a\":1}\n\n  x", 3, 3, ujson::errc::trailing_characters},
      {"[\"\xc3\xa9\", x]", 1, 8, ujson::errc::expected_value},  // columns count bytes
      {"[1,\r\n2,]", 2, 3, ujson::errc::expected_value},
      {"", 1, 1, ujson::errc::empty_input},
      {"\n\n", 3, 1, ujson::errc::empty_input},
      {"\"abc", 1, 5, ujson::errc::unexpected_end},
      {"[\"a\tb\"]", 1, 4, ujson::errc::control_character},
      {"\"\xff\"", 1, 2, ujson::errc::invalid_utf8},
      {"{\n  \"a\": 01\n}", 2, 9, ujson::errc::invalid_number},
      {"[\n  true,\n  fals\n]", 3, 3, ujson::errc::invalid_literal},
  };
  int i = 0;
  for (const position_case& c : cases) {
    const std::string p = file("case" + std::to_string(i++) + ".json", c.contents);
    const result r = run({"validate", p});
    EXPECT_EQ(r.status, 1) << p;
    EXPECT_EQ(r.err, p + ":" + std::to_string(c.line) + ":" + std::to_string(c.column) + ": " + msg(c.code) + "\n");
  }
}

TEST_F(Cli, ValidateSeveralFilesOneLinePerBadFile) {
  const std::string good1 = file("good1.json", "[]");
  const std::string bad1 = file("bad1.json", "[1,\n2,]");
  const std::string good2 = file("good2.json", "{}");
  const std::string bad2 = file("bad2.json", "{\"a\" 1}");
  const result r = run({"validate", good1, bad1, good2, bad2});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, bad1 + ":2:3: " + msg(ujson::errc::expected_value) + "\n" + bad2 + ":1:6: " +
                       msg(ujson::errc::expected_colon) + "\n");
  EXPECT_EQ(r.out, "");
}

TEST_F(Cli, ValidateMissingFile) {
  const std::string good = file("good.json", "[]");
  const std::string missing = (dir_ / "no_such_file.json").string();
  const result r = run({"validate", good, missing, good});
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find(missing), std::string::npos) << r.err;
  EXPECT_EQ(count_lines(r.err), 1u) << r.err;
  EXPECT_EQ(r.err.back(), '\n');
}

TEST_F(Cli, ValidateDirectory) {
  const std::string sub = (dir_ / "subdir").string();
  fs::create_directory(sub);
  const result r = run({"validate", sub});
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find(sub), std::string::npos) << r.err;
  EXPECT_EQ(count_lines(r.err), 1u) << r.err;
}

TEST_F(Cli, ValidateUnreadablePath) {
  // A path through a regular file cannot be opened (ENOTDIR), even for root.
  const std::string f = file("plain.json", "[]");
  const std::string through = f + "/child.json";
  const result r = run({"validate", through});
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find(through), std::string::npos) << r.err;

  if (geteuid() != 0) {
    const std::string locked = file("locked.json", "[]");
    ASSERT_EQ(chmod(locked.c_str(), 0), 0);
    const result r2 = run({"validate", locked});
    EXPECT_EQ(r2.status, 1);
    EXPECT_NE(r2.err.find(locked), std::string::npos) << r2.err;
  }
}

TEST_F(Cli, ValidateStandardInput) {
  result r = run({"validate"}, std::string("{\"a\": [true]}"));
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.err, "");
  r = run({"validate", "-"}, std::string("[1, 2]"));
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.err, "");
  r = run({"validate"}, std::string("[1,]"));
  EXPECT_EQ(r.status, 1);
  const std::string tail = ":1:4: " + msg(ujson::errc::expected_value) + "\n";
  ASSERT_GE(r.err.size(), tail.size());
  EXPECT_EQ(r.err.substr(r.err.size() - tail.size()), tail);
  EXPECT_EQ(count_lines(r.err), 1u);
  r = run({"validate", "-"}, std::string(""));
  EXPECT_EQ(r.status, 1);
}

// ---- format ---------------------------------------------------------------------------------

TEST_F(Cli, FormatDefaultIsCanonicalCompact) {
  const std::string p = file("in.json", R"({ "a" : [1, 2.50, "\u00e9\/"] })");
  const result r = run({"format", p});
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, "{\"a\":[1,2.5,\"\xc3\xa9/\"]}\n");
  EXPECT_EQ(r.err, "");
}

TEST_F(Cli, FormatKeepsOnlyRequiredEscapes) {
  const std::string p = file("in.json", R"(["\u0001\t\u00e9\ud83d\ude00", "<&>", 123456789012345678901234567890, 1e400, -0.0])");
  const result r = run({"format", p});
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, "[\"\\u0001\\t\xc3\xa9\xf0\x9f\x98\x80\",\"<&>\",123456789012345678901234567890,1e400,-0.0]\n");
}

TEST_F(Cli, FormatDuplicateKeysKeepLast) {
  const std::string p = file("in.json", R"({"a":1,"b":0,"a":2})");
  const result r = run({"format", p});
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, "{\"a\":2,\"b\":0}\n");
}

TEST_F(Cli, FormatIndent) {
  const std::string p = file("in.json", R"({"a":[1,2],"b":{}})");
  result r = run({"format", "--indent", "2", p});
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, "{\n  \"a\": [\n    1,\n    2\n  ],\n  \"b\": {}\n}\n");
  r = run({"format", "--indent", "0", p});
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, "{\"a\":[1,2],\"b\":{}}\n");
  r = run({"format", "--indent", "64", p});
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, "{\n" + std::string(64, ' ') + "\"a\": [\n" + std::string(128, ' ') + "1,\n" +
                       std::string(128, ' ') + "2\n" + std::string(64, ' ') + "],\n" + std::string(64, ' ') +
                       "\"b\": {}\n}\n");
}

TEST_F(Cli, FormatSortKeys) {
  const std::string p = file("in.json", R"({"b":1,"a":{"d":[],"c":null}})");
  const result r = run({"format", "--sort-keys", p});
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, "{\"a\":{\"c\":null,\"d\":[]},\"b\":1}\n");
}

TEST_F(Cli, FormatEnsureAscii) {
  const std::string p = file("in.json", "[\"\xc3\xa9\xf0\x9f\x98\x80\"]");
  result r = run({"format", "--ensure-ascii", p});
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, "[\"\\u00e9\\ud83d\\ude00\"]\n");
  r = run({"format", p});
  EXPECT_EQ(r.out, "[\"\xc3\xa9\xf0\x9f\x98\x80\"]\n");
}

TEST_F(Cli, FormatEscapeSlashes) {
  const std::string p = file("in.json", R"("a/b")");
  result r = run({"format", "--escape-slashes", p});
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, "\"a\\/b\"\n");
  r = run({"format", p});
  EXPECT_EQ(r.out, "\"a/b\"\n");
}

TEST_F(Cli, FormatHtmlSafe) {
  const std::string p = file("in.json", R"("<&>")");
  const result r = run({"format", "--html-safe", p});
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, "\"\\u003c\\u0026\\u003e\"\n");
}

TEST_F(Cli, FormatMaxDepth) {
  const std::string ok = file("ok.json", "[[1]]");
  result r = run({"format", "--max-depth", "2", ok});
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, "[[1]]\n");
  const std::string deep = file("deep.json", "[[[1]]]");
  r = run({"format", "--max-depth", "2", deep});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, deep + ":1:3: " + msg(ujson::errc::depth_exceeded) + "\n");
  r = run({"format", deep});  // the default allows it
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, "[[[1]]]\n");
}

TEST_F(Cli, FormatAllFlagsTogetherInAnyOrder) {
  const std::string p = file("in.json", "{\"z\":\"</\xc3\xa9>\",\"a\":[]}");
  const result r = run({"format", "--html-safe", p, "--indent", "1", "--sort-keys", "--ensure-ascii", "--escape-slashes"});
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, "{\n \"a\": [],\n \"z\": \"\\u003c\\/\\u00e9\\u003e\"\n}\n");
  EXPECT_EQ(r.err, "");
}

TEST_F(Cli, FormatStandardInput) {
  result r = run({"format"}, std::string(" [ 1 , \"\\u0041\" ] "));
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, "[1,\"A\"]\n");
  r = run({"format", "-"}, std::string("{\"k\" : true}"));
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, "{\"k\":true}\n");
  r = run({"format", "--sort-keys", "-"}, std::string("{\"b\":1,\"a\":2}"));
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, "{\"a\":2,\"b\":1}\n");
  r = run({"format"}, std::string("[1,"));
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, "");
  const std::string tail = ":1:4: " + msg(ujson::errc::unexpected_end) + "\n";
  ASSERT_GE(r.err.size(), tail.size());
  EXPECT_EQ(r.err.substr(r.err.size() - tail.size()), tail);
}

TEST_F(Cli, FormatInvalidFile) {
  const std::string p = file("bad.json", "{\n  \"a\": [1,\n  2,]\n}");
  const result r = run({"format", p});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, p + ":3:5: " + msg(ujson::errc::expected_value) + "\n");
}

TEST_F(Cli, FormatMissingFileAndDirectory) {
  const std::string missing = (dir_ / "absent.json").string();
  result r = run({"format", missing});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find(missing), std::string::npos) << r.err;
  r = run({"format", dir_.string()});
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find(dir_.string()), std::string::npos) << r.err;
}

TEST_F(Cli, FormatCorpusRoundTrips) {
  const fs::path twitter = ujson::test::data_dir() / "corpus" / "twitter.json";
  const result r = run({"format", "--indent", "2", "--sort-keys", twitter.string()});
  ASSERT_EQ(r.status, 0);
  EXPECT_EQ(r.err, "");
  const std::string original = ujson::test::read_file(twitter);
  ujson::document a, b;
  ASSERT_FALSE(a.parse(original));
  ASSERT_FALSE(b.parse(r.out));
  EXPECT_TRUE(a.root() == b.root());
}

TEST_F(Cli, FormatReportsAFailedWrite) {
  if (!fs::exists("/dev/full")) GTEST_SKIP() << "no /dev/full";
  const std::string p = file("in.json", "[1,2,3]");
  stdout_override_ = "/dev/full";
  const result r = run({"format", p});
  EXPECT_EQ(r.status, 1);
  EXPECT_FALSE(r.err.empty());
}

// ---- format --canonical: RFC 8785 -----------------------------------------------------------

std::string rfc8785_example(const std::string& name) {
  return ujson::test::read_file(ujson::test::data_dir() / "rfc8785" / name);
}

TEST_F(Cli, FormatCanonicalWritesTheRfcsExamples) {
  for (const std::string name : {"sample", "sorting"}) {
    SCOPED_TRACE(name);
    const std::string p = (ujson::test::data_dir() / "rfc8785" / (name + ".json")).string();
    result r = run({"format", "--canonical", p});
    EXPECT_EQ(r.status, 0);
    EXPECT_EQ(r.out, rfc8785_example(name + ".canonical.json") + "\n");
    EXPECT_EQ(r.err, "");
    r = run({"format", "--max-depth", "3", "--canonical"}, rfc8785_example(name + ".json"));  // standard input
    EXPECT_EQ(r.status, 0);
    EXPECT_EQ(r.out, rfc8785_example(name + ".canonical.json") + "\n");
  }
}

TEST_F(Cli, FormatCanonicalNumbers) {
  const std::string p = file("in.json", "[1e21, 1e20, 1E-7, 0.000001, -0.0, 2.50, 1152921504606846976, 1180591620717411303424]");
  const result r = run({"format", "--canonical", p});
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, "[1e+21,100000000000000000000,1e-7,0.000001,0,2.5,1152921504606847000,1.1805916207174113e+21]\n");
}

TEST_F(Cli, FormatCanonicalRefusesWhatItCannotWrite) {
  for (const char* doc : {"[9007199254740993]", "[1e400]", "[123456789012345678901234567890]"}) {
    SCOPED_TRACE(doc);
    const std::string p = file("in.json", doc);
    const result r = run({"format", "--canonical", p});
    EXPECT_EQ(r.status, 1);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err, "ujson: " + p + ": " + msg(ujson::errc::not_canonicalizable) + "\n");
  }
}

TEST_F(Cli, FormatCanonicalRejectsDuplicateKeys) {
  const std::string p = file("in.json", "{\"a\":1,\n \"a\":2}");
  const result r = run({"format", "--canonical", p});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, p + ":2:2: " + msg(ujson::errc::duplicate_key) + "\n");
}

TEST_F(Cli, FormatCanonicalTakesNoOtherOutputOption) {
  const std::string a = file("a.json", "[]");
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"format", "--canonical", "--indent", "0", a},
        std::vector<std::string>{"format", "--sort-keys", "--canonical", a},
        std::vector<std::string>{"format", "--canonical", "--ensure-ascii", a},
        std::vector<std::string>{"format", "--escape-slashes", "--canonical", a},
        std::vector<std::string>{"format", "--canonical", "--html-safe", a}}) {
    SCOPED_TRACE(args[1] + " " + args[2]);
    const result r = run(args);
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.err.find("--canonical takes no --"), std::string::npos) << r.err;
    EXPECT_EQ(r.out, "");
  }
}

// ---- usage ----------------------------------------------------------------------------------------

// ---- format --pointer (RFC 6901; section 5's document and values) ----------------------------

constexpr std::string_view rfc6901_document = R"({"foo": ["bar", "baz"], "": 0, "a/b": 1, "c%d": 2, "e^f": 3,
    "g|h": 4, "i\\j": 5, "k\"l": 6, " ": 7, "m~n": 8})";

TEST_F(Cli, FormatPointerWritesTheValueThere) {
  const std::string doc = file("rfc6901.json", rfc6901_document);
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"/foo", R"(["bar","baz"])"}, {"/foo/0", R"("bar")"}, {"/", "0"},       {"/a~1b", "1"},
      {"/c%d", "2"},               {"/e^f", "3"},           {"/g|h", "4"},    {"/i\\j", "5"},
      {"/k\"l", "6"},             {"/ ", "7"},             {"/m~0n", "8"},
  };
  for (const auto& [p, want] : cases) {
    const result r = run({"format", "--pointer", p, doc});
    EXPECT_EQ(r.status, 0) << p << r.err;
    EXPECT_EQ(r.out, want + "\n") << p;
  }
  const result whole = run({"format", "--pointer", "", doc});
  EXPECT_EQ(whole.out, run({"format", doc}).out);
}

TEST_F(Cli, FormatRepeatedPointersWriteAnArrayInTheirOrder) {
  const std::string doc = file("rfc6901.json", rfc6901_document);
  const result r = run({"format", "--pointer", "/m~0n", "--indent", "1", "--pointer", "/foo", doc});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "[\n 8,\n [\n  \"bar\",\n  \"baz\"\n ]\n]\n");
  const result canonical = run({"format", "--canonical", "--pointer", "/x", "--pointer", "/x/b"},
                               std::string(R"({"x":{"b":1e21,"a":1.50}})"));
  EXPECT_EQ(canonical.out, "[{\"a\":1.5,\"b\":1e+21},1e+21]\n");
}

TEST_F(Cli, FormatPointerThatNamesNothing) {
  const std::string doc = file("rfc6901.json", rfc6901_document);
  const result r = run({"format", "--pointer", "/foo", "--pointer", "/foo/2", doc});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "ujson: " + doc + ": no value at pointer '/foo/2'\n");
  const result n = run({"format", "--missing", "null", "--pointer", "/foo/-", "--pointer", "/foo/1", doc});
  EXPECT_EQ(n.status, 0) << n.err;
  EXPECT_EQ(n.out, "[null,\"baz\"]\n");
  // The rest of the input is still checked.
  const result bad = run({"format", "--pointer", "/0"}, std::string("[1, 2,]"));
  EXPECT_EQ(bad.status, 1);
  EXPECT_NE(bad.err.find(":1:7: "), std::string::npos) << bad.err;
}

TEST_F(Cli, BadArgumentsExitTwoWithUsage) {
  const std::string a = file("a.json", "[]");
  const std::string b = file("b.json", "{}");
  const std::string dup1 = file("dup.json", "[]");
  const std::vector<std::vector<std::string>> cases = {
      {"format", dup1, "-"},
      {"format", "--bogus", a},
      {"format", "--indent", "-1", a},
      {"format", "--indent", "x", a},
      {"format", "--indent", "2x", a},
      {"format", "--indent", "1001", a},
      {"format", a, "--indent"},
      {"format", a, b},
      {"format", "--max-depth", "0", a},
      {"format", "--max-depth", a},
      {"format", "--max-depth"},
      {"format", "--pointer", "foo", a},
      {"format", "--pointer", "/~2", a},
      {"format", a, "--pointer"},
      {"format", "--missing", "none", a},
      {"frobnicate", a},
      {"--bogus"},
      {},
  };
  for (const auto& args : cases) {
    std::string shown;
    for (const auto& x : args) shown += " " + x;
    SCOPED_TRACE("ujson" + shown);
    const result r = run(args, std::string("[]"));
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.err.find("usage:"), std::string::npos) << r.err;
    EXPECT_EQ(r.out, "");
  }
}

TEST_F(Cli, Help) {
  for (const char* flag : {"--help", "-h", "help"}) {
    const result r = run({flag});
    EXPECT_EQ(r.status, 0) << flag;
    EXPECT_NE(r.out.find("usage:"), std::string::npos) << flag;
    EXPECT_NE(r.out.find("validate"), std::string::npos) << flag;
    EXPECT_NE(r.out.find("format"), std::string::npos) << flag;
    EXPECT_EQ(r.err, "") << flag;
  }
}

}  // namespace
