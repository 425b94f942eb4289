// Uses the installed headers and library: decode into a DOM, re-encode with options,
// validate, and a custom handler. Exits 0 only when every result is right.

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

#include <ujson/ujson.hpp>

namespace {

int failures = 0;

void check(bool ok, const char* what) {
  if (!ok) {
    std::fprintf(stderr, "consumer: FAILED: %s\n", what);
    ++failures;
  }
}

struct counter : ujson::null_handler {
  int values = 0;
  ujson::errc on_int64(std::int64_t) { return ++values, ujson::errc::ok; }
  ujson::errc on_double(double, std::string_view) { return ++values, ujson::errc::ok; }
  ujson::errc on_string(std::string_view, ujson::string_origin) { return ++values, ujson::errc::ok; }
};

}  // namespace

int main() {
  const std::string input = R"({"b": [1, 2.5, "x\u00e9/"], "a": null})";

  ujson::document doc;
  const ujson::error e = doc.parse(input);
  check(!e, "parse");
  check(doc.root()["b"][0].as_int64() == 1, "root[\"b\"][0] == 1");
  check(doc.root()["b"][2].as_string() == "x\xc3\xa9/", "root[\"b\"][2] == \"xé/\"");

  ujson::encode_options options;
  options.sort_keys = true;
  std::string out;
  check(ujson::encode(doc.root(), out, options) == ujson::errc::ok, "encode");
  check(out == R"({"a":null,"b":[1,2.5,"x\u00e9\/"]})", "encoded text");

  check(!ujson::validate(out), "validate the output");
  const ujson::error bad = ujson::validate("[1,\n 2,]");
  check(bad.code == ujson::errc::expected_value && bad.offset == 7 && bad.line == 2 && bad.column == 4,
        "error position");
  check(ujson::code_name(bad.code) == "expected_value", "code_name");

  counter c;
  check(!ujson::decode(input, c) && c.values == 3, "custom handler");

  if (failures != 0) return 1;
  std::printf("consumer: ok %s\n", out.c_str());
  return 0;
}
