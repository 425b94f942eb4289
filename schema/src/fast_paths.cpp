// What the verdict-only walk (validator::is_valid, no error locations) may skip, worked out
// once per program: chains of schemas that are only a $ref, one keyword at a time for the
// type and bounds of a value (quick_checks: one switch on its kind; a schema with nothing
// else needs no bookkeeping at all), and the second and third passes over an object's members that `required`
// and `additionalProperties` would make beside `properties`. validate() with errors walks
// the program as written, so its locations and messages do not change.

#include <algorithm>
#include <cmath>
#include <limits>

#include "program.hpp"
#include "value_checks.hpp"

namespace ujson::schema::detail {
// The assertions (assertions.cpp, pure checks of the value) and the applicators that move
// into the instance. The in-place ones (allOf, $ref beside other keywords...) and the
// annotation gatherers stay with eval_keywords.
bool walks_over(op code) {
  switch (code) {
    case op::all_of:
    case op::any_of:
    case op::one_of:
    case op::not_:
    case op::if_then_else:
    case op::dependent_schemas:
    case op::contains:
    case op::ref:
    case op::dynamic_ref:
    case op::unevaluated_items:
    case op::unevaluated_properties: return false;
    default: return true;
  }
}

namespace {

bool only_a_ref(const node& n) { return !n.is_false && n.keywords.size() == 1 && n.keywords[0].code == op::ref; }

// Where a chain of $ref-only schemas from `start` ends, and how many it passes; `start`
// itself when the chain comes back on itself (that cycle is left to the evaluator, which
// reports it).
void follow_chain(program& p, std::uint32_t start) {
  std::uint32_t n = start, hops = 0;
  while (only_a_ref(p.nodes[n])) {
    if (++hops > p.nodes.size()) {
      n = start;
      hops = 0;
      break;
    }
    n = p.nodes[n].keywords[0].nodes[0];
  }
  p.nodes[start].direct = n;
  p.nodes[start].hops = hops;
}

// properties, with its siblings additionalProperties (when no patternProperties decides
// what is additional) and required (when it names only properties, at most 64 of them).
void fuse_object_keywords(node& n) {
  auto find = [&](op code) {
    const auto it = std::find_if(n.keywords.begin(), n.keywords.end(), [&](const keyword& k) { return k.code == code; });
    return it == n.keywords.end() ? nullptr : &*it;
  };
  keyword* properties = find(op::properties);
  if (!properties) return;
  keyword* additional = find(op::additional_properties);
  if (additional && additional->regexes.empty() && additional > properties) {
    properties->additional = static_cast<std::uint32_t>(additional - properties);
    additional->fused = true;
  }
  properties->required_bits.assign(properties->nodes.size(), 0);
  keyword* required = find(op::required);
  if (!required || required->required.size() > 64) return;
  std::vector<std::uint64_t> bits(properties->nodes.size(), 0);
  std::uint64_t mask = 0;
  for (std::size_t i = 0; i < required->required.size(); ++i) {
    const std::uint32_t slot = properties->names.find(required->required[i]);
    if (slot == no_node) return;
    if (bits[slot] == 0) bits[slot] = std::uint64_t{1} << i;
    mask |= bits[slot];
  }
  properties->required_bits = std::move(bits);
  properties->required_mask = mask;
  required->fused = true;
}

// quick_checks' lower and upper as [low, high] in doubles, when both are finite doubles.
void bounds_as_doubles(quick_checks& q) {
  const auto usable = [](const keyword* k) { return !k || (k->limit_is_double && std::isfinite(k->limit)); };
  q.bounds_are_doubles = usable(q.lower) && usable(q.upper);
  q.numbers_as_doubles = q.bounds_are_doubles && (q.types & t_number) && !q.strings;
  if (!q.bounds_are_doubles) return;
  const double inf = std::numeric_limits<double>::infinity();
  if (q.lower) q.low = q.lower->code == op::exclusive_minimum ? std::nextafter(q.lower->limit, inf) : q.lower->limit;
  if (q.upper) q.high = q.upper->code == op::exclusive_maximum ? std::nextafter(q.upper->limit, -inf) : q.upper->limit;
}

// The kinds passes_quick_checks settles inline by their mask (quick_checks::fast_kinds: a
// double under bounds that are doubles it settles before the mask), and the bounds
// of an int64 instance as integers: an integer x is >= a limit L exactly when x >= ceil(L),
// > L exactly when x >= floor(L) + 1 (and so for the upper bound), whatever x's magnitude.
void fast_kinds(quick_checks& q) {
  const auto bit = [](kind k) { return static_cast<std::uint16_t>(1U << static_cast<unsigned>(k)); };
  const bool numbers = q.types & t_number, integers = numbers || (q.types & t_integer);
  const bool bounded = q.lower || q.upper;
  std::uint16_t fast = 0;
  if (q.strings) {
    q.fast_kinds = 0;
    return;
  }
  if (q.types & t_null) fast |= bit(kind::null);
  if (q.types & t_boolean) fast |= bit(kind::boolean);
  if ((q.types & t_string) && q.min_length == 0 && q.max_length == UINT64_MAX && !q.pattern) fast |= bit(kind::string);
  if (q.types & t_array) fast |= bit(kind::array);
  if (q.types & t_object) fast |= bit(kind::object);
  if (integers && !bounded) fast |= bit(kind::uint64);
  if (numbers && !bounded) fast |= bit(kind::big_number);
  // 2^63 as a double: the first double past every int64.
  constexpr double two63 = 9223372036854775808.0;
  if (integers && q.bounds_are_doubles) {
    bool none = false;
    if (q.lower) {
      const double l = q.lower->limit;
      const double first = q.lower->code == op::exclusive_minimum ? std::floor(l) + 1 : std::ceil(l);
      if (first >= two63) none = true;
      else if (first > -two63) q.int_low = static_cast<std::int64_t>(first);
    }
    if (q.upper) {
      const double u = q.upper->limit;
      const double last = q.upper->code == op::exclusive_maximum ? std::ceil(u) - 1 : std::floor(u);
      if (last < -two63) none = true;
      else if (last < two63) q.int_high = static_cast<std::int64_t>(last);
    }
    if (none) {
      q.int_low = INT64_MAX;
      q.int_high = INT64_MIN;
    }
    fast |= bit(kind::int64);
  }
  q.fast_kinds = fast;
}

// const, or an enum of a few values, whose values are all strings (quick_checks::strings).
bool only_strings(const keyword& k) {
  if (k.code == op::const_) return k.literal->is_string();
  const auto values = k.literal->elements();
  return values.size() <= max_quick_strings &&
         std::all_of(values.begin(), values.end(), [](const value& v) { return v.is_string(); });
}

// Whether the string s is one of q.strings' values.
bool one_of_strings(const keyword& k, std::string_view s) {
  if (k.code == op::const_) return same_text(k.literal->as_string(), s);
  for (const value& option : k.literal->elements()) {
    if (same_text(option.as_string(), s)) return true;
  }
  return false;
}

// The keywords quick_checks can hold (one of each), and the rest in their order.
void summarize(const program& p, node& n) {
  quick_checks& q = n.quick;
  if (n.is_false) q.types = 0;
  for (std::uint32_t i = 0; i < n.keywords.size(); ++i) {
    const keyword& k = n.keywords[i];
    switch (k.code) {
      case op::type: q.types = k.types; continue;
      case op::minimum:
      case op::exclusive_minimum:
        if (q.lower) break;
        q.lower = &k;
        continue;
      case op::maximum:
      case op::exclusive_maximum:
        if (q.upper) break;
        q.upper = &k;
        continue;
      case op::min_length: q.min_length = k.count; continue;
      case op::max_length: q.max_length = k.count; continue;
      case op::pattern: q.pattern = p.regexes[k.regexes[0]].get(); continue;
      case op::min_items: q.min_items = k.count; continue;
      case op::max_items: q.max_items = k.count; continue;
      case op::min_properties: q.min_members = k.count; continue;
      case op::max_properties: q.max_members = k.count; continue;
      case op::const_:
      case op::enum_:
        if (q.strings || !only_strings(k)) break;
        q.strings = &k;
        continue;
      case op::required:
      case op::additional_properties:
        if (k.fused) continue;  // properties does it
        break;
      default: break;
    }
    n.rest.push_back(i);
  }
  bounds_as_doubles(q);
  fast_kinds(q);
}

// Whether the verdict-only walk can apply every keyword of rest itself (walks_over).
bool walks(const node& n) {
  if (n.collects || n.is_false || n.rest.empty()) return false;
  return std::all_of(n.rest.begin(), n.rest.end(), [&](std::uint32_t i) { return walks_over(n.keywords[i].code); });
}

// A walking schema whose rest is prefixItems of at most max_tuple schemas checked by
// quick_checks alone.
bool is_tuple(const program& p, const node& n) {
  if (!n.walks || n.rest.size() != 1 || n.keywords[n.rest[0]].code != op::prefix_items) return false;
  const keyword& k = n.keywords[n.rest[0]];
  return k.nodes.size() <= max_tuple && std::all_of(k.nodes.begin(), k.nodes.end(), [&](std::uint32_t c) { return p.nodes[c].target->rest.empty(); });
}

}  // namespace

void prepare_fast_paths(program& p) {
  // A $dynamicRef looks for anchors in the resources entered on the way: skipping a
  // $ref-only schema could skip entering its resource.
  bool dynamic = false;
  for (const node& n : p.nodes) {
    for (const keyword& k : n.keywords) dynamic = dynamic || (k.code == op::dynamic_ref && k.dynamic_name != no_node);
  }
  for (std::uint32_t i = 0; i < p.nodes.size(); ++i) {
    node& n = p.nodes[i];
    if (dynamic) {
      n.direct = i;
    } else {
      follow_chain(p, i);
    }
    fuse_object_keywords(n);
    summarize(p, n);
    // The walk does not enter resources, which only $dynamicRef's scope would notice.
    n.walks = !dynamic && walks(n);
  }
  for (node& n : p.nodes) {
    n.target = &p.nodes[n.direct];
    n.levels = n.hops + (n.target->keywords.empty() ? 0 : 1);
  }
  for (node& n : p.nodes) {
    n.tuple = is_tuple(p, n);
    for (keyword& k : n.keywords) {
      for (const std::uint32_t c : k.nodes) {
        k.children.push_back(c == no_node ? child{} : child{p.nodes[c].target, p.nodes[c].levels, c});
      }
    }
  }
}

namespace {

inline bool passes_other_quick_checks(const quick_checks& q, const value& v) {
  if (!has_type(q.types, v)) return false;
  switch (v.type()) {
    case kind::null:
    case kind::boolean: return true;
    case kind::string: {
      const std::string_view s = v.as_string();
      // Code points are counted only when the byte length cannot decide (see max_length).
      if (s.size() > q.max_length || s.size() / 4 < q.min_length) {
        const std::size_t n = code_points(s);
        if (n < q.min_length || n > q.max_length) return false;
      }
      return !q.pattern || q.pattern->search(s);
    }
    case kind::array: return v.size() >= q.min_items && v.size() <= q.max_items;
    case kind::object: return v.size() >= q.min_members && v.size() <= q.max_members;
    case kind::double_:
      if (q.bounds_are_doubles) return v.as_double() >= q.low && v.as_double() <= q.high;
      break;
    case kind::int64:
      if (q.bounds_are_doubles && v.as_int64() >= -(1LL << 53) && v.as_int64() <= (1LL << 53)) {
        const double x = static_cast<double>(v.as_int64());
        return x >= q.low && x <= q.high;
      }
      break;
    default: break;
  }
  return (!q.lower || compare_to_limit(v, *q.lower) >= (q.lower->code == op::exclusive_minimum ? 1 : 0)) &&
         (!q.upper || compare_to_limit(v, *q.upper) <= (q.upper->code == op::exclusive_maximum ? -1 : 0));
}


// Apart, so that the common call pays nothing for it.
[[gnu::noinline]] bool passes_with_strings(const quick_checks& q, const value& v) {
  return v.is_string() && one_of_strings(*q.strings, v.as_string()) && passes_other_quick_checks(q, v);
}

}  // namespace

bool passes_all_quick_checks(const quick_checks& q, const value& v) {
  if (q.strings) [[unlikely]] return passes_with_strings(q, v);
  return passes_other_quick_checks(q, v);
}


}  // namespace ujson::schema::detail
