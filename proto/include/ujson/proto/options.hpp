#pragma once
// The query options of every endpoint: one table (option_specs) that the parser, the tests
// and proto/openapi.yaml agree on. A request's query string becomes codec options here.
// Knows nothing of HTTP messages or sockets.

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ujson/options.hpp"
#include "ujson/pointer.hpp"

namespace ujson::proto {

// The endpoints that take options (bit flags, so one spec can serve several).
enum endpoint_bits : std::uint8_t {
  on_validate = 1,
  on_decode = 2,
  on_encode = 4,
};

// max_errors at most: a refused document's answer stays small.
inline constexpr long long max_schema_errors = 1000;

enum class option_type : std::uint8_t { boolean, integer, enumeration, string };

struct request_options;

// A query value, parsed by the option's type before its setter sees it.
struct option_value {
  bool boolean = false;
  long long integer = 0;
  std::size_t choice = 0;  // enumerations: the index of the value in option_spec::values
  std::string_view text;   // as given (percent-decoded)
};

struct option_spec {
  std::string_view name;
  option_type type;
  std::uint8_t endpoints;        // endpoint_bits
  std::string_view default_text; // as OpenAPI's `default` writes it
  long long minimum = 0;         // integers only
  long long maximum = 0;         // integers only; see server_bound
  std::string_view values{};     // enumerations: "a|b|c"
  // Stores the value in the request's options; false when it is outside what the option
  // accepts beyond its type (then `requirement` says what it must be).
  bool (*set)(const option_value&, request_options&) = nullptr;
  std::string_view requirement{};
  bool server_bound = false;     // the upper bound is the server's --max-depth, not `maximum`
  bool repeatable = false;       // may be given more than once (each value goes to the setter in turn)
};

// Every option, in the order openapi.yaml lists them.
std::span<const option_spec> option_specs() noexcept;

// What a body of several documents (NDJSON lines; sequences of binary values) answers for
// one that fails: the whole request fails with it, it is left out, or an error object is
// answered in its place.
enum class item_errors : std::uint8_t { fail, skip, report };

// What a request asks of the codec.
struct request_options {
  decode_options decode;  // read side (every POST endpoint)
  encode_options encode;  // /encode; on /decode only `canonical` (RFC 8785), else canonical compact JSON
  item_errors ndjson_errors = item_errors::fail;
  // Answer only the values at these (one: the value; several: an array of them, in order).
  std::vector<json_pointer> pointers;
  bool missing_null = false;  // a pointer that matches nothing answers null, not 422
  std::string schema;          // /validate: the name of the schema to check against; empty: JSON only
  std::size_t max_errors = 10; // /validate?schema=: errors reported per refused document
};

// A rejected option: its name (empty when the query itself is malformed) and why.
struct option_error {
  std::string option;
  std::string message;
};

// The options for one endpoint (one of endpoint_bits) from a raw query string (the part
// after '?', still percent-encoded). Unknown, repeated, malformed or out-of-range options
// fail with their name. max_depth defaults to, and may not exceed, server_max_depth.
bool parse_options(std::string_view query, std::uint8_t endpoint, std::size_t server_max_depth,
                   request_options& out, option_error& error);

// Options of /decode's canonical output: UTF-8, no escapes JSON does not require.
encode_options canonical_encode_options(const decode_options& read);

// Percent-decodes a query component ('+' is a space). False on a bad %XX escape.
bool percent_decode(std::string_view in, std::string& out);

}  // namespace ujson::proto
