#pragma once
// The checks behind fuzz_schema (schemas alone) and fuzz_schema_pair (a schema and an
// instance), and their replay (tests/schema/schema_fuzz_replay_test.cpp). A schema either
// compiles or is refused with a message and the JSON Pointer of its fault; a compiled one
// validates without crashing or hanging, and its answers agree with each other: is_valid,
// validate with max_errors 1 and with more give one verdict; an invalid verdict has between
// 1 and max_errors errors; each error's instanceLocation points into the instance.
//
// The instance as text (is_valid_text, validate_text: the decoder's events where the schema
// allows) gets the DOM path's verdict and errors, and the parse's error when it is not JSON.
//
// Input: [options] schema (fuzz_schema) or [options] schema NUL instance (fuzz_schema_pair)
//   options: bit 0 assert formats, bit 1 draft-07 by default, bits 2-5 max_errors - 1,
//   bits 6-7 the instance's duplicate keys (keep_last, keep_first, reject; 3: keep_last).
//   fuzz_schema validates the schema's own text, and a value of each type, against it.

#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_checks.hpp"
#include "ujson/dom.hpp"
#include "ujson/schema/schema.hpp"

namespace ujson::fuzz {

namespace schema_detail {

// Whether `pointer` names a value inside `root` (RFC 6901).
inline bool resolves(const value& root, std::string_view pointer) {
  const value* at = &root;
  std::size_t i = 0;
  while (i < pointer.size()) {
    if (pointer[i] != '/') return false;
    const std::size_t end = std::min(pointer.find('/', i + 1), pointer.size());
    std::string token;
    for (std::size_t k = i + 1; k < end; ++k) {
      if (pointer[k] == '~' && k + 1 < end && (pointer[k + 1] == '0' || pointer[k + 1] == '1')) {
        token.push_back(pointer[++k] == '0' ? '~' : '/');
      } else {
        token.push_back(pointer[k]);
      }
    }
    if (at->is_object()) {
      at = at->find(token);
      if (!at) return false;
    } else if (at->is_array()) {
      std::size_t n = 0;
      for (const char c : token) {
        if (c < '0' || c > '9') return false;
        n = n * 10 + static_cast<std::size_t>(c - '0');
        if (n > at->size()) return false;
      }
      if (token.empty() || n >= at->size()) return false;
      at = &at->elements()[n];
    } else {
      return false;
    }
    i = end;
  }
  return true;
}

inline void check_instance(const schema::validator& v, const value& instance, std::size_t max_errors) {
  const bool verdict = v.is_valid(instance);
  const schema::result first = v.validate(instance, {.max_errors = 1});
  const schema::result many = v.validate(instance, {.max_errors = max_errors});
  UJSON_FUZZ_CHECK(first.valid == verdict);
  UJSON_FUZZ_CHECK(many.valid == verdict);
  UJSON_FUZZ_CHECK(verdict == many.errors.empty());
  UJSON_FUZZ_CHECK(many.errors.size() <= max_errors);
  UJSON_FUZZ_CHECK(first.errors.size() <= 1);
  for (const schema::error& e : many.errors) {
    UJSON_FUZZ_CHECK(!e.message.empty());
    // The fallback error of a verdict without a recorded one has no locations; all others
    // point into the instance.
    if (!e.keyword.empty()) UJSON_FUZZ_CHECK(resolves(instance, e.instance_location));
    UJSON_FUZZ_CHECK(e.keyword_location.empty() || e.keyword_location[0] == '/');
  }
}

// The text paths against the DOM path, under the same decode options.
inline void check_text(const schema::validator& v, std::string_view text, const decode_options& decode,
                       std::size_t max_errors) {
  document doc(decode);
  const error parsed = doc.parse(text);
  const schema::text_result quick = v.is_valid_text(text, {.decode = decode, .events = true});
  const schema::text_result full = v.validate_text(text, {.decode = decode, .max_errors = max_errors, .events = true});
  const schema::text_result plain = v.is_valid_text(text, {.decode = decode});  // the DOM path
  UJSON_FUZZ_CHECK(!plain.streamed);
  UJSON_FUZZ_CHECK(plain.valid == quick.valid);
  for (const schema::text_result* r : {&quick, &full, &plain}) {
    UJSON_FUZZ_CHECK(r->decode_error.code == parsed.code);
    UJSON_FUZZ_CHECK(r->decode_error.offset == parsed.offset);
    if (parsed) UJSON_FUZZ_CHECK(!r->valid && r->errors.empty());
  }
  if (parsed) return;
  const bool verdict = v.is_valid(doc.root());
  UJSON_FUZZ_CHECK(quick.valid == verdict);
  UJSON_FUZZ_CHECK(quick.errors.empty());
  const schema::result errors = v.validate(doc.root(), {.max_errors = max_errors});
  UJSON_FUZZ_CHECK(full.valid == verdict);
  UJSON_FUZZ_CHECK(full.errors.size() == errors.errors.size());
  for (std::size_t i = 0; i < full.errors.size() && i < errors.errors.size(); ++i) {
    UJSON_FUZZ_CHECK(full.errors[i].keyword_location == errors.errors[i].keyword_location);
    UJSON_FUZZ_CHECK(full.errors[i].instance_location == errors.errors[i].instance_location);
  }
}

}  // namespace schema_detail

// pair: the input is "[options] schema NUL instance" (fuzz_schema_pair; without a NUL there
// is nothing to check); otherwise "[options] schema" (fuzz_schema).
inline void check_schema(const std::uint8_t* data, std::size_t size, bool pair) {
  if (size < 1) return;
  const std::uint8_t flags = data[0];
  const std::string_view rest(reinterpret_cast<const char*>(data + 1), size - 1);
  const std::size_t nul = pair ? rest.find('\0') : std::string_view::npos;
  if (pair && nul == std::string_view::npos) return;
  const std::string_view schema_text = rest.substr(0, nul);
  const schema::options how{.default_dialect = (flags & 2) ? schema::dialect::draft7 : schema::dialect::draft2020_12,
                            .assert_formats = (flags & 1) != 0};
  const std::size_t max_errors = ((flags >> 2) & 15) + 1;

  schema::load_error problem;
  const std::optional<schema::validator> v = schema::compile(schema_text, problem, how);
  if (!v) {
    UJSON_FUZZ_CHECK(!problem.message.empty());
    UJSON_FUZZ_CHECK(problem.pointer.empty() || problem.pointer[0] == '/');
    return;
  }
  if (nul != std::string_view::npos) {
    const std::string_view instance_text = rest.substr(nul + 1);
    static constexpr duplicate_keys policies[] = {duplicate_keys::keep_last, duplicate_keys::keep_first,
                                                  duplicate_keys::reject, duplicate_keys::keep_last};
    schema_detail::check_text(*v, instance_text, {.duplicate_keys = policies[flags >> 6]}, max_errors);
    document doc;
    if (doc.parse(instance_text)) return;
    schema_detail::check_instance(*v, doc.root(), max_errors);
    return;
  }
  // Schemas alone: the schema's own text and a value of each type as instances.
  document own;
  if (!own.parse(schema_text)) schema_detail::check_instance(*v, own.root(), max_errors);
  static constexpr std::string_view fixed[] = {
      "null", "true", "0", "-1.5", "18446744073709551617", "\"\"", "\"a\"", "[]", "[1,1]", "{}", "{\"a\":{\"b\":[null]}}"};
  for (const std::string_view text : fixed) {
    document doc;
    UJSON_FUZZ_CHECK(!doc.parse(text));
    schema_detail::check_instance(*v, doc.root(), max_errors);
    schema_detail::check_text(*v, text, {}, max_errors);
  }
}

}  // namespace ujson::fuzz
