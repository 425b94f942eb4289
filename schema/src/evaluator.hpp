#pragma once
// One validation of one instance against a compiled program: the state of the walk (the
// instance and keyword paths for error locations, the dynamic scope of $dynamicRef, the
// depth) and the errors found. Applicators are in evaluator.cpp, assertions in assertions.cpp.

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "program.hpp"
#include "value_checks.hpp"
#include "ujson/schema/schema.hpp"

namespace ujson::schema::detail {

// What the in-place applicators of a schema evaluated: member indices of an object, item
// indices of an array (for unevaluatedProperties/Items). Kept only where a schema asks.
struct annotations {
  std::vector<std::uint8_t> seen;
  bool all = false;
  void mark(std::size_t i, std::size_t n) {
    if (seen.size() < n) seen.resize(n);
    seen[i] = 1;
  }
  bool has(std::size_t i) const { return all || (i < seen.size() && seen[i]); }
  void merge(const annotations& other);
};

class evaluator {
 public:
  // errors == nullptr: the verdict only (quiet throughout, stops at the first failure).
  evaluator(const program& p, std::size_t max_errors, std::vector<error>* errors);
  bool run(const value& instance);

 private:
  // The verdict-only walk's shortcuts (quick_checks), inline; then eval_keywords.
  bool eval(std::uint32_t n, const value& v, annotations* out);
  bool eval_keywords(std::uint32_t n, const value& v, annotations* out);
  // eval(c.index, v, nullptr) of the verdict-only walk, from the resolved child.
  bool eval_child(const child& c, const value& v);
  // The verdict-only walk of a node that node::walks, at its depth and steps already
  // counted (verdict_walk.cpp); items: an array's items from the first `from` under one schema.
  bool walk(const node& nd, const value& v);
  bool all_items(std::uint32_t n, std::span<const value> items);
  bool all_tuples(const node& tuple, std::uint32_t levels, std::uint32_t n, std::span<const value> items);
  bool all_by_eval(std::uint32_t n, std::span<const value> items);
  // The verdict of a program with plans (verdict_plan.cpp); `counted`: the depth is.
  bool check_plan(const value& instance);
  template <bool counted>
  bool check_edge(const plan_edge& e, const value& v);
  template <bool counted>
  bool check_edge_apart(const plan_edge& e, const value& v);
  template <bool counted>
  bool all_leaves(const plan_edge& each, std::span<const value> items);
  template <bool counted>
  bool check(const plan& s, const value& v);
  template <bool counted>
  bool check_flat_edge(const plan_edge& e, const value& v);
  enum class record_verdict { passes, fails, unsure };
  template <bool counted, bool flat>
  record_verdict in_order(std::span<const plan_slot> slots, std::span<const member> members, std::size_t& matched);
  template <bool counted>
  bool check_record(const plan& s, std::span<const member> members);
  template <bool counted>
  bool check_records(const plan& each, std::span<const value> items);
  template <bool counted>
  bool check_named_members(const plan& s, std::span<const member> members);
  template <bool counted>
  bool check_named_members_from(const plan& s, std::span<const member> members, std::size_t first);
  template <bool counted>
  bool check_members(const plan& s, std::span<const member> members);
  template <bool counted>
  bool check_items(const plan& s, std::span<const value> items);
  bool apply(const keyword& k, const value& v, annotations* out);
  // A subschema at the same instance location (in place) or below it.
  // Subschema i of k (k.nodes[i], at k.child_locations[i]) at the same instance location,
  // at an object's member, or at an array's item.
  bool in_place(const keyword& k, std::size_t i, const value& v, annotations* out);
  bool at_member(const keyword& k, std::size_t i, const member& m);
  bool at_item(const keyword& k, std::size_t i, const value& item, std::size_t index);
  // In place, without reporting: the applicators that only need a verdict (anyOf, not...).
  bool quietly(const keyword& k, std::size_t i, const value& v, annotations* out);
  bool descend(std::uint32_t n, const keyword& k, std::size_t i, const value& v, annotations* out);

  bool assertion(const keyword& k, const value& v);  // assertions.cpp
  bool object_applicator(const keyword& k, const value& v, annotations* out);
  // properties with its fused siblings (additionalProperties, required), verdict only.
  bool properties_at_once(const keyword& k, std::span<const member> members, annotations* out);
  bool array_applicator(const keyword& k, const value& v, annotations* out);
  std::uint32_t dynamic_target(const keyword& k) const;
  // $ref and $dynamicRef: a reference that comes back to a schema already being evaluated
  // at the same instance location would never end; it fails at once (sticky, like depth).
  bool follow(std::uint32_t target, const keyword& k, const value& v, annotations* out);
  bool give_up(std::string message);

  // Records a failure of `k` at the current locations (unless quiet); message() builds the
  // sentence only when it is recorded.
  template <class Message>
  bool fail(const keyword& k, Message&& message) {
    if (quiet_ == 0) record(k.name, k.location, message());
    return false;
  }
  void record(std::string_view keyword, std::string_view location, std::string message);
  bool done() const noexcept { return stop_; }

  struct segment {
    const char* key;  // nullptr: an array index
    std::size_t size_or_index;
  };

  const program& p_;
  std::size_t max_errors_;
  std::vector<error>* errors_;
  struct step {
    const std::string* location;
    std::string_view keyword;  // the applicator that led here (a false schema's error names it)
  };
  std::vector<step> keyword_path_;
  std::vector<segment> instance_path_;
  std::vector<std::uint32_t> scope_;  // resources, outermost first
  std::vector<std::pair<std::uint32_t, const value*>> references_;  // references being followed, innermost last
  std::size_t depth_ = 0;
  // Schema applications so far, and how many this instance may take (see run()).
  std::uint64_t steps_ = 0;
  std::uint64_t step_budget_ = 0;
  const value* root_ = nullptr;
  int quiet_ = 0;
  bool stop_ = false;
  // Locations are kept only when errors are reported: is_valid never builds one.
  bool paths_;
  bool too_deep_ = false;
};

inline bool evaluator::eval(std::uint32_t n, const value& v, annotations* out) {
  if (!paths_) {
    // The verdict alone (fast_paths.cpp): past $ref-only schemas, type and bounds at once,
    // and a schema with nothing more needs none of the bookkeeping of eval_keywords. Each
    // schema skipped still counts as the step and level it is in validate(), and where
    // one of them would reach a limit, validate()'s own path runs: the verdicts agree.
    const node& from = p_.nodes[n];
    const node& nd = *from.target;
    const std::uint32_t levels = from.levels;
    if (depth_ + levels <= max_evaluation_depth && steps_ + levels <= step_budget_) {
      if (nd.rest.empty()) {
        steps_ += levels;
        return passes_quick_checks(nd.quick, v);
      }
      if (nd.walks && !out) {
        steps_ += levels;
        depth_ += levels;
        const bool ok = walk(nd, v);
        depth_ -= levels;
        return ok;
      }
      steps_ += from.hops;
      depth_ += from.hops;
      const bool ok = eval_keywords(from.direct, v, out);
      depth_ -= from.hops;
      return ok;
    }
  }
  return eval_keywords(n, v, out);
}

inline bool evaluator::eval_child(const child& c, const value& v) {
  const node& nd = *c.target;
  if (depth_ + c.levels <= max_evaluation_depth && steps_ + c.levels <= step_budget_) {
    if (nd.rest.empty()) {
      steps_ += c.levels;
      return passes_quick_checks(nd.quick, v);
    }
    if (nd.walks) {
      steps_ += c.levels;
      depth_ += c.levels;
      const bool ok = walk(nd, v);
      depth_ -= c.levels;
      return ok;
    }
  }
  return eval(c.index, v, nullptr);
}

inline bool evaluator::descend(std::uint32_t n, const keyword& k, std::size_t i, const value& v, annotations* out) {
  if (!paths_) return eval(n, v, out);
  keyword_path_.push_back({&k.child_locations[i], k.name});
  const bool ok = eval(n, v, out);
  keyword_path_.pop_back();
  return ok;
}

inline bool evaluator::in_place(const keyword& k, std::size_t i, const value& v, annotations* out) {
  return descend(k.nodes[i], k, i, v, out);
}

inline bool evaluator::at_member(const keyword& k, std::size_t i, const member& m) {
  if (!paths_) return in_place(k, i, m.val, nullptr);
  const std::string_view key = m.key.as_string();
  instance_path_.push_back({key.data(), key.size()});
  const bool ok = in_place(k, i, m.val, nullptr);
  instance_path_.pop_back();
  return ok;
}

inline bool evaluator::at_item(const keyword& k, std::size_t i, const value& item, std::size_t index) {
  if (!paths_) return in_place(k, i, item, nullptr);
  instance_path_.push_back({nullptr, index});
  const bool ok = in_place(k, i, item, nullptr);
  instance_path_.pop_back();
  return ok;
}

std::string pointer_text(const std::vector<std::string>& tokens);

}  // namespace ujson::schema::detail
