#pragma once
// What the MessagePack and CBOR readers share: the stack of open containers (explicit, so
// nesting never recurses) and the turning of one item into the decoder's events, including
// the text forms of values that stand where a map key is due (docs/binary-formats.md).

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ujson/detail/binary_text.hpp"
#include "ujson/detail/digits.hpp"
#include "ujson/detail/number.hpp"
#include "ujson/detail/utf8.hpp"
#include "ujson/errors.hpp"
#include "ujson/handler.hpp"
#include "ujson/options.hpp"

namespace ujson::detail {

error make_error(std::string_view input, errc code, std::size_t offset) noexcept;

inline constexpr std::uint64_t indefinite_items = UINT64_MAX;

struct binary_frame {
  std::uint64_t expected;  // items to come (a map's keys and values), or indefinite_items
  std::uint64_t items;     // items read so far
  bool map;
};

// Kept by the reader between values, for the capacity.
struct binary_state {
  std::vector<binary_frame> stack;
  std::string text;    // a key's text, base64, a bignum's digits, a date: what events point at
  std::string joined;  // the chunks of an indefinite-length CBOR string, joined
};

// Big-endian reads over the input; the readers check has(n) before each.
struct byte_cursor {
  const unsigned char* data;
  std::size_t size;
  std::size_t pos;

  bool has(std::uint64_t n) const noexcept { return size - pos >= n; }
  std::size_t left() const noexcept { return size - pos; }
  std::uint64_t be(std::size_t n) noexcept {
    std::uint64_t v = 0;
    for (std::size_t i = 0; i < n; ++i) v = v << 8 | data[pos++];
    return v;
  }
  std::string_view take(std::size_t n) noexcept {
    const std::string_view v(reinterpret_cast<const char*>(data + pos), n);
    pos += n;
    return v;
  }
};

template <handler H>
class binary_events {
 public:
  binary_events(H& h, binary_state& state, const decode_options& options)
      : h_(h), state_(state), options_(options) {
    state_.stack.clear();
  }

  // True once one whole top-level value has been read.
  bool finished() const noexcept { return finished_; }
  bool key_due() const noexcept {
    return !state_.stack.empty() && state_.stack.back().map && state_.stack.back().items % 2 == 0;
  }

  errc null() { return key_due() ? key("null") : complete(h_.on_null()); }
  errc boolean(bool b) { return key_due() ? key(b ? "true" : "false") : complete(h_.on_bool(b)); }
  errc integer(std::int64_t v) {
    if (!key_due()) return complete(h_.on_int64(v));
    char digits[24];
    return key(std::string_view(digits, static_cast<std::size_t>(format_int(v, digits) - digits)));
  }
  errc unsigned_integer(std::uint64_t v) {
    if (v <= static_cast<std::uint64_t>(INT64_MAX)) return integer(static_cast<std::int64_t>(v));
    if (!key_due()) return complete(h_.on_uint64(v));
    char digits[24];
    return key(std::string_view(digits, static_cast<std::size_t>(format_uint(v, digits) - digits)));
  }
  errc floating(double d) {
    char text[max_double_chars];
    if (key_due()) return key(std::string_view(text, format_python_float(d, text)));
    // The handler gets the number's text, as from JSON: shortest digits, or JSON's spelling
    // of the non-finite values (which the JSON writer writes only with allow_nan).
    std::string_view raw;
    if (d != d) {
      raw = "NaN";
    } else if (d == HUGE_VAL || d == -HUGE_VAL) {
      raw = d > 0 ? "Infinity" : "-Infinity";
    } else {
      raw = std::string_view(text, format_shortest(d, text));
    }
    return complete(h_.on_double(d, raw));
  }
  // An integer beyond 64 bits, its decimal text in text().
  errc big_integer() {
    if (key_due()) return complete(h_.on_key(state_.text, string_origin::scratch));
    return complete(h_.on_big_number(state_.text));
  }
  // Valid UTF-8, checked by the reader.
  errc string(std::string_view s, string_origin origin) {
    return complete(key_due() ? h_.on_key(s, origin) : h_.on_string(s, origin));
  }
  // Binary data: base64 text when asked for; a key as its UTF-8 text, as the Python module
  // takes a bytes key.
  errc bytes(std::string_view b, string_origin origin) {
    if (key_due()) {
      if (!utf8_valid(b.data(), b.size())) return errc::invalid_utf8;
      return complete(h_.on_key(b, origin));
    }
    if (options_.binary != binary_values::base64) return errc::unsupported_value;
    state_.text.clear();
    append_base64(b, state_.text);
    return complete(h_.on_string(state_.text, string_origin::scratch));
  }
  errc timestamp(std::int64_t seconds, std::uint32_t nanoseconds) {
    char text[max_rfc3339_chars];
    const std::size_t n = format_rfc3339(seconds, nanoseconds, text);
    if (n == 0) return errc::unsupported_value;
    state_.text.assign(text, n);
    return string(state_.text, string_origin::scratch);
  }

  // A container of `expected` items (a map's keys and values count apart), or of
  // indefinite_items up to a break. The reader has checked that the input can hold them.
  errc open(bool map, std::uint64_t expected) {
    if (key_due()) return errc::unsupported_value;  // JSON has no container keys
    if (state_.stack.size() >= options_.max_depth) return errc::depth_exceeded;
    if (errc e = map ? h_.on_object_begin() : h_.on_array_begin(); e != errc::ok) return e;
    if (expected == 0) return complete(map ? h_.on_object_end(0) : h_.on_array_end(0));
    state_.stack.push_back(binary_frame{expected, 0, map});
    return errc::ok;
  }
  // A CBOR break: ends the innermost container, which must be of indefinite length.
  errc close() {
    if (state_.stack.empty() || state_.stack.back().expected != indefinite_items) return errc::invalid_binary;
    const binary_frame f = state_.stack.back();
    if (f.map && f.items % 2 != 0) return errc::invalid_binary;  // a key without its value
    state_.stack.pop_back();
    return complete(f.map ? h_.on_object_end(f.items / 2) : h_.on_array_end(f.items));
  }

  std::string& text() noexcept { return state_.text; }
  std::string& joined() noexcept { return state_.joined; }

 private:
  errc key(std::string_view text) {
    state_.text.assign(text);
    return complete(h_.on_key(state_.text, string_origin::scratch));
  }
  // One item is done: it counts in its container, and closes each container it fills.
  errc complete(errc e) {
    if (e != errc::ok) return e;
    for (;;) {
      if (state_.stack.empty()) {
        finished_ = true;
        return errc::ok;
      }
      binary_frame& f = state_.stack.back();
      if (++f.items != f.expected) return errc::ok;
      const binary_frame done = f;
      state_.stack.pop_back();
      e = done.map ? h_.on_object_end(done.items / 2) : h_.on_array_end(done.items);
      if (e != errc::ok) return e;
    }
  }

  H& h_;
  binary_state& state_;
  const decode_options& options_;
  bool finished_ = false;
};

// The loop both readers share: item after item (read_item(ev, cursor) reads one and emits
// its events) until one whole value is read; then `offset` moves past it. An error is placed
// at the item at fault, or at the input's end when the input ran out.
template <handler H, class ReadItem>
error read_binary_value(std::string_view input, std::size_t& offset, H& h, binary_state& state,
                        const decode_options& options, ReadItem read_item) {
  binary_events<H> ev(h, state, options);
  byte_cursor c{reinterpret_cast<const unsigned char*>(input.data()), input.size(), offset};
  if (!c.has(1)) return make_error(input, errc::empty_input, c.pos);
  for (;;) {
    const std::size_t at = c.pos;
    const errc e = read_item(ev, c);
    if (e != errc::ok) [[unlikely]] return make_error(input, e, e == errc::unexpected_end ? input.size() : at);
    if (ev.finished()) {
      offset = c.pos;
      return error{};
    }
  }
}

}  // namespace ujson::detail
