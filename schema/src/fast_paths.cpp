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

namespace ujson::schema::detail {
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
  q.numbers_as_doubles = q.bounds_are_doubles && (q.types & t_number);
  if (!q.bounds_are_doubles) return;
  const double inf = std::numeric_limits<double>::infinity();
  if (q.lower) q.low = q.lower->code == op::exclusive_minimum ? std::nextafter(q.lower->limit, inf) : q.lower->limit;
  if (q.upper) q.high = q.upper->code == op::exclusive_maximum ? std::nextafter(q.upper->limit, -inf) : q.upper->limit;
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
      case op::required:
      case op::additional_properties:
        if (k.fused) continue;  // properties does it
        break;
      default: break;
    }
    n.rest.push_back(i);
  }
  bounds_as_doubles(q);
}

// Whether the verdict-only walk can apply every keyword of rest itself: the assertions
// (assertions.cpp, pure checks of the value) and the applicators that move into the
// instance. The in-place ones (allOf, $ref beside other keywords...) and the annotation
// gatherers stay with eval_keywords.
bool walks(const node& n) {
  if (n.collects || n.is_false || n.rest.empty()) return false;
  return std::all_of(n.rest.begin(), n.rest.end(), [&](std::uint32_t i) {
    switch (n.keywords[i].code) {
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
  });
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

}  // namespace ujson::schema::detail
