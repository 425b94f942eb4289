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
          if (!eval(k.nodes[j], items[j], nullptr)) return false;
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

// passes_quick_checks out of line: the tuple loop keeps its state in registers.
[[gnu::noinline]] bool passes(const quick_checks& q, const value& v) { return passes_quick_checks(q, v); }

}  // namespace

// Items under a tuple schema (node::tuple) reached through `levels`, as eval() and walk()
// would take them, inline: an array of doubles against bounds in doubles costs a few
// comparisons per item. An item's steps are counted at once; a failure gives back those of
// the leaves it did not reach, so the count stays validate()'s.
bool evaluator::all_tuples(const node& tuple, std::uint32_t levels, std::uint32_t n, std::span<const value> items) {
  const keyword& prefix = tuple.keywords[tuple.rest[0]];
  const std::size_t width = prefix.nodes.size();
  struct leaf {
    double low, high;
    const quick_checks* checks;
    bool doubles;
  } leaves[max_tuple];
  std::uint64_t steps_before[max_tuple + 1] = {0};  // the leaves' levels before each
  std::uint64_t deepest = 0;
  for (std::size_t j = 0; j < width; ++j) {
    const node& from = p_.nodes[prefix.nodes[j]];
    const quick_checks& q = from.target->quick;
    leaves[j] = {q.low, q.high, &q, q.numbers_as_doubles};
    deepest = std::max<std::uint64_t>(deepest, from.levels);
    steps_before[j + 1] = steps_before[j] + from.levels;
  }
  const quick_checks& outer = tuple.quick;
  const bool arrays = (outer.types & t_array) != 0;
  if (depth_ + levels + deepest > max_evaluation_depth) return all_by_eval(n, items);
  // The steps in a local: stores to the member could alias the checks' fields.
  std::uint64_t steps = steps_;
  const std::uint64_t most = levels + steps_before[width];
  for (std::size_t i = 0; i < items.size(); ++i) {
    const value& item = items[i];
    if (steps + most > step_budget_) {
      // Near the budget, eval() takes the rest and meets it as validate() would.
      steps_ = steps;
      return all_by_eval(n, items.subspan(i));
    }
    const bool array = item.is_array() && arrays;
    if (array ? item.size() < outer.min_items || item.size() > outer.max_items : !passes(outer, item)) {
      steps_ = steps + levels;
      return false;
    }
    const value* scalars = item.elements().data();
    const std::size_t m = std::min(item.elements().size(), width);
    steps += levels + steps_before[m];
    for (std::size_t j = 0; j < m; ++j) {
      const leaf& l = leaves[j];
      const value& x = scalars[j];
      const bool ok = x.type() == kind::double_ && l.doubles ? x.as_double() >= l.low && x.as_double() <= l.high
                                                             : passes(*l.checks, x);
      if (!ok) {
        steps_ = steps - (steps_before[m] - steps_before[j + 1]);
        return false;
      }
    }
  }
  steps_ = steps;
  return true;
}

bool evaluator::all_by_eval(std::uint32_t n, std::span<const value> items) {
  for (const value& item : items) {
    if (!eval(n, item, nullptr)) return false;
  }
  return true;
}

}  // namespace ujson::schema::detail
