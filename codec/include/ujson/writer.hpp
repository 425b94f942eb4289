#pragma once
// writer: the encoder's one output path. Calls (begin/end array/object, key, values) are
// checked for order; the first error sticks and later calls do nothing, so an adapter
// may write a whole value and check status() once.
//
// The writer is also a decoder handler: decoding into a writer re-encodes the input
// (the CLI's `format` and the service's /decode canonicalizer).

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ujson/buffer.hpp"
#include "ujson/errors.hpp"
#include "ujson/handler.hpp"
#include "ujson/options.hpp"

namespace ujson {

class writer {
 public:
  // Options out of range (indent, double_precision) are clamped to their limits.
  explicit writer(const encode_options& options = {});

  errc null();
  errc boolean(bool v);
  errc int64(std::int64_t v);
  errc uint64(std::uint64_t v);
  errc number(double v);
  // Number text already known to be valid JSON (a big number from the decoder).
  errc raw_number(std::string_view text);
  errc string(std::string_view utf8);
  errc key(std::string_view utf8);
  errc begin_array();
  errc end_array();
  errc begin_object();
  errc end_object();

  errc status() const noexcept { return status_; }
  // True once one whole top-level value has been written.
  bool complete() const noexcept { return done_ && status_ == errc::ok; }
  std::string_view output() const noexcept { return out_.view(); }
  buffer& output_buffer() noexcept { return out_; }
  // Forgets the output and any error, keeping allocated capacity for the next document.
  void reset() noexcept;
  const encode_options& options() const noexcept { return options_; }
  std::size_t depth() const noexcept { return kinds_.size(); }

  // The decoder handler concept.
  errc on_null() { return null(); }
  errc on_bool(bool v) { return boolean(v); }
  errc on_int64(std::int64_t v) { return int64(v); }
  errc on_uint64(std::uint64_t v) { return uint64(v); }
  errc on_double(double v, std::string_view) { return number(v); }
  errc on_big_number(std::string_view text) { return raw_number(text); }
  errc on_string(std::string_view s, string_origin) { return string(s); }
  errc on_key(std::string_view s, string_origin) { return key(s); }
  errc on_array_begin() { return begin_array(); }
  errc on_array_end(std::size_t) { return end_array(); }
  errc on_object_begin() { return begin_object(); }
  errc on_object_end(std::size_t) { return end_object(); }

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

  errc before_value();
  void after_value();
  void newline_and_indent(std::size_t depth);
  errc write_string(std::string_view s);
  void sort_members(const sorted_object& object);
  errc fail(errc code) {
    status_ = code;
    return code;
  }

  encode_options options_;
  buffer out_;
  escape escapes_[128];
  std::vector<std::uint8_t> kinds_;  // 1 = object, 0 = array, one per open container
  bool need_comma_ = false;
  bool expect_key_ = false;
  bool done_ = false;
  errc status_ = errc::ok;
  std::string key_separator_;
  std::vector<sorted_object> sorted_objects_;
  std::vector<member> members_;
  std::string keys_;
  std::string scratch_;
};

}  // namespace ujson
