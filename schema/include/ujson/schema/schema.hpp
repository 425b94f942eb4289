#pragma once
// JSON Schema (2020-12 and draft-07) on the codec's DOM: a registry holds schema documents
// by their URIs and $ids; compile() turns one of them into a validator once; the validator
// then checks many instances without touching a string table or the network.
//
//   ujson::schema::registry reg;
//   ujson::schema::load_error problem;
//   if (!reg.add(schema_text, "file:///schemas/order.json", problem)) ...
//   auto order = reg.compile("file:///schemas/order.json", problem);
//   ujson::schema::result r = order->validate(doc.root());
//
// See docs/ARCHITECTURE.md (schema/) and SECURITY.md for the limits.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ujson/dom.hpp"

namespace ujson::schema {

enum class dialect : std::uint8_t { draft2020_12, draft7 };

// The URI of the dialect's meta-schema, as `$schema` names it.
std::string_view dialect_uri(dialect d) noexcept;

struct options {
  // The dialect of a schema without `$schema`.
  dialect default_dialect = dialect::draft2020_12;
  // `format` is an annotation unless this is set; then the common formats are checked
  // (date-time, date, time, duration, email, hostname, ipv4, ipv6, uri, uri-reference,
  // uuid, json-pointer, relative-json-pointer, regex) and unknown ones still pass.
  bool assert_formats = false;
};

// Why a schema did not load or compile: the resource's URI, the JSON Pointer of the
// keyword at fault inside it, and a sentence.
struct load_error {
  std::string uri;
  std::string pointer;
  std::string message;
  // "URI#POINTER: message"
  std::string what() const;
};

// One failed assertion, as in 2020-12's "basic" output format.
struct error {
  std::string instance_location;  // JSON Pointer into the instance
  std::string keyword_location;   // JSON Pointer of the keyword, along the evaluation path ($ref included)
  std::string keyword;
  std::string message;
};

struct validate_options {
  // Stop after this many errors; 1 finds the first without evaluating the rest.
  std::size_t max_errors = 10;
};

struct result {
  bool valid = true;
  std::vector<error> errors;  // at most max_errors
  explicit operator bool() const noexcept { return valid; }
};

// Nested schema applications deeper than this (an instance nested that deep under a
// recursive schema, or a $ref cycle that never moves into the instance) fail validation
// with keyword "$ref" rather than exhausting the stack.
inline constexpr std::size_t max_evaluation_depth = 1000;

// A schema can multiply its own work without a cycle (each level an allOf of two $refs to
// the next: 2^levels applications). A validation that applies more than
// max(min_evaluation_budget, evaluations_per_value * values in the instance) schemas fails
// with keyword "$ref" instead of running for hours.
inline constexpr std::uint64_t min_evaluation_budget = 1'000'000;
inline constexpr std::uint64_t evaluations_per_value = 1'000;

// An instance given as JSON text (validator::is_valid_text, validate_text).
struct text_options {
  ujson::decode_options decode{};
  // validate_text: errors wanted, as validate_options::max_errors.
  std::size_t max_errors = 10;
  // Where the DOM path parses the instance (its arena reused; made with `decode`'s
  // options); nullptr: a document of the call's own.
  ujson::document* dom = nullptr;
  // Check the instance on the decoder's events where the schema allows (checks_events()),
  // building no DOM: memory stays flat however large the instance. Off by default, since
  // it measured slower than parsing into a DOM and running is_valid() on every workload of
  // make bench's schema table (bench/results/schema.md: twitter 0.72x, canada 0.52x), and
  // ujsond's load rows fell below their bars with it. Never taken under
  // duplicate_keys::reject, whose error only the parse gives (keys the schema does not
  // read are not kept on events).
  bool events = false;
};

struct text_result {
  // Not JSON (code != ok; offset, line and column as the decoder reports them): then
  // valid is false and errors is empty. Told apart from an instance the schema refuses.
  ujson::error decode_error;
  bool valid = false;
  std::vector<error> errors;  // validate_text on an invalid instance: at most max_errors
  // Which path gave the verdict: the decoder's events alone (no DOM built), or the DOM.
  bool streamed = false;
  explicit operator bool() const noexcept { return valid; }
};

namespace detail {
struct store;
struct program;
struct event_plan;
}  // namespace detail

class validator {
 public:
  // The verdict alone: stops at the first failure and builds no message.
  bool is_valid(const value& instance) const;
  result validate(const value& instance, const validate_options& how = {}) const;
  schema::dialect dialect() const noexcept;

  // An instance as JSON text: parsed into a DOM (how.dom, or one of the call's own) and
  // checked there, or with how.events checked as the decoder reads it when the schema
  // allows (checks_events()); the verdicts are is_valid()'s either way. Where the events cannot decide (a duplicate key, which the DOM resolves
  // by the decode options; a validation near the limits above) the DOM path decides.
  text_result is_valid_text(std::string_view json, const text_options& how = {}) const;
  // The same, with validate()'s errors when invalid (found on the DOM: same as validate()).
  text_result validate_text(std::string_view json, const text_options& how = {}) const;
  // Whether no keyword of the schema needs a whole value (uniqueItems, contains, const or
  // enum of containers, unevaluated*, dependentSchemas, $dynamicRef): then text instances
  // are validated on the decoder's events.
  bool checks_events() const noexcept;

 private:
  friend class registry;
  explicit validator(std::shared_ptr<const detail::program> p);
  text_result check_text(std::string_view json, const text_options& how, bool with_errors) const;
  std::shared_ptr<const detail::program> program_;
  std::shared_ptr<const detail::event_plan> events_;
};

class registry {
 public:
  explicit registry(const options& how = {});
  ~registry();
  registry(registry&&) noexcept;
  registry& operator=(registry&&) noexcept;

  // Parses `text` (copied) and registers its root under `uri` (the base of a root without
  // `$id`) and every embedded resource under its `$id`, with their anchors. False with
  // `problem` set when the text is not JSON, a keyword is malformed, or a `$schema` names
  // a dialect the registry does not know.
  bool add(std::string_view text, std::string_view uri, load_error& problem);

  // The $id of the document registered under `uri` (empty when it has none).
  std::string id_of(std::string_view uri) const;

  // Compiles the schema at `uri` (a resource, or a URI with a JSON Pointer or anchor
  // fragment) and everything it references. References resolve among registered
  // resources only; nothing is fetched.
  std::optional<validator> compile(std::string_view uri, load_error& problem) const;

 private:
  std::shared_ptr<detail::store> store_;
};

// The file:// URI of a path (made absolute, normalized, percent-encoded): the URI to add()
// a schema file under, so that its relative $refs name the files beside it.
std::string file_uri(std::string_view path);

// One self-contained schema: add() under `uri`, then compile().
std::optional<validator> compile(std::string_view text, load_error& problem, const options& how = {},
                                 std::string_view uri = "urn:ujson:schema");

}  // namespace ujson::schema
