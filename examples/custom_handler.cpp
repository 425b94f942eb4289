// custom_handler: decoding with your own handler.
//
// The decoder walks the input once and calls one member of a handler per token. Any type
// with the members of the `ujson::handler` concept will do; the easy way is to derive
// from ujson::null_handler and write only the events you care about. The decoder calls
// the derived type's members directly (a template, no virtual calls), so an event you do
// not override costs nothing.
//
// Every event returns an errc: errc::ok continues, errc::stopped ends the parse politely
// ("I have what I need"), and any other code ends it as an error at that token.

#include <cstdint>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

#include "ujson/decoder.hpp"
#include "ujson/validate.hpp"

namespace {

// 1. Counts values by type, sums the numbers, and collects the member names of the
//    top-level object.
struct stats_handler : ujson::null_handler {
  int objects = 0, arrays = 0, strings = 0, int64s = 0, uint64s = 0, doubles = 0, big_numbers = 0;
  int bools = 0, nulls = 0;
  double sum = 0;          // of the int64 and double values
  std::string last_uint64;  // the text of the last uint64 and big number seen
  std::string last_big_number;
  std::size_t depth = 0;   // how many arrays and objects are open
  std::vector<std::string> top_level_keys;

  ujson::errc on_object_begin() {
    ++objects;
    ++depth;
    return ujson::errc::ok;
  }
  ujson::errc on_object_end(std::size_t /*members*/) {
    --depth;
    return ujson::errc::ok;
  }
  ujson::errc on_array_begin() {
    ++arrays;
    ++depth;
    return ujson::errc::ok;
  }
  ujson::errc on_array_end(std::size_t /*elements*/) {
    --depth;
    return ujson::errc::ok;
  }

  ujson::errc on_key(std::string_view key, ujson::string_origin origin) {
    // The view points into the input (string_origin::input) or, when the key was written
    // with escapes, into the decoder's scratch buffer (string_origin::scratch), which the
    // next string overwrites. Either way: copy what you keep.
    if (depth == 1) top_level_keys.push_back(std::string(key) + (origin == ujson::string_origin::scratch ? "*" : ""));
    return ujson::errc::ok;
  }
  ujson::errc on_string(std::string_view, ujson::string_origin) {
    ++strings;
    return ujson::errc::ok;
  }

  // Integers that fit int64 arrive as int64; only those above INT64_MAX as uint64.
  ujson::errc on_int64(std::int64_t v) {
    ++int64s;
    sum += static_cast<double>(v);
    return ujson::errc::ok;
  }
  ujson::errc on_uint64(std::uint64_t v) {
    ++uint64s;
    last_uint64 = std::to_string(v);
    return ujson::errc::ok;
  }
  // A double comes with its exact text, should you want to keep it.
  ujson::errc on_double(double v, std::string_view /*text*/) {
    ++doubles;
    sum += v;
    return ujson::errc::ok;
  }
  // Integers beyond 64 bits and decimals outside the range of a double: the exact text.
  ujson::errc on_big_number(std::string_view text) {
    ++big_numbers;
    last_big_number = text;
    return ujson::errc::ok;
  }
  ujson::errc on_bool(bool) {
    ++bools;
    return ujson::errc::ok;
  }
  ujson::errc on_null() {
    ++nulls;
    return ujson::errc::ok;
  }
};

// 2. Finds the value of the top-level member "version", then stops: the decoder returns
//    at once with errc::stopped and the offset of the value that stopped it. The rest of
//    the input is never read -- not even checked.
struct find_version : ujson::null_handler {
  std::size_t depth = 0;
  bool at_version = false;  // the last top-level key was "version"
  std::int64_t version = -1;

  ujson::errc on_object_begin() {
    ++depth;
    return ujson::errc::ok;
  }
  ujson::errc on_object_end(std::size_t) {
    --depth;
    return ujson::errc::ok;
  }
  ujson::errc on_array_begin() {
    ++depth;
    return ujson::errc::ok;
  }
  ujson::errc on_array_end(std::size_t) {
    --depth;
    return ujson::errc::ok;
  }
  ujson::errc on_key(std::string_view key, ujson::string_origin) {
    if (depth == 1) at_version = key == "version";
    return ujson::errc::ok;
  }
  ujson::errc on_int64(std::int64_t v) {
    if (depth != 1 || !at_version) return ujson::errc::ok;
    version = v;
    return ujson::errc::stopped;
  }
};

// The concept is checked where decode() is called; checking it here gives a shorter
// message if a member is misspelled or returns the wrong type.
static_assert(ujson::handler<stats_handler>);
static_assert(ujson::handler<find_version>);

}  // namespace

int main() {
  const std::string input = R"({
  "name": "caf\u00e9",
  "version": 3,
  "tags": ["fast", "safe"],
  "ratio": 0.25,
  "max": 18446744073709551615,
  "huge": 123456789012345678901234567890,
  "ok": true,
  "none": null,
  "caf\u00e9": {"depth": 2, "inner": "not a top-level key"}
})";

  // A decoder keeps its scratch buffer between calls: reuse one for many documents.
  ujson::decoder decoder;

  stats_handler stats;
  if (const ujson::error e = decoder.decode(input, stats)) {
    std::cout << "error: " << ujson::code_name(e.code) << " at offset " << e.offset << '\n';
    return 1;
  }
  std::cout << "objects " << stats.objects << ", arrays " << stats.arrays << ", strings " << stats.strings
            << ", bools " << stats.bools << ", nulls " << stats.nulls << '\n';
  std::cout << "int64 " << stats.int64s << ", double " << stats.doubles << ", uint64 " << stats.uint64s << " ("
            << stats.last_uint64 << "), big number " << stats.big_numbers << " (" << stats.last_big_number << ")\n";
  std::cout << "sum of the int64 and double values: " << stats.sum << '\n';
  std::cout << "top-level keys:";
  for (const std::string& key : stats.top_level_keys) std::cout << ' ' << key;
  std::cout << "\n  (* = unescaped into the scratch buffer; the others are views into the input)\n";

  // Stopping early. The input is broken after the part we need.
  const std::string partial = R"({"name": "demo", "version": 7, "payload": [1, 2, 3, oops)";
  find_version finder;
  const ujson::error e = decoder.decode(partial, finder);
  if (e.code != ujson::errc::stopped) {
    std::cout << "unexpected: " << ujson::code_name(e.code) << '\n';
    return 1;
  }
  // errc::stopped is not a syntax error: the handler asked for it, so treat it as success.
  std::cout << "stopped early: version " << finder.version << ", at offset " << e.offset << " (line " << e.line
            << ", column " << e.column << ")\n";

  // A full pass over the same input finds the error that the early stop never reached.
  const ujson::error full = ujson::validate(partial);
  std::cout << "validated in full: " << ujson::code_name(full.code) << " at offset " << full.offset << '\n';
  return 0;
}
