#pragma once
// Error codes shared by the decoder, the writer, the CLI, the service and the Python module.

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace ujson {

enum class errc : std::uint8_t {
  ok = 0,
  stopped,                // a handler asked the decoder to stop; not a syntax error
  empty_input,
  unexpected_end,         // input ends inside a value
  expected_value,
  expected_key,           // an object member must start with a string
  expected_colon,
  expected_comma_or_end,  // after a value inside an array or object
  trailing_characters,    // something after the top-level value
  invalid_literal,        // t/f/n not followed by rue/alse/ull
  invalid_number,
  control_character,      // raw U+0000..U+001F inside a string
  invalid_escape,
  invalid_unicode_escape, // \u not followed by four hex digits
  lone_surrogate,         // \uD800..\uDFFF without its partner
  invalid_utf8,
  depth_exceeded,
  duplicate_key,
  nan_or_infinity,        // encoder: a non-finite double with allow_nan off
  not_canonicalizable,    // encoder, canonical (RFC 8785): not an I-JSON number, or a lone surrogate
  invalid_writer_call,    // encoder: calls out of order (a key outside an object, ...)
  invalid_option,
  // MessagePack and CBOR (docs/binary-formats.md):
  unsupported_value,      // well-formed, but JSON cannot carry it (binary without binary=base64, an unknown ext or tag, ...)
  invalid_binary,         // malformed MessagePack or CBOR: a reserved byte, a misplaced break, a wrongly typed tag content
  out_of_memory,
};

// A stable name ("unexpected_end") for machine-readable error bodies.
std::string_view code_name(errc code) noexcept;
// A sentence for people ("the input ends inside a value").
std::string_view message(errc code) noexcept;

struct location {
  std::size_t line = 1;    // 1-based
  std::size_t column = 1;  // 1-based, counted in bytes
};

// Line and column of a byte offset, computed only when an error is reported.
location locate(std::string_view input, std::size_t offset) noexcept;

struct error {
  errc code = errc::ok;
  std::size_t offset = 0;  // byte offset of the first offending byte
  std::size_t line = 1;
  std::size_t column = 1;

  explicit operator bool() const noexcept { return code != errc::ok; }
  std::string_view message() const noexcept { return ujson::message(code); }
};

}  // namespace ujson
