// The walk: nodes, the applicators (subschemas in place, at members, at items) and the
// bookkeeping of locations, dynamic scope and annotations. The recursion follows the schema
// over the instance and is bounded by max_evaluation_depth.

#include "evaluator.hpp"

#include <algorithm>
#include <optional>

#include "uri.hpp"

namespace ujson::schema::detail {

void annotations::merge(const annotations& other) {
  all = all || other.all;
  if (seen.size() < other.seen.size()) seen.resize(other.seen.size());
  for (std::size_t i = 0; i < other.seen.size(); ++i) seen[i] |= other.seen[i];
}

evaluator::evaluator(const program& p, std::size_t max_errors, std::vector<error>* errors)
    : p_(p), max_errors_(max_errors == 0 ? 1 : max_errors), errors_(errors), quiet_(errors ? 0 : 1),
      paths_(errors != nullptr) {
  if (paths_) {
    keyword_path_.reserve(64);
    instance_path_.reserve(64);
  }
}

namespace {

std::uint64_t count_values(const value& root) {
  std::uint64_t n = 0;
  std::vector<const value*> pending{&root};
  while (!pending.empty()) {
    const value* v = pending.back();
    pending.pop_back();
    ++n;
    for (const value& e : v->elements()) pending.push_back(&e);
    for (const member& m : v->members()) pending.push_back(&m.val);
  }
  return n;
}

}  // namespace

bool evaluator::run(const value& instance) {
  root_ = &instance;
  step_budget_ = min_evaluation_budget;
  if (!paths_ && p_.plan_entry.to) return check_plan(instance);
  const bool ok = eval(p_.entry, instance, nullptr);
  return ok && !too_deep_;
}

void evaluator::record(std::string_view keyword, std::string_view location, std::string message) {
  if (!errors_ || stop_) return;
  error e;
  for (const segment& s : instance_path_) {
    if (s.key) {
      append_pointer_token(e.instance_location, std::string_view(s.key, s.size_or_index));
    } else {
      e.instance_location.append("/").append(std::to_string(s.size_or_index));
    }
  }
  for (const step& s : keyword_path_) e.keyword_location.append(*s.location);
  e.keyword_location.append(location);
  e.keyword = std::string(keyword);
  e.message = std::move(message);
  errors_->push_back(std::move(e));
  if (errors_->size() >= max_errors_) stop_ = true;
}

bool evaluator::eval_keywords(std::uint32_t n, const value& v, annotations* out) {
  const node& nd = p_.nodes[n];
  if (nd.is_false) {
    if (quiet_ == 0) {
      const std::string_view by = keyword_path_.empty() ? std::string_view("false") : keyword_path_.back().keyword;
      std::string why = by.ends_with("Properties") ? "the property is not allowed"
                        : by.ends_with("Items") || by == "items" ? "the item is not allowed"
                                                                  : "no value is allowed here";
      record(by, "", why.append(" (the schema at ").append(by).append(" is false)"));
    }
    return false;
  }
  if (nd.keywords.empty()) return true;
  if (++steps_ > step_budget_) {
    // Counted only when a validation gets this far: the instance's size sets the budget.
    const std::uint64_t budget = std::max<std::uint64_t>(min_evaluation_budget,
                                                          evaluations_per_value * count_values(*root_));
    if (steps_ > budget) {
      return give_up("the validation needs more than " + std::to_string(budget) +
                     " schema applications (a schema whose references multiply its work)");
    }
    step_budget_ = budget;
  }
  if (depth_ >= max_evaluation_depth) {
    return give_up("the schema nests deeper than " + std::to_string(max_evaluation_depth) +
                   " levels here (a deeply nested instance under a recursive schema)");
  }
  ++depth_;
  const bool enters = scope_.empty() || scope_.back() != nd.resource;
  if (enters) scope_.push_back(nd.resource);

  std::optional<annotations> local;
  annotations* mine = out;
  if (nd.collects && (v.is_object() || v.is_array())) mine = &local.emplace();
  bool valid = true;
  if (!paths_) {
    valid = passes_quick_checks(nd.quick, v);
    for (std::size_t i = 0; i < nd.rest.size() && valid && !stop_; ++i) valid = apply(nd.keywords[nd.rest[i]], v, mine);
  } else {
    for (const keyword& k : nd.keywords) {
      if (!apply(k, v, mine)) {
        valid = false;
        if (quiet_ != 0 || stop_) break;
      }
      if (stop_) break;
    }
  }
  if (valid && local && out) out->merge(*local);

  if (enters) scope_.pop_back();
  --depth_;
  return valid;
}

bool evaluator::give_up(std::string message) {
  if (!too_deep_) {
    const int was = quiet_;
    quiet_ = 0;
    record("$ref", "", std::move(message));
    quiet_ = was;
  }
  too_deep_ = stop_ = true;
  return false;
}

bool evaluator::follow(std::uint32_t target, const keyword& k, const value& v, annotations* out) {
  // References followed at this instance location are the innermost ones: deeper
  // locations were entered later and have been left again.
  for (auto it = references_.rbegin(); it != references_.rend() && it->second == &v; ++it) {
    if (it->first == target) {
      if (paths_) keyword_path_.push_back({&k.child_locations[0], k.name});
      give_up("the reference comes back to itself without moving into the instance (an endless cycle)");
      if (paths_) keyword_path_.pop_back();
      return false;
    }
  }
  references_.emplace_back(target, &v);
  const bool ok = descend(target, k, 0, v, out);
  references_.pop_back();
  return ok;
}

bool evaluator::quietly(const keyword& k, std::size_t i, const value& v, annotations* out) {
  ++quiet_;
  const bool ok = in_place(k, i, v, out);
  --quiet_;
  return ok;
}

std::uint32_t evaluator::dynamic_target(const keyword& k) const {
  if (k.dynamic_name == no_node) return k.nodes[0];
  // The outermost resource in the dynamic scope with a $dynamicAnchor of that name.
  for (const std::uint32_t r : scope_) {
    for (const auto& [name, target] : p_.resources[r].dynamic_anchors) {
      if (name == k.dynamic_name) return target;
    }
  }
  return k.nodes[0];
}

bool evaluator::apply(const keyword& k, const value& v, annotations* out) {
  switch (k.code) {
    case op::all_of: {
      bool valid = true;
      for (std::size_t i = 0; i < k.nodes.size() && !stop_; ++i) {
        if (!in_place(k, i, v, out)) {
          valid = false;
          if (quiet_ != 0) break;
        }
      }
      return valid;
    }
    case op::any_of: {
      bool any = false;
      for (std::size_t i = 0; i < k.nodes.size(); ++i) {
        annotations branch;
        if (quietly(k, i, v, out ? &branch : nullptr)) {
          any = true;
          if (!out) break;  // annotations from every valid branch are wanted only by unevaluated*
          out->merge(branch);
        }
      }
      return any || fail(k, [&] { return "matches none of the " + std::to_string(k.nodes.size()) + " schemas"; });
    }
    case op::one_of: {
      std::size_t matched = 0, first = 0, second = 0;
      annotations kept;
      for (std::size_t i = 0; i < k.nodes.size() && matched < 2; ++i) {
        annotations branch;
        if (quietly(k, i, v, out ? &branch : nullptr)) {
          (matched == 0 ? first : second) = i;
          if (++matched == 1 && out) kept = std::move(branch);
        }
      }
      if (matched == 1) {
        if (out) out->merge(kept);
        return true;
      }
      if (matched == 0) {
        return fail(k, [&] { return "matches none of the " + std::to_string(k.nodes.size()) + " schemas"; });
      }
      return fail(k, [&] {
        return "matches more than one schema (" + std::to_string(first) + " and " + std::to_string(second) + ")";
      });
    }
    case op::not_:
      return !quietly(k, 0, v, nullptr) || fail(k, [] { return std::string("matches the schema it must not match"); });
    case op::if_then_else: {
      annotations condition;
      if (quietly(k, 0, v, out ? &condition : nullptr)) {
        if (out) out->merge(condition);
        return k.nodes[1] == no_node || in_place(k, 1, v, out);
      }
      return k.nodes[2] == no_node || in_place(k, 2, v, out);
    }
    case op::dependent_schemas: {
      bool valid = true;
      for (const member& m : v.members()) {
        const std::uint32_t slot = k.names.find(m.key.as_string());
        if (slot == no_node) continue;
        if (!in_place(k, slot, v, out)) {
          valid = false;
          if (quiet_ != 0 || stop_) break;
        }
      }
      return valid;
    }
    case op::ref: return follow(k.nodes[0], k, v, out);
    case op::dynamic_ref: return follow(dynamic_target(k), k, v, out);
    case op::prefix_items:
    case op::items:
    case op::contains:
    case op::unevaluated_items: return array_applicator(k, v, out);
    case op::properties:
    case op::pattern_properties:
    case op::additional_properties:
    case op::property_names:
    case op::unevaluated_properties: return object_applicator(k, v, out);
    default: return assertion(k, v);
  }
}

bool evaluator::array_applicator(const keyword& k, const value& v, annotations* out) {
  if (!v.is_array()) return true;
  const std::span<const value> items = v.elements();
  const std::size_t n = items.size();
  bool valid = true;
  switch (k.code) {
    case op::prefix_items:
      for (std::size_t i = 0; i < std::min(n, k.nodes.size()) && !stop_; ++i) {
        if (!at_item(k, i, items[i], i)) {
          valid = false;
          if (quiet_ != 0) break;
        }
        if (out) out->mark(i, n);
      }
      return valid;
    case op::items:
      for (std::size_t i = k.count; i < n && !stop_; ++i) {
        if (!at_item(k, 0, items[i], i)) {
          valid = false;
          if (quiet_ != 0) break;
        }
      }
      if (out) out->all = true;
      return valid;
    case op::contains: {
      std::uint64_t matches = 0;
      for (std::size_t i = 0; i < n; ++i) {
        if (paths_) instance_path_.push_back({nullptr, i});
        const bool ok = quietly(k, 0, items[i], nullptr);
        if (paths_) instance_path_.pop_back();
        if (!ok) continue;
        ++matches;
        if (out) {
          out->mark(i, n);
        } else if (matches > k.count_max || (matches >= k.count && k.count_max == UINT64_MAX)) {
          break;  // the verdict is known
        }
      }
      if (matches < k.count) {
        return fail(k, [&] {
          return std::to_string(matches) + " items match the contains schema; at least " + std::to_string(k.count) +
                 " must";
        });
      }
      if (matches > k.count_max) {
        return fail(k, [&] {
          return std::to_string(matches) + " items match the contains schema; at most " +
                 std::to_string(k.count_max) + " may";
        });
      }
      return true;
    }
    default:  // unevaluated_items: what no other keyword of this schema (or in place) evaluated
      for (std::size_t i = 0; i < n && !stop_; ++i) {
        if (out && out->has(i)) continue;
        if (!at_item(k, 0, items[i], i)) {
          valid = false;
          if (quiet_ != 0) break;
        }
      }
      if (out) out->all = true;
      return valid;
  }
}

bool evaluator::object_applicator(const keyword& k, const value& v, annotations* out) {
  if (!v.is_object()) return true;
  const std::span<const member> members = v.members();
  const std::size_t n = members.size();
  bool valid = true;
  auto check = [&](std::size_t slot, std::size_t j) {
    if (out) out->mark(j, n);
    if (at_member(k, slot, members[j])) return true;
    valid = false;
    return quiet_ == 0 && !stop_;
  };
  switch (k.code) {
    case op::properties:
      if (!paths_) return properties_at_once(k, members, out);
      for (std::size_t j = 0; j < n; ++j) {
        const std::uint32_t slot = k.names.find(members[j].key.as_string());
        if (slot != no_node && !check(slot, j)) break;
      }
      return valid;
    case op::pattern_properties:
      for (std::size_t j = 0; j < n && (valid || quiet_ == 0) && !stop_; ++j) {
        for (std::size_t r = 0; r < k.regexes.size(); ++r) {
          if (p_.regexes[k.regexes[r]]->search(members[j].key.as_string()) && !check(r, j)) break;
        }
      }
      return valid;
    case op::additional_properties:
      if (k.fused && !paths_) return true;  // properties_at_once did it
      for (std::size_t j = 0; j < n; ++j) {
        const std::string_view key = members[j].key.as_string();
        if (k.names.find(key) != no_node) continue;
        const bool patterned = std::any_of(k.regexes.begin(), k.regexes.end(),
                                           [&](std::uint32_t r) { return p_.regexes[r]->search(key); });
        if (!patterned && !check(0, j)) break;
      }
      return valid;
    case op::property_names:
      for (std::size_t j = 0; j < n && !stop_; ++j) {
        if (!in_place(k, 0, value::make_string(members[j].key.as_string()), nullptr)) {
          valid = false;
          if (quiet_ != 0) break;
        }
      }
      return valid;
    default:  // unevaluated_properties
      for (std::size_t j = 0; j < n; ++j) {
        if (out && out->has(j)) continue;
        if (!check(0, j)) break;
      }
      if (out) out->all = true;
      return valid;
  }
}

bool evaluator::properties_at_once(const keyword& k, std::span<const member> members, annotations* out) {
  const keyword* additional = k.additional != 0 ? &k + k.additional : nullptr;
  std::uint64_t required = 0;
  std::size_t hint = 0;
  for (std::size_t j = 0; j < members.size(); ++j) {
    const std::uint32_t slot = k.names.find(members[j].key.as_string(), hint);
    if (out && (slot != no_node || additional)) out->mark(j, members.size());
    if (slot != no_node) {
      required |= k.required_bits[slot];
      if (!eval_child(k.children[slot], members[j].val)) return false;
    } else if (additional && !eval_child(additional->children[0], members[j].val)) {
      return false;
    }
  }
  return required == k.required_mask;
}

}  // namespace ujson::schema::detail
