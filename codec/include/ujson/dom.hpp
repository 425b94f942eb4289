#pragma once
// The DOM: immutable values on an arena, built by one decoder handler.
//
// A value is 16 bytes: a tag (kind + length) and a payload. Strings without escapes point
// into the input (in situ), so the input must outlive the document; unescaped strings,
// arrays and objects live on the document's arena. See docs/ARCHITECTURE.md.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ujson/encode.hpp"
#include "ujson/errors.hpp"
#include "ujson/options.hpp"

namespace ujson {

enum class kind : std::uint8_t { null, boolean, int64, uint64, double_, big_number, string, array, object };

struct member;
namespace detail {
class tree_writer;
class dom_builder;
}  // namespace detail

class value {
 public:
  value() noexcept : tag_(static_cast<std::uint64_t>(kind::null)), payload_{} {}

  kind type() const noexcept { return static_cast<kind>(tag_ & kind_bits); }
  bool is_null() const noexcept { return type() == kind::null; }
  bool is_bool() const noexcept { return type() == kind::boolean; }
  bool is_string() const noexcept { return type() == kind::string; }
  bool is_array() const noexcept { return type() == kind::array; }
  bool is_object() const noexcept { return type() == kind::object; }
  // int64, uint64, double or big number
  bool is_number() const noexcept;

  // Accessors return a neutral value (false, 0, "", empty) when the kind differs.
  // Inline, so that a walk that has switched on type() pays nothing for the check.
  bool as_bool() const noexcept { return type() == kind::boolean && payload_.b; }
  std::int64_t as_int64() const noexcept { return type() == kind::int64 ? payload_.i : 0; }
  std::uint64_t as_uint64() const noexcept {
    if (type() == kind::uint64) return payload_.u;
    return type() == kind::int64 && payload_.i >= 0 ? static_cast<std::uint64_t>(payload_.i) : 0;
  }
  // Any number as the nearest double (a big number may give +-inf or 0).
  double as_double() const noexcept { return type() == kind::double_ ? payload_.d : converted_to_double(); }
  // A string's contents, or a big number's exact text.
  std::string_view as_string() const noexcept {
    const kind k = type();
    return k == kind::string || k == kind::big_number ? std::string_view(payload_.s, size()) : std::string_view();
  }

  // Elements of an array, members of an object, bytes of a string; 0 otherwise.
  std::size_t size() const noexcept { return static_cast<std::size_t>(tag_ >> 8); }
  std::span<const value> elements() const noexcept {
    return type() == kind::array ? std::span<const value>(payload_.a, size()) : std::span<const value>();
  }
  std::span<const member> members() const noexcept;

  // Array element i, or a null value when out of range or not an array.
  const value& operator[](std::size_t i) const noexcept;
  // The member's value, or nullptr when absent or not an object.
  const value* find(std::string_view key) const noexcept;
  // The member's value, or a null value when absent.
  const value& operator[](std::string_view key) const noexcept;

  // Deep equality. Objects compare as sets of members (order does not matter); numbers
  // compare by kind and value. Non-recursive.
  friend bool operator==(const value& a, const value& b) noexcept;

  // Inline: the DOM builder makes one per value of the input.
  static value make_null() noexcept { return value(); }
  static value make_bool(bool b) noexcept {
    value v(kind::boolean, 0);
    v.payload_.b = b;
    return v;
  }
  static value make_int64(std::int64_t i) noexcept {
    value v(kind::int64, 0);
    v.payload_.i = i;
    return v;
  }
  static value make_uint64(std::uint64_t u) noexcept {
    value v(kind::uint64, 0);
    v.payload_.u = u;
    return v;
  }
  static value make_double(double d) noexcept {
    value v(kind::double_, 0);
    v.payload_.d = d;
    return v;
  }
  // The text must outlive the value (it lives in the input or on an arena).
  static value make_string(std::string_view s) noexcept {
    value v(kind::string, s.size());
    v.payload_.s = s.data();
    return v;
  }
  // The same for text known to be valid UTF-8, as the decoder leaves every string it reads
  // (unless it allows surrogates): the writer copies it without checking it again. Text
  // that is not would be written as it is.
  static value make_valid_string(std::string_view s) noexcept {
    value v = make_string(s);
    v.tag_ |= valid_utf8_bit;
    return v;
  }
  // Made by make_valid_string, and by the DOM builder, which adds the same bit to make_string.
  bool known_valid_utf8() const noexcept { return (tag_ & valid_utf8_bit) != 0; }
  static value make_big_number(std::string_view text) noexcept {
    value v(kind::big_number, text.size());
    v.payload_.s = text.data();
    return v;
  }
  static value make_array(const value* elements, std::size_t n) noexcept {
    value v(kind::array, n);
    v.payload_.a = elements;
    return v;
  }
  static value make_object(const member* members, std::size_t n) noexcept {
    value v(kind::object, n);
    v.payload_.m = members;
    return v;
  }

 private:
  // The DOM's compact writer reads runs of booleans straight from the representation.
  friend class detail::tree_writer;
  // The duplicate check reads keys, which it knows to be strings, without testing their kind.
  friend class detail::dom_builder;

  double converted_to_double() const noexcept;  // as_double() of the other kinds

  // The low byte of tag_ holds the kind and flags; the rest, the size.
  static constexpr std::uint64_t kind_bits = 0x0F;
  static constexpr std::uint64_t valid_utf8_bit = 0x80;

  value(kind k, std::size_t size) noexcept
      : tag_(static_cast<std::uint64_t>(k) | (static_cast<std::uint64_t>(size) << 8)), payload_{} {}

  std::uint64_t tag_;
  union payload {
    bool b;
    std::int64_t i;
    std::uint64_t u;
    double d;
    const char* s;
    const value* a;
    const member* m;
  } payload_;
};

struct member {
  value key;  // kind::string
  value val;
};

inline std::span<const member> value::members() const noexcept {
  return type() == kind::object ? std::span<const member>(payload_.m, size()) : std::span<const member>();
}

static_assert(sizeof(value) == 16);
static_assert(sizeof(member) == 32);

// Held by pointer, so that dom.hpp does not bring in the decoder's state machine.
class decoder;
class binary_reader;
class binary_writer;
namespace detail {
class arena;
class dom_builder;
}  // namespace detail

class document {
 public:
  explicit document(const decode_options& options = {});
  ~document();
  document(document&&) noexcept;
  document& operator=(document&&) noexcept;

  // Parses `input`, replacing any previous contents (arena capacity is reused). Strings
  // may point into `input`: keep it alive and unchanged while the document is used.
  error parse(std::string_view input);
  error parse(const char* input) { return parse(std::string_view(input)); }
  error parse(const std::string&&) = delete;  // a temporary would leave strings dangling
  // Parses the one MessagePack or CBOR value at input[offset] and moves offset past it, so
  // that a body of concatenated values is parsed in a loop while offset < input.size()
  // (binary_reader.hpp). The same rule for `input` holds.
  error parse(std::string_view input, std::size_t& offset, binary_format format);
  error parse(const std::string&&, std::size_t&, binary_format) = delete;

  const value& root() const noexcept { return root_; }
  const decode_options& options() const noexcept;

 private:
  std::unique_ptr<detail::arena> arena_;
  std::unique_ptr<detail::dom_builder> builder_;
  std::unique_ptr<decoder> decoder_;
  std::unique_ptr<binary_reader> binary_;  // made on the first binary parse
  value root_;
};

// Writes a DOM value through a writer without recursion (an explicit stack).
template <>
struct encode_adapter<value> {
  static void write(writer& w, const value& v);
};

// The same walk into a MessagePack or CBOR writer; returns its status().
errc write_value(binary_writer& w, const value& v);

}  // namespace ujson
