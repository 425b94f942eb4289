// ujson::schema against ajv (npm, the JavaScript reference validator) on schemas and
// instances neither was written for: a seeded generator draws 2020-12 and draft-07 schemas
// (each dialect's own keywords) from every keyword of the applicator and validation
// vocabularies ($ref/$defs, unevaluated*, dependentSchemas, contains with bounds,
// if/then/else...) and instances from the same small universe of names and values, so that
// verdicts fall both ways. ajv judges the whole file in one node process
// (tests/schema/node/ajv_oracle.mjs); every verdict of is_valid(), validate() and
// is_valid_text() on the decoder's events (where the schema allows) must equal ajv's, and the
// CLI's exit codes and lines (`ujson validate --schema`) must agree for a share of the
// schemas. The suite's own tests are the specification's; these are the cases nobody picked.
//
// Left out, each for a reason: `format` (an annotation by default, and ajv's formats are a
// plugin); multipleOf by a non-dyadic fraction (ajv divides doubles: 0.3 is not a multiple
// of 0.1 there, and is in exact decimal arithmetic, which this library does); numbers past
// 2^53 (JSON.parse rounds them).

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <random>
#include <string>
#include <vector>

#include "../support/node_oracle.hpp"
#include "ujson/dom.hpp"
#include "ujson/schema/schema.hpp"

namespace {

namespace fs = std::filesystem;
namespace node = ujson::test::node;

constexpr std::string_view ajv_package = "ajv@8.20.0";

// The parts in order: the operands of a chain of + are evaluated in an order the compiler
// picks (GCC and Clang differ), a braced list's in the order written, so each draw that
// takes several random numbers goes through cat() and gives the same text under both.
std::string cat(std::initializer_list<std::string> parts) {
  std::string out;
  for (const std::string& p : parts) out += p;
  return out;
}

class generator {
 public:
  generator(std::uint32_t seed, bool draft7) : rng_(seed), draft7_(draft7) {}

  // A 2020-12 schema with $defs that its $refs name.
  // A $def refers only to the ones before it, so no $ref cycle runs without moving into the
  // instance (ajv then overflows its stack; this library stops at max_evaluation_depth).
  std::string schema() {
    const int defs = 1 + below(2);
    std::string s = draft7_ ? "{\"$schema\":\"http://json-schema.org/draft-07/schema#\",\"definitions\":{"
                            : "{\"$schema\":\"https://json-schema.org/draft/2020-12/schema\",\"$defs\":{";
    for (int i = 0; i < defs; ++i) {
      refs_ = i;
      s += (i ? ",\"d" : "\"d") + std::to_string(i) + "\":" + sub(2);
    }
    refs_ = defs;
    s += "}," + keywords(3) + "}";
    return s;
  }

  std::string instance(int depth = 3) {
    switch (below(depth > 0 ? 9 : 7)) {
      case 0: return "null";
      case 1: return below(2) ? "true" : "false";
      case 2: case 3: return std::to_string(static_cast<int>(below(9)) - 4);
      case 4: return number();
      case 5: case 6: return string();
      case 7: {
        std::string a = "[";
        for (int n = below(4), i = 0; i < n; ++i) a += (i ? "," : "") + instance(depth - 1);
        return a + "]";
      }
      default: {
        std::string o = "{";
        for (int n = below(4), i = 0; i < n; ++i) o += cat({i ? "," : "", name(), ":", instance(depth - 1)});
        return o + "}";
      }
    }
  }

 private:
  int below(int n) { return static_cast<int>(rng_() % static_cast<std::uint32_t>(n)); }

  std::string name() {
    static const char* const names[] = {"\"a\"", "\"b\"", "\"c\"", "\"ab\""};
    return names[below(4)];
  }
  std::string string() {
    static const char* const texts[] = {"\"\"", "\"a\"", "\"b\"", "\"ab\"", "\"ba\"", "\"abc\"", "\"c\"", "\"\\u00e9\""};
    return texts[below(8)];
  }
  // Halves: exact in binary, so ajv's double arithmetic and exact decimals agree.
  std::string number() {
    static const char* const numbers[] = {"-2.5", "-0.5", "0.5", "1.5", "2.0", "3.5", "1e0", "-0.0"};
    return numbers[below(8)];
  }
  std::string bound() { return below(3) ? std::to_string(below(7) - 3) : number(); }
  std::string count() { return std::to_string(below(4)); }
  // Distinct names: the meta-schema wants `required` and dependentRequired's arrays unique.
  std::string names_array() {
    const std::string first = name();
    std::string second = name();
    if (second == first || below(2)) return "[" + first + "]";
    return "[" + first + "," + second + "]";
  }

  // A subschema: sometimes a boolean schema or a $ref, else keywords.
  std::string sub(int depth) {
    const int pick = below(10);
    if (pick == 0) return below(2) ? "true" : "false";
    if (pick == 1 && refs_ > 0) return "{" + ref() + "}";
    return "{" + keywords(depth) + "}";
  }

  // One to three keywords (two of the same are dropped by the JSON object's last-wins:
  // distinct ones are drawn).
  std::string keywords(int depth) {
    std::string out;
    std::vector<int> used;
    for (int n = 1 + below(3), i = 0; i < n; ++i) {
      int k = below(depth > 0 ? 34 : 16);
      if (std::find(used.begin(), used.end(), k) != used.end()) continue;
      used.push_back(k);
      if (!out.empty()) out += ",";
      out += keyword(k, depth);
    }
    return out;
  }

  std::string keyword(int k, int depth) {
    static const char* const types[] = {"\"integer\"", "\"number\"", "\"string\"", "\"boolean\"",
                                        "\"null\"",    "\"array\"",  "\"object\""};
    static const char* const patterns[] = {"\"^a\"", "\"b$\"", "\"^[ab]*$\"", "\"c\"", "\"^.$\""};
    switch (k) {
      case 0: return std::string("\"type\":") + types[below(7)];
      case 1: {  // two distinct types (the meta-schema wants them unique)
        const int t = below(7);
        return std::string("\"type\":[") + types[t] + "," + types[(t + 1 + below(6)) % 7] + "]";
      }
      case 2:  // draft-07's meta-schema wants enum's items unique: a string and an integer
        if (draft7_) return cat({"\"enum\":[", string(), ",", std::to_string(below(9) - 4), "]"});
        return cat({"\"enum\":[", instance(1), ",", instance(1), ",", instance(0), "]"});
      case 3: return "\"const\":" + instance(1);
      case 4: return "\"minimum\":" + bound();
      case 5: return "\"maximum\":" + bound();
      case 6: return "\"exclusiveMinimum\":" + bound();
      case 7: return "\"exclusiveMaximum\":" + bound();
      case 8: return std::string("\"multipleOf\":") + (below(3) == 0 ? "0.5" : below(2) ? "2" : "3");
      case 9: return "\"minLength\":" + count();
      case 10: return "\"maxLength\":" + count();
      case 11: return std::string("\"pattern\":") + patterns[below(5)];
      case 12: return "\"minItems\":" + count();
      case 13: return "\"maxItems\":" + count();
      case 14: return "\"uniqueItems\":true";
      case 15: return "\"required\":" + names_array();
      // Applicators: nested schemas.
      case 16: return "\"items\":" + sub(depth - 1);
      case 17: return cat({draft7_ ? "\"items\":[" : "\"prefixItems\":[", sub(depth - 1), ",", sub(depth - 1), "]"});
      case 18: {
        std::string s = "\"contains\":" + sub(depth - 1);
        if (draft7_) return s;
        if (below(2)) s += ",\"minContains\":" + count();
        if (below(2)) s += ",\"maxContains\":" + count();
        return s;
      }
      case 19: {
        std::string s = cat({"\"properties\":{", name(), ":", sub(depth - 1)});
        if (below(2)) s += ",\"c\":" + sub(depth - 1);
        return s + "}";
      }
      case 20: return "\"additionalProperties\":" + sub(depth - 1);
      case 21: return cat({"\"patternProperties\":{", patterns[below(5)], ":", sub(depth - 1), "}"});
      case 22: return "\"propertyNames\":" + sub(depth - 1);
      case 23: return cat({"\"minProperties\":", count(), ",\"maxProperties\":", std::to_string(1 + below(3))});
      case 24: return cat({draft7_ ? "\"dependencies\":{" : "\"dependentRequired\":{", name(), ":", names_array(), "}"});
      case 25: return cat({draft7_ ? "\"dependencies\":{" : "\"dependentSchemas\":{", name(), ":", sub(depth - 1), "}"});
      case 26: return cat({"\"allOf\":[", sub(depth - 1), ",", sub(depth - 1), "]"});
      case 27: return cat({"\"anyOf\":[", sub(depth - 1), ",", sub(depth - 1), "]"});
      case 28: return cat({"\"oneOf\":[", sub(depth - 1), ",", sub(depth - 1), "]"});
      case 29: return "\"not\":" + sub(depth - 1);
      case 30: {
        std::string s = "\"if\":" + sub(depth - 1);
        if (below(4)) s += ",\"then\":" + sub(depth - 1);
        if (below(4)) s += ",\"else\":" + sub(depth - 1);
        return s;
      }
      case 31: return (draft7_ ? "\"additionalItems\":" : "\"unevaluatedProperties\":") + sub(depth - 1);
      case 32:  // draft-07's additionalItems means something beside an items array only
        if (draft7_) return cat({"\"items\":[", sub(depth - 1), "],\"additionalItems\":", sub(depth - 1)});
        return "\"unevaluatedItems\":" + sub(depth - 1);
      default:
        // A $ref beside other keywords: draft-07 ignores them (ajv does not), so there
        // a $ref comes only alone (sub()).
        if (refs_ == 0 || draft7_) return "\"type\":\"array\"";
        return ref();
    }
  }

  std::string ref() {
    return std::string(draft7_ ? "\"$ref\":\"#/definitions/d" : "\"$ref\":\"#/$defs/d") + std::to_string(below(refs_)) +
           "\"";
  }

  std::mt19937 rng_;
  bool draft7_;
  int refs_ = 0;  // $defs d0 .. d(refs_ - 1) may be referred to here
};

struct case_set {
  std::vector<std::string> schemas;
  std::vector<std::vector<std::string>> instances;
};

case_set draw(std::uint32_t seed, int schemas, int per_schema, bool draft7 = false) {
  generator g(seed, draft7);
  case_set c;
  for (int i = 0; i < schemas; ++i) {
    c.schemas.push_back(g.schema());
    c.instances.emplace_back();
    for (int j = 0; j < per_schema; ++j) c.instances.back().push_back(g.instance());
  }
  return c;
}

// The cases of `c` with the given indexes, one line each: {"schema":S,"instances":[...]}.
void write_cases(const case_set& c, const std::vector<std::size_t>& which, const fs::path& in) {
  std::ofstream f(in, std::ios::binary);
  for (std::size_t i : which) {
    f << "{\"schema\":" << c.schemas[i] << ",\"instances\":[";
    for (std::size_t j = 0; j < c.instances[i].size(); ++j) f << (j ? "," : "") << c.instances[i][j];
    f << "]}\n";
  }
}

// An oracle's verdicts, one line per case: a JSON array of booleans, or {"error":...}.
std::vector<std::string> run_oracle(const std::string& command_head, const fs::path& dir, std::string_view name,
                                    std::string_view tail, std::string& problem) {
  const fs::path in = dir / (std::string(name) + ".in"), out = dir / (std::string(name) + ".out"),
                 err = dir / (std::string(name) + ".stderr");
  const std::string command = command_head + " " + node::quote(in.string()) + " " + node::quote(out.string()) +
                              std::string(tail) + " 2>" + node::quote(err.string());
  if (node::run(command) != 0) {
    std::ifstream log(err);
    problem.assign(std::istreambuf_iterator<char>(log), std::istreambuf_iterator<char>());
    return {};
  }
  return node::read_lines(out);
}

std::vector<std::string> ajv_verdicts(const case_set& c, const fs::path& dir, std::string& problem) {
  std::vector<std::size_t> all(c.schemas.size());
  for (std::size_t i = 0; i < all.size(); ++i) all[i] = i;
  write_cases(c, all, dir / "ajv.in");
  const fs::path script = node::source_dir() / "tests" / "schema" / "node" / "ajv_oracle.mjs";
  return run_oracle(node::quote(node::find_node()) + " " + node::quote(script.string()), dir, "ajv",
                    " " + node::quote(node::npm_prefix().string()), problem);
}

// Python's jsonschema on the cases `which` of c (where ajv and this library disagree).
std::vector<std::string> jsonschema_verdicts(const case_set& c, const std::vector<std::size_t>& which,
                                             const fs::path& dir, std::string& problem) {
  write_cases(c, which, dir / "jsonschema.in");
  const fs::path script = node::source_dir() / "tests" / "schema" / "jsonschema_oracle.py";
  return run_oracle("/usr/bin/python3 " + node::quote(script.string()), dir, "jsonschema", "", problem);
}

std::string verdict_text(const std::vector<bool>& v) {
  std::string s = "[";
  for (std::size_t i = 0; i < v.size(); ++i) s += (i ? "," : "") + std::string(v[i] ? "true" : "false");
  return s + "]";
}

void expect_ajv_verdicts(std::uint32_t seed, bool draft7) {
  std::string problem;
  ASSERT_TRUE(node::ensure_package(ajv_package, "ajv", problem)) << problem;
  const case_set c = draw(seed, 400, 8, draft7);
  node::scratch_dir dir(draft7 ? "schema-ajv-draft7" : "schema-ajv");
  const std::vector<std::string> ajv = ajv_verdicts(c, dir.path(), problem);
  ASSERT_EQ(ajv.size(), c.schemas.size()) << problem;

  std::size_t compared = 0, valid = 0, streamed = 0;
  std::vector<std::size_t> disagreements;
  std::vector<std::string> ours;  // our verdicts where ajv's differ
  for (std::size_t i = 0; i < c.schemas.size(); ++i) {
    ujson::schema::load_error error;
    const auto v = ujson::schema::compile(c.schemas[i], error);
    ASSERT_TRUE(v.has_value()) << c.schemas[i] << "\n" << error.what();
    // ajv's {"error":...} (it threw: see docs/conformance.md) counts as a disagreement.
    std::vector<bool> mine_fast, mine_full, mine_text;
    for (const std::string& text : c.instances[i]) {
      ujson::document doc;
      ASSERT_FALSE(doc.parse(text)) << text;
      mine_fast.push_back(v->is_valid(doc.root()));
      mine_full.push_back(v->validate(doc.root()).valid);
      const ujson::schema::text_result t = v->is_valid_text(text, {.events = true});
      ASSERT_FALSE(t.decode_error) << text;
      mine_text.push_back(t.valid);
      streamed += t.streamed ? 1 : 0;
    }
    compared += mine_fast.size();
    for (bool b : mine_fast) valid += b ? 1 : 0;
    // The three paths of this library agree with one another, always.
    EXPECT_EQ(verdict_text(mine_full), verdict_text(mine_fast)) << c.schemas[i];
    EXPECT_EQ(verdict_text(mine_text), verdict_text(mine_fast)) << c.schemas[i];
    if (verdict_text(mine_fast) != ajv[i]) {
      disagreements.push_back(i);
      ours.push_back(verdict_text(mine_fast));
    }
  }
  // Where ajv disagrees, Python's jsonschema decides: it must side with this library (ajv's
  // known deviations, docs/conformance.md: annotations of subschemas that fail or do not
  // apply counted by unevaluated*, contains beside an items array). A few only.
  if (!disagreements.empty()) {
    const std::vector<std::string> third = jsonschema_verdicts(c, disagreements, dir.path(), problem);
    ASSERT_EQ(third.size(), disagreements.size()) << problem;
    for (std::size_t k = 0; k < disagreements.size(); ++k) {
      const std::size_t i = disagreements[k];
      std::string instances;
      for (const std::string& t : c.instances[i]) instances += "\n    " + t;
      EXPECT_EQ(third[k], ours[k]) << "schema " << c.schemas[i] << "\n  instances:" << instances
                                   << "\n  ajv:        " << ajv[i] << "\n  ujson:      " << ours[k]
                                   << "\n  jsonschema: " << third[k];
      if (third[k] == ours[k]) {
        std::printf("ajv differs, jsonschema agrees with ujson: %s\n  ajv %s, ujson %s\n", c.schemas[i].c_str(),
                    ajv[i].c_str(), ours[k].c_str());
      }
    }
  }
  EXPECT_LE(disagreements.size(), c.schemas.size() / 50) << "ajv disagreed on " << disagreements.size() << " schemas";
  // The text path took the decoder's events for the schemas that allow it (about half of
  // the drawn ones: the rest hold uniqueItems, contains, unevaluated*...).
  EXPECT_GT(streamed, compared / 5) << streamed << " of " << compared << " on events";
  // Verdicts must fall both ways, or the comparison says little.
  EXPECT_GT(valid, compared / 5) << valid << " of " << compared << " valid";
  EXPECT_LT(valid, compared * 4 / 5) << valid << " of " << compared << " valid";
}

TEST(SchemaAgainstAjv, Draft2020_12VerdictsOnDrawnSchemasAndInstances) {
  if (node::find_node().empty()) GTEST_SKIP() << node::no_node;
  expect_ajv_verdicts(20261202, false);
}

TEST(SchemaAgainstAjv, Draft7VerdictsOnDrawnSchemasAndInstances) {
  if (node::find_node().empty()) GTEST_SKIP() << node::no_node;
  expect_ajv_verdicts(20261203, true);
}

// The CLI as a user runs it: exit 0 when every file is valid, 1 with a "FILE: " line for
// each invalid one, for 40 schemas of another draw, against the library's verdicts (which
// the tests above hold to ajv's and jsonschema's).
TEST(SchemaAgainstAjv, CliExitCodesAndLines) {
  const case_set c = draw(7, 40, 5);
  node::scratch_dir dir("schema-ajv-cli");
  int exit_ones = 0;
  for (std::size_t i = 0; i < c.schemas.size(); ++i) {
    ujson::schema::load_error error;
    const auto v = ujson::schema::compile(c.schemas[i], error);
    ASSERT_TRUE(v.has_value()) << c.schemas[i] << "\n" << error.what();
    const fs::path schema = dir.path() / ("s" + std::to_string(i) + ".json");
    std::ofstream(schema) << c.schemas[i];
    std::string command = node::quote(UJSON_CLI) + " validate --schema " + node::quote(schema.string());
    std::vector<fs::path> files;
    std::vector<bool> verdicts;
    for (std::size_t j = 0; j < c.instances[i].size(); ++j) {
      files.push_back(dir.path() / ("i" + std::to_string(i) + "_" + std::to_string(j) + ".json"));
      std::ofstream(files.back()) << c.instances[i][j];
      command += " " + node::quote(files.back().string());
      ujson::document doc;
      ASSERT_FALSE(doc.parse(c.instances[i][j]));
      verdicts.push_back(v->is_valid(doc.root()));
    }
    const fs::path out = dir.path() / "out.txt";
    const int status = node::run(command + " >" + node::quote(out.string()) + " 2>&1");
    std::ifstream in(out);
    const std::string said((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const bool all_valid = std::find(verdicts.begin(), verdicts.end(), false) == verdicts.end();
    EXPECT_EQ(status, all_valid ? 0 : 1) << c.schemas[i] << "\n" << said;
    exit_ones += status == 1 ? 1 : 0;
    for (std::size_t j = 0; j < files.size(); ++j) {
      const bool named = said.find(files[j].string() + ": ") != std::string::npos;
      EXPECT_EQ(named, !verdicts[j]) << files[j] << " (" << c.instances[i][j] << ") under " << c.schemas[i] << "\n"
                                     << said;
    }
  }
  EXPECT_GT(exit_ones, 5);
  EXPECT_LT(exit_ones, 35);
}

}  // namespace
