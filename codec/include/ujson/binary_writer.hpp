#pragma once
// binary_writer: MessagePack or CBOR out, driven by the JSON writer's calls (it is also a
// decoder handler, and the DOM writes into it through write_value in dom.hpp). What each
// value becomes is in docs/binary-formats.md.
//
// Each top-level value is appended to output() as it completes, so several values make a
// sequence (concatenated values, as NDJSON is for JSON). A container's size goes before its
// items, but the calls tell it only at the end: the value being written is kept without its
// containers' headers, which are put in place, smallest form first, once it is complete.
// Calls out of order, a depth beyond max_depth and values the format cannot hold are
// errors that stick, as in the JSON writer.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ujson/errors.hpp"
#include "ujson/handler.hpp"
#include "ujson/options.hpp"

namespace ujson {

class binary_writer : public events_as_calls<binary_writer> {
 public:
  // Of the options, allow_nan and max_depth apply; the others shape JSON text only.
  explicit binary_writer(binary_format format, const encode_options& options = {});

  errc null();
  errc boolean(bool v);
  errc int64(std::int64_t v);
  errc uint64(std::uint64_t v);
  errc number(double v);
  // A decoder's big number: an integer goes as a CBOR bignum (tags 2 and 3); MessagePack
  // has no form for it, nor either format for a decimal beyond a double
  // (errc::unsupported_value).
  errc raw_number(std::string_view text);
  errc string(std::string_view utf8);
  errc key(std::string_view utf8);
  errc begin_array();
  errc end_array();
  errc begin_object();
  errc end_object();

  errc status() const noexcept { return status_; }
  // True when at least one value has been written and none is open.
  bool complete() const noexcept { return status_ == errc::ok && wrote_ && open_.empty(); }
  std::string_view output() const noexcept { return out_; }
  // Forgets the output and any error, keeping capacity.
  void reset() noexcept;
  binary_format format() const noexcept { return format_; }
  const encode_options& options() const noexcept { return options_; }

 private:
  // A container's header, still to be put at `at` in body_.
  struct pending_header {
    std::size_t at;
    std::uint64_t count;  // elements, or members
    bool map;
  };
  struct open_container {
    std::size_t header;  // index into headers_
    bool map;
    bool expect_key;
  };

  errc before_value();
  void after_value();
  errc begin(bool map);
  errc end(bool map);
  // A head (CBOR: major type and argument; MessagePack: the smallest form for the kind).
  void put_head(std::string& to, unsigned major, std::uint64_t argument);
  void put_string_head(std::string& to, std::size_t n);
  void put_be(std::string& to, std::uint64_t v, unsigned bytes);
  errc fail(errc code) {
    status_ = code;
    return code;
  }

  binary_format format_;
  encode_options options_;
  std::string out_;   // the complete values
  std::string body_;  // the value being written, without its containers' headers
  std::vector<pending_header> headers_;
  std::vector<open_container> open_;
  std::string bignum_;
  bool wrote_ = false;
  errc status_ = errc::ok;
};

}  // namespace ujson
