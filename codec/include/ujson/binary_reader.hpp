#pragma once
// binary_reader: MessagePack and CBOR in, as the same events the JSON decoder emits, so
// that every handler (the DOM, the validator, the writer, yours) reads them unchanged.
// What each value becomes is in docs/binary-formats.md.
//
// A body of concatenated values is a sequence, as NDJSON is for JSON: read() takes one
// value and moves `offset` past it; call it again while offset < input.size().

#include <cstddef>
#include <string_view>

#include "ujson/detail/cbor_reader.hpp"
#include "ujson/detail/msgpack_reader.hpp"
#include "ujson/errors.hpp"
#include "ujson/handler.hpp"
#include "ujson/options.hpp"

namespace ujson {

class binary_reader {
 public:
  // Of the options, max_depth, binary and the handler's own (duplicate_keys, for the DOM)
  // apply; allow_nan_literals and allow_lone_surrogates concern JSON text only.
  explicit binary_reader(binary_format format, const decode_options& options = {})
      : format_(format), options_(options) {}

  // Reads the value at input[offset]. Errors carry the offset in `input` of the item at
  // fault (the end of the input for unexpected_end); `offset` then stays where it was.
  // Reusable: the container stack and text buffers keep their capacity.
  template <handler H>
  error read(std::string_view input, std::size_t& offset, H& h) {
    auto item = [this](detail::binary_events<H>& ev, detail::byte_cursor& c) {
      return format_ == binary_format::msgpack ? detail::read_msgpack_item(ev, c) : detail::read_cbor_item(ev, c);
    };
    return detail::read_binary_value(input, offset, h, state_, options_, item);
  }

  binary_format format() const noexcept { return format_; }
  const decode_options& options() const noexcept { return options_; }

 private:
  binary_format format_;
  decode_options options_;
  detail::binary_state state_;
};

// Moves `offset` past the value at input[offset] when it is well-formed -- for MessagePack
// every byte a defined format, for CBOR well-formed as RFC 8949 Appendix C defines it, and
// every length and count within the input -- without looking at what it holds: a value
// read() refused for its content (an unknown ext type or tag, binary data, bad UTF-8, a
// depth over max_depth, a date out of range) is stepped over. Else the error of the first
// malformed item (unexpected_end at the input's end, invalid_binary, or depth_exceeded past
// 65,536 nested indefinite-length CBOR containers), and offset stays. How a sequence goes on
// past a value it could not read.
error skip_binary_value(binary_format format, std::string_view input, std::size_t& offset);

}  // namespace ujson
