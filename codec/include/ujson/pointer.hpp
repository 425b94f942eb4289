#pragma once
// JSON Pointer (RFC 6901): parsing, lookup in a DOM, and projection of a document onto a
// few pointers in one decoder pass that builds a DOM only for the values it selects.

#include <cstddef>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ujson/dom.hpp"
#include "ujson/errors.hpp"
#include "ujson/options.hpp"

namespace ujson {

// Why a text is not a JSON Pointer, and the byte of it at fault.
struct pointer_syntax_error {
  std::size_t offset = 0;
  std::string_view reason{};  // empty: no error

  explicit operator bool() const noexcept { return !reason.empty(); }
};

class json_pointer {
 public:
  // The empty pointer: the whole document.
  json_pointer() = default;

  // "" or "/" followed by reference tokens separated by "/", where "~" appears only as
  // "~0" ("~") or "~1" ("/"). On error the pointer is left empty.
  static pointer_syntax_error parse(std::string_view text, json_pointer& out);

  std::string_view text() const noexcept { return text_; }
  std::size_t size() const noexcept { return tokens_.size(); }
  bool empty() const noexcept { return tokens_.empty(); }
  // Token i, unescaped.
  std::string_view token(std::size_t i) const noexcept { return tokens_[i].name; }
  // Token i as an array index: digits without a leading zero ("0", "17"), else nothing
  // ("-", which names the element after the last, never matches an existing one).
  std::optional<std::size_t> index(std::size_t i) const noexcept {
    const reference& r = tokens_[i];
    return r.is_index ? std::optional<std::size_t>(r.index) : std::nullopt;
  }
  // Whether token i names array element `i_element` / object member `key`.
  bool names_element(std::size_t i, std::size_t element) const noexcept {
    return tokens_[i].is_index && tokens_[i].index == element;
  }
  bool names_member(std::size_t i, std::string_view key) const noexcept { return tokens_[i].name == key; }

 private:
  struct reference {
    std::string name;
    std::size_t index = 0;
    bool is_index = false;
  };
  std::string text_;
  std::vector<reference> tokens_;
};

// The value `p` refers to inside `root` (tokens from `first` on), or nullptr.
const value* find(const value& root, const json_pointer& p, std::size_t first = 0) noexcept;

namespace detail {
class arena;
class dom_builder;
class pointer_selector;
}  // namespace detail
class decoder;
class binary_reader;

// The values of a document at several pointers, found in one pass of the decoder. The
// whole input is decoded (an error anywhere is reported), but a DOM is built only for the
// selected values; everything else is skipped as it streams by. duplicate_keys applies
// inside the selected values, as document does, and to the members on each pointer's
// path (keep_last: a repeated member replaces what was found under the earlier one;
// reject: duplicate_key at the repeated member); repeated names elsewhere are not looked
// for. Values are views into the input and into this object: keep both while they are used.
class pointer_selection {
 public:
  // Every pointer gets one bit of a mask while the input streams by.
  static constexpr std::size_t max_pointers = 64;

  explicit pointer_selection(const decode_options& options = {});
  ~pointer_selection();
  pointer_selection(pointer_selection&&) noexcept;
  pointer_selection& operator=(pointer_selection&&) noexcept;

  // Decodes input and keeps the value at each pointer (at most max_pointers: more is
  // errc::invalid_option). Replaces what an earlier select() found.
  error select(std::string_view input, std::span<const json_pointer> pointers);
  error select(const char* input, std::span<const json_pointer> pointers) {
    return select(std::string_view(input), pointers);
  }
  error select(const std::string&&, std::span<const json_pointer>) = delete;  // values point into the input
  // The same for the MessagePack or CBOR value at input[offset], which moves past it (as
  // binary_reader::read; on error it stays).
  error select(std::string_view input, std::size_t& offset, binary_format format,
               std::span<const json_pointer> pointers);

  // After select(): the value at pointers[i], or nullptr when the document has none.
  const value* found(std::size_t i) const noexcept;
  // Writes what select() found: for one pointer its value, for several an array of their
  // values in the pointers' order; a pointer that found nothing as null. The writer's status.
  errc write(writer& w) const;
  const decode_options& options() const noexcept;

 private:
  template <class Read>
  error select_with(std::string_view input, std::span<const json_pointer> pointers, Read&& read);

  std::unique_ptr<detail::arena> arena_;
  std::unique_ptr<detail::dom_builder> builder_;
  std::unique_ptr<decoder> decoder_;
  std::unique_ptr<detail::pointer_selector> selector_;
  std::unique_ptr<binary_reader> binary_;  // made on the first binary select
};

}  // namespace ujson
