#include "harness.hpp"

#include <cstdio>
#include <cstdlib>
#include <map>
#include <optional>
#include <set>

#include "libs/ujson.hpp"
#include "ujson/decoder.hpp"
#include "ujson/handler.hpp"

namespace codec_bench {

void fail(const std::string& what) {
  std::fflush(stdout);
  std::fprintf(stderr, "codec_bench: FAILED: %s\n", what.c_str());
  std::fflush(stderr);
  std::abort();
}

namespace {

// What ujson's own DOM gives for a workload (`summarize` or `walk`), computed once.
template <class Result>
const Result& reference(const workload& w, Result (libs::ujson_lib::*of)() const) {
  static std::map<std::string, Result> cache;
  const auto found = cache.find(w.id);
  if (found != cache.end()) return found->second;
  libs::ujson_lib lib;
  lib.prepare(w.json);
  if (!lib.parse()) fail("ujson cannot parse " + w.id + ", so there is no reference");
  return cache.emplace(w.id, (lib.*of)()).first->second;
}

}  // namespace

const digest& reference_digest(const workload& w) { return reference(w, &libs::ujson_lib::summarize); }
const walk_totals& reference_walk(const workload& w) { return reference(w, &libs::ujson_lib::walk); }

void check_walked(const char* library, const workload& w, const walk_totals& got) {
  const walk_totals& want = reference_walk(w);
  // Doubles a library does not round correctly change number_bits (see double_ulps); the
  // parse check already holds those to their tolerance, so here only the rest must match.
  walk_totals a = want, b = got;
  a.number_bits = b.number_bits = 0;
  if (!(a == b)) fail(std::string(library) + " parse+walk of " + w.id + " differs from ujson's walk");
}

void check_parsed(const char* library, const char* operation, const workload& w, const digest& got, int ulps) {
  const std::string what = std::string(library) + " " + operation + " of " + w.id;
  const digest::comparison c = reference_digest(w).compare(got, ulps);
  if (!c.equal) fail(what + " differs from ujson's reference:\n" + c.difference);
  if (c.off_doubles == 0) return;
  static std::set<std::string> noted;
  if (!noted.insert(what).second) return;
  std::fprintf(stderr,
               "codec_bench: note: %s: %llu of %llu doubles are not the correctly rounded value "
               "(off by up to %lld ulp; %s is allowed %d)\n",
               what.c_str(), static_cast<unsigned long long>(c.off_doubles),
               static_cast<unsigned long long>(got.doubles), static_cast<long long>(c.max_ulps), library, ulps);
}

namespace {

// Checks that every object's keys arrive in strictly increasing byte order.
struct key_order_checker : ujson::null_handler {
  std::vector<std::optional<std::string>> last_key;  // one per open object
  bool sorted = true;

  ujson::errc on_object_begin() {
    last_key.emplace_back();
    return ujson::errc::ok;
  }
  ujson::errc on_object_end(std::size_t) {
    last_key.pop_back();
    return ujson::errc::ok;
  }
  ujson::errc on_key(std::string_view key, ujson::string_origin) {
    std::optional<std::string>& last = last_key.back();
    if (last && !(*last < key)) sorted = false;
    last.emplace(key);
    return ujson::errc::ok;
  }
};

}  // namespace

void check_serialized(const char* library, const workload& w, std::string_view out, bool sorted, int ulps,
                      const digest& own) {
  const std::string operation = sorted ? "serialize (sorted keys)" : "serialize";
  if (out.empty()) fail(std::string(library) + " " + operation + " of " + w.id + " wrote nothing");
  libs::ujson_lib reparsed;
  reparsed.prepare(out);
  if (!reparsed.parse()) {
    fail(std::string(library) + " " + operation + " of " + w.id + " wrote text ujson rejects: " +
         std::string(out.substr(0, 200)));
  }
  const digest got = reparsed.summarize();
  check_parsed(library, operation.c_str(), w, got, ulps);
  const digest::comparison c = own.compare(got, 0);
  if (!c.equal) {
    fail(std::string(library) + " " + operation + " of " + w.id + " does not write back its own DOM:\n" +
         c.difference);
  }
  if (sorted) {
    key_order_checker order;
    const ujson::error e = ujson::decode(out, order);
    if (e || !order.sorted) fail(std::string(library) + " " + operation + " of " + w.id + ": keys not sorted");
  }
}

const std::vector<std::string>& invalid_samples() {
  static const std::vector<std::string> samples = {
      "",                         // empty
      "[1,]",                     // trailing comma
      "{\"a\":1,}",               // trailing comma in an object
      "{\"a\":1}x",               // trailing garbage
      "[1] [2]",                  // two texts
      "[01]",                     // leading zero
      "[1.]",                     // no digit after the point
      "[.5]",                     // no digit before the point
      "[1e]",                     // empty exponent
      "[NaN]",                    // not a JSON literal
      "[tru]",                    // truncated literal
      "{\"a\" 1}",                // missing colon
      "{1:1}",                    // key not a string
      "[\"a\x01\"]",              // raw control character
      "[\"\\x\"]",                // unknown escape
      "[\"\\u12\"]",              // short \u escape
      "[\"abc",                   // unterminated string
      "[[1]",                     // unterminated array
      "[\"\xff\"]",               // invalid UTF-8 byte
      "[\"\xc3\"]",               // truncated UTF-8 sequence
      "[\"\xc0\xaf\"]",           // overlong encoding of '/'
      "[\"\xed\xa0\x80\"]",       // UTF-8-encoded surrogate
      "[\"\xf4\x90\x80\x80\"]",   // above U+10FFFF
  };
  return samples;
}

}  // namespace codec_bench
