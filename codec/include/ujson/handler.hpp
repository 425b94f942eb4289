#pragma once
// The decoder's one extension point. The DOM builder, the validator, the writer (so that
// decode -> write canonicalizes), the Python module and the service are all handlers.
//
// Every event returns an errc: errc::ok continues; anything else ends the parse and is
// reported with the offset of the token that caused the event. errc::stopped is the
// polite "I have what I need".

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "ujson/errors.hpp"

namespace ujson {

// Where a string event's view points: into the caller's input (valid as long as the
// input is), or into the decoder's scratch buffer (valid until the next string or key).
enum class string_origin : std::uint8_t { input, scratch };

template <class H>
concept handler = requires(H& h, std::string_view sv, string_origin origin, std::size_t n,
                           bool b, std::int64_t i, std::uint64_t u, double d) {
  { h.on_null() } -> std::same_as<errc>;
  { h.on_bool(b) } -> std::same_as<errc>;
  { h.on_int64(i) } -> std::same_as<errc>;
  { h.on_uint64(u) } -> std::same_as<errc>;     // only for values above INT64_MAX
  { h.on_double(d, sv) } -> std::same_as<errc>; // with the number's exact text
  // Integers beyond 64 bits and decimals outside the range of a finite, non-zero double,
  // as their exact text, so that nothing is lost in transit.
  { h.on_big_number(sv) } -> std::same_as<errc>;
  { h.on_string(sv, origin) } -> std::same_as<errc>;
  { h.on_key(sv, origin) } -> std::same_as<errc>;
  { h.on_array_begin() } -> std::same_as<errc>;
  { h.on_array_end(n) } -> std::same_as<errc>;   // n = number of elements
  { h.on_object_begin() } -> std::same_as<errc>;
  { h.on_object_end(n) } -> std::same_as<errc>;  // n = number of members
};

// Derive from this and override only the events you care about (static dispatch: the
// decoder calls the derived type's members directly).
struct null_handler {
  errc on_null() { return errc::ok; }
  errc on_bool(bool) { return errc::ok; }
  errc on_int64(std::int64_t) { return errc::ok; }
  errc on_uint64(std::uint64_t) { return errc::ok; }
  errc on_double(double, std::string_view) { return errc::ok; }
  errc on_big_number(std::string_view) { return errc::ok; }
  errc on_string(std::string_view, string_origin) { return errc::ok; }
  errc on_key(std::string_view, string_origin) { return errc::ok; }
  errc on_array_begin() { return errc::ok; }
  errc on_array_end(std::size_t) { return errc::ok; }
  errc on_object_begin() { return errc::ok; }
  errc on_object_end(std::size_t) { return errc::ok; }
};

// The events of a writer, each the call of the same name, so that decoding into a writer
// re-encodes: the JSON writer and the MessagePack/CBOR writer derive from it as
// `class my_writer : public events_as_calls<my_writer>` (static dispatch, nothing virtual).
template <class Writer>
class events_as_calls {
 public:
  errc on_null() { return self().null(); }
  errc on_bool(bool v) { return self().boolean(v); }
  errc on_int64(std::int64_t v) { return self().int64(v); }
  errc on_uint64(std::uint64_t v) { return self().uint64(v); }
  errc on_double(double v, std::string_view) { return self().number(v); }
  errc on_big_number(std::string_view text) { return self().raw_number(text); }
  errc on_string(std::string_view s, string_origin) { return self().string(s); }
  errc on_key(std::string_view s, string_origin) { return self().key(s); }
  errc on_array_begin() { return self().begin_array(); }
  errc on_array_end(std::size_t) { return self().end_array(); }
  errc on_object_begin() { return self().begin_object(); }
  errc on_object_end(std::size_t) { return self().end_object(); }

 private:
  Writer& self() { return static_cast<Writer&>(*this); }
};

// A handler that declares `static constexpr bool ignores_values = true` gets no string
// contents and no converted numbers: the decoder only checks them. This is what lets the
// validator run without a scratch buffer or float conversion.
template <class H>
inline constexpr bool ignores_values = requires { requires H::ignores_values; };

// A handler that declares `static constexpr bool integers_as_text = true` gets every
// integer through on_big_number, as its exact text, never on_int64/on_uint64: for handlers
// that hand the text itself on (Python's parse_int hook, where "-0" must stay "-0").
template <class H>
inline constexpr bool integers_as_text = requires { requires H::integers_as_text; };

}  // namespace ujson
