#include "ujson/proto/errors.hpp"

#include "ujson/detail/utf8.hpp"

namespace ujson::proto {
namespace {

void member(ujson::writer& w, std::string_view key, std::string_view value) {
  w.key(key);
  w.string(value);
}

void member(ujson::writer& w, std::string_view key, std::size_t value) {
  w.key(key);
  w.uint64(value);
}

// "error":{"code":...,"message":...; the caller closes it after any members of its own.
void open_error(ujson::writer& w, std::string_view code, std::string_view message) {
  w.key("error");
  w.begin_object();
  member(w, "code", code);
  member(w, "message", message);
}

}  // namespace

ujson::encode_options answer_options() {
  ujson::encode_options o;
  o.ensure_ascii = true;
  o.escape_forward_slashes = false;
  return o.normalize();
}

std::string_view displayable(std::string_view s, std::string& scratch) {
  if (ujson::detail::utf8_valid(s.data(), s.size())) return s;
  scratch.clear();
  for (std::size_t i = 0; i < s.size();) {
    // The longest valid sequence starting here (1 to 4 bytes), else one stray byte.
    std::size_t n = 4;
    while (n > 0 && (i + n > s.size() || !ujson::detail::utf8_valid(s.data() + i, n))) --n;
    if (n == 0) {
      scratch += "\xEF\xBF\xBD";  // U+FFFD REPLACEMENT CHARACTER
      ++i;
    } else {
      scratch.append(s.data() + i, n);
      i += n;
    }
  }
  return scratch;
}

void write_error_body(ujson::writer& w, http_error e, std::string_view message, std::string_view option) {
  const http_error_info& i = info(e);
  std::string scratch_message, scratch_option;
  w.reset();
  w.begin_object();
  open_error(w, i.code, message.empty() ? i.message : displayable(message, scratch_message));
  if (e == http_error::bad_option) member(w, "option", displayable(option, scratch_option));
  w.end_object();
  w.end_object();
}

void write_error_body(std::string& out, http_error e, std::string_view message, std::string_view option) {
  ujson::writer w(answer_options());
  write_error_body(w, e, message, option);
  out.assign(w.output());
}

namespace {

void place(ujson::writer& w, const ujson::error& at) {
  member(w, "offset", at.offset);
  member(w, "line", at.line);
  member(w, "column", at.column);
}

// "no value at pointer '/a'" (the pointer as the client sent it, made displayable).
std::string pointer_message(std::string_view pointer) {
  std::string scratch;
  return "no value at pointer '" + std::string(displayable(pointer, scratch)) + "'";
}

}  // namespace

void write_codec_error_body(ujson::writer& w, const ujson::error& e, bool validate_shape) {
  w.reset();
  w.begin_object();
  if (validate_shape) {
    w.key("valid");
    w.boolean(false);
  }
  open_error(w, ujson::code_name(e.code), e.message());
  place(w, e);
  w.end_object();
  w.end_object();
}

void write_unread_error_body(ujson::writer& w, const ujson::error& e, std::size_t unread_bytes) {
  w.reset();
  w.begin_object();
  open_error(w, ujson::code_name(e.code), e.message());
  place(w, e);
  member(w, "unread_bytes", unread_bytes);
  w.end_object();
  w.end_object();
}

void write_pointer_error_body(ujson::writer& w, std::string_view pointer, const ujson::error* at) {
  std::string scratch;
  w.reset();
  w.begin_object();
  open_error(w, info(http_error::pointer_not_found).code, pointer_message(pointer));
  member(w, "pointer", displayable(pointer, scratch));
  if (at != nullptr) place(w, *at);
  w.end_object();
  w.end_object();
}

void write_encode_error_body(ujson::writer& w, ujson::errc code) {
  w.reset();
  w.begin_object();
  open_error(w, ujson::code_name(code), ujson::message(code));
  w.end_object();
  w.end_object();
}

void write_health_body(ujson::writer& w, bool draining) {
  w.reset();
  w.begin_object();
  member(w, "status", draining ? "draining" : "ok");
  if (draining) {
    const http_error_info& i = info(http_error::shutting_down);
    open_error(w, i.code, i.message);
    w.end_object();
  }
  w.end_object();
}

}  // namespace ujson::proto
