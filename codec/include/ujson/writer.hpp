#pragma once
// writer: the encoder's one output path. Calls (begin/end array/object, key, values) are
// checked for order; the first error sticks and later calls do nothing, so an adapter
// may write a whole value and check status() once.
//
// The writer is also a decoder handler: decoding straight into a writer re-encodes the
// input in one pass (duplicate keys pass through as they are; go through a document to
// apply a duplicate_keys policy, as the CLI's `format` does).

#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "ujson/buffer.hpp"
#include "ujson/detail/digits.hpp"
#include "ujson/detail/number.hpp"
#include "ujson/errors.hpp"
#include "ujson/handler.hpp"
#include "ujson/options.hpp"

namespace ujson {

class writer : public events_as_calls<writer> {
 public:
  // Options out of range (indent, double_precision) are clamped to their limits.
  // Writes into a buffer of its own, which output() shows.
  explicit writer(const encode_options& options = {});
  // Writes into `sink`, after what it already holds, so that a caller's buffer (a
  // connection's answer buffer) is filled in place and keeps its capacity from one
  // document to the next. The writer holds the sink's storage while it lives and hands it
  // back, output and capacity, when it is destroyed: meanwhile read the output through
  // output() (reset() clears it) and leave the sink alone. The storage moves rather than
  // being reached through a pointer because every primitive touches it: the indirection
  // cost writing call by call (Python's dumps) 1.1-1.9% more instructions.
  explicit writer(buffer& sink, const encode_options& options = {});
  ~writer();
  // A writer may hold a borrowed sink's storage, so it stays where it was built.
  writer(const writer&) = delete;
  writer& operator=(const writer&) = delete;

  errc null() { return literal("null", 4); }
  errc boolean(bool v) { return v ? literal("true", 4) : literal("false", 5); }
  errc int64(std::int64_t v) { return integer(v); }
  errc uint64(std::uint64_t v) { return integer(v); }
  errc number(double v) {
    // A finite double written shortest takes the inline path of string().
    if (plain_value_due() && options_.double_precision < 0 && std::isfinite(v)) [[likely]] {
      const bool in_object = kinds_.back() != 0;
      char* out = plain_value_start(detail::max_double_chars, in_object);
      return plain_value_end(out + detail::format_shortest(v, out), in_object);
    }
    return number_slow(v);
  }
  // Number text already known to be valid JSON (a big number from the decoder).
  errc raw_number(std::string_view text);
  errc string(std::string_view utf8) {
    // As key(): a value where one is due, compact and unsorted, inline; the comma only in
    // an array (in an object, key() wrote it).
    if (plain_value_due() && utf8.size() <= max_string_input) [[likely]] {
      const bool in_object = kinds_.back() != 0;
      char* out = plain_value_start(utf8.size() * 6 + 2, in_object);
      out = put_string(out, utf8);
      if (out != nullptr) [[likely]] return plain_value_end(out, in_object);
    }
    return string_slow(utf8);
  }
  errc key(std::string_view utf8) {
    // Compact and unsorted, a key where one is due (the common case of an adapter's
    // object walk): comma, string and colon under one reservation, inline.
    if (status_ == errc::ok && expect_key_ && plain_compact_ && !kinds_.empty()) [[likely]] {
      if (utf8.size() <= max_string_input) [[likely]] {
        char* out = out_.reserve(utf8.size() * 6 + 4);
        if (need_comma_) *out++ = ',';
        out = put_string(out, utf8);
        if (out != nullptr) [[likely]] {
          *out++ = ':';
          out_.commit(out);
          expect_key_ = false;
          return errc::ok;
        }
      }
    }
    return key_slow(utf8);
  }
  // Compact and unsorted, inside a container: inline, as the values above.
  errc begin_array() { return plain_value_due() ? plain_open('[', 0) : begin_array_slow(); }
  errc end_array() { return plain_close_due(0) ? plain_close(']') : end_array_slow(); }
  errc begin_object() { return plain_value_due() ? plain_open('{', 1) : begin_object_slow(); }
  errc end_object() { return plain_close_due(1) ? plain_close('}') : end_object_slow(); }

  errc status() const noexcept { return status_; }
  // True once one whole top-level value has been written.
  bool complete() const noexcept { return done_ && status_ == errc::ok; }
  std::string_view output() const noexcept { return out_.view(); }
  // Forgets the output and any error, keeping allocated capacity for the next document.
  void reset() noexcept;
  const encode_options& options() const noexcept { return options_; }
  std::size_t depth() const noexcept { return kinds_.size(); }

  // The writer's primitives, unchecked, for code that writes a whole tree it walks itself
  // (below the class).
  class raw_cursor;

 private:

  struct escape {
    char bytes[7];
    std::uint8_t length;  // 0: written as is
  };
  struct sorted_object {
    std::size_t first_member;  // index into members_
    std::size_t keys_size;     // keys_.size() when the object began
    std::size_t body_start;    // output offset just after '{'
  };
  struct member {
    std::size_t key_offset, key_length;  // raw key in keys_
    std::size_t text_begin, text_end;    // "key":value in the output
  };

  // Comma, newline and indentation before a value; checks the call order.
  errc before_value() {
    if (status_ == errc::ok && !kinds_.empty()) [[likely]] {
      if (kinds_.back() != 0) {
        if (!expect_key_) [[likely]] return errc::ok;
        return fail(errc::invalid_writer_call);
      }
      if (options_.indent == 0 && default_separators_) {
        if (need_comma_) out_.push_back(',');
        return errc::ok;
      }
    }
    return before_value_slow();
  }
  errc before_value_slow();
  errc begin_array_slow();
  errc end_array_slow();
  errc begin_object_slow();
  errc end_object_slow();
  errc key_slow(std::string_view s);
  errc string_slow(std::string_view s);
  errc number_slow(double v);
  // Longest string whose worst-case output (6 bytes per input byte, quotes, a separator
  // each side) a size_t counts.
  static constexpr std::size_t max_string_input = (SIZE_MAX - 4) / 6;
  void write_item_separator() { out_.append(options_.item_separator); }
  void after_value() {
    if (kinds_.empty()) [[unlikely]] {
      done_ = true;
      return;
    }
    need_comma_ = true;
    expect_key_ = kinds_.back() != 0;
  }
  // The inline path of a value (compact, unsorted, inside a container, where a value is
  // due): plain_value_start makes room for n bytes after the comma an array item needs,
  // and plain_value_end commits what was written up to `end`.
  bool plain_value_due() const noexcept {
    return status_ == errc::ok && !expect_key_ && plain_compact_ && !kinds_.empty();
  }
  char* plain_value_start(std::size_t n, bool in_object) {
    char* out = out_.reserve(n + 1);
    *out = ',';
    return out + (need_comma_ && !in_object);
  }
  errc plain_value_end(char* end, bool in_object) noexcept {
    out_.commit(end);
    need_comma_ = true;
    expect_key_ = in_object;
    return errc::ok;
  }
  // A container's inline ends (plain_value_due() for the opening one): the slow paths'
  // depth and call-order checks, without their indentation and sorting.
  errc plain_open(char bracket, std::uint8_t kind) {
    if (kinds_.size() >= options_.max_depth) [[unlikely]] return fail(errc::depth_exceeded);
    char* out = plain_value_start(1, kinds_.back() != 0);
    *out++ = bracket;
    out_.commit(out);
    kinds_.push_back(kind);
    need_comma_ = false;
    expect_key_ = kind != 0;
    return errc::ok;
  }
  bool plain_close_due(std::uint8_t kind) const noexcept {
    return status_ == errc::ok && plain_compact_ && !kinds_.empty() && kinds_.back() == kind &&
           (kind == 0 || expect_key_);
  }
  errc plain_close(char bracket) {
    out_.push_back(bracket);
    kinds_.pop_back();
    after_value();
    return errc::ok;
  }
  errc literal(const char* text, std::size_t n) {
    if (plain_value_due()) [[likely]] {
      const bool in_object = kinds_.back() != 0;
      char* out = plain_value_start(n, in_object);
      std::memcpy(out, text, n);
      return plain_value_end(out + n, in_object);
    }
    if (errc e = before_value(); e != errc::ok) [[unlikely]] return e;
    out_.append(text, n);
    after_value();
    return errc::ok;
  }
  template <class Int>
  errc integer(Int v) {
    if (plain_value_due()) [[likely]] {  // never canonical (which sorts)
      const bool in_object = kinds_.back() != 0;
      char* out = plain_value_start(20, in_object);
      if constexpr (std::is_signed_v<Int>) {
        return plain_value_end(detail::format_int(v, out), in_object);
      } else {
        return plain_value_end(detail::format_uint(v, out), in_object);
      }
    }
    if (errc e = before_value(); e != errc::ok) [[unlikely]] return e;
    if (canonical_) [[unlikely]] {
      if constexpr (std::is_signed_v<Int>) {
        return canonical_integer(v < 0, v < 0 ? 0 - static_cast<std::uint64_t>(v) : static_cast<std::uint64_t>(v));
      } else {
        return canonical_integer(false, v);
      }
    }
    char* out = out_.reserve(20);
    if constexpr (std::is_signed_v<Int>) {
      out_.commit(detail::format_int(v, out));
    } else {
      out_.commit(detail::format_uint(v, out));
    }
    after_value();
    return errc::ok;
  }
  void newline_and_indent(std::size_t depth);
  errc write_string(std::string_view s);
  errc write_double(double v);
  // Sorts the members of the object that just ended; duplicate_key when canonical finds
  // two equal keys.
  errc sort_members(const sorted_object& object);
  // Canonical (RFC 8785) numbers: the writer's checks done, these write one value or fail.
  errc canonical_integer(bool negative, std::uint64_t magnitude);
  errc write_canonical_double(double v);
  errc write_canonical_raw(std::string_view text);
  errc write_canonical_big_integer(std::string_view digits, double d, bool exact);
  errc fail(errc code) {
    status_ = code;
    return code;
  }

  // Writes s as a JSON string, quotes included, at out (which has room for 6 * s.size()
  // + 2 bytes) and returns the end, or nullptr when s is not valid UTF-8. known_valid: s
  // is valid UTF-8 (a DOM string from the decoder), so a copy as is need not check it.
  char* put_string(char* out, std::string_view s, bool known_valid = false) const {
    const char* p = s.data();
    const char* end = p + s.size();
    const bool check = check_utf8_ && !known_valid;
    if (!extra_escapes_) [[likely]] {
      return pass_non_ascii_ ? put_string_as<true, false>(out, p, end, check)
                             : put_string_as<false, false>(out, p, end, check);
    }
    return pass_non_ascii_ ? put_string_as<true, true>(out, p, end, check) : put_string_as<false, true>(out, p, end, check);
  }
  // The copy for one set of options. Defined in codec/src/string_escape.hpp (SSE2), so
  // that the library's tree walk (src/dom/serialize.cpp) inlines it; src/writer.cpp
  // instantiates all four for everyone else.
  template <bool PassNonAscii, bool Extras>
  char* put_string_as(char* out, const char* p, const char* end, bool check_utf8) const;
  // One non-ASCII sequence or run written as \u escapes (ensure_ascii) or checked one by
  // one (allow_lone_surrogates); returns where the run ends, or nullptr when invalid.
  const char* put_non_ascii(const char* p, const char* end, char*& out) const;

  encode_options options_;
  buffer out_;
  buffer* sink_ = nullptr;  // where out_'s storage goes back to, when borrowed
  escape escapes_[128];
  bool stops_[256];  // where the plain copy stops: an escape, or non-ASCII unless passed through
  // Non-ASCII text is copied as is and validated once per string (neither ensure_ascii
  // nor allow_lone_surrogates).
  bool pass_non_ascii_ = false;
  bool extra_escapes_ = false;  // escape_forward_slashes or encode_html_chars
  bool canonical_ = false;      // encode_options::canonical
  bool check_utf8_ = true;      // not encode_options::trusted_utf8
  bool plain_compact_ = false;  // compact, default separators, unsorted: the inline paths of key() and string()
  // '/', '<', '>', '&' when their option is on, else '"', each repeated for a 16-byte load.
  alignas(16) char optional_escapes_[4][16];

  std::vector<std::uint8_t> kinds_;  // 1 = object, 0 = array, one per open container
  bool need_comma_ = false;
  bool default_separators_ = true;  // "," and ":" (or ": " with indent)
  bool expect_key_ = false;
  bool done_ = false;
  errc status_ = errc::ok;
  std::vector<sorted_object> sorted_objects_;
  std::vector<member> members_;
  std::string keys_;
  std::string scratch_;
};

// For code that writes a whole tree it walks itself and cannot get wrong (the DOM's adapter,
// codec/src/dom/serialize.cpp): the caller writes brackets, commas and colons, the cursor
// makes room and writes values the writer's way, and nothing checks the order of calls. The
// caller must produce exactly one well-formed value, or stop at fail(). Only for writers
// whose options fit() (compact, default separators, unsorted, not canonical); any other
// goes call by call through the public API.
//
// One cursor (a char*) runs over the output for the whole tree, so that it stays in a
// register: room(o, n) makes sure of n bytes at o with one compare (buffer::reserve_run;
// with UJSON_TIGHT_SINK it reserves exactly n every time, so each value is fenced at its
// own worst case), and the writing functions write at o unchecked and return the end.
class writer::raw_cursor {
 public:
  // Starts one value where the writer expects one. When status() is not ok (an earlier
  // error, a second top-level value, a value where a key is due), write nothing.
  explicit raw_cursor(writer& w) : w_(w), status_(w.before_value()) {}
  errc status() const noexcept { return status_; }

  static bool fits(const encode_options& o) noexcept {
    return o.indent == 0 && !o.sort_keys && o.item_separator == "," && o.key_separator == ":";
  }
  // Containers the value may still open: max_depth less the writer's open ones.
  std::size_t depth_left() const noexcept {
    const std::size_t open = w_.kinds_.size(), max = w_.options_.max_depth;
    return open < max ? max - open : 0;
  }
  // Whether doubles are written shortest (then a finite one may be written by
  // detail::format_shortest into detail::max_double_chars of room).
  bool shortest_doubles() const noexcept { return w_.options_.double_precision < 0; }

  // The cursor to start at.
  char* begin() { return w_.out_.reserve_run(0, limit_); }
  // o, with room for n bytes at it.
  [[gnu::always_inline]] char* room(char* o, std::size_t n) {
#ifndef UJSON_TIGHT_SINK
    if (static_cast<std::size_t>(limit_ - o) >= n) [[likely]] return o;
#endif
    return refill(o, n);
  }

  // Each writes at o and returns the end; the room each needs is in its comment.
  // 6 * s.size() + 2. nullptr when s is not valid UTF-8.
  char* string(char* o, std::string_view s) const { return w_.put_string(o, s); }
  // The same for s known to be valid UTF-8 (value::known_valid_utf8).
  char* valid_string(char* o, std::string_view s) const { return w_.put_string(o, s, true); }
  // 20.
  static char* int64(char* o, std::int64_t v) noexcept { return detail::format_int(v, o); }
  static char* uint64(char* o, std::uint64_t v) noexcept { return detail::format_uint(v, o); }
  // Any double, the writer's way (precision, NaN and Infinity, allow_nan), with room for
  // `after` bytes after it; nullptr when the writer refuses it (then stop: fail() was called).
  char* number(char* o, double d, std::size_t after);

  // Ends the value at o.
  errc finish(char* o) {
    w_.out_.commit(o);
    w_.after_value();
    return errc::ok;
  }
  // Stops at o with the writer's sticky error e.
  errc fail(char* o, errc e) {
    w_.out_.commit(o);
    return w_.fail(e);
  }

 private:
  [[gnu::noinline]] char* refill(char* o, std::size_t n);

  writer& w_;
  char* limit_ = nullptr;  // how far the cursor may go (buffer::reserve_run)
  errc status_;
};

}  // namespace ujson
