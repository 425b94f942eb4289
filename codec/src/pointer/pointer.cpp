#include "ujson/pointer.hpp"

#include <charconv>

#include "../dom/arena.hpp"
#include "../dom/builder.hpp"
#include "selector.hpp"
#include "ujson/binary_reader.hpp"
#include "ujson/decoder.hpp"
#include "ujson/writer.hpp"

namespace ujson {

pointer_syntax_error json_pointer::parse(std::string_view text, json_pointer& out) {
  out.text_.clear();
  out.tokens_.clear();
  if (text.empty()) return {};
  if (text.front() != '/') return {0, "a JSON Pointer is empty or starts with '/'"};
  std::vector<reference> tokens;
  for (std::size_t i = 0; i < text.size();) {
    reference r;
    for (++i; i < text.size() && text[i] != '/'; ++i) {
      if (text[i] != '~') {
        r.name.push_back(text[i]);
        continue;
      }
      const char next = i + 1 < text.size() ? text[i + 1] : '\0';
      if (next != '0' && next != '1') return {i, "'~' must be followed by 0 ('~') or 1 ('/')"};
      r.name.push_back(next == '0' ? '~' : '/');
      ++i;
    }
    // RFC 6901 section 4: an index is "0" or digits without a leading zero. One too large
    // for size_t names no element that could exist.
    const std::string& n = r.name;
    if (!n.empty() && n.find_first_not_of("0123456789") == std::string::npos && (n.size() == 1 || n[0] != '0')) {
      r.is_index = std::from_chars(n.data(), n.data() + n.size(), r.index).ec == std::errc();
    }
    tokens.push_back(std::move(r));
  }
  out.text_.assign(text);
  out.tokens_ = std::move(tokens);
  return {};
}

const value* find(const value& root, const json_pointer& p, std::size_t first) noexcept {
  const value* v = &root;
  for (std::size_t i = first; i < p.size() && v != nullptr; ++i) {
    if (v->is_object()) {
      v = v->find(p.token(i));
    } else {
      const std::optional<std::size_t> index = p.index(i);
      v = v->is_array() && index && *index < v->size() ? &v->elements()[*index] : nullptr;
    }
  }
  return v;
}

pointer_selection::pointer_selection(const decode_options& options)
    : arena_(std::make_unique<detail::arena>()),
      builder_(std::make_unique<detail::dom_builder>(*arena_, options)),
      decoder_(std::make_unique<decoder>(options)),
      selector_(std::make_unique<detail::pointer_selector>(*builder_, options.duplicate_keys)) {}

pointer_selection::~pointer_selection() = default;
pointer_selection::pointer_selection(pointer_selection&&) noexcept = default;
pointer_selection& pointer_selection::operator=(pointer_selection&&) noexcept = default;

const decode_options& pointer_selection::options() const noexcept { return decoder_->options(); }

const value* pointer_selection::found(std::size_t i) const noexcept { return selector_->found(i); }

errc pointer_selection::write(writer& w) const {
  auto put = [&](std::size_t i) {
    if (const value* v = found(i)) {
      write_value(w, *v);
    } else {
      w.null();
    }
  };
  const std::size_t n = selector_->size();
  if (n == 1) {
    put(0);
  } else {
    w.begin_array();
    for (std::size_t i = 0; i < n; ++i) put(i);
    w.end_array();
  }
  return w.status();
}

template <class Read>
error pointer_selection::select_with(std::string_view input, std::span<const json_pointer> pointers, Read&& read) {
  arena_->reset();
  selector_->reset({});
  if (pointers.size() > max_pointers) return error{errc::invalid_option};
  // As document::parse: the builder keeps 32-bit member indices.
  if (input.size() > UINT32_MAX) return detail::make_error(input, errc::out_of_memory, 0);
  selector_->reset(pointers, input);
  error e = read(*selector_);
  if (e) selector_->reset({});
  return e;
}

error pointer_selection::select(std::string_view input, std::span<const json_pointer> pointers) {
  return select_with(input, pointers, [&](detail::pointer_selector& s) { return decoder_->decode(input, s); });
}

error pointer_selection::select(std::string_view input, std::size_t& offset, binary_format format,
                                std::span<const json_pointer> pointers) {
  if (!binary_ || binary_->format() != format) binary_ = std::make_unique<binary_reader>(format, options());
  return select_with(input, pointers, [&](detail::pointer_selector& s) { return binary_->read(input, offset, s); });
}

}  // namespace ujson
