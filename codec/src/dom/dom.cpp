#include "ujson/dom.hpp"

#include <algorithm>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstring>
#include <algorithm>
#include <functional>
#include <utility>

#include "arena.hpp"
#include "builder.hpp"
#include "ujson/binary_reader.hpp"
#include "ujson/decoder.hpp"
#include "ujson/detail/number.hpp"

namespace ujson {
namespace {

const value null_value{};

}  // namespace

// ---- value -------------------------------------------------------------------------

bool value::is_number() const noexcept {
  const kind k = type();
  return k == kind::int64 || k == kind::uint64 || k == kind::double_ || k == kind::big_number;
}

double value::converted_to_double() const noexcept {
  switch (type()) {
    case kind::int64: return static_cast<double>(payload_.i);
    case kind::uint64: return static_cast<double>(payload_.u);
    case kind::big_number: {
      double d = 0;
      const std::string_view text = as_string();
      // Out of range gives +-inf (overflow) or 0 (underflow), by the text's sign.
      const auto r = std::from_chars(text.data(), text.data() + text.size(), d);
      if (r.ec == std::errc::result_out_of_range) {
        const bool negative = text[0] == '-';
        const std::size_t e = text.find_first_of("eE");
        const bool tiny = e != std::string_view::npos && text[e + 1] == '-';
        d = tiny ? 0.0 : HUGE_VAL;
        if (negative) d = -d;
      }
      return d;
    }
    default: return 0;
  }
}

const value& value::operator[](std::size_t i) const noexcept {
  const auto e = elements();
  return i < e.size() ? e[i] : null_value;
}

const value* value::find(std::string_view key) const noexcept {
  for (const member& m : members()) {
    if (m.key.as_string() == key) return &m.val;
  }
  return nullptr;
}

const value& value::operator[](std::string_view key) const noexcept {
  const value* v = find(key);
  return v != nullptr ? *v : null_value;
}

bool operator==(const value& a, const value& b) noexcept {
  std::vector<std::pair<const value*, const value*>> pending{{&a, &b}};
  while (!pending.empty()) {
    const auto [x, y] = pending.back();
    pending.pop_back();
    if (x->type() != y->type()) return false;
    switch (x->type()) {
      case kind::null: break;
      case kind::boolean: if (x->payload_.b != y->payload_.b) return false; break;
      case kind::int64: if (x->payload_.i != y->payload_.i) return false; break;
      case kind::uint64: if (x->payload_.u != y->payload_.u) return false; break;
      case kind::double_:
        // Bitwise, so that -0.0 != 0.0 and a NaN equals itself: what round trips must keep.
        if (std::bit_cast<std::uint64_t>(x->payload_.d) != std::bit_cast<std::uint64_t>(y->payload_.d)) return false;
        break;
      case kind::big_number:
      case kind::string: if (x->as_string() != y->as_string()) return false; break;
      case kind::array:
        if (x->size() != y->size()) return false;
        for (std::size_t i = 0; i < x->size(); ++i) pending.emplace_back(&x->elements()[i], &y->elements()[i]);
        break;
      case kind::object:
        if (x->size() != y->size()) return false;
        for (const member& m : x->members()) {
          const value* other = y->find(m.key.as_string());
          if (other == nullptr) return false;
          pending.emplace_back(&m.val, other);
        }
        break;
    }
  }
  return true;
}

// ---- document ------------------------------------------------------------------------

document::document(const decode_options& options)
    : arena_(std::make_unique<detail::arena>()),
      builder_(std::make_unique<detail::dom_builder>(*arena_, options)),
      decoder_(std::make_unique<decoder>(options)) {}

document::~document() = default;
document::document(document&&) noexcept = default;
document& document::operator=(document&&) noexcept = default;

const decode_options& document::options() const noexcept { return decoder_->options(); }

error document::parse(std::string_view input) {
  if (input.size() > UINT32_MAX) return detail::make_error(input, errc::out_of_memory, 0);
  arena_->reset();
  // Containers and copied strings take well under half the input in typical documents.
  arena_->reserve_hint(input.size() / 2 + 64);
  builder_->reset(input);
  root_ = value();
  const error e = decoder_->decode(input, *builder_);
  if (e) return e;
  root_ = builder_->result();
  // A new error, not a copy of e: copying reads e with wide loads just after the decoder
  // wrote it with narrow stores, and such a load waits for them to reach the cache (a
  // third of a small document's parse).
  return error{};
}

error document::parse(std::string_view input, std::size_t& offset, binary_format format) {
  if (input.size() > UINT32_MAX) return detail::make_error(input, errc::out_of_memory, 0);
  if (!binary_ || binary_->format() != format) binary_ = std::make_unique<binary_reader>(format, options());
  arena_->reset();
  arena_->reserve_hint((input.size() - std::min(offset, input.size())) / 2 + 64);
  builder_->reset(input);
  root_ = value();
  const error e = binary_->read(input, offset, *builder_);
  if (e) return e;
  root_ = builder_->result();
  return error{};
}

}  // namespace ujson
