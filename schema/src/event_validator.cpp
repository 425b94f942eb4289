// The event validator's walk (see event_validator.hpp). The checks of one value are the
// DOM path's (value_checks.hpp, numbers.hpp, equality.hpp) on a value made from the event:
// the same kinds the DOM builder makes, so the same numbers compare the same way.

#include "event_validator.hpp"

#include <algorithm>
#include <bit>

#include "equality.hpp"
#include "value_checks.hpp"

namespace ujson::schema::detail {
namespace {

// A keyword of event_node::at_start on a value; a container stands for its kind alone.
bool holds_at_start(const keyword& k, const value& v) {
  switch (k.code) {
    case op::const_: return !is_container(v) && json_equal(v, *k.literal);
    case op::enum_: {
      if (is_container(v)) return false;
      const auto options = k.literal->elements();
      return std::any_of(options.begin(), options.end(), [&](const value& o) { return json_equal(v, o); });
    }
    case op::multiple_of: return !v.is_number() || is_multiple_of(v, *k.literal);
    case op::maximum: return !v.is_number() || compare_to_limit(v, k) <= 0;
    case op::exclusive_maximum: return !v.is_number() || compare_to_limit(v, k) < 0;
    case op::minimum: return !v.is_number() || compare_to_limit(v, k) >= 0;
    case op::exclusive_minimum: return !v.is_number() || compare_to_limit(v, k) > 0;
    case op::format: return !v.is_string() || check_format(k.format, v.as_string());
    default: return true;
  }
}

// Whether a member's key or an object's size can change the verdict of this entry's
// schema (else duplicate keys, which the DOM resolves, do not matter).
bool reads_members(const event_node& e) { return !e.per_key.empty() || !e.at_end.empty() || e.required_count != 0; }

// Keys an object may hold before its repeats are looked for by sorting at its end rather
// than among the keys so far as each arrives (which crafted keys could make quadratic).
constexpr std::size_t many_keys = 64;

// A key's short hash for frame::key_hashes: its length and three of its bytes.
unsigned short_hash(std::string_view key) {
  if (key.empty()) return 0;
  const auto at = [&](std::size_t i) { return static_cast<unsigned char>(key[i]); };
  return (static_cast<unsigned>(key.size()) * 151u + at(0) * 7u + at(key.size() / 2) * 31u + at(key.size() - 1)) & 255u;
}

}  // namespace

bool event_validator::holds_the_rest(const event_node& e, const value& v) const {
  return std::all_of(e.at_start.begin(), e.at_start.end(), [&](const keyword* k) { return holds_at_start(*k, v); });
}

void event_validator::reset(const event_plan& plan) {
  plan_ = &plan;
  code_ = plan.code.get();
  root_seed_ = seed_of(code_->entry, no_node);
  entries_.clear();
  frames_.clear();
  seeds_.clear();
  name_seeds_.clear();
  item_seeds_.clear();
  keys_.clear();
  copied_keys_.clear();
  bits_.clear();
  steps_ = values_ = 0;
  decided_ = valid_ = undecided_ = false;
}

std::span<const event_validator::seed> event_validator::seeds_for_value() {
  ++values_;
  if (frames_.empty()) return {&root_seed_, 1};
  frame& f = frames_.back();
  if (f.is_object) return seeds_;  // on_key found them
  const std::uint64_t index = f.items++;
  if (index >= f.prefix) return {item_seeds_.data() + f.item_seeds, item_seeds_.data() + f.item_seeds_end};
  seeds_.clear();
  for (std::uint32_t i = f.begin; i < f.end; ++i) {
    const entry& at = entries_[i];
    if (at.node == no_node || !at.valid) continue;
    for (const keyword* k : plan_->nodes[at.node].per_item) {
      if (k->code == op::prefix_items) {
        if (index < k->nodes.size()) seeds_.push_back(seed_of(k->nodes[index], i));
      } else if (index >= k->count) {
        seeds_.push_back(seed_of(k->nodes[0], i));
      }
    }
  }
  return seeds_;
}

// The DOM path gives up past this many applications; the event path applies at least as
// many, so below it neither does.
bool event_validator::within_budget() const noexcept {
  return steps_ <= min_evaluation_budget || steps_ <= evaluations_per_value * values_;
}

bool event_validator::decide_scalar(const value& v, std::span<const seed> seeds) {
  bool expanded = false;
  for (const seed& s : seeds) {
    const event_node& e = plan_->nodes[s.node];
    if (!e.in_place.empty()) {
      expanded = true;  // below, with entries
      continue;
    }
    steps_ += 1 + s.hops;
    if (s.parent == no_node) {
      decided_ = true;
      valid_ = holds(e, v);
    } else {
      entry& to = entries_[s.parent];
      if (to.depth + 1 + s.hops + depth_margin >= max_evaluation_depth) return false;
      if (to.valid) to.valid = holds(e, v);  // an entry that failed already stays so
    }
  }
  if (!expanded) return within_budget();
  const auto begin = static_cast<std::uint32_t>(entries_.size());
  deferred_.clear();
  for (const seed& s : seeds) {
    if (!plan_->nodes[s.node].in_place.empty()) deferred_.push_back(s);
  }
  if (!expand(v, deferred_)) return false;
  fold(begin);
  return true;
}

bool event_validator::expand(const value& v, std::span<const seed> seeds) {
  const auto begin = static_cast<std::uint32_t>(entries_.size());
  for (const seed& s : seeds) {
    const std::uint32_t depth = (s.parent == no_node ? 1 : entries_[s.parent].depth + 1) + s.hops;
    if (depth + depth_margin >= max_evaluation_depth) return false;
    steps_ += s.hops;
    entries_.push_back({s.node, s.parent, depth, 0, nullptr, 0, 0, true, true});
  }
  // Breadth first: every entry's in-place subschemas come after it, so that fold() meets
  // them first. The plan bounds the expansion per seed (max_in_place_expansion, no cycles).
  for (std::uint32_t i = begin; i < entries_.size(); ++i) {
    if (entries_[i].node == no_node) continue;
    ++steps_;
    const event_node& e = plan_->nodes[entries_[i].node];
    if (!holds(e, v)) {
      entries_[i].valid = false;  // final: what it applies in place cannot change that
      continue;
    }
    if (e.in_place.empty()) continue;
    const std::uint32_t depth = entries_[i].depth + 1;
    if (depth + depth_margin >= max_evaluation_depth) return false;
    for (const keyword* k : e.in_place) {
      if (k->code == op::all_of || k->code == op::ref) {
        for (const std::uint32_t child : k->nodes) entries_.push_back({child, i, depth, 0, nullptr, 0, 0, true, false});
        continue;
      }
      const auto group = static_cast<std::uint32_t>(entries_.size());
      entries_.push_back({no_node, i, depth - 1, 0, k, 0, 0, true, false});
      for (std::size_t b = 0; b < k->nodes.size(); ++b) {
        if (k->nodes[b] == no_node) continue;
        entries_.push_back({k->nodes[b], group, depth, 0, nullptr, static_cast<std::uint8_t>(b), 0, true, false});
      }
    }
  }
  return within_budget();
}

void event_validator::fold(std::uint32_t begin) {
  for (std::uint32_t i = static_cast<std::uint32_t>(entries_.size()); i-- > begin;) {
    entry& e = entries_[i];
    if (e.node == no_node) {
      switch (e.group->code) {
        case op::any_of: e.valid = e.count > 0; break;
        case op::one_of: e.valid = e.count == 1; break;
        case op::not_: e.valid = e.count == 0; break;
        default:  // if_then_else
          e.valid = (e.held & 1) ? (e.group->nodes[1] == no_node || (e.held & 2))
                                 : (e.group->nodes[2] == no_node || (e.held & 4));
      }
    }
    if (e.parent == no_node) {
      decided_ = true;
      valid_ = e.valid;
      continue;
    }
    entry& to = entries_[e.parent];
    if (to.node != no_node) {
      to.valid = to.valid && e.valid;
    } else if (e.valid) {
      ++to.count;
      to.held |= static_cast<std::uint8_t>(1u << std::min<unsigned>(e.branch, 7));
    }
  }
  entries_.resize(begin);
}

errc event_validator::scalar_at_large(const value& v) {
  return decide_scalar(v, seeds_for_value()) ? errc::ok : give_up();
}

errc event_validator::open(const value& container) {
  const auto begin = static_cast<std::uint32_t>(entries_.size());
  if (!expand(container, seeds_for_value())) return give_up();
  frame& f = frames_.emplace_back();
  f.begin = begin;
  f.end = static_cast<std::uint32_t>(entries_.size());
  f.keys = static_cast<std::uint32_t>(keys_.size());
  f.copied = static_cast<std::uint32_t>(copied_keys_.size());
  f.bits = static_cast<std::uint32_t>(bits_.size());
  f.item_seeds = f.item_seeds_end = static_cast<std::uint32_t>(item_seeds_.size());
  f.is_object = container.is_object();
  std::size_t item_entries = 0;
  for (std::uint32_t i = f.begin; i < f.end; ++i) {
    entry& at = entries_[i];
    if (at.node == no_node || !at.valid) continue;
    const event_node& e = plan_->nodes[at.node];
    if (!f.is_object) {
      if (!e.per_item.empty()) ++item_entries;
      for (const keyword* k : e.per_item) {
        if (k->code == op::prefix_items) {
          f.prefix = std::max<std::uint64_t>(f.prefix, k->nodes.size());
          f.only_prefix = k;
          f.only_prefix_entry = i;
        } else {
          f.prefix = std::max<std::uint64_t>(f.prefix, k->count);
          item_seeds_.push_back(seed_of(k->nodes[0], i));
        }
      }
      continue;
    }
    f.reads_members = f.reads_members || reads_members(e);
    if (e.required_count == 0) continue;
    at.count = static_cast<std::uint32_t>(bits_.size());
    bits_.resize(bits_.size() + (e.required_count + 63) / 64, 0);
  }
  f.item_seeds_end = static_cast<std::uint32_t>(item_seeds_.size());
  if (item_entries != 1) f.only_prefix = nullptr;
  return errc::ok;
}

bool event_validator::is_repeated_key(frame& f, std::string_view key) {
  const std::size_t n = keys_.size() - f.keys;
  if (n >= many_keys) return false;  // close() sorts them
  const unsigned h = short_hash(key);
  std::uint64_t& word = f.key_hashes[h / 64];
  const std::uint64_t bit = std::uint64_t{1} << (h % 64);
  if (!(word & bit)) {
    word |= bit;
    return false;
  }
  return std::find(keys_.begin() + f.keys, keys_.end(), key) != keys_.end();
}

errc event_validator::on_key(std::string_view key, string_origin origin) {
  frame& f = frames_.back();
  seeds_.clear();
  if (!f.reads_members) return errc::ok;
  // A repeated key: the DOM keeps one of the members (or refuses), by its decode options.
  if (is_repeated_key(f, key)) return give_up();
  if (origin == string_origin::scratch) key = copied_keys_.emplace_back(key);
  keys_.push_back(key);
  name_seeds_.clear();
  for (std::uint32_t i = f.begin; i < f.end; ++i) {
    const entry& at = entries_[i];
    if (at.node == no_node || !at.valid) continue;
    const event_node& e = plan_->nodes[at.node];
    bool named = false, patterned = false;
    std::uint32_t bit = no_node;
    for (const keyword* k : e.per_key) {
      switch (k->code) {
        case op::properties:
          if (const std::uint32_t slot = k->names.find(key); slot != no_node) {
            named = true;
            seeds_.push_back(seed_of(k->nodes[slot], i));
            if (!e.required_of_slot.empty()) bit = e.required_of_slot[slot];
          }
          break;
        case op::pattern_properties:
          for (std::size_t r = 0; r < k->regexes.size(); ++r) {
            if (!code_->regexes[k->regexes[r]]->search(key)) continue;
            patterned = true;
            seeds_.push_back(seed_of(k->nodes[r], i));
          }
          break;
        case op::additional_properties:
          // Its names and patterns are those of its siblings, which came first (the
          // compiler's order): what they found decides.
          if (!named && !patterned) seeds_.push_back(seed_of(k->nodes[0], i));
          break;
        default:  // property_names
          name_seeds_.push_back(seed_of(k->nodes[0], i));
      }
    }
    if (e.required_count != 0) {
      if (e.required_of_slot.empty()) bit = e.required.find(key);
      if (bit != no_node) bits_[at.count + bit / 64] |= std::uint64_t{1} << (bit % 64);
    }
  }
  // The key, as a string, against propertyNames: decided now; the member's seeds wait.
  if (!name_seeds_.empty() && !decide_scalar(value::make_string(key), name_seeds_)) return give_up();
  return errc::ok;
}

// An object of many_keys or more: its keys sorted, O(n log n) whatever they are; present()
// then searches them. (Smaller ones were checked as each key arrived.)
bool event_validator::has_duplicate_keys_sorted(const frame& f) {
  const auto begin = keys_.begin() + f.keys;
  if (keys_.size() - f.keys <= many_keys) return false;
  std::sort(begin, keys_.end());
  return std::adjacent_find(begin, keys_.end()) != keys_.end();
}

bool event_validator::present(const frame& f, std::string_view key) const {
  const auto begin = keys_.begin() + f.keys;
  if (keys_.size() - f.keys <= many_keys) return std::find(begin, keys_.end(), key) != keys_.end();
  return std::binary_search(begin, keys_.end(), key);
}

bool event_validator::holds_at_end(const event_node& e, const entry& at, std::size_t n, const frame& f) const {
  for (const keyword* k : e.at_end) {
    switch (k->code) {
      case op::max_items:
        if (!f.is_object && n > k->count) return false;
        break;
      case op::min_items:
        if (!f.is_object && n < k->count) return false;
        break;
      case op::max_properties:
        if (f.is_object && n > k->count) return false;
        break;
      case op::min_properties:
        if (f.is_object && n < k->count) return false;
        break;
      default:  // dependent_required
        if (!f.is_object) break;
        for (std::size_t j = f.keys; j < keys_.size(); ++j) {
          const std::uint32_t slot = k->names.find(keys_[j]);
          if (slot == no_node) continue;
          for (std::uint32_t r = k->spans[slot].first; r < k->spans[slot].second; ++r) {
            if (!present(f, k->required[r])) return false;
          }
        }
    }
  }
  if (!f.is_object || e.required_count == 0) return true;
  std::uint32_t seen = 0;
  for (std::uint32_t w = 0; w < (e.required_count + 63) / 64; ++w) seen += std::popcount(bits_[at.count + w]);
  return seen == e.required_count;
}

errc event_validator::close(std::size_t n) {
  const frame& f = frames_.back();
  if (f.reads_members && has_duplicate_keys_sorted(f)) return give_up();
  for (std::uint32_t i = f.begin; i < f.end; ++i) {
    entry& at = entries_[i];
    if (at.node == no_node || !at.valid) continue;
    if (!holds_at_end(plan_->nodes[at.node], at, n, f)) at.valid = false;
  }
  const std::uint32_t begin = f.begin;
  item_seeds_.resize(f.item_seeds);
  if (f.is_object) {
    keys_.resize(f.keys);
    copied_keys_.resize(f.copied);
    bits_.resize(f.bits);
  }
  frames_.pop_back();
  fold(begin);
  return errc::ok;
}

}  // namespace ujson::schema::detail
