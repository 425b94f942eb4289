// `ujson validate --schema`: exit 0 when every file matches, 1 when any does not (with
// "FILE: instanceLocation: message" lines on stderr), 2 for usage errors and schemas that
// do not load. The CLI runs as its own process through the shell.

#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

class CliSchema : public ::testing::Test {
 protected:
  void SetUp() override {
    char tmpl[] = "/tmp/ujson_cli_schema.XXXXXX";
    ASSERT_NE(mkdtemp(tmpl), nullptr);
    dir_ = tmpl;
    fs::create_directory(dir_ / "schemas");
    file("schemas/order.json", R"({"$id": "https://example.com/order", "type": "object",
      "required": ["id"], "properties": {"id": {"type": "integer", "minimum": 1},
      "item": {"$ref": "item"}}, "additionalProperties": false})");
    file("schemas/item.json", R"({"$id": "https://example.com/item", "type": "object",
      "properties": {"sku": {"type": "string", "pattern": "^[A-Z]{3}-[0-9]+$"}}, "required": ["sku"]})");
    file("good.json", R"({"id": 3, "item": {"sku": "ABC-12"}})");
    file("bad.json", R"({"id": 0, "item": {"sku": "x"}})");
  }
  void TearDown() override {
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }

  std::string file(const std::string& name, const std::string& contents) {
    std::ofstream(dir_ / name, std::ios::binary) << contents;
    return (dir_ / name).string();
  }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }

  // Runs `ujson ARGS` in dir_; returns the exit status and keeps stderr in err_.
  int run(const std::vector<std::string>& args) {
    std::string command = "cd '" + dir_.string() + "' && '" UJSON_CLI "'";
    for (const std::string& a : args) command += " '" + a + "'";
    command += " >/dev/null 2>.stderr";
    const int status = std::system(command.c_str());
    std::ifstream in(dir_ / ".stderr", std::ios::binary);
    err_.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }

  fs::path dir_;
  std::string err_;
};

TEST_F(CliSchema, ValidFilesExitZeroSilently) {
  EXPECT_EQ(run({"validate", "--schema", "schemas/order.json", "--schema-dir", "schemas", "good.json"}), 0) << err_;
  EXPECT_EQ(err_, "");
}

TEST_F(CliSchema, InvalidFilesExitOneWithALinePerError) {
  EXPECT_EQ(run({"validate", "--schema", "schemas/order.json", "--schema-dir", "schemas", "good.json", "bad.json"}), 1);
  EXPECT_NE(err_.find("bad.json: /id: "), std::string::npos) << err_;
  EXPECT_NE(err_.find("bad.json: /item/sku: "), std::string::npos) << err_;
  EXPECT_EQ(err_.find("good.json"), std::string::npos) << err_;
}

TEST_F(CliSchema, NotJsonIsInvalidToo) {
  file("broken.json", "{\"id\": ");
  EXPECT_EQ(run({"validate", "--schema", "schemas/item.json", "broken.json"}), 1);
  EXPECT_NE(err_.find("broken.json:1:"), std::string::npos) << err_;
}

TEST_F(CliSchema, SchemasThatDoNotLoadExitTwo) {
  // The reference to "item" resolves only when the directory is loaded.
  EXPECT_EQ(run({"validate", "--schema", "schemas/order.json", "good.json"}), 2);
  EXPECT_NE(err_.find("/properties/item/$ref"), std::string::npos) << err_;
  file("backref.json", R"({"pattern": "(a)\\1"})");
  EXPECT_EQ(run({"validate", "--schema", "backref.json", "good.json"}), 2);
  EXPECT_NE(err_.find("backref.json: /pattern: "), std::string::npos) << err_;
  EXPECT_NE(err_.find("(a)\\1"), std::string::npos) << err_;
  file("notjson.json", "{");
  EXPECT_EQ(run({"validate", "--schema", "notjson.json", "good.json"}), 2);
  EXPECT_EQ(run({"validate", "--schema", "missing.json", "good.json"}), 2);
}

TEST_F(CliSchema, UsageErrorsExitTwo) {
  EXPECT_EQ(run({"validate", "--schema-dir", "schemas", "good.json"}), 2);
  EXPECT_EQ(run({"validate", "--schema"}), 2);
  EXPECT_EQ(run({"validate", "--schema", "schemas/item.json", "--no-such-option", "good.json"}), 2);
}

TEST_F(CliSchema, FormatsAreCheckedOnlyWhenAsked) {
  file("when.json", R"({"format": "date"})");
  file("feb30.json", R"("2023-02-30")");
  EXPECT_EQ(run({"validate", "--schema", "when.json", "feb30.json"}), 0) << err_;
  EXPECT_EQ(run({"validate", "--schema", "when.json", "--assert-formats", "feb30.json"}), 1);
}

}  // namespace
