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
  const node& nd = p_.nodes[from.direct];
  const std::uint64_t levels = from.hops + (nd.keywords.empty() ? 0 : 1);
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
  for (const value& item : items) {
    if (!eval(n, item, nullptr)) return false;
  }
  return true;
}

}  // namespace ujson::schema::detail
