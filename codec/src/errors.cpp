#include "ujson/errors.hpp"

#include <algorithm>
#include <array>

namespace ujson {
namespace {

struct entry {
  errc code;
  std::string_view name;
  std::string_view message;
};

constexpr std::array<entry, static_cast<std::size_t>(errc::out_of_memory) + 1> table{{
    {errc::ok, "ok", "no error"},
    {errc::stopped, "stopped", "the handler stopped the parse"},
    {errc::empty_input, "empty_input", "the input holds no JSON value"},
    {errc::unexpected_end, "unexpected_end", "the input ends inside a value"},
    {errc::expected_value, "expected_value", "expected a value (object, array, string, number, true, false or null)"},
    {errc::expected_key, "expected_key", "expected a string as object member name"},
    {errc::expected_colon, "expected_colon", "expected ':' after an object member name"},
    {errc::expected_comma_or_end, "expected_comma_or_end", "expected ',' or the end of the array or object"},
    {errc::trailing_characters, "trailing_characters", "unexpected characters after the JSON value"},
    {errc::invalid_literal, "invalid_literal", "invalid literal (expected true, false or null)"},
    {errc::invalid_number, "invalid_number", "invalid number"},
    {errc::control_character, "control_character", "unescaped control character in a string"},
    {errc::invalid_escape, "invalid_escape", "invalid escape sequence in a string"},
    {errc::invalid_unicode_escape, "invalid_unicode_escape", "\\u must be followed by four hexadecimal digits"},
    {errc::lone_surrogate, "lone_surrogate", "a UTF-16 surrogate escape lacks its partner"},
    {errc::invalid_utf8, "invalid_utf8", "invalid UTF-8"},
    {errc::depth_exceeded, "depth_exceeded", "arrays and objects are nested deeper than max_depth"},
    {errc::duplicate_key, "duplicate_key", "duplicate object member name"},
    {errc::nan_or_infinity, "nan_or_infinity", "NaN and Infinity are not JSON (allow_nan is off)"},
    {errc::not_canonicalizable, "not_canonicalizable",
     "RFC 8785 cannot write it: NaN, Infinity, a number that would come out as another, or a lone surrogate"},
    {errc::invalid_writer_call, "invalid_writer_call", "writer calls out of order"},
    {errc::invalid_option, "invalid_option", "invalid option value"},
    {errc::unsupported_value, "unsupported_value",
     "the value has no JSON form (binary data without binary=base64, an unknown extension type or tag, a container "
     "as map key, a date out of range)"},
    {errc::invalid_binary, "invalid_binary",
     "malformed MessagePack or CBOR (a reserved byte, a misplaced break, a chunk or tag content of the wrong type)"},
    {errc::out_of_memory, "out_of_memory", "out of memory"},
}};
static_assert([] {
  for (std::size_t i = 0; i < table.size(); ++i) {
    if (static_cast<std::size_t>(table[i].code) != i || table[i].name.empty()) return false;
  }
  return true;
}(), "the table lists every errc once, in the enum's order");

const entry& lookup(errc code) noexcept {
  const auto i = static_cast<std::size_t>(code);
  return table[i < table.size() ? i : static_cast<std::size_t>(errc::invalid_option)];
}

}  // namespace

std::string_view code_name(errc code) noexcept { return lookup(code).name; }
std::string_view message(errc code) noexcept { return lookup(code).message; }

location locate(std::string_view input, std::size_t offset) noexcept {
  offset = std::min(offset, input.size());
  location loc;
  std::size_t line_start = 0;
  for (std::size_t i = 0; i < offset; ++i) {
    if (input[i] == '\n') {
      ++loc.line;
      line_start = i + 1;
    }
  }
  loc.column = offset - line_start + 1;
  return loc;
}

namespace detail {

error make_error(std::string_view input, errc code, std::size_t offset) noexcept {
  const location loc = locate(input, offset);
  return error{code, offset, loc.line, loc.column};
}

}  // namespace detail
}  // namespace ujson
