#pragma once
// Every decoder and encoder option, with UltraJSON's defaults.

#include <cstddef>
#include <cstdint>
#include <string>

namespace ujson {

inline constexpr std::size_t default_max_depth = 1024;

enum class duplicate_keys : std::uint8_t { keep_last, keep_first, reject };

// The binary formats the codec reads and writes beside JSON (binary_reader.hpp,
// binary_writer.hpp; docs/binary-formats.md maps every value).
enum class binary_format : std::uint8_t { msgpack, cbor };

// MessagePack bin and CBOR byte strings have no JSON form: refused (errc::unsupported_value,
// at the value's offset) unless asked for as base64 text (RFC 4648, padded).
enum class binary_values : std::uint8_t { reject, base64 };

struct decode_options {
  std::size_t max_depth = default_max_depth;
  // Applied by object models (the DOM, the Python module); the raw event stream reports every key.
  ujson::duplicate_keys duplicate_keys = ujson::duplicate_keys::keep_last;
  // Accept NaN, Infinity and -Infinity literals (Python's json and ujson do).
  bool allow_nan_literals = false;
  // Decode a \uD800..\uDFFF escape without its partner to that code point, written as
  // a three-byte generalized UTF-8 sequence (WTF-8); needed for ujson parity in Python.
  bool allow_lone_surrogates = false;
  // Accept surrogates encoded as three bytes in the input (ED A0..BF xx: WTF-8, as CPython's
  // "surrogatepass" writes a str that holds them) and pass them on as they are: each is one
  // code point, and a high one followed by a low one stays two (as Python's json reads them).
  bool allow_raw_surrogates = false;
  // Only the MessagePack and CBOR readers meet binary values.
  binary_values binary = binary_values::reject;

  bool operator==(const decode_options&) const = default;
};

inline constexpr int shortest_round_trip = -1;
inline constexpr int max_double_precision = 17;
inline constexpr int max_indent = 1000;  // as ujson

struct encode_options {
  bool ensure_ascii = true;            // write non-ASCII as \uXXXX escapes
  bool escape_forward_slashes = true;  // write / as \/
  bool encode_html_chars = false;      // write <, > and & as \u003c, \u003e, \u0026
  int indent = 0;                      // spaces per level; 0 = compact (0..max_indent)
  bool sort_keys = false;              // members in code point order of their keys (UTF-16 order when canonical)
  // Digits after the decimal point (0..17), trailing zeros dropped; -1 = shortest round trip.
  int double_precision = shortest_round_trip;
  bool allow_nan = true;               // write NaN/Infinity/-Infinity; error when false
  // Accept WTF-8 surrogates (from decode_options::allow_lone_surrogates) and write them
  // as \uDXXX escapes instead of rejecting them as invalid UTF-8.
  bool allow_lone_surrogates = false;
  // With allow_lone_surrogates and without ensure_ascii: write those surrogates as they are
  // rather than as escapes. The output is then WTF-8, for a caller that reads it as such
  // (a Python str: json.dumps(ensure_ascii=False) puts the surrogate itself in its result).
  // Without those two it changes nothing, and normalize() leaves it as it is.
  bool raw_lone_surrogates = false;
  // The caller guarantees that every string it hands the writer is valid UTF-8 (a Python
  // str's own UTF-8 is, by construction): non-ASCII text passed through as it is (neither
  // ensure_ascii nor allow_lone_surrogates) is then not validated again. Wrong input would
  // be written as it is, so only for such callers. Canonical output ignores it (it must
  // tell a lone surrogate from text).
  bool trusted_utf8 = false;
  std::size_t max_depth = default_max_depth;  // also stops cycles in user adapters
  // Python's `separators`: written between elements/members and after each key. Empty
  // means the default: "," and ":" (": " when indenting).
  std::string item_separator{};
  std::string key_separator{};
  // RFC 8785 (JSON Canonicalization Scheme) output, whatever drives the writer: members
  // sorted by the UTF-16 code units of their keys, numbers as ECMAScript's
  // Number.prototype.toString writes them (1e+21, 1e-7, 100000000000000000000, -0 as 0),
  // strings with only the escapes JSON requires (controls as lowercase \u00xx, all other
  // text as UTF-8), no whitespace. Canonical wins: every other option but max_depth is
  // ignored, and options() then reports the ones the writer uses (ensure_ascii,
  // escape_forward_slashes, encode_html_chars, allow_nan, allow_lone_surrogates,
  // raw_lone_surrogates and trusted_utf8 false,
  // sort_keys true, indent 0, default separators, shortest doubles).
  // Errors rather than a silently different number: errc::not_canonicalizable for NaN and
  // Infinity, an integer beyond 2^53 that would come out as another one (2^53 + 1 would be
  // 9007199254740992), a raw number (writer::raw_number, the decoder's big numbers) other
  // than an integer, and a lone surrogate; errc::duplicate_key for two members of one
  // object with the same key. An integer goes when a double holds it exactly (2^60 is
  // written 1152921504606847000, as JavaScript does) or when it is that text already
  // (1152921504606847000), so canonical output reads back as itself.
  bool canonical = false;

  // Maps every spelling of a setting to one value, so that options that write the same
  // output compare equal: empty separators become "," and ":" (": " with indent), indent
  // and double_precision are clamped to their ranges (any negative precision is shortest),
  // and with `canonical` every other option but max_depth takes its canonical value.
  // The writer keeps its options normalized.
  encode_options& normalize();
  // Member by member; normalize both sides to ask "would they write the same?".
  bool operator==(const encode_options&) const = default;
};

}  // namespace ujson
