#include "decode_error.hpp"

#include <cstdint>

namespace ultrajson {
namespace {

bool is_continuation(std::string_view s, std::size_t i) noexcept {
  return i < s.size() && (static_cast<unsigned char>(s[i]) & 0xC0) == 0x80;
}

// The kind of malformed UTF-8 sequence that starts at `at` (where the decoder stopped), in
// the words ujson's decoder uses for it (src/ujson/python/decode.c), so that code written
// against ujson still recognises the error.
std::string_view utf8_message(std::string_view input, std::size_t at) noexcept {
  const auto lead = static_cast<unsigned char>(input[at]);
  if (lead < 0xC0) return "Found UTF-8 continuation byte without corresponding start byte when decoding 'string'";
  if (lead >= 0xF8) return "Invalid UTF-8 sequence length when decoding 'string'";
  if (lead >= 0xF5) return "Code point > U+10FFFF encountered whilst decoding 'string'";
  const std::size_t length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
  std::uint32_t cp = lead & (0x7F >> length);
  for (std::size_t i = 1; i < length; ++i) {
    if (!is_continuation(input, at + i)) return "Invalid UTF-8 continuation byte when decoding 'string'";
    cp = (cp << 6) | (static_cast<unsigned char>(input[at + i]) & 0x3F);
  }
  if (length == 2) return "Overlong 2-byte UTF-8 sequence detected when decoding 'string'";
  // (sic: ujson says "encoding" for this one)
  if (length == 3) return "Overlong 3-byte UTF-8 sequence detected when encoding string";
  if (cp < 0x10000) return "Overlong 4-byte UTF-8 sequence detected when decoding 'string'";
  return "Code point > U+10FFFF encountered whilst decoding 'string'";
}

// \u at `at` without four hex digits after it: cut off by the end of the input, or not.
std::string_view unicode_escape_message(std::string_view input, std::size_t at) noexcept {
  for (std::size_t i = at + 2; i < at + 6; ++i) {
    if (i >= input.size()) return "Unterminated unicode escape sequence when decoding 'string'";
    const char c = input[i];
    const bool hex = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    if (!hex) break;
  }
  return "Unexpected character in unicode escape sequence when decoding 'string'";
}

// ujson's message for the errors it names by their kind (malformed UTF-8, escapes), which
// user code matches on; empty for the others, which keep the codec's sentence.
std::string_view ujson_message(const ujson::error& e, std::string_view input) noexcept {
  if (e.offset >= input.size()) return {};
  switch (e.code) {
    case ujson::errc::invalid_utf8:
      return utf8_message(input, e.offset);
    case ujson::errc::invalid_escape:
      return "Unrecognized escape sequence when decoding 'string'";
    case ujson::errc::invalid_unicode_escape:
      return unicode_escape_message(input, e.offset);
    default:
      return {};
  }
}

}  // namespace

// json.JSONDecodeError(msg, doc, pos) adds "line L column C (char P)"; pos counts
// characters, as json's does, not bytes.
void raise_decode_error(module_state* st, const ujson::error& e, std::string_view input, PyObject* arg) {
  std::size_t pos = 0;
  const std::size_t end = e.offset < input.size() ? e.offset : input.size();
  py_ref doc;
  if (PyUnicode_Check(arg)) {
    doc = py_ref::borrow(arg);
  } else {
    doc = py_ref(PyUnicode_DecodeUTF8(input.data(), static_cast<Py_ssize_t>(input.size()), "replace"));
    if (!doc) return;
  }
  // Every byte before the error is well formed (a str's surrogates as three bytes, as one
  // character): count the lead bytes.
  for (std::size_t i = 0; i < end; ++i) pos += (static_cast<unsigned char>(input[i]) & 0xC0) != 0x80;
  std::string_view msg = ujson_message(e, input);
  if (msg.empty()) msg = e.message();
  py_ref exc(PyObject_CallFunction(st->decode_error, "s#On", msg.data(), static_cast<Py_ssize_t>(msg.size()),
                                   doc.get(), static_cast<Py_ssize_t>(pos)));
  if (exc) PyErr_SetObject(st->decode_error, exc.get());
}

}  // namespace ultrajson
