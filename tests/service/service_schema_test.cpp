// ujsond --schema-dir over a real socket: /validate?schema=NAME, GET /schemas, the metrics,
// SIGHUP and the Kubernetes ConfigMap-style reload, and a start that fails on a bad schema.
// Verdicts and locations are the JSON Schema specification's: instanceLocation and
// keywordLocation as 2020-12's "basic" output defines them (section 12.4), worked out by
// hand from the schemas below; the messages are ours and only checked to be there.

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include "service_support.hpp"
#include "ujson/dom.hpp"

namespace {

using namespace ujsond_test;
namespace fs = std::filesystem;

// person $refs age by its $id; age is draft-07.
constexpr const char* person_schema =
    R"({"$id":"https://example.com/person","type":"object","required":["name"],)"
    R"("properties":{"name":{"type":"string"},"age":{"$ref":"age"}},"additionalProperties":false})";
constexpr const char* age_schema =
    R"({"$schema":"http://json-schema.org/draft-07/schema#","$id":"https://example.com/age","type":"integer","minimum":0})";

struct temp_dir {
  fs::path path;
  temp_dir() {
    char name[] = "/tmp/ujsond-schemas-XXXXXX";
    path = mkdtemp(name);
  }
  ~temp_dir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  void write(const std::string& name, const std::string& text) const { std::ofstream(path / name) << text; }
};

ujson::document parsed(const std::string& text) {
  ujson::document d;
  EXPECT_FALSE(d.parse(text)) << text;
  return d;
}

void expect_json(const std::string& got, const std::string& want) {
  const ujson::document a = parsed(got), b = parsed(want);
  EXPECT_EQ(a.root(), b.root()) << got << "\nwanted " << want;
}

// The errors of a 422 verdict without their messages (which must be there), as JSON
// [[instanceLocation, keywordLocation, keyword]...].
std::string located_errors(const std::string& body) {
  const ujson::document d = parsed(body);
  const ujson::value* errors = d.root().find("errors");
  if (errors == nullptr) return "no errors in " + body;
  std::string out = "[";
  for (const ujson::value& e : errors->elements()) {
    const ujson::value* message = e.find("message");
    EXPECT_TRUE(message != nullptr && message->is_string() && !message->as_string().empty()) << body;
    if (out.size() > 1) out += ",";
    out += "[\"" + std::string(e.find("instanceLocation")->as_string()) + "\",\"" +
           std::string(e.find("keywordLocation")->as_string()) + "\",\"" + std::string(e.find("keyword")->as_string()) +
           "\"]";
  }
  return out + "]";
}

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  for (std::size_t start = 0, end; (end = text.find('\n', start)) != std::string::npos; start = end + 1) {
    lines.push_back(text.substr(start, end - start));
  }
  return lines;
}

response validate(const server& s, const std::string& target, const std::string& body,
                  const char* type = "application/json") {
  client c(s.port());
  return c.roundtrip(post(target, body, type));
}

class SchemaService : public shared_server_suite {
 protected:
  static void SetUpTestSuite() {
    dir_ = new temp_dir;
    dir_->write("person.json", person_schema);
    dir_->write("age.json", age_schema);
    dir_->write("notes.txt", "not a schema, not loaded");
    start({"--access-log=false", "--schema-dir", dir_->path.string()});
  }
  static void TearDownTestSuite() {
    shared_server_suite::TearDownTestSuite();
    delete dir_;
  }
  static inline temp_dir* dir_ = nullptr;

  // ndjson_errors=skip: 200 {"valid":true,"lines":good}, the others counted in the header.
  static void expect_skipped(const std::string& target, const std::string& body, int good, int skipped) {
    const response r = call(post(target, body, "application/x-ndjson"));
    EXPECT_EQ(r.result_int(), 200) << target;
    expect_json(r.body(), R"({"valid":true,"lines":)" + std::to_string(good) + "}");
    EXPECT_EQ(r["X-Ujson-Skipped-Lines"], std::to_string(skipped)) << target;
  }
};

TEST_F(SchemaService, ValidIs200AndInvalidIs422WithEveryError) {
  response r = call(post("/validate?schema=person", R"({"name":"Ada","age":36})"));
  EXPECT_EQ(r.result_int(), 200);
  expect_json(r.body(), R"({"valid":true})");

  r = call(post("/validate?schema=person", R"({"name":7,"age":-1,"extra":true})"));
  EXPECT_EQ(r.result_int(), 422);
  EXPECT_EQ(parsed(r.body()).root().find("valid")->as_bool(), false);
  EXPECT_EQ(located_errors(r.body()),
            R"([["/name","/properties/name/type","type"],["/age","/properties/age/$ref/minimum","minimum"],)"
            R"(["/extra","/additionalProperties","additionalProperties"]])");

  r = call(post("/validate?schema=age", "-1"));
  EXPECT_EQ(r.result_int(), 422);
  EXPECT_EQ(located_errors(r.body()), R"([["","/minimum","minimum"]])");
}

TEST_F(SchemaService, MaxErrorsBoundsTheList) {
  const std::string three_wrong = R"({"name":7,"age":-1,"extra":true})";
  response r = call(post("/validate?schema=person&max_errors=1", three_wrong));
  EXPECT_EQ(r.result_int(), 422);
  EXPECT_EQ(located_errors(r.body()), R"([["/name","/properties/name/type","type"]])");
  r = call(post("/validate?schema=person&max_errors=2", three_wrong));
  EXPECT_EQ(parsed(r.body()).root().find("errors")->size(), 2u);
  for (const char* bad : {"max_errors=0", "max_errors=1001", "max_errors=x"}) {
    r = call(post(std::string("/validate?schema=person&") + bad, three_wrong));
    EXPECT_EQ(r.result_int(), 400) << bad;
    EXPECT_EQ(parsed(r.body()).root().find("error")->find("option")->as_string(), "max_errors");
  }
}

TEST_F(SchemaService, NotJsonKeepsTheCodecErrorAndUnknownNamesAre404) {
  response r = call(post("/validate?schema=person", R"({"name":)"));
  EXPECT_EQ(r.result_int(), 422);
  expect_json(r.body(),
              R"({"valid":false,"error":{"code":"unexpected_end","message":"the input ends inside a value",)"
              R"("offset":8,"line":1,"column":9}})");
  r = call(post("/validate?schema=nobody", "{}"));
  EXPECT_EQ(r.result_int(), 404);
  EXPECT_EQ(parsed(r.body()).root().find("error")->find("code")->as_string(), "unknown_schema");
  r = call(post("/validate?schema=", "{}"));
  EXPECT_EQ(r.result_int(), 400);
  r = call(post("/decode?schema=person", "{}"));
  EXPECT_EQ(r.result_int(), 400);  // /validate's option only
}

TEST_F(SchemaService, NdjsonLineByLineInEachMode) {
  const std::string body = "{\"name\":\"a\"}\n\n{\"name\":2}\n[1\n{\"name\":\"b\"}\n";
  response r = call(post("/validate?schema=person", body, "application/x-ndjson"));
  EXPECT_EQ(r.result_int(), 422);  // fail: the first bad line, line 3 (blank lines count)
  EXPECT_EQ(parsed(r.body()).root().find("line")->as_int64(), 3);
  EXPECT_EQ(located_errors(r.body()), R"([["/name","/properties/name/type","type"]])");

  expect_skipped("/validate?schema=person&ndjson_errors=skip", body, 2, 2);

  r = call(post("/validate?schema=person&ndjson_errors=report", body, "application/x-ndjson"));
  EXPECT_EQ(r.result_int(), 200);
  EXPECT_EQ(r[http::field::content_type], "application/x-ndjson");
  std::vector<std::string> lines = split_lines(r.body());
  ASSERT_EQ(lines.size(), 4u) << r.body();
  expect_json(lines[0], R"({"valid":true})");
  EXPECT_EQ(parsed(lines[1]).root().find("line")->as_int64(), 3);
  EXPECT_EQ(located_errors(lines[1]), R"([["/name","/properties/name/type","type"]])");
  // json.loads("[1") -> "Expecting ',' delimiter: line 1 column 3 (char 2)"; line 4 starts at byte 25.
  const ujson::document not_json = parsed(lines[2]);
  EXPECT_EQ(not_json.root().find("error")->find("line")->as_int64(), 4);
  EXPECT_EQ(not_json.root().find("error")->find("column")->as_int64(), 3);
  EXPECT_EQ(not_json.root().find("error")->find("offset")->as_int64(), 27);
  expect_json(lines[3], R"({"valid":true})");

  // Without schema=, a line fails only when it is not JSON.
  expect_skipped("/validate?ndjson_errors=skip", body, 3, 1);
  r = call(post("/validate?ndjson_errors=report", body, "application/x-ndjson"));
  EXPECT_EQ(r.result_int(), 200);
  lines = split_lines(r.body());
  ASSERT_EQ(lines.size(), 4u) << r.body();
  for (std::size_t i : {0, 1, 3}) expect_json(lines[i], R"({"valid":true})");
  EXPECT_EQ(parsed(lines[2]).root().find("error")->find("line")->as_int64(), 4);
}

TEST_F(SchemaService, MessagePackValuesAreCheckedInTurn) {
  // {"name":"a"} then {"name":3}: fixmap(1) fixstr(4) "name" fixstr(1) "a"; ... positive fixint 3.
  const std::string good("\x81\xa4name\xa1"
                         "a",
                         8);
  const std::string bad("\x81\xa4name\x03", 7);
  response r = call(post("/validate?schema=person", good + good, "application/msgpack"));
  EXPECT_EQ(r.result_int(), 200);
  expect_json(r.body(), R"({"valid":true,"values":2})");
  r = call(post("/validate?schema=person", good + bad, "application/msgpack"));
  EXPECT_EQ(r.result_int(), 422);
  EXPECT_EQ(parsed(r.body()).root().find("value")->as_int64(), 2);
  EXPECT_EQ(located_errors(r.body()), R"([["/name","/properties/name/type","type"]])");
}

TEST_F(SchemaService, SchemasListsNamesIdsAndDialects) {
  const response r = call(get("/schemas"));
  EXPECT_EQ(r.result_int(), 200);
  expect_json(r.body(),
              R"({"schemas":[{"name":"age","$id":"https://example.com/age","dialect":"http://json-schema.org/draft-07/schema#"},)"
              R"({"name":"person","$id":"https://example.com/person","dialect":"https://json-schema.org/draft/2020-12/schema"}]})");
  EXPECT_EQ(call(get("/schemas?x=1")).result_int(), 400);
}

TEST(SchemaServiceAlone, NoSchemaDirListsNothing) {
  server s({"--access-log=false"});
  client c(s.port());
  expect_json(c.roundtrip(get("/schemas")).body(), R"({"schemas":[]})");
  EXPECT_EQ(c.roundtrip(post("/validate?schema=person", "{}")).result_int(), 404);
}

// The metrics line `name` once it reads `value` (answers are counted after they are sent).
bool metric_reaches(const server& s, const std::string& line) {
  const auto deadline = std::chrono::steady_clock::now() + 5s;
  do {
    if (client(s.port()).roundtrip(get("/metrics")).body().find(line + "\n") != std::string::npos) return true;
    std::this_thread::sleep_for(10ms);
  } while (std::chrono::steady_clock::now() < deadline);
  return false;
}

TEST(SchemaReload, SighupLoadsAGoodDirectoryAndKeepsTheOldSetOnABadOne) {
  temp_dir dir;
  dir.write("age.json", age_schema);
  server s({"--access-log=false", "--schema-dir", dir.path.string(), "--schema-reload-interval", "0"});
  EXPECT_EQ(validate(s, "/validate?schema=age", "5").result_int(), 200);
  EXPECT_EQ(validate(s, "/validate?schema=age", "-5").result_int(), 422);
  EXPECT_EQ(validate(s, "/validate?schema=age", "[").result_int(), 422);
  EXPECT_TRUE(metric_reaches(s, R"(ujsond_schema_validations_total{schema="age",outcome="valid"} 1)"));
  EXPECT_TRUE(metric_reaches(s, R"(ujsond_schema_validations_total{schema="age",outcome="invalid"} 1)"));
  EXPECT_TRUE(metric_reaches(s, R"(ujsond_schema_validations_total{schema="age",outcome="error"} 1)"));

  dir.write("age.json", R"({"type":"integer","minimum":-10})");
  dir.write("word.json", R"({"type":"string"})");
  s.signal(SIGHUP);
  EXPECT_NE(s.log_with("schemas reloaded").find(R"("reason":"SIGHUP","schemas":2)"), std::string::npos) << s.log();
  EXPECT_EQ(validate(s, "/validate?schema=age", "-5").result_int(), 200);
  EXPECT_EQ(validate(s, "/validate?schema=word", "\"w\"").result_int(), 200);
  // A schema's counts carry over a reload.
  EXPECT_TRUE(metric_reaches(s, R"(ujsond_schema_validations_total{schema="age",outcome="valid"} 2)"));

  dir.write("broken.json", R"j({"type":"object","properties":{"p":{"pattern":"(a)\\1"}}})j");
  s.signal(SIGHUP);
  const std::string log = s.log_with("schema reload failed");
  EXPECT_NE(log.find("broken.json: /properties/p/pattern: "), std::string::npos) << log;
  EXPECT_EQ(validate(s, "/validate?schema=word", "\"w\"").result_int(), 200);  // the old set stays
  EXPECT_EQ(validate(s, "/validate?schema=broken", "{}").result_int(), 404);
  EXPECT_TRUE(metric_reaches(s, R"(ujsond_schema_reloads_total{result="ok"} 1)"));
  EXPECT_TRUE(metric_reaches(s, R"(ujsond_schema_reloads_total{result="failed"} 1)"));
  EXPECT_TRUE(metric_reaches(s, "ujsond_schemas_loaded 2"));
}

TEST(SchemaReload, ARequestInFlightFinishesOnTheSetItBeganWith) {
  temp_dir dir;
  dir.write("age.json", age_schema);
  server s({"--access-log=false", "--schema-dir", dir.path.string(), "--schema-reload-interval", "0"});
  client c(s.port());
  request req = post("/validate?schema=age", "-5   ");
  const std::string wire = to_wire(req);
  c.write_raw(wire.substr(0, wire.size() - 3));  // the header and part of the body
  std::this_thread::sleep_for(50ms);
  dir.write("age.json", R"({"type":"integer"})");  // would take -5
  s.signal(SIGHUP);
  ASSERT_NE(s.log_with("schemas reloaded").find("schemas reloaded"), std::string::npos);
  c.write_raw(wire.substr(wire.size() - 3));
  EXPECT_EQ(c.read().result_int(), 422);  // judged by the schema it began with
  EXPECT_EQ(c.roundtrip(post("/validate?schema=age", "-5")).result_int(), 200);  // the next one by the new
}

// kubelet's ConfigMap volume: NAME.json -> ..data/NAME.json, ..data -> ..TIMESTAMP; an
// update writes a new ..TIMESTAMP, points ..data_tmp at it and renames ..data_tmp over ..data.
TEST(SchemaReload, AConfigMapSwapIsSeenWithoutASignal) {
  temp_dir dir;
  const fs::path first = dir.path / "..2026_12_01_00_00_00.1", second = dir.path / "..2026_12_01_00_01_00.2";
  fs::create_directory(first);
  std::ofstream(first / "age.json") << age_schema;
  fs::create_directory_symlink(first.filename(), dir.path / "..data");
  fs::create_symlink("..data/age.json", dir.path / "age.json");
  server s({"--access-log=false", "--schema-dir", dir.path.string(), "--schema-reload-interval", "50ms"});
  EXPECT_EQ(validate(s, "/validate?schema=age", "-5").result_int(), 422);

  fs::create_directory(second);
  std::ofstream(second / "age.json") << R"({"type":"integer","minimum":-10})";
  fs::create_directory_symlink(second.filename(), dir.path / "..data_tmp");
  ASSERT_EQ(std::rename((dir.path / "..data_tmp").c_str(), (dir.path / "..data").c_str()), 0);
  fs::remove_all(first);
  EXPECT_NE(s.log_with("schemas reloaded").find(R"("reason":"changed")"), std::string::npos) << s.log();
  EXPECT_EQ(validate(s, "/validate?schema=age", "-5").result_int(), 200);
  EXPECT_EQ(validate(s, "/validate?schema=age", "-11").result_int(), 422);
}

TEST(SchemaStart, ASchemaThatDoesNotLoadStopsTheStartWithItsPlace) {
  temp_dir dir;
  dir.write("age.json", age_schema);
  dir.write("zz.json", "{\"type\":\n  [}");
  // json.loads('{"type":\n  [}') -> "Expecting value: line 2 column 4 (char 12)"
  run_result r = run_ujsond("--port 0 --schema-dir " + dir.path.string());
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.output.find((dir.path / "zz.json").string() + ":2:4: "), std::string::npos) << r.output;

  dir.write("zz.json", R"j({"properties":{"p":{"pattern":"(?=a)"}}})j");  // look-ahead: not in RE2
  r = run_ujsond("--port 0 --schema-dir " + dir.path.string());
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.output.find("zz.json: /properties/p/pattern: "), std::string::npos) << r.output;

  fs::remove(dir.path / "zz.json");
  dir.write("a b.json", "{}");
  r = run_ujsond("--port 0 --schema-dir " + dir.path.string());
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.output.find("a b.json: "), std::string::npos) << r.output;

  r = run_ujsond("--port 0 --schema-dir " + (dir.path / "missing").string());
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.output.find("cannot read the schema directory"), std::string::npos) << r.output;
}

}  // namespace
