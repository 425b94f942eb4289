// The event plan of a program: keywords sorted by when events decide them, and whether the
// whole schema can be checked on events (see event_plan.hpp for what cannot).

#include "event_plan.hpp"

#include <algorithm>

namespace ujson::schema::detail {
namespace {

// A literal the event path can compare with a scalar as it arrives: a container instance
// never equals a scalar, so only container literals need the whole value.
bool scalar_literals(const keyword& k) {
  if (k.code == op::const_) return !is_container(*k.literal);
  return std::none_of(k.literal->elements().begin(), k.literal->elements().end(), is_container);
}

// Sorts n's keywords into e; false when one of them needs the whole value.
bool sort_keywords(const program& p, const node& n, event_node& e) {
  e.is_false = n.is_false;
  if (n.collects) return false;
  for (const keyword& k : n.keywords) {
    switch (k.code) {
      case op::const_:
      case op::enum_:
        if (!scalar_literals(k)) return false;
        e.at_start.push_back(&k);
        break;
      case op::type:
        e.types = k.types;
        break;
      case op::minimum:
      case op::exclusive_minimum:
        (e.lower ? e.at_start.emplace_back() : e.lower) = &k;
        break;
      case op::maximum:
      case op::exclusive_maximum:
        (e.upper ? e.at_start.emplace_back() : e.upper) = &k;
        break;
      case op::min_length: e.min_length = k.count; break;
      case op::max_length: e.max_length = k.count; break;
      case op::pattern: e.pattern = p.regexes[k.regexes[0]].get(); break;
      case op::multiple_of: case op::format:
        e.at_start.push_back(&k);
        break;
      case op::all_of: case op::any_of: case op::one_of: case op::not_: case op::if_then_else: case op::ref:
        e.in_place.push_back(&k);
        break;
      case op::properties: case op::pattern_properties: case op::additional_properties: case op::property_names:
        e.per_key.push_back(&k);
        break;
      case op::prefix_items: case op::items:
        e.per_item.push_back(&k);
        break;
      case op::max_items: case op::min_items: case op::max_properties: case op::min_properties:
      case op::dependent_required:
        e.at_end.push_back(&k);
        break;
      case op::required:
        for (const std::string_view name : k.required) {
          if (e.required.find(name) == no_node) e.required.add(name, e.required_count++);
        }
        break;
      default: return false;  // unique_items, contains, dependent_schemas, dynamic_ref, unevaluated_*
    }
  }
  const auto properties = std::find_if(e.per_key.begin(), e.per_key.end(),
                                       [](const keyword* k) { return k->code == op::properties; });
  if (e.required_count == 0 || properties == e.per_key.end()) return true;
  std::vector<std::uint32_t> bits((*properties)->nodes.size(), no_node);
  for (std::size_t i = 0; i < e.required.size(); ++i) {
    const std::uint32_t slot = (*properties)->names.find(e.required.name(i));
    if (slot == no_node) return true;
    bits[slot] = e.required.find(e.required.name(i));
  }
  e.required_of_slot = std::move(bits);
  return true;
}

// Schemas n applies in place at the same value (the in_place keywords' subschemas).
template <class Visit>
void in_place_children(const event_node& e, Visit&& visit) {
  for (const keyword* k : e.in_place) {
    for (const std::uint32_t child : k->nodes) {
      if (child != no_node) visit(child);
    }
  }
}

// How many entries expanding each node in place makes (a tree: shared subschemas count
// each time), saturated at max_in_place_expansion + 1; the same for a node on an in-place
// cycle (a $ref back to itself at the same value, which the DOM path reports as endless).
std::vector<std::uint32_t> expansion_sizes(const std::vector<event_node>& nodes) {
  constexpr std::uint32_t too_many = max_in_place_expansion + 1;
  enum : std::uint8_t { unseen, open, done };
  std::vector<std::uint8_t> state(nodes.size(), unseen);
  std::vector<std::uint32_t> size(nodes.size(), 0);
  std::vector<std::pair<std::uint32_t, bool>> stack;  // (node, children pushed)
  for (std::uint32_t root = 0; root < nodes.size(); ++root) {
    if (state[root] != unseen) continue;
    stack.emplace_back(root, false);
    while (!stack.empty()) {
      const std::uint32_t n = stack.back().first;
      const bool expanded = stack.back().second;
      if (!expanded) {
        if (state[n] != unseen) {
          stack.pop_back();
          continue;
        }
        state[n] = open;
        stack.back().second = true;
        in_place_children(nodes[n], [&](std::uint32_t c) {
          if (state[c] == open) {
            size[n] = too_many;  // a cycle: every node on it is marked as it closes
          } else if (state[c] == unseen) {
            stack.emplace_back(c, false);
          }
        });
        continue;
      }
      stack.pop_back();
      std::uint64_t total = 1;
      in_place_children(nodes[n], [&](std::uint32_t c) { total += state[c] == done ? size[c] : too_many; });
      size[n] = size[n] == too_many ? too_many : static_cast<std::uint32_t>(std::min<std::uint64_t>(total, too_many));
      state[n] = done;
    }
  }
  return size;
}

bool only_a_ref(const event_node& e) {
  return !e.is_false && e.types == 0xFF && e.in_place.size() == 1 && e.in_place[0]->code == op::ref &&
         !e.lower && !e.upper && e.min_length == 0 && e.max_length == UINT64_MAX && !e.pattern && e.at_start.empty() && e.per_key.empty() && e.per_item.empty() && e.at_end.empty() && e.required_count == 0;
}

// event_node::direct and hops; a chain that comes back on itself stays where it starts
// (such a node is not usable anyway: its expansion cycles).
void follow_refs(std::vector<event_node>& nodes) {
  for (std::uint32_t start = 0; start < nodes.size(); ++start) {
    std::uint32_t n = start, hops = 0;
    while (only_a_ref(nodes[n])) {
      if (++hops > nodes.size()) {
        n = start;
        hops = 0;
        break;
      }
      n = nodes[n].in_place[0]->nodes[0];
    }
    nodes[start].direct = n;
    nodes[start].hops = hops;
  }
}

}  // namespace

std::shared_ptr<const event_plan> plan_events(std::shared_ptr<const program> code) {
  auto plan = std::make_shared<event_plan>();
  const std::vector<node>& nodes = code->nodes;
  plan->nodes.resize(nodes.size());
  std::vector<std::uint8_t> ok(nodes.size());
  for (std::size_t i = 0; i < nodes.size(); ++i) ok[i] = sort_keywords(*code, nodes[i], plan->nodes[i]);
  follow_refs(plan->nodes);
  const std::vector<std::uint32_t> sizes = expansion_sizes(plan->nodes);
  for (std::size_t i = 0; i < nodes.size(); ++i) ok[i] = ok[i] && sizes[i] <= max_in_place_expansion;

  // Usable when every node reachable from the entry is.
  std::vector<std::uint8_t> seen(nodes.size(), 0);
  std::vector<std::uint32_t> pending{code->entry};
  seen[code->entry] = 1;
  bool usable = true;
  while (!pending.empty() && usable) {
    const std::uint32_t n = pending.back();
    pending.pop_back();
    usable = ok[n] != 0;
    for (const keyword& k : nodes[n].keywords) {
      for (const std::uint32_t child : k.nodes) {
        if (child != no_node && !seen[child]) {
          seen[child] = 1;
          pending.push_back(child);
        }
      }
    }
  }
  plan->usable = usable;
  plan->code = std::move(code);
  return plan;
}

}  // namespace ujson::schema::detail
