#pragma once
// The one harness every library goes through. A library is a class with
//   static constexpr const char* name; static constexpr bool has_sorted_serialize;
//   static constexpr int double_ulps;     // 0, unless the library does not round doubles
//                                         // correctly (see digest::compare)
//   static std::string version();
//   void prepare(std::string_view json);  // untimed: the library's own copy of the input
//   bool parse();                         // into the library's DOM, reusing what it can
//   bool validate();                      // true when the input is valid JSON
//   std::string_view serialize();         // the current DOM, compact
//   std::string_view serialize_sorted();  // with sorted keys (if has_sorted_serialize)
//   digest summarize() const;             // of the current DOM
//   walk_totals walk() const;             // of the current DOM (the parse+walk rows)
// validate and serialize are optional: a second way of parsing with the same library
// (RapidJSON in situ) has only the parse rows.
// (see libs/*.hpp). Every benchmark checks its last result against ujson's reference
// digest of the input, and serialize output is re-parsed by ujson first; a mismatch
// aborts the run with a message, so a fast wrong answer never reaches a table.

#include <benchmark/benchmark.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "digest.hpp"
#include "workloads.hpp"

namespace codec_bench {

[[noreturn]] void fail(const std::string& what);

// ujson's digest of the workload: the reference every library is checked against.
const digest& reference_digest(const workload& w);
const walk_totals& reference_walk(const workload& w);

// Aborts unless `got` matches the reference within `ulps` per double. A match that needed
// the tolerance is reported once per library and workload as a "codec_bench: note:" line
// on stderr (bench/codec/report.py copies those into the results).
void check_parsed(const char* library, const char* operation, const workload& w, const digest& got, int ulps);
// Re-parses `out` with ujson and compares with the reference (within `ulps`) and with the
// library's own DOM (`own`, exactly: a serializer must write back what its DOM holds);
// when `sorted`, also checks that the members of every object are in code point (UTF-8
// byte) order of their keys.
void check_serialized(const char* library, const workload& w, std::string_view out, bool sorted, int ulps,
                      const digest& own);

// Aborts unless a library's walk of its DOM matches ujson's exactly.
void check_walked(const char* library, const workload& w, const walk_totals& got);

// Texts that RFC 8259 rejects and every validator and parser must reject.
const std::vector<std::string>& invalid_samples();

struct library_entry {
  std::string name;
  std::string version;
  bool has_sorted_serialize = false;
  // Empty when the library has no such operation (then it has no cell in that table).
  std::function<void(benchmark::State&, const workload&)> parse, parse_walk, serialize, validate, serialize_sorted;
  std::function<void()> check_invalid;             // aborts unless every invalid sample is rejected
  std::function<void(const workload&)> check_all;  // parse, serialize, validate once, untimed
};

namespace detail {

inline void set_bytes(benchmark::State& state, const workload& w) {
  // Serialize counts the input document's bytes too, so every column reads the same way.
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(w.json.size()));
}

template <class Lib>
std::unique_ptr<Lib> prepared(const workload& w) {
  auto lib = std::make_unique<Lib>();
  lib->prepare(w.json);
  return lib;
}

template <class Lib>
[[noreturn]] void rejected(const char* operation, const workload& w) {
  fail(std::string(Lib::name) + " " + operation + " rejected " + w.id);
}

template <class Lib>
void bench_parse(benchmark::State& state, const workload& w) {
  auto lib = prepared<Lib>(w);
  if (!lib->parse()) rejected<Lib>("parse", w);  // warm-up: buffers reach their size
  for (auto _ : state) {
    if (!lib->parse()) [[unlikely]] rejected<Lib>("parse", w);
  }
  check_parsed(Lib::name, "parse", w, lib->summarize(), Lib::double_ulps);
  set_bytes(state, w);
}

// Parse, then read the whole DOM (walk_totals): what a program that uses every value pays.
template <class Lib>
void bench_parse_walk(benchmark::State& state, const workload& w) {
  auto lib = prepared<Lib>(w);
  if (!lib->parse()) rejected<Lib>("parse", w);
  walk_totals totals;
  for (auto _ : state) {
    if (!lib->parse()) [[unlikely]] rejected<Lib>("parse", w);
    totals = lib->walk();
    benchmark::DoNotOptimize(totals);
  }
  check_walked(Lib::name, w, totals);
  set_bytes(state, w);
}

template <class Lib>
concept has_validate = requires(Lib& lib) { lib.validate(); };
template <class Lib>
concept has_serialize = requires(Lib& lib) { lib.serialize(); };

template <class Lib, bool Sorted>
void bench_serialize(benchmark::State& state, const workload& w) {
  auto lib = prepared<Lib>(w);
  if (!lib->parse()) rejected<Lib>("parse", w);
  auto run = [&] { return Sorted ? lib->serialize_sorted() : lib->serialize(); };
  std::string_view out = run();  // warm-up
  for (auto _ : state) {
    out = run();
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  check_serialized(Lib::name, w, out, Sorted, Lib::double_ulps, lib->summarize());
  set_bytes(state, w);
}

template <class Lib>
void bench_validate(benchmark::State& state, const workload& w) {
  auto lib = prepared<Lib>(w);
  if (!lib->validate()) rejected<Lib>("validate", w);
  for (auto _ : state) {
    if (!lib->validate()) [[unlikely]] rejected<Lib>("validate", w);
  }
  set_bytes(state, w);
}

template <class Lib>
void check_invalid() {
  for (const std::string& text : invalid_samples()) {
    Lib lib;
    lib.prepare(text);
    if constexpr (has_validate<Lib>) {
      if (lib.validate()) fail(std::string(Lib::name) + " validate accepts invalid JSON: " + text);
    }
    if (lib.parse()) fail(std::string(Lib::name) + " parse accepts invalid JSON: " + text);
  }
}

template <class Lib>
void check_all(const workload& w) {
  auto lib = prepared<Lib>(w);
  if constexpr (has_validate<Lib>) {
    if (!lib->validate()) rejected<Lib>("validate", w);
  }
  if (!lib->parse()) rejected<Lib>("parse", w);
  const digest own = lib->summarize();
  check_parsed(Lib::name, "parse", w, own, Lib::double_ulps);
  check_walked(Lib::name, w, lib->walk());
  if constexpr (has_serialize<Lib>) {
    check_serialized(Lib::name, w, lib->serialize(), false, Lib::double_ulps, own);
    if constexpr (Lib::has_sorted_serialize) {
      if (w.id == sorted_keys_workload) {
        check_serialized(Lib::name, w, lib->serialize_sorted(), true, Lib::double_ulps, own);
      }
    }
  }
}

}  // namespace detail

template <class Lib>
library_entry make_entry() {
  library_entry e;
  e.name = Lib::name;
  e.version = Lib::version();
  e.has_sorted_serialize = Lib::has_sorted_serialize;
  e.parse = &detail::bench_parse<Lib>;
  e.parse_walk = &detail::bench_parse_walk<Lib>;
  if constexpr (detail::has_serialize<Lib>) {
    e.serialize = &detail::bench_serialize<Lib, false>;
    if constexpr (Lib::has_sorted_serialize) e.serialize_sorted = &detail::bench_serialize<Lib, true>;
  }
  if constexpr (detail::has_validate<Lib>) e.validate = &detail::bench_validate<Lib>;
  e.check_invalid = &detail::check_invalid<Lib>;
  e.check_all = &detail::check_all<Lib>;
  return e;
}

// One per translation unit (bench_<library>.cpp), so each peer's headers and macros stay
// in their own file and the five compile in parallel.
library_entry ujson_entry();
library_entry simdjson_entry();
library_entry rapidjson_entry();
library_entry rapidjson_insitu_entry();
library_entry boostjson_entry();
library_entry nlohmann_entry();

}  // namespace codec_bench
