#pragma once
// A decoder handler that validates an instance as the decoder reads it: no DOM, one pass.
//
// Each value gets the schemas that apply to it when it starts (from the member key or item
// index of the container around it), expanded in place through allOf/anyOf/oneOf/not/if/$ref
// into entries on one explicit stack (every branch followed in parallel). A scalar decides
// its entries at once; a container's entries wait for its members and items and its end.
// Then each entry's verdict folds into the one it came from, down to the root's.
//
// It gives is_valid()'s verdict on the DOM the decoder would build, or says it cannot
// (verdict::undecided, the caller then runs the DOM path): a duplicate key (the DOM keeps
// one of the members, by its decode options), more schema applications than the DOM
// path's budget allows, or schemas nested near max_evaluation_depth.

#include <cstdint>
#include <deque>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "event_plan.hpp"
#include "ujson/handler.hpp"
#include "value_checks.hpp"

namespace ujson::schema::detail {

// Schema applications nested this deep go to the DOM path, which fails them at
// max_evaluation_depth: below it, both paths agree that the depth is no problem.
inline constexpr std::uint32_t depth_margin = 8;

class event_validator {
 public:
  enum class verdict : std::uint8_t { valid, invalid, undecided };

  // Ready for an instance against `plan` (capacity kept from earlier ones).
  void reset(const event_plan& plan);
  // After the decoder returned: undecided when it stopped early or failed.
  verdict outcome() const noexcept { return undecided_ || !decided_ ? verdict::undecided : (valid_ ? verdict::valid : verdict::invalid); }

  // Scalars: the common case inline (a member or an item under one schema that applies
  // nothing in place, the schema's checks held apart in event_node), the rest in scalar_at_large.
  errc on_null() { return scalar(value::make_null()); }
  errc on_bool(bool b) { return scalar(value::make_bool(b)); }
  errc on_int64(std::int64_t i) { return scalar(value::make_int64(i)); }
  errc on_uint64(std::uint64_t u) { return scalar(value::make_uint64(u)); }
  errc on_double(double d, std::string_view) { return scalar(value::make_double(d)); }
  errc on_big_number(std::string_view text) { return scalar(value::make_big_number(text)); }
  errc on_string(std::string_view s, string_origin) { return scalar(value::make_string(s)); }
  errc on_key(std::string_view key, string_origin origin);
  errc on_array_begin() { return open(value::make_array(nullptr, 0)); }
  errc on_array_end(std::size_t n) { return close(n); }
  errc on_object_begin() { return open(value::make_object(nullptr, 0)); }
  errc on_object_end(std::size_t n) { return close(n); }

 private:
  // A schema applied at the value being read, or (node == no_node) an anyOf/oneOf/not/if
  // whose branches' verdicts it counts.
  struct entry {
    std::uint32_t node;
    std::uint32_t parent;  // an entry at the same value, or (root) at the container around it
    std::uint32_t depth;   // schema applications from the instance's root, as the DOM path counts
    std::uint32_t count;   // group: branches that held; object node: its first word in bits_
    const keyword* group;  // group: its keyword
    std::uint8_t branch;   // in a group: which of its subschemas (if: 0, then: 1, else: 2)
    std::uint8_t held;     // group: bit per branch that held (if_then_else)
    bool valid;
    bool root;             // folds into its container's entry (or is the instance's verdict)
  };
  struct frame {
    std::uint32_t begin, end;  // its entries
    std::uint32_t keys;        // its first key in keys_
    std::uint32_t copied;      // its first key in copied_keys_
    std::uint32_t bits;        // its first word in bits_
    // Array: the seeds of every item from index `prefix` on ([item_seeds, item_seeds_end)
    // in item_seeds_), worked out once; the items before it are worked out one by one.
    std::uint32_t item_seeds, item_seeds_end;
    std::uint64_t prefix;
    // Array: when one entry alone has item keywords, among them prefixItems: that keyword
    // gives the seed of each item before `prefix`.
    const keyword* only_prefix;
    std::uint32_t only_prefix_entry;
    std::uint64_t items;       // array items so far
    // Object: one bit per key's short hash, so that only a possible repeat is looked for
    // among the keys so far; past many_keys, all are sorted at the end instead.
    std::uint64_t key_hashes[4];
    bool is_object;
    bool reads_members;        // some schema here looks at keys: they are kept (duplicates, dependentRequired)
  };
  // A schema to apply at the value about to start: past any $ref-only schemas (hops).
  struct seed {
    std::uint32_t node;
    std::uint32_t parent;
    std::uint32_t hops;
  };
  seed seed_of(std::uint32_t node, std::uint32_t parent) const {
    const event_node& e = plan_->nodes[node];
    return {e.direct, parent, e.hops};
  }

  errc scalar(const value& v) {
    if (frames_.empty()) return scalar_at_large(v);
    frame& f = frames_.back();
    seed s;
    if (f.is_object) {
      if (seeds_.size() != 1) return scalar_at_large(v);
      s = seeds_[0];  // found at the key
    } else if (f.items >= f.prefix && f.item_seeds_end == f.item_seeds + 1) {
      s = item_seeds_[f.item_seeds];
    } else if (f.items < f.prefix && f.only_prefix && f.items < f.only_prefix->nodes.size()) {
      s = seed_of(f.only_prefix->nodes[f.items], f.only_prefix_entry);
    } else {
      return scalar_at_large(v);
    }
    const event_node& e = plan_->nodes[s.node];
    entry& to = entries_[s.parent];
    if (!e.in_place.empty() || steps_ >= min_evaluation_budget ||
        to.depth + 1 + s.hops + depth_margin >= max_evaluation_depth) {
      return scalar_at_large(v);
    }
    if (!f.is_object) ++f.items;
    ++values_;
    steps_ += 1 + s.hops;
    if (to.valid) to.valid = holds(e, v);  // an entry that failed already stays so
    return errc::ok;
  }
  // The checks of event_node at a value's start; a container stands for its kind alone.
  bool holds(const event_node& e, const value& v) const {
    if (e.is_false || !has_type(e.types, v)) return false;
    switch (v.type()) {
      case kind::string: {
        const std::string_view s = v.as_string();
        // Code points are counted only when the byte length cannot decide (see maxLength).
        if (s.size() > e.max_length || s.size() / 4 < e.min_length) {
          const std::size_t n = code_points(s);
          if (n < e.min_length || n > e.max_length) return false;
        }
        if (e.pattern && !e.pattern->search(s)) return false;
        break;
      }
      case kind::int64:
      case kind::uint64:
      case kind::double_:
      case kind::big_number:
        if (e.lower && compare_to_limit(v, *e.lower) < (e.lower->code == op::exclusive_minimum ? 1 : 0)) return false;
        if (e.upper && compare_to_limit(v, *e.upper) > (e.upper->code == op::exclusive_maximum ? -1 : 0)) return false;
        break;
      default: break;
    }
    return e.at_start.empty() || holds_the_rest(e, v);
  }
  bool holds_the_rest(const event_node& e, const value& v) const;
  errc scalar_at_large(const value& v);
  errc open(const value& container);
  errc close(std::size_t n);
  // The seeds of the value starting now (the entry, an item's, or the member's found at its key).
  std::span<const seed> seeds_for_value();
  // A scalar against seeds: those that apply nothing in place are decided directly,
  // without entries; false: undecided.
  bool decide_scalar(const value& v, std::span<const seed> seeds);
  // Entries for seeds at a value of v's kind (v itself when a scalar); false: undecided.
  bool expand(const value& v, std::span<const seed> seeds);
  bool within_budget() const noexcept;
  bool is_repeated_key(frame& f, std::string_view key);
  // Entries [begin, end) decided: each folds into its parent, last first; then dropped.
  void fold(std::uint32_t begin);
  bool holds_at_end(const event_node& e, const entry& at, std::size_t n, const frame& f) const;
  bool has_duplicate_keys_sorted(const frame& f);
  bool present(const frame& f, std::string_view key) const;
  errc give_up() {
    undecided_ = true;
    return errc::stopped;
  }

  const event_plan* plan_ = nullptr;
  const program* code_ = nullptr;
  std::vector<entry> entries_;
  std::vector<frame> frames_;
  std::vector<seed> seeds_;
  std::vector<seed> name_seeds_;         // propertyNames at the current key
  std::vector<seed> deferred_;           // decide_scalar's seeds that apply schemas in place
  std::vector<seed> item_seeds_;         // the open arrays' (frame::item_seeds)
  seed root_seed_{};
  std::vector<std::string_view> keys_;   // the open objects' keys, for duplicates and dependentRequired
  std::deque<std::string> copied_keys_;  // keys from the decoder's scratch buffer (escaped), kept while open
  std::vector<std::uint64_t> bits_;      // required names seen, per object entry
  std::uint64_t steps_ = 0, values_ = 0;
  bool decided_ = false, valid_ = false, undecided_ = false;
};

}  // namespace ujson::schema::detail
