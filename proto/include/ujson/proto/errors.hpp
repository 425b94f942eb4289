#pragma once
// The service's error vocabulary: a stable `code` for every HTTP error, its status, and the
// JSON bodies that carry them. Codec errors (422) keep the codec's own code names
// (ujson::code_name). Knows nothing of Beast or sockets.

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "ujson/errors.hpp"
#include "ujson/options.hpp"
#include "ujson/writer.hpp"

namespace ujson::proto {

enum class http_error : std::uint8_t {
  bad_request,             // 400: the request is not valid HTTP/1.1
  bad_option,              // 400: an unknown, repeated or out-of-range query option
  bad_encoding,            // 400: a body corrupt or truncated in its Content-Encoding
  not_found,               // 404
  method_not_allowed,      // 405, with Allow
  not_acceptable,          // 406: Accept offers no format the answer can take, or Accept-Encoding no coding
  request_timeout,         // 408: the request did not arrive within --read-timeout
  length_required,         // 411: a POST with neither Content-Length nor chunked body
  body_too_large,          // 413: over --max-body
  unsupported_media_type,  // 415: not JSON, NDJSON, text, MessagePack or CBOR
  unsupported_encoding,    // 415: a Content-Encoding other than gzip, deflate, zstd, identity; with Accept-Encoding
  header_too_large,        // 431: headers over --max-header
  internal_error,          // 500
  shutting_down,           // 503: draining after SIGTERM (/healthz)
  too_many_connections,    // 503: over --max-connections
  pointer_not_found,       // 422: a `pointer` option names no value of the document
  unknown_schema,          // 404: /validate?schema=NAME names no loaded schema
};

inline constexpr std::size_t http_error_count = static_cast<std::size_t>(http_error::unknown_schema) + 1;

struct http_error_info {
  http_error error;
  std::string_view code;  // the body's "code"
  unsigned status;
  std::string_view message;
};

// In the enum's order (checked below), so that info(e) is an index.
inline constexpr std::array<http_error_info, http_error_count> http_error_table{{
    {http_error::bad_request, "bad_request", 400, "the request is not valid HTTP/1.1"},
    {http_error::bad_option, "bad_option", 400, "bad query option"},
    {http_error::bad_encoding, "bad_encoding", 400, "the body is not valid in its Content-Encoding"},
    {http_error::not_found, "not_found", 404, "no such endpoint"},
    {http_error::method_not_allowed, "method_not_allowed", 405, "method not allowed on this endpoint"},
    {http_error::not_acceptable, "not_acceptable", 406,
     "Accept allows none of the formats the answer can take (application/json, application/msgpack, application/cbor), or Accept-Encoding none of its codings (identity, gzip, deflate, zstd)"},
    {http_error::request_timeout, "request_timeout", 408, "the request did not arrive in time"},
    {http_error::length_required, "length_required", 411, "a POST needs a Content-Length or a chunked body"},
    {http_error::body_too_large, "body_too_large", 413, "the request body is over the limit"},
    {http_error::unsupported_media_type, "unsupported_media_type", 415,
     "the body must be JSON (application/json, text/plain) or NDJSON (application/x-ndjson), UTF-8, "
     "MessagePack (application/msgpack) or CBOR (application/cbor)"},
    {http_error::unsupported_encoding, "unsupported_encoding", 415,
     "the body's Content-Encoding is not one the service reads: gzip, deflate, zstd or identity"},
    {http_error::header_too_large, "header_too_large", 431, "the request headers are over the limit"},
    {http_error::internal_error, "internal_error", 500, "internal error"},
    {http_error::shutting_down, "shutting_down", 503, "the server is shutting down"},
    {http_error::too_many_connections, "too_many_connections", 503, "too many open connections"},
    {http_error::pointer_not_found, "pointer_not_found", 422, "no value at the pointer"},
    {http_error::unknown_schema, "unknown_schema", 404, "no schema of that name is loaded (GET /schemas lists them)"},
}};
static_assert([] {
  for (std::size_t i = 0; i < http_error_table.size(); ++i) {
    if (static_cast<std::size_t>(http_error_table[i].error) != i) return false;
  }
  return true;
}(), "http_error_table lists every http_error once, in the enum's order");

inline std::span<const http_error_info> http_errors() noexcept { return http_error_table; }
inline const http_error_info& info(http_error e) noexcept { return http_error_table[static_cast<std::size_t>(e)]; }

// Every body below is written by the codec's writer (answer_options()). Text a client
// sent (an option's name) is echoed with each byte that is not UTF-8 shown as U+FFFD.

// The options of the service's own JSON answers: compact, ASCII (non-ASCII as \u escapes),
// '/' as is.
ujson::encode_options answer_options();

// {"error":{"code":...,"message":...[,"option":...]}}; message defaults to the table's.
void write_error_body(ujson::writer& w, http_error e, std::string_view message = {}, std::string_view option = {});
// The same into a string, with a writer of its own (for answers outside a workspace).
void write_error_body(std::string& out, http_error e, std::string_view message = {}, std::string_view option = {});

// A codec error (422). With `line` nonzero (an NDJSON body) the line is that body line, the
// column is within it and the offset counts from the start of the body.
// validate_shape: {"valid":false,"error":{...}} (as /validate answers); else {"error":{...}}.
void write_codec_error_body(ujson::writer& w, const ujson::error& e, bool validate_shape);

// A MessagePack or CBOR sequence that cannot be split past a value whose framing is broken
// (ndjson_errors=report): e's error object with "unread_bytes", the bytes from that value's
// start to the body's end, which no answer covers.
void write_unread_error_body(ujson::writer& w, const ujson::error& e, std::size_t unread_bytes);

// An encoder failure (nan_or_infinity with allow_nan=false, ...): 422, no position.
void write_encode_error_body(ujson::writer& w, ujson::errc code);

// pointer_not_found (422), naming the pointer: {"error":{"code","message","pointer"}}, with
// the line's place ("offset", "line", "column") when `at` is given (an NDJSON line).
// write_codec_error_body and this write the error objects of ndjson_errors=report too.
void write_pointer_error_body(ujson::writer& w, std::string_view pointer, const ujson::error* at = nullptr);

// GET /healthz: {"status":"ok"}, or while draining {"status":"draining","error":{...}}.
void write_health_body(ujson::writer& w, bool draining);

// s when it is valid UTF-8; else a copy in `scratch` with each stray byte as U+FFFD.
std::string_view displayable(std::string_view s, std::string& scratch);

}  // namespace ujson::proto
