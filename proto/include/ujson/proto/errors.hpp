#pragma once
// The service's error vocabulary: a stable `code` for every HTTP error, its status, and the
// JSON bodies that carry them. Codec errors (422) keep the codec's own code names
// (ujson::code_name). Knows nothing of Beast or sockets.

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "ujson/errors.hpp"

namespace ujson::proto {

enum class http_error : std::uint8_t {
  bad_request,             // 400: the request is not valid HTTP/1.1
  bad_option,              // 400: an unknown, repeated or out-of-range query option
  not_found,               // 404
  method_not_allowed,      // 405, with Allow
  request_timeout,         // 408: the request did not arrive within --read-timeout
  length_required,         // 411: a POST with neither Content-Length nor chunked body
  body_too_large,          // 413: over --max-body
  unsupported_media_type,  // 415: not JSON, NDJSON or text, or a Content-Encoding
  header_too_large,        // 431: headers over --max-header
  internal_error,          // 500
  shutting_down,           // 503: draining after SIGTERM (/healthz)
  too_many_connections,    // 503: over --max-connections
};

struct http_error_info {
  http_error error;
  std::string_view code;  // the body's "code"
  unsigned status;
  std::string_view message;
};

std::span<const http_error_info> http_errors() noexcept;
const http_error_info& info(http_error e) noexcept;

// {"error":{"code":...,"message":...[,"option":...]}}; message defaults to the table's.
void write_error_body(std::string& out, http_error e, std::string_view message = {}, std::string_view option = {});

// A codec error (422). With `line` nonzero (an NDJSON body) the line is that body line, the
// column is within it and the offset counts from the start of the body.
// validate_shape: {"valid":false,"error":{...}} (as /validate answers); else {"error":{...}}.
void write_codec_error_body(std::string& out, const ujson::error& e, bool validate_shape);

// An encoder failure (nan_or_infinity with allow_nan=false, ...): 422, no position.
void write_encode_error_body(std::string& out, ujson::errc code);

// Appends s as a JSON string; bytes outside printable ASCII become escapes or '?'.
void append_json_string(std::string& out, std::string_view s);

}  // namespace ujson::proto
