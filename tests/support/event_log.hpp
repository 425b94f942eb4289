#pragma once
// A decoder handler that writes every event down as text (kind, length, payload), values
// and string origins included: two decoders agree exactly when their logs are equal.

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "ujson/handler.hpp"

namespace ujson::test {

struct event_log {
  std::string log;

  errc put(char kind, std::string_view text = {}) {
    log += kind;
    log += std::to_string(text.size());
    log += ':';
    log.append(text);
    return errc::ok;
  }
  errc on_null() { return put('n'); }
  errc on_bool(bool b) { return put(b ? 't' : 'f'); }
  errc on_int64(std::int64_t i) { return put('i', std::to_string(i)); }
  errc on_uint64(std::uint64_t u) { return put('u', std::to_string(u)); }
  errc on_double(double d, std::string_view text) {
    std::uint64_t bits;
    std::memcpy(&bits, &d, sizeof bits);
    put('d', std::to_string(bits));
    return put('=', text);
  }
  errc on_big_number(std::string_view text) { return put('N', text); }
  errc on_string(std::string_view s, string_origin o) { return put(o == string_origin::input ? 's' : 'S', s); }
  errc on_key(std::string_view s, string_origin o) { return put(o == string_origin::input ? 'k' : 'K', s); }
  errc on_array_begin() { return put('['); }
  errc on_array_end(std::size_t n) { return put(']', std::to_string(n)); }
  errc on_object_begin() { return put('{'); }
  errc on_object_end(std::size_t n) { return put('}', std::to_string(n)); }
};

}  // namespace ujson::test
