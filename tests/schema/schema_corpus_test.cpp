// The benchmark's schemas (bench/schemas/) against the corpus files they describe: each
// file matches its schema, and a single wrong value, planted by text substitution, is
// found at its instance location by the keyword that forbids it.

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "support/test_files.hpp"
#include "ujson/dom.hpp"
#include "ujson/schema/schema.hpp"

namespace {

namespace fs = std::filesystem;

const fs::path root = fs::path(UJSON_DATA_DIR).parent_path();

ujson::schema::validator schema_for(const std::string& name) {
  ujson::schema::load_error problem;
  auto v = ujson::schema::compile(ujson::test::read_file(root / "bench" / "schemas" / (name + ".schema.json")), problem);
  EXPECT_TRUE(v.has_value()) << name << ": " << problem.what();
  if (!v) std::abort();
  return *v;
}

std::string corpus(const std::string& name) { return ujson::test::read_file(root / "data" / "corpus" / (name + ".json")); }

// The first error after replacing the first `from` in the corpus file by `to`.
ujson::schema::error first_error(const ujson::schema::validator& v, std::string text, const std::string& from,
                                 const std::string& to) {
  const std::size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  text.replace(at, from.size(), to);
  ujson::document doc;
  EXPECT_FALSE(doc.parse(text));
  const ujson::schema::result r = v.validate(doc.root(), {.max_errors = 1});
  EXPECT_FALSE(r.valid) << to;
  return r.errors.empty() ? ujson::schema::error{} : r.errors[0];
}

TEST(SchemaCorpus, EachFileMatchesItsSchema) {
  for (const std::string name : {"twitter", "citm_catalog", "canada"}) {
    const std::string text = corpus(name);
    ujson::document doc;
    ASSERT_FALSE(doc.parse(text));
    const ujson::schema::result r = schema_for(name).validate(doc.root());
    EXPECT_TRUE(r.valid) << name << ": " << (r.errors.empty() ? "" : r.errors[0].instance_location + " " + r.errors[0].message);
  }
}

TEST(SchemaCorpus, OneWrongValueIsFoundWhereItIs) {
  const ujson::schema::validator twitter = schema_for("twitter");
  ujson::schema::error e = first_error(twitter, corpus("twitter"), "\"screen_name\": \"", "\"screen_name\": \"bad name ");
  EXPECT_EQ(e.instance_location, "/statuses/0/user/screen_name");
  EXPECT_EQ(e.keyword, "pattern");
  e = first_error(twitter, corpus("twitter"), "\"result_type\": \"recent\"", "\"result_type\": \"old\"");
  EXPECT_EQ(e.instance_location, "/statuses/0/metadata/result_type");
  EXPECT_EQ(e.keyword, "enum");

  const ujson::schema::validator citm = schema_for("citm_catalog");
  e = first_error(citm, corpus("citm_catalog"), "\"amount\": 90250", "\"amount\": -1");
  EXPECT_EQ(e.instance_location, "/performances/0/prices/0/amount");
  EXPECT_EQ(e.keyword, "minimum");

  const ujson::schema::validator canada = schema_for("canada");
  e = first_error(canada, corpus("canada"), "[-65.613616999999977,43.420273000000009]", "[-65.6,43.4,1]");
  EXPECT_EQ(e.instance_location, "/features/0/geometry/coordinates/0/0");
  EXPECT_EQ(e.keyword, "maxItems");
}

}  // namespace
