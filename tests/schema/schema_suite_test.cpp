// The official JSON-Schema-Test-Suite (data/JSON-Schema-Test-Suite, its VERSION names the
// commit): every required test of draft2020-12 and draft7, one gtest per file. The suite's
// remotes/ are registered under http://localhost:1234/, as its README asks; nothing is
// fetched. The tests the library is known to fail are listed below and, with their
// reasons, in docs/conformance.md; a listed test that starts to pass fails this test too,
// so the list stays true.

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "ujson/dom.hpp"
#include "ujson/schema/schema.hpp"
#include "suite_files.hpp"

namespace {

using namespace suite_files;

// "file.json|group description|test description": see docs/conformance.md for why.
const std::set<std::string> known_failures_2020_12 = {};
const std::set<std::string> known_failures_draft7 = {};

struct outcome {
  std::string key;  // "file|group|test"
  bool passed;
  std::string why;  // when it failed
};

// Every test of one file, each with its verdict. The optional format tests run with format
// assertion on, as the suite means them.
std::vector<outcome> run_file(const suite_file& f) {
  std::vector<outcome> out;
  const std::string text = slurp(suite / "tests" / folder_of(f.d) / f.name);
  ujson::document doc;
  EXPECT_FALSE(doc.parse(text)) << f.name;
  int group_index = 0;
  for (const ujson::value& group : doc.root().elements()) {
    const std::string description(group["description"].as_string());
    auto key_of = [&](const ujson::value& test) {
      return f.name + "|" + description + "|" + std::string(test["description"].as_string());
    };
    std::string schema_text;
    EXPECT_EQ(ujson::encode(group["schema"], schema_text), ujson::errc::ok);
    ujson::schema::options how{.default_dialect = f.d, .assert_formats = f.name.starts_with("optional/format/")};
    ujson::schema::registry reg(how);
    add_remotes(reg);
    const std::string uri = "urn:ujson:suite:" + f.name + ":" + std::to_string(group_index++);
    ujson::schema::load_error problem;
    std::optional<ujson::schema::validator> v;
    if (reg.add(schema_text, uri, problem)) v = reg.compile(uri, problem);
    for (const ujson::value& test : group["tests"].elements()) {
      if (!v) {
        out.push_back({key_of(test), false, "the schema does not load: " + problem.what()});
        continue;
      }
      const bool expected = test["valid"].as_bool();
      const ujson::schema::result r = v->validate(test["data"]);
      EXPECT_EQ(v->is_valid(test["data"]), r.valid) << key_of(test) << ": is_valid and validate disagree";
      EXPECT_EQ(r.errors.empty(), r.valid) << key_of(test) << ": an invalid verdict comes with its errors";
      std::string why;
      if (r.valid != expected) {
        why = r.valid ? "valid, expected invalid" : "invalid, expected valid: " + r.errors[0].keyword_location + ": " + r.errors[0].message;
      }
      out.push_back({key_of(test), r.valid == expected, why});
    }
  }
  return out;
}

class Required : public ::testing::TestWithParam<suite_file> {};

TEST_P(Required, EveryTestOfTheFile) {
  const suite_file& f = GetParam();
  const std::set<std::string>& known = f.d == dialect::draft7 ? known_failures_draft7 : known_failures_2020_12;
  for (const outcome& o : run_file(f)) {
    if (known.count(o.key)) {
      EXPECT_FALSE(o.passed) << o.key << ": listed as a known failure but passes; update docs/conformance.md";
    } else {
      EXPECT_TRUE(o.passed) << o.key << ": " << o.why;
    }
  }
}

// The optional tests (formats, bignum, ECMA-262 regexes...) are reported, not required:
// each file must run without a crash, and the pass counts are printed for
// docs/conformance.md (UJSON_SCHEMA_LIST_OPTIONAL=1 lists every failure).
class Optional : public ::testing::TestWithParam<suite_file> {};

TEST_P(Optional, RunsAndReports) {
  const suite_file& f = GetParam();
  std::size_t passed = 0, failed = 0;
  const bool list = std::getenv("UJSON_SCHEMA_LIST_OPTIONAL") != nullptr;
  for (const outcome& o : run_file(f)) {
    (o.passed ? passed : failed) += 1;
    if (!o.passed && list) std::printf("  optional failure: %s %s: %s\n", folder_of(f.d).c_str(), o.key.c_str(), o.why.c_str());
  }
  std::printf("%s/%s: %zu passed, %zu failed\n", folder_of(f.d).c_str(), f.name.c_str(), passed, failed);
  EXPECT_GT(passed + failed, 0u);
}

// The bar: at most 1% of either dialect's required tests may be listed as failing.
TEST(SuiteBar, KnownFailuresAreAtMostOnePercent) {
  std::map<dialect, std::size_t> tests;
  for (const suite_file& f : files_of(false)) {
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

std::string test_name(const ::testing::TestParamInfo<suite_file>& info) {
  std::string name = (info.param.d == dialect::draft7 ? "draft7_" : "draft2020_12_") +
                     info.param.name.substr(0, info.param.name.size() - 5);
  for (char& c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return name;
}

INSTANTIATE_TEST_SUITE_P(Suite, Required, ::testing::ValuesIn(files_of(false)), test_name);
INSTANTIATE_TEST_SUITE_P(Suite, Optional, ::testing::ValuesIn(files_of(true)), test_name);

}  // namespace
