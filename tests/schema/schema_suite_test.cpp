// The official JSON-Schema-Test-Suite (data/JSON-Schema-Test-Suite, its VERSION names the
// commit): every required test of draft2020-12 and draft7, one gtest per file. The suite's
// remotes/ are registered under http://localhost:1234/, as its README asks; nothing is
// fetched. The tests the library is known to fail are listed below and, with their
// reasons, in docs/conformance.md; a listed test that starts to pass fails this test too,
// so the list stays true.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "ujson/dom.hpp"
#include "ujson/schema/schema.hpp"

namespace {

namespace fs = std::filesystem;
using ujson::schema::dialect;

const fs::path suite = fs::path(UJSON_DATA_DIR) / "JSON-Schema-Test-Suite";

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// "file.json|group description|test description": see docs/conformance.md for why.
const std::set<std::string> known_failures_2020_12 = {
    "defs.json|validate definition against metaschema|valid definition schema",
    "defs.json|validate definition against metaschema|invalid definition schema",
    "ref.json|remote ref, containing refs itself|remote ref valid",
    "ref.json|remote ref, containing refs itself|remote ref invalid",
};
const std::set<std::string> known_failures_draft7 = {
    "definitions.json|validate definition against metaschema|valid definition schema",
    "definitions.json|validate definition against metaschema|invalid definition schema",
    "ref.json|remote ref, containing refs itself|remote ref valid",
    "ref.json|remote ref, containing refs itself|remote ref invalid",
};

struct remote {
  std::string uri;
  std::string text;
};

const std::vector<remote>& remotes() {
  static const std::vector<remote> all = [] {
    std::vector<remote> out;
    for (const auto& e : fs::recursive_directory_iterator(suite / "remotes")) {
      if (!e.is_regular_file() || e.path().extension() != ".json") continue;
      out.push_back({"http://localhost:1234/" + fs::relative(e.path(), suite / "remotes").generic_string(),
                     slurp(e.path())});
    }
    std::sort(out.begin(), out.end(), [](const remote& a, const remote& b) { return a.uri < b.uri; });
    return out;
  }();
  return all;
}

// Registers the remotes a dialect can read; one naming another as its meta-schema may need
// a second round. Remotes of other drafts (draft4, 2019-09) are refused and left out.
void add_remotes(ujson::schema::registry& reg) {
  std::vector<const remote*> left;
  for (const remote& r : remotes()) left.push_back(&r);
  for (int round = 0; round < 3 && !left.empty(); ++round) {
    std::vector<const remote*> again;
    for (const remote* r : left) {
      ujson::schema::load_error problem;
      if (!reg.add(r->text, r->uri, problem)) again.push_back(r);
    }
    left.swap(again);
  }
}

struct suite_file {
  dialect d;
  std::string name;  // relative to the dialect's folder
};

std::vector<suite_file> required_files() {
  std::vector<suite_file> out;
  for (const auto& [d, folder] : {std::pair{dialect::draft2020_12, "draft2020-12"}, std::pair{dialect::draft7, "draft7"}}) {
    for (const auto& e : fs::directory_iterator(suite / "tests" / folder)) {
      if (e.is_regular_file() && e.path().extension() == ".json") out.push_back({d, e.path().filename().string()});
    }
  }
  std::sort(out.begin(), out.end(), [](const suite_file& a, const suite_file& b) {
    return std::pair(a.d, a.name) < std::pair(b.d, b.name);
  });
  return out;
}

std::string folder_of(dialect d) { return d == dialect::draft7 ? "draft7" : "draft2020-12"; }

class Suite : public ::testing::TestWithParam<suite_file> {};

TEST_P(Suite, EveryTestOfTheFile) {
  const suite_file& f = GetParam();
  const std::string text = slurp(suite / "tests" / folder_of(f.d) / f.name);
  ujson::document doc;
  ASSERT_FALSE(doc.parse(text)) << f.name;
  const std::set<std::string>& known = f.d == dialect::draft7 ? known_failures_draft7 : known_failures_2020_12;
  int group_index = 0;
  for (const ujson::value& group : doc.root().elements()) {
    const std::string description(group["description"].as_string());
    std::string schema_text;
    ASSERT_EQ(ujson::encode(group["schema"], schema_text), ujson::errc::ok);

    ujson::schema::registry reg(ujson::schema::options{.default_dialect = f.d});
    add_remotes(reg);
    const std::string uri = "urn:ujson:suite:" + f.name + ":" + std::to_string(group_index++);
    ujson::schema::load_error problem;
    ASSERT_TRUE(reg.add(schema_text, uri, problem)) << f.name << ": " << description << ": " << problem.what();
    const std::optional<ujson::schema::validator> v = reg.compile(uri, problem);
    if (!v) {
      // A schema that does not compile fails each of its tests: they must all be listed.
      for (const ujson::value& test : group["tests"].elements()) {
        const std::string key = f.name + "|" + description + "|" + std::string(test["description"].as_string());
        EXPECT_TRUE(known.count(key)) << key << ": the schema does not compile: " << problem.what();
      }
      continue;
    }
    for (const ujson::value& test : group["tests"].elements()) {
      const std::string key = f.name + "|" + description + "|" + std::string(test["description"].as_string());
      const bool expected = test["valid"].as_bool();
      const ujson::schema::result r = v->validate(test["data"]);
      EXPECT_EQ(v->is_valid(test["data"]), r.valid) << key << ": is_valid and validate disagree";
      if (known.count(key)) {
        EXPECT_NE(r.valid, expected) << key << ": listed as a known failure but passes; update docs/conformance.md";
        continue;
      }
      EXPECT_EQ(r.valid, expected) << key << (r.errors.empty() ? "" : ": " + r.errors[0].keyword_location + ": " + r.errors[0].message);
      EXPECT_EQ(r.errors.empty(), r.valid) << key << ": an invalid verdict comes with its errors";
    }
  }
}

// The bar: at most 1% of either dialect's required tests may be listed as failing.
TEST(SuiteBar, KnownFailuresAreAtMostOnePercent) {
  std::map<dialect, std::size_t> tests;
  for (const suite_file& f : required_files()) {
    const std::string text = slurp(suite / "tests" / folder_of(f.d) / f.name);
    ujson::document doc;
    ASSERT_FALSE(doc.parse(text));
    for (const ujson::value& group : doc.root().elements()) tests[f.d] += group["tests"].size();
  }
  EXPECT_GT(tests[dialect::draft2020_12], 1000u);
  EXPECT_GT(tests[dialect::draft7], 800u);
  EXPECT_LE(known_failures_2020_12.size() * 100, tests[dialect::draft2020_12]);
  EXPECT_LE(known_failures_draft7.size() * 100, tests[dialect::draft7]);
}

INSTANTIATE_TEST_SUITE_P(Required, Suite, ::testing::ValuesIn(required_files()),
                         [](const ::testing::TestParamInfo<suite_file>& info) {
                           std::string name = (info.param.d == dialect::draft7 ? "draft7_" : "draft2020_12_") +
                                              info.param.name.substr(0, info.param.name.size() - 5);
                           for (char& c : name) {
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           }
                           return name;
                         });

}  // namespace
