// schema_bench: instances per second of ujson::schema on (schema, instance) pairs, the C++
// half of the schema table (bench/schema/report.py runs it beside ajv_bench.mjs, on the
// same files, and writes bench/results/schema.md).
//
//   schema_bench [--min-time S] [--repetitions N] NAME=SCHEMA.json:INSTANCE.json...
//
// Per pair, one JSON line on stdout: {"name", "bytes", "validate", "parse_validate",
// "text", "path"}, rates in instances per second (the median of N repetitions, each at
// least S seconds):
//   validate        is_valid() on a DOM parsed once (validation alone);
//   parse_validate  parse the bytes into a reused document, then is_valid();
//   text            is_valid_text() on the bytes (what ujsond's /validate does with a
//                   request body): on the decoder's events when the schema allows ("path":
//                   "events"), else parsed into the reused document ("path": "dom").
// Every instance must be valid: a schema that rejects its own corpus file is a broken
// benchmark, and the program exits 1 saying which.

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "ujson/dom.hpp"
#include "ujson/schema/schema.hpp"

namespace {

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "schema_bench: cannot read %s\n", path.c_str());
    std::exit(1);
  }
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// Calls `once` until `min_seconds` have passed, `repetitions` times; the median rate. A
// first untimed round of half that time warms caches (ajv_bench.mjs does the same, where
// it also lets V8 compile the validator to machine code), so a single repetition is fair.
template <class Body>
double per_second(double min_seconds, int repetitions, Body&& once) {
  using clock = std::chrono::steady_clock;
  for (const auto start = clock::now(); std::chrono::duration<double>(clock::now() - start).count() < min_seconds / 2;) {
    once();
  }
  std::vector<double> rates;
  for (int r = 0; r < repetitions; ++r) {
    const auto start = clock::now();
    std::uint64_t n = 0;
    double elapsed = 0;
    do {
      once();
      ++n;
      elapsed = std::chrono::duration<double>(clock::now() - start).count();
    } while (elapsed < min_seconds);
    rates.push_back(static_cast<double>(n) / elapsed);
  }
  std::sort(rates.begin(), rates.end());
  return rates[rates.size() / 2];
}

[[noreturn]] void fail(const std::string& name, const std::string& why) {
  std::fprintf(stderr, "schema_bench: %s: %s\n", name.c_str(), why.c_str());
  std::exit(1);
}

}  // namespace

int main(int argc, char** argv) {
  double min_time = 0.5;
  int repetitions = 3;
  std::vector<std::string> pairs;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--min-time") == 0 && i + 1 < argc) {
      min_time = std::atof(argv[++i]);
    } else if (std::strcmp(argv[i], "--repetitions") == 0 && i + 1 < argc) {
      repetitions = std::max(1, std::atoi(argv[++i]));
    } else {
      pairs.emplace_back(argv[i]);
    }
  }
  for (const std::string& pair : pairs) {
    const std::size_t eq = pair.find('='), colon = pair.find(':', eq);
    if (eq == std::string::npos || colon == std::string::npos) fail(pair, "expected NAME=SCHEMA:INSTANCE");
    const std::string name = pair.substr(0, eq);
    const std::string schema_text = read_file(pair.substr(eq + 1, colon - eq - 1));
    const std::string instance = read_file(pair.substr(colon + 1));

    ujson::schema::load_error problem;
    const auto validator = ujson::schema::compile(schema_text, problem);
    if (!validator) fail(name, problem.what());
    ujson::document doc;
    if (doc.parse(instance)) fail(name, "the instance is not JSON");
    const ujson::schema::result verdict = validator->validate(doc.root());
    if (!verdict.valid) {
      const ujson::schema::error& e = verdict.errors.front();
      fail(name, "the instance is invalid: " + e.instance_location + ": " + e.keyword_location + ": " + e.message);
    }

    bool all_valid = true;
    const double validate = per_second(min_time, repetitions, [&] { all_valid &= validator->is_valid(doc.root()); });
    ujson::document reused;
    const double parse_validate = per_second(min_time, repetitions, [&] {
      all_valid &= !reused.parse(instance) && validator->is_valid(reused.root());
    });
    const ujson::schema::text_options reuse{.dom = &reused, .events = true};
    const bool streamed = validator->is_valid_text(instance, reuse).streamed;
    const double text = per_second(min_time, repetitions, [&] {
      all_valid &= validator->is_valid_text(instance, reuse).valid;
    });
    if (!all_valid) fail(name, "a timed validation said invalid");
    std::printf("{\"name\":\"%s\",\"bytes\":%zu,\"validate\":%.3f,\"parse_validate\":%.3f,\"text\":%.3f,"
                "\"path\":\"%s\"}\n",
                name.c_str(), instance.size(), validate, parse_validate, text, streamed ? "events" : "dom");
    std::fflush(stdout);
  }
  return 0;
}
