// The verdict-only walk (is_valid) of schemas that only assert and move into the instance
// (node::walks, set by fast_paths.cpp): no dispatch through apply(), no annotations, no
// dynamic scope, and the items of an array under a schema of type and bounds alone
// checked in one loop. It counts the same steps and levels as eval_keywords, so the limits
// of max_evaluation_depth and the step budget give the verdicts of validate().

#include <algorithm>

#include "evaluator.hpp"

namespace ujson::schema::detail {

bool evaluator::walk(const node& nd, const value& v) {
  if (!passes_quick_checks(nd.quick, v)) return false;
  for (const std::uint32_t i : nd.rest) {
    const keyword& k = nd.keywords[i];
    switch (k.code) {
      case op::items: {
        const std::span<const value> items = v.elements();
        if (items.size() > k.count && !all_items(k.nodes[0], items.subspan(k.count))) return false;
        break;
      }
      case op::prefix_items: {
        const std::span<const value> items = v.elements();
        const std::size_t n = std::min(items.size(), k.nodes.size());
        for (std::size_t j = 0; j < n; ++j) {
          if (!eval_child(k.children[j], items[j])) return false;
        }
        break;
      }
      case op::properties:
        if (v.is_object() && !properties_at_once(k, v.members(), nullptr)) return false;
        break;
      case op::pattern_properties:
      case op::additional_properties:
      case op::property_names:
        if (!object_applicator(k, v, nullptr)) return false;
        break;
      default:
        if (!assertion(k, v)) return false;
    }
  }
  return true;
}

bool evaluator::all_items(std::uint32_t n, std::span<const value> items) {
  const node& from = p_.nodes[n];
  const node& nd = *from.target;
  const std::uint64_t levels = from.levels;
  const std::uint64_t total = levels * items.size();
  if (nd.rest.empty() && depth_ + levels <= max_evaluation_depth && steps_ + total <= step_budget_) {
    // The steps of the items not reached are given back, as eval() would not have taken them.
    steps_ += total;
    for (std::size_t i = 0; i < items.size(); ++i) {
      if (!passes_quick_checks(nd.quick, items[i])) {
        steps_ -= levels * (items.size() - 1 - i);
        return false;
      }
    }
    return true;
  }
  if (nd.tuple) return all_tuples(nd, from.levels, n, items);
  return all_by_eval(n, items);
}

namespace {

// A tuple schema whose leaves all take any number within bounds in doubles, as one
// interval per position; steps_before[m]: the leaves' levels before position m.
struct double_tuple {
  double low[max_tuple], high[max_tuple];
  std::uint64_t steps_before[max_tuple + 1];
  std::uint64_t min_items, max_items;
  std::size_t width;
};

// How many of `items` (from the first) are arrays of doubles that the tuple surely
// accepts; `steps` grows by each one's levels. It stops at the first item it cannot
// pass at once, which eval() then decides.
std::size_t doubles_passing(const double_tuple& t, std::uint64_t levels, std::span<const value> items,
                            std::uint64_t& steps) {
  for (std::size_t i = 0; i < items.size(); ++i) {
    const value& item = items[i];
    if (!doubles_within(item, t.low, t.high, t.width, t.min_items, t.max_items)) return i;
    steps += levels + t.steps_before[std::min(item.size(), t.width)];
  }
  return items.size();
}

}  // namespace

// Items under a tuple schema (node::tuple) reached through `levels`: the items that are
// arrays of doubles within the bounds pass in one tight loop (a GeoJSON position in a few
// comparisons); eval() takes any other, so verdicts and steps stay validate()'s.
bool evaluator::all_tuples(const node& tuple, std::uint32_t levels, std::uint32_t n, std::span<const value> items) {
  const keyword& prefix = tuple.keywords[tuple.rest[0]];
  double_tuple t;
  t.width = prefix.nodes.size();
  t.min_items = tuple.quick.min_items;
  t.max_items = tuple.quick.max_items;
  t.steps_before[0] = 0;
  std::uint64_t deepest = 0;
  bool doubles = (tuple.quick.types & t_array) != 0 && !tuple.quick.strings;
  for (std::size_t j = 0; j < t.width; ++j) {
    const node& from = p_.nodes[prefix.nodes[j]];
    const quick_checks& q = from.target->quick;
    doubles = doubles && q.numbers_as_doubles;
    t.low[j] = q.low;
    t.high[j] = q.high;
    deepest = std::max<std::uint64_t>(deepest, from.levels);
    t.steps_before[j + 1] = t.steps_before[j] + from.levels;
  }
  if (!doubles || depth_ + levels + deepest > max_evaluation_depth) return all_by_eval(n, items);
  const std::uint64_t most = levels + t.steps_before[t.width];
  std::size_t i = 0;
  while (i < items.size()) {
    // As many items as surely stay within the step budget; past it, eval() meets it.
    const std::uint64_t room = steps_ < step_budget_ ? (step_budget_ - steps_) / most : 0;
    const std::size_t ahead = static_cast<std::size_t>(std::min<std::uint64_t>(room, items.size() - i));
    i += doubles_passing(t, levels, items.subspan(i, ahead), steps_);
    if (i == items.size()) break;
    if (!eval(n, items[i], nullptr)) return false;
    ++i;
  }
  return true;
}

bool evaluator::all_by_eval(std::uint32_t n, std::span<const value> items) {
  for (const value& item : items) {
    if (!eval(n, item, nullptr)) return false;
  }
  return true;
}

}  // namespace ujson::schema::detail
