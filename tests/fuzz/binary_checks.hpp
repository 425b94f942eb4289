#pragma once
// The checks behind fuzz_msgpack and fuzz_cbor (and their regressions, replayed by
// tests/codec/regression_test.cpp). Input: [decode options] [bit 0: binary=base64] bytes,
// the bytes a sequence of MessagePack or CBOR values, as a request body may be.
//
// For each value of the sequence: the DOM and the bare events (validating_handler) agree on
// the verdict, the error's code and offset and where the value ends; an error's offset lies
// in the input; a value read writes back in its own format (the writer refuses nothing the
// reader gave) and reads back to an equal DOM; and it writes as JSON text that reads and
// writes again to the same text (NaN payloads aside, what the service answers).
// skip_binary_value agrees: a value read is well-formed and ends where the reader ended;
// a truncated one is not well-formed.

#include "fuzz_checks.hpp"
#include "ujson/binary_reader.hpp"
#include "ujson/binary_writer.hpp"

namespace ujson::fuzz {

template <binary_format Format>
void check_binary(const std::uint8_t* data, std::size_t size) {
  input in{data, size};
  decode_options options = decode_options_from(in.take());
  if (in.take() & 1) options.binary = binary_values::base64;
  const std::string_view bytes = in.rest();

  document doc(options);
  binary_reader reader(Format, options);
  std::size_t offset = 0;
  for (int values = 0; offset < bytes.size() && values < 64; ++values) {
    std::size_t events_offset = offset;
    validating_handler h;
    const error by_events = reader.read(bytes, events_offset, h);
    const std::size_t start = offset;
    const error e = doc.parse(bytes, offset, Format);
    UJSON_FUZZ_CHECK(e.offset <= bytes.size());
    // The value's extent by its framing alone (how a sequence goes on past a refused value):
    // where the reader ended when it read the value; a truncation is a framing error too.
    std::size_t framed = start;
    const error framing = skip_binary_value(Format, bytes, framed);
    if (framing) {
      UJSON_FUZZ_CHECK(e && framed == start && framing.offset <= bytes.size());
    } else {
      UJSON_FUZZ_CHECK(framed > start && framed <= bytes.size() && e.code != errc::unexpected_end);
      if (!e) UJSON_FUZZ_CHECK(framed == offset);
    }
    if (e) {
      UJSON_FUZZ_CHECK(offset == start);
      if (e.code != errc::duplicate_key) UJSON_FUZZ_SAME_ERROR(e, by_events);
      return;
    }
    UJSON_FUZZ_CHECK(!by_events);
    UJSON_FUZZ_CHECK(events_offset == offset && offset > start);

    // Back into its own format, and read again.
    encode_options same_depth;
    same_depth.max_depth = std::max<std::size_t>(options.max_depth, 1);
    binary_writer w(Format, same_depth);
    UJSON_FUZZ_CHECK(write_value(w, doc.root()) == errc::ok);
    const std::string written(w.output());
    document again(options);
    std::size_t again_offset = 0;
    const error a = again.parse(written, again_offset, Format);
    if (a) print_error("written again", a);
    UJSON_FUZZ_CHECK(!a && again_offset == written.size());
    UJSON_FUZZ_CHECK(again.root() == doc.root());

    // As JSON text: it reads back and writes the same text again.
    encode_options json_options;
    json_options.max_depth = same_depth.max_depth;
    std::string text;
    UJSON_FUZZ_CHECK(encode(doc.root(), text, json_options) == errc::ok);
    decode_options json_read = options;
    json_read.allow_nan_literals = true;
    json_read.max_depth = json_options.max_depth;
    document from_text(json_read);
    const error t = from_text.parse(text);
    if (t) print_error("the JSON text", t);
    UJSON_FUZZ_CHECK(!t);
    std::string text_again;
    UJSON_FUZZ_CHECK(encode(from_text.root(), text_again, json_options) == errc::ok);
    UJSON_FUZZ_CHECK(text_again == text);
  }
}

inline void check_msgpack(const std::uint8_t* data, std::size_t size) { check_binary<binary_format::msgpack>(data, size); }
inline void check_cbor(const std::uint8_t* data, std::size_t size) { check_binary<binary_format::cbor>(data, size); }

}  // namespace ujson::fuzz
