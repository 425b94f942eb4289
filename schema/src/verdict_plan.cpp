// The verdict-only walk of a program whose schemas only assert and move into the instance
// (or apply leaves in place) (program::plans): each schema one flat record, each value one
// switch on its kind, no count of steps. Why none is needed: below the entry, a value is
// reached by at most `fan` subschemas of its parent (properties or additionalProperties,
// the patternProperties that match, propertyNames), and its own schema applies at most
// `fan` leaves in place (anyOf: [null, ...]), each at most `most` levels away; only one of
// them goes on below the value (the others decide with quick_checks alone). When
// 2 * fan * most and the entry's levels stay within evaluations_per_value, validate() never
// meets the step budget. The depth is not counted either when no schema leads back to
// another and the schemas nest at most max_evaluation_depth levels (`height`); otherwise
// (a recursive schema: a tweet's retweeted tweet) it is, edge by edge, as eval_child does.

#include <algorithm>
#include <utility>

#include "evaluator.hpp"

namespace ujson::schema::detail {
namespace {

// The subschemas a walking schema applies below the instance, and how many of them may
// apply to one member (fan). Only one of them may go on below the member: two would each
// apply their own below it, and the work would double with every level (`ok` false).
struct below {
  std::vector<const child*> edges;
  std::uint64_t fan = 1;
  bool ok = true;
};

// An in-place applicator all of whose subschemas quick_checks alone decides: they apply to
// the value itself and go no further (anyOf: [null, a string's pattern]).
bool in_place_leaves(const keyword& k) {
  switch (k.code) {
    case op::all_of:
    case op::any_of:
    case op::one_of:
    case op::not_:
    case op::if_then_else:
    case op::ref: break;
    default: return false;
  }
  return std::all_of(k.children.begin(), k.children.end(),
                     [](const child& c) { return c.index == no_node || (c.target && c.target->rest.empty()); });
}

below subschemas_of(const node& n) {
  below b;
  for (const std::uint32_t i : n.rest) {
    const keyword& k = n.keywords[i];
    if (in_place_leaves(k)) {
      for (const child& c : k.children) {
        if (c.index != no_node) b.edges.push_back(&c);
      }
      b.fan += k.children.size();
      continue;
    }
    switch (k.code) {
      case op::items:
      case op::prefix_items:
      case op::additional_properties:
      case op::property_names:
        for (const child& c : k.children) b.edges.push_back(&c);
        break;
      case op::pattern_properties:
        for (const child& c : k.children) {
          b.edges.push_back(&c);
          b.ok = b.ok && c.target && c.target->rest.empty();
        }
        b.fan += k.children.size();
        break;
      case op::properties:
        for (const child& c : k.children) b.edges.push_back(&c);
        if (k.additional != 0) b.edges.push_back(&(&k + k.additional)->children[0]);
        break;
      default: break;
    }
  }
  b.fan += 1;  // propertyNames, beside the member's own schema
  return b;
}

// A leaf, a walking schema, or one that also applies leaves in place.
bool qualifies(const node& n) {
  if (n.rest.empty() || n.walks) return true;
  if (n.collects || n.is_false) return false;
  return std::all_of(n.rest.begin(), n.rest.end(), [&](std::uint32_t i) {
    return walks_over(n.keywords[i].code) || in_place_leaves(n.keywords[i]);
  });
}

// Whether every schema below `entry` qualifies within the step budget, and whether the
// depth limit needs counting (a cycle, or schemas nested nearly as deep as the limit; see
// the top of the file); walked with a stack of its own, as a schema nests as deep as its
// author likes.
struct verdict {
  bool plannable = false;
  bool counts_depth = false;
};

verdict plannable(const program& p, std::uint32_t entry, std::uint32_t entry_levels) {
  bool cycle = false;
  enum : std::uint8_t { unseen, open, done };
  std::vector<std::uint8_t> state(p.nodes.size(), unseen);
  std::vector<std::uint64_t> height(p.nodes.size(), 0);
  std::uint64_t most = 0, fan = 1;
  struct frame {
    std::uint32_t n;
    std::uint32_t via_levels;  // of the edge that entered it
    below b;
    std::size_t next = 0;
  };
  std::vector<frame> stack;
  const auto enter = [&](std::uint32_t n, std::uint32_t via_levels) {
    if (!qualifies(p.nodes[n])) return false;
    state[n] = open;
    stack.push_back({n, via_levels, p.nodes[n].rest.empty() ? below{} : subschemas_of(p.nodes[n])});
    if (!stack.back().b.ok) return false;
    fan = std::max(fan, stack.back().b.fan);
    return true;
  };
  if (!enter(entry, 0)) return {};
  while (!stack.empty()) {
    frame& f = stack.back();
    const std::uint32_t n = f.n;
    if (f.next == f.b.edges.size()) {
      const std::uint32_t via = f.via_levels;
      state[n] = done;
      stack.pop_back();
      if (!stack.empty()) height[stack.back().n] = std::max(height[stack.back().n], via + height[n]);
      continue;
    }
    const child& c = *f.b.edges[f.next++];
    if (c.index == no_node || !c.target) return {};
    const std::uint32_t to = static_cast<std::uint32_t>(c.target - p.nodes.data());
    most = std::max<std::uint64_t>(most, c.levels);
    if (state[to] == open) {
      cycle = true;  // the instance decides how deep it goes
    } else if (state[to] == done) {
      height[n] = std::max(height[n], c.levels + height[to]);
    } else if (!enter(to, c.levels)) {
      return {};
    }
  }
  // A value's steps: its parent's subschemas that reach it, and the leaves its own schema
  // applies in place; each at most fan.
  if (entry_levels > evaluations_per_value || 2 * fan * most > evaluations_per_value) return {};
  return {true, cycle || entry_levels + height[entry] > max_evaluation_depth};
}

}  // namespace

void build_verdict_plans(program& p) {
  const node& from = p.nodes[p.entry];
  if (!from.target) return;
  // A dynamic $dynamicRef looks for anchors in the resources entered on the way.
  for (const node& n : p.nodes) {
    for (const keyword& k : n.keywords) {
      if (k.code == op::dynamic_ref && k.dynamic_name != no_node) return;
    }
  }
  const std::uint32_t entry = static_cast<std::uint32_t>(from.target - p.nodes.data());
  const verdict found = plannable(p, entry, from.levels);
  if (!found.plannable) return;
  p.plans.assign(p.nodes.size(), plan{});
  const auto plan_of = [&](const child& c) { return plan_edge{&p.plans[c.target - p.nodes.data()], c.levels}; };
  for (std::size_t i = 0; i < p.nodes.size(); ++i) {
    const node& n = p.nodes[i];
    plan& s = p.plans[i];
    s.quick = n.quick;
    s.leaf = n.rest.empty();
    if (s.leaf || !qualifies(n)) continue;
    for (const std::uint32_t r : n.rest) {
      const keyword& k = n.keywords[r];
      switch (k.code) {
        case op::items:
          s.items = plan_of(k.children[0]);
          s.items_from = static_cast<std::uint32_t>(k.count);
          break;
        case op::prefix_items:
          for (const child& c : k.children) s.prefix.push_back(plan_of(c));
          break;
        case op::properties:
          s.properties = &k;
          for (std::size_t j = 0; j < k.children.size(); ++j) {
            s.slots.push_back({k.names.name(j), plan_of(k.children[j]), k.required_bits[j]});
          }
          s.required_mask = k.required_mask;
          if (k.additional != 0) s.additional = plan_of((&k + k.additional)->children[0]);
          break;
        case op::additional_properties:
          if (k.names.size() == 0 && k.regexes.empty() && !s.properties) {
            s.additional = plan_of(k.children[0]);
            break;
          }
          s.rest.push_back(&k);
          break;
        case op::property_names: s.property_names = plan_of(k.children[0]); break;
        default: s.rest.push_back(&k);
      }
    }
  }
  // Tuples of numbers checked as doubles (node::tuple): their bounds in one place.
  for (std::size_t i = 0; i < p.nodes.size(); ++i) {
    plan& s = p.plans[i];
    if (!p.nodes[i].tuple || s.items.to || s.prefix.empty() || !(s.quick.types & t_array) || s.quick.strings ||
        !s.rest.empty()) {
      continue;
    }
    s.doubles_tuple = std::all_of(s.prefix.begin(), s.prefix.end(), [](const plan_edge& e) {
      return e.to->leaf && e.to->quick.numbers_as_doubles;
    });
    for (std::size_t j = 0; j < s.prefix.size(); ++j) {
      s.low[j] = s.prefix[j].to->quick.low;
      s.high[j] = s.prefix[j].to->quick.high;
      s.deepest_prefix = std::max(s.deepest_prefix, s.prefix[j].levels);
    }
  }
  for (plan& s : p.plans) {
    const bool array_parts = s.items.to || !s.prefix.empty();
    const bool object_parts = s.properties || s.additional.to || s.property_names.to;
    s.leaf_items = !s.leaf && s.rest.empty() && !object_parts && s.items.to && s.items.to->leaf && s.items_from == 0 &&
                   s.prefix.empty();
    s.members_only = !s.leaf && s.rest.empty() && !array_parts;
  }
  const auto flat = [](const plan_edge& e) { return e.to == nullptr || e.to->leaf || e.to->leaf_items; };
  for (plan& s : p.plans) {
    s.flat_record = s.members_only && s.properties && !s.property_names.to && flat(s.additional) &&
                    std::all_of(s.slots.begin(), s.slots.end(), [&](const plan_slot& slot) { return flat(slot.edge); });
  }
  for (plan& s : p.plans) {
    s.record_items = !s.leaf && s.rest.empty() && !s.properties && !s.additional.to && !s.property_names.to &&
                     s.items.to && s.items.to->flat_record && s.items_from == 0 && s.prefix.empty();
  }
  p.plan_entry = {&p.plans[entry], from.levels};
  p.plans_count_depth = found.counts_depth;
}

// A subschema applied to v: when the depth is counted, as eval_child counts it (the limit
// reached is the verdict of validate(), which gives up there). Inline in the loops over
// members and items, where most subschemas are leaves or objects of members only.
template <bool counted>
[[gnu::always_inline]] inline bool evaluator::check_edge(const plan_edge& e, const value& v) {
  const plan& s = *e.to;
  if constexpr (counted) {
    if (depth_ + e.levels > max_evaluation_depth) return !(too_deep_ = true);
  }
  if (s.leaf) return passes_quick_checks(s.quick, v);
  if (!passes_quick_checks(s.quick, v)) return false;
  if constexpr (counted) depth_ += e.levels;
  bool ok;
  if (s.flat_record) {
    ok = !v.is_object() || check_record<counted>(s, v.members());
  } else if (s.members_only) {
    ok = !v.is_object() || check_members<counted>(s, v.members());
  } else if (s.leaf_items) {
    ok = all_leaves<counted>(s.items, v.elements());
  } else if (!counted && s.record_items) {
    ok = check_records<counted>(*s.items.to, v.elements());
  } else {
    ok = check<counted>(s, v);
  }
  if constexpr (counted) depth_ -= e.levels;
  return ok;
}

// check_edge of a leaf or an array of leaves (plan::flat_record's properties): nothing called
// but the quick checks' long way.
template <bool counted>
[[gnu::always_inline]] inline bool evaluator::check_flat_edge(const plan_edge& e, const value& v) {
  const plan& s = *e.to;
  if constexpr (counted) {
    if (depth_ + e.levels > max_evaluation_depth) return !(too_deep_ = true);
  }
  if (!passes_quick_checks(s.quick, v)) return false;
  if (s.leaf) return true;
  const std::span<const value> items = v.elements();
  if constexpr (counted) {
    if (!items.empty() && depth_ + e.levels + s.items.levels > max_evaluation_depth) return !(too_deep_ = true);
  }
  const quick_checks& each = s.items.to->quick;
  for (const value& item : items) {
    if (!passes_quick_checks(each, item)) return false;
  }
  return true;
}

// Members that name the properties once each in the schema's order (what one producer
// writes), checked in turn with no lookup and no required mask: `passes` when they all do,
// `fails` at the first whose value fails, `unsure` at the first name out of place, or at
// once when there are not as many members as names; `matched` then says how many members
// were checked. `flat` (plan::flat_record's properties): each value by check_flat_edge,
// which calls nothing.
template <bool counted, bool flat>
[[gnu::always_inline]] inline evaluator::record_verdict evaluator::in_order(std::span<const plan_slot> slots,
                                                                          std::span<const member> members,
                                                                          std::size_t& matched) {
  const std::size_t count = slots.size();
  matched = 0;
  if (members.size() != count) return record_verdict::unsure;
  for (; matched < count; ++matched) {
    if (!same_text(slots[matched].name, members[matched].key.as_string())) return record_verdict::unsure;
    const bool ok = flat ? check_flat_edge<counted>(slots[matched].edge, members[matched].val)
                         : check_edge<counted>(slots[matched].edge, members[matched].val);
    if (!ok) return record_verdict::fails;
  }
  return record_verdict::passes;
}

template <bool counted>
[[gnu::noinline]] bool evaluator::check_record(const plan& s, std::span<const member> members) {
  std::size_t matched;
  const record_verdict r = in_order<counted, true>(s.slots, members, matched);
  return r == record_verdict::unsure ? check_named_members_from<counted>(s, members, matched) : r == record_verdict::passes;
}

// Arrays of flat records (citm's areas and prices): one call for the whole array.
template <bool counted>
[[gnu::noinline]] bool evaluator::check_records(const plan& each, std::span<const value> items) {
  const std::span<const plan_slot> slots = each.slots;  // loaded once, not after every store
  for (const value& item : items) {
    if (!passes_quick_checks(each.quick, item)) return false;
    if (!item.is_object()) continue;
    std::size_t matched;
    const record_verdict r = in_order<counted, true>(slots, item.members(), matched);
    if (r == record_verdict::fails ||
        (r == record_verdict::unsure && !check_named_members_from<counted>(each, item.members(), matched))) {
      return false;
    }
  }
  return true;
}

// check_edge, called: for the rare item a tight loop leaves to it.
template <bool counted>
[[gnu::noinline]] bool evaluator::check_edge_apart(const plan_edge& e, const value& v) {
  return check_edge<counted>(e, v);
}

template <bool counted>
[[gnu::always_inline]] inline bool evaluator::all_leaves(const plan_edge& each, std::span<const value> items) {
  if constexpr (counted) {
    if (!items.empty() && depth_ + each.levels > max_evaluation_depth) return !(too_deep_ = true);
  }
  for (const value& item : items) {
    if (!passes_quick_checks(each.to->quick, item)) return false;
  }
  return true;
}

// A plan's keywords past quick_checks (done by check_edge).
template <bool counted>
bool evaluator::check(const plan& s, const value& v) {
  if (v.is_object()) {
    if (!check_members<counted>(s, v.members())) return false;
  } else if (v.is_array()) {
    if (!check_items<counted>(s, v.elements())) return false;
  }
  for (const keyword* k : s.rest) {
    if (!apply(*k, v, nullptr)) return false;
  }
  return true;
}

// properties (with additionalProperties and required fused into it).
template <bool counted>
[[gnu::always_inline]] inline bool evaluator::check_named_members(const plan& s, std::span<const member> members) {
  std::size_t matched;
  const record_verdict r = in_order<counted, false>(s.slots, members, matched);
  return r == record_verdict::unsure ? check_named_members_from<counted>(s, members, matched) : r == record_verdict::passes;
}

// The members from `first` on, the ones before having met their names in the schema's order
// (in_order): the name after the one found last is tried first, since members mostly come
// in the order the schema names them, from wherever they start. A flat record is checked
// here too (it has properties and no propertyNames, so this is all of check_members).
template <bool counted>
bool evaluator::check_named_members_from(const plan& s, std::span<const member> members, std::size_t first) {
  const plan_slot* const slots = s.slots.data();
  const std::size_t count = s.slots.size();
  std::uint64_t required = 0;
  for (std::size_t j = 0; j < first; ++j) required |= slots[j].required_bit;
  std::size_t hint = first;
  for (const member& m : members.subspan(first)) {
    const std::string_view key = m.key.as_string();
    std::size_t slot = hint;
    if (slot >= count || !same_text(slots[slot].name, key)) slot = s.properties->names.find(key);
    const plan_edge* to;
    if (slot != no_node) {
      hint = slot + 1 == count ? 0 : slot + 1;
      required |= slots[slot].required_bit;
      to = &slots[slot].edge;
    } else if (s.additional.to) {
      to = &s.additional;
    } else {
      continue;
    }
    if (!check_edge<counted>(*to, m.val)) return false;
  }
  return required == s.required_mask;
}

template <bool counted>
bool evaluator::check_members(const plan& s, std::span<const member> members) {
  if (s.properties) {
    if (!check_named_members<counted>(s, members)) return false;
  } else if (s.additional.to) {
    for (const member& m : members) {
      if (!check_edge<counted>(s.additional, m.val)) return false;
    }
  }
  if (s.property_names.to) {
    for (const member& m : members) {
      if (!check_edge<counted>(s.property_names, value::make_string(m.key.as_string()))) return false;
    }
  }
  return true;
}

template <bool counted>
bool evaluator::check_items(const plan& s, std::span<const value> items) {
  const std::size_t n = std::min(items.size(), s.prefix.size());
  for (std::size_t j = 0; j < n; ++j) {
    if (!check_edge<counted>(s.prefix[j], items[j])) return false;
  }
  if (!s.items.to || items.size() <= s.items_from) return true;
  const plan& each = *s.items.to;
  items = items.subspan(s.items_from);
  if (each.leaf) return all_leaves<counted>(s.items, items);
  // Tuples of doubles in a tight loop, when the depth cannot stop one on the way.
  if (each.doubles_tuple &&
      (!counted || depth_ + s.items.levels + each.deepest_prefix <= max_evaluation_depth)) {
    const quick_checks& q = each.quick;
    const std::size_t width = each.prefix.size();
    // An item that passes here needs nothing more; any other gets check_edge(), outside the
    // tight loop: with no call in it, the bounds stay in registers. Pairs that minItems
    // makes whole (a GeoJSON position): the loop unrolled by the compiler.
    const auto in_tight_loop = [&](auto within) {
      for (std::size_t i = 0; i < items.size(); ++i) {
        while (i < items.size() && within(items[i])) ++i;
        if (i < items.size() && !check_edge_apart<counted>(s.items, items[i])) return false;
      }
      return true;
    };
    if (width == 2 && q.min_items >= 2) {
      const double low[2] = {each.low[0], each.low[1]}, high[2] = {each.high[0], each.high[1]};
      const std::uint64_t least = q.min_items, most = q.max_items;
      return in_tight_loop([&](const value& item) { return doubles_within<true>(item, low, high, 2, least, most); });
    }
    return in_tight_loop(
        [&](const value& item) { return doubles_within(item, each.low, each.high, width, q.min_items, q.max_items); });
  }
  if (each.flat_record && !counted) return check_records<counted>(each, items);
  for (const value& item : items) {
    if (!check_edge<counted>(s.items, item)) return false;
  }
  return true;
}

bool evaluator::check_plan(const value& instance) {
  const bool ok = p_.plans_count_depth ? check_edge<true>(p_.plan_entry, instance)
                                       : check_edge<false>(p_.plan_entry, instance);
  return ok && !too_deep_;
}

}  // namespace ujson::schema::detail
