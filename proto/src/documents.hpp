#pragma once
// The documents of a body: each NDJSON line, each MessagePack or CBOR value. Shared by the
// plain work (work.cpp) and validation against a schema (schema_work.cpp).

#include <cstddef>
#include <string_view>

#include "media_type.hpp"
#include "ujson/binary_reader.hpp"
#include "ujson/errors.hpp"

namespace ujson::proto {

inline bool blank(std::string_view line) {
  for (char c : line) {
    if (c != ' ' && c != '\t' && c != '\r') return false;
  }
  return true;
}

// Calls fn(line, number, offset) for each non-blank line (number 1-based, counting blank
// lines; offset from the start of the body) until fn returns false. The number of lines
// fn was called for.
template <class Fn>
std::size_t for_each_line(std::string_view body, Fn&& fn) {
  std::size_t start = 0, number = 0, count = 0;
  while (start < body.size()) {
    ++number;
    std::size_t end = body.find('\n', start);
    if (end == std::string_view::npos) end = body.size();
    std::string_view line = body.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (!blank(line)) {
      ++count;
      if (!fn(line, number, start)) break;
    }
    start = end + 1;
  }
  return count;
}

inline binary_format binary_of(media kind) { return kind == media::cbor ? binary_format::cbor : binary_format::msgpack; }
inline binary_format binary_of(answer_format f) {
  return f == answer_format::cbor ? binary_format::cbor : binary_format::msgpack;
}

// Lines mean nothing in MessagePack or CBOR: an error in a sequence's value has for `line`
// the value's number (1-based, as an NDJSON line's) and for `column` the byte in it (1-based,
// from `start`, the value's first byte); its offset stays the body's.
inline ujson::error value_position(ujson::error e, std::size_t number, std::size_t start) {
  e.line = number;
  e.column = e.offset - start + 1;
  return e;
}

// Each value of a MessagePack or CBOR body in turn: fn(offset) parses the one at offset
// and moves it. Stops at the first error, positioned in the whole body.
template <class Fn>
ujson::error for_each_value(std::string_view body, Fn&& fn, std::size_t& count) {
  std::size_t offset = 0;
  count = 0;
  do {
    const std::size_t start = offset;
    if (const ujson::error e = fn(offset)) return value_position(e, count + 1, start);
    ++count;
  } while (offset < body.size());
  return {};
}

}  // namespace ujson::proto
