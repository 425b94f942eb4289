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

// ---- building ------------------------------------------------------------------------

namespace detail {

namespace {

// A key's hash for the duplicate check, in constant time: its length and its first and last
// eight bytes (overlapping loads within the key), a multiply and a fold per load. Keys that
// differ only in their middle bytes share a hash and are told apart by comparing them;
// keys made to share one cannot make the check quadratic (the probe budget below).
inline std::uint64_t key_hash(std::string_view key) noexcept {
  constexpr std::uint64_t k0 = 0x9E3779B97F4A7C15ULL, k1 = 0xFF51AFD7ED558CCDULL;
  const char* p = key.data();
  const std::size_t n = key.size();
  auto load8 = [](const char* at) {
    std::uint64_t v;
    std::memcpy(&v, at, 8);
    return v;
  };
  auto mix = [](std::uint64_t h, std::uint64_t v) {
    h = (h ^ v) * k1;
    return h ^ (h >> 29);
  };
  std::uint64_t h = (n + 1) * k0;
  if (n >= 8) return mix(mix(h, load8(p)), load8(p + n - 8));
  std::uint64_t v = 0;
  if (n >= 4) {
    std::uint32_t first, last;
    std::memcpy(&first, p, 4);
    std::memcpy(&last, p + n - 4, 4);
    v = first | static_cast<std::uint64_t>(last) << 32;
  } else if (n > 0) {
    v = static_cast<unsigned char>(p[0]) | static_cast<unsigned char>(p[n / 2]) << 8 |
        static_cast<std::uint64_t>(static_cast<unsigned char>(p[n - 1])) << 16;
  }
  return mix(h, v);
}

}  // namespace

// Open addressing over the members' indexes. Duplicates are settled only once every key
// is in: past the probe budget nothing has changed and the caller checks another way.
template <class Settle>
dom_builder::hash_result dom_builder::hash_duplicates(member* members, std::size_t n, Settle& settle) {
  const std::size_t size = std::bit_ceil(2 * n);
  const std::size_t mask = size - 1;
  // A slot: the member's index in the low half, its key's hash's high half above it, so
  // that keys meeting in a slot are compared only when their hashes agree.
  constexpr std::uint64_t empty = UINT64_MAX;
  slots_.assign(size, empty);
  std::size_t budget = 8 * n;  // a table at most half full probes about 1.5 times per key
  pending_.clear();
  for (std::size_t i = 0; i < n; ++i) {
    const std::string_view k = members[i].key.as_string();
    const std::uint64_t h = key_hash(k);
    const std::uint64_t tag = h & 0xFFFFFFFF00000000ULL;
    for (std::size_t s = h & mask;; s = (s + 1) & mask) {
      if (budget-- == 0) return hash_result::over_budget;
      const std::uint64_t slot = slots_[s];
      if (slot == empty) {
        slots_[s] = tag | i;
        break;
      }
      const auto j = static_cast<std::uint32_t>(slot);
      if ((slot & 0xFFFFFFFF00000000ULL) == tag && members[j].key.as_string() == k) {
        pending_.emplace_back(static_cast<std::uint32_t>(i), j);
        break;
      }
    }
  }
  for (const auto& [i, j] : pending_) {
    if (!settle(i, j)) return hash_result::rejected;
  }
  return hash_result::done;
}

errc dom_builder::resolve_duplicates(member* members, std::size_t n, std::size_t& kept) {
  bool removed_any = false;
  // Duplicate found: i repeats the key of the earlier member j.
  auto settle = [&](std::size_t i, std::size_t j) {
    if (policy_ == duplicate_keys::reject) return false;
    if (policy_ == duplicate_keys::keep_last) members[j].val = members[i].val;
    members[i].key = value();  // marks i as removed
    removed_any = true;
    return true;
  };
  if (n <= 8) {
    for (std::size_t i = 1; i < n; ++i) {
      const std::string_view k = members[i].key.as_string();
      for (std::size_t j = 0; j < i; ++j) {
        if (members[j].key.is_string() && members[j].key.as_string() == k) {
          if (!settle(i, j)) return errc::duplicate_key;
          break;
        }
      }
    }
  } else if (const hash_result r = hash_duplicates(members, n, settle); r == hash_result::rejected) {
    return errc::duplicate_key;
  } else if (r == hash_result::over_budget) {
    // Keys made to collide (the hash has no secret) would make probing quadratic: past a
    // probe budget the members are checked by sorting instead, O(n log n) whatever the keys.
    order_.resize(n);
    for (std::size_t i = 0; i < n; ++i) order_[i] = static_cast<std::uint32_t>(i);
    std::stable_sort(order_.begin(), order_.end(), [&](std::uint32_t a, std::uint32_t b) {
      return members[a].key.as_string() < members[b].key.as_string();
    });
    for (std::size_t at = 1, first = 0; at < n; ++at) {
      const std::uint32_t i = order_[at], j = order_[first];
      if (members[i].key.as_string() != members[j].key.as_string()) {
        first = at;
      } else if (!settle(i, j)) {
        return errc::duplicate_key;
      }
    }
  }
  kept = n;
  if (removed_any) {
    kept = 0;
    for (std::size_t i = 0; i < n; ++i) {
      if (members[i].key.is_string()) members[kept++] = members[i];
    }
  }
  return errc::ok;
}


}  // namespace detail

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
  error e = decoder_->decode(input, *builder_);
  if (!e) root_ = builder_->result();
  return e;
}

error document::parse(std::string_view input, std::size_t& offset, binary_format format) {
  if (input.size() > UINT32_MAX) return detail::make_error(input, errc::out_of_memory, 0);
  if (!binary_ || binary_->format() != format) binary_ = std::make_unique<binary_reader>(format, options());
  arena_->reset();
  arena_->reserve_hint((input.size() - std::min(offset, input.size())) / 2 + 64);
  builder_->reset(input);
  root_ = value();
  error e = binary_->read(input, offset, *builder_);
  if (!e) root_ = builder_->result();
  return e;
}

}  // namespace ujson
