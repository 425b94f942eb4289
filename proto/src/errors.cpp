#include "ujson/proto/errors.hpp"

#include <array>
#include <cstdio>

namespace ujson::proto {
namespace {

constexpr std::array<http_error_info, 12> table{{
    {http_error::bad_request, "bad_request", 400, "the request is not valid HTTP/1.1"},
    {http_error::bad_option, "bad_option", 400, "bad query option"},
    {http_error::not_found, "not_found", 404, "no such endpoint"},
    {http_error::method_not_allowed, "method_not_allowed", 405, "method not allowed on this endpoint"},
    {http_error::request_timeout, "request_timeout", 408, "the request did not arrive in time"},
    {http_error::length_required, "length_required", 411,
     "a POST needs a Content-Length or a chunked body"},
    {http_error::body_too_large, "body_too_large", 413, "the request body is over the limit"},
    {http_error::unsupported_media_type, "unsupported_media_type", 415,
     "the body must be JSON (application/json, text/plain) or NDJSON (application/x-ndjson), UTF-8, "
     "without Content-Encoding"},
    {http_error::header_too_large, "header_too_large", 431, "the request headers are over the limit"},
    {http_error::internal_error, "internal_error", 500, "internal error"},
    {http_error::shutting_down, "shutting_down", 503, "the server is shutting down"},
    {http_error::too_many_connections, "too_many_connections", 503, "too many open connections"},
}};

void append_number(std::string& out, std::size_t n) {
  char buf[24];
  const int len = std::snprintf(buf, sizeof buf, "%zu", n);
  out.append(buf, static_cast<std::size_t>(len));
}

void append_codec_error(std::string& out, const ujson::error& e) {
  out += "{\"code\":";
  append_json_string(out, ujson::code_name(e.code));
  out += ",\"message\":";
  append_json_string(out, e.message());
  out += ",\"offset\":";
  append_number(out, e.offset);
  out += ",\"line\":";
  append_number(out, e.line);
  out += ",\"column\":";
  append_number(out, e.column);
  out += '}';
}

}  // namespace

std::span<const http_error_info> http_errors() noexcept { return table; }

const http_error_info& info(http_error e) noexcept { return table[static_cast<std::size_t>(e)]; }

void append_json_string(std::string& out, std::string_view s) {
  out += '"';
  for (unsigned char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      out += buf;
    } else if (c >= 0x7F) {
      out += '?';  // error texts are ASCII; a client's odd bytes are not echoed raw
    } else {
      out += static_cast<char>(c);
    }
  }
  out += '"';
}

void write_error_body(std::string& out, http_error e, std::string_view message, std::string_view option) {
  const http_error_info& i = info(e);
  out.clear();
  out += "{\"error\":{\"code\":";
  append_json_string(out, i.code);
  out += ",\"message\":";
  append_json_string(out, message.empty() ? i.message : message);
  if (e == http_error::bad_option) {
    out += ",\"option\":";
    append_json_string(out, option);
  }
  out += "}}";
}

void write_codec_error_body(std::string& out, const ujson::error& e, bool validate_shape) {
  out.clear();
  out += validate_shape ? "{\"valid\":false,\"error\":" : "{\"error\":";
  append_codec_error(out, e);
  out += '}';
}

void write_encode_error_body(std::string& out, ujson::errc code) {
  out.clear();
  out += "{\"error\":{\"code\":";
  append_json_string(out, ujson::code_name(code));
  out += ",\"message\":";
  append_json_string(out, ujson::message(code));
  out += "}}";
}

}  // namespace ujson::proto
