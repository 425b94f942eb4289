#pragma once
// What the event validator (event_validator.hpp) needs of a compiled program, worked out
// once when the schema compiles: whether every schema reachable from the entry can be
// checked from the decoder's events alone, and each schema's keywords sorted by when they
// can be decided (at a value's start, at each member key or array item, at a container's
// end, or by expanding in place). A schema with a keyword that needs the whole value
// (uniqueItems, contains, const/enum of containers, unevaluated*, dependentSchemas,
// $dynamicRef) or whose in-place expansion cycles or grows past a bound is left to the DOM.

#include <cstdint>
#include <memory>
#include <vector>

#include "program.hpp"

namespace ujson::schema::detail {

// Schemas applied in place at one value through one schema (allOf/anyOf/oneOf/not/if/$ref,
// counted as a tree): beyond this the expansion per value would cost more than the DOM.
inline constexpr std::uint32_t max_in_place_expansion = 256;

// Events deliver an array or object piece by piece: a keyword that needs one whole is
// decided at its end, or on the DOM.
inline bool is_container(const value& v) { return v.is_array() || v.is_object(); }

struct event_node {
  bool is_false = false;
  std::uint8_t types = 0xFF;              // type (type_bit), checked before at_start
  // The checks of a scalar the walk meets most, held apart from at_start (one of each):
  const keyword* lower = nullptr;         // minimum or exclusiveMinimum
  const keyword* upper = nullptr;         // maximum or exclusiveMaximum
  std::uint64_t min_length = 0, max_length = UINT64_MAX;
  const regex* pattern = nullptr;
  std::vector<const keyword*> at_start;   // the rest of the value's own checks: const, enum, multipleOf, format...
  std::vector<const keyword*> in_place;   // all_of, any_of, one_of, not_, if_then_else, ref
  std::vector<const keyword*> per_key;    // properties, patternProperties, additionalProperties, propertyNames
  std::vector<const keyword*> per_item;   // prefixItems, items
  std::vector<const keyword*> at_end;     // min/max items and properties, dependentRequired
  // required: each distinct name to one bit, set as its key arrives.
  name_table required;
  std::uint32_t required_count = 0;
  // When every required name is one of `properties`: the bit of each of its slots (or
  // no_node), so that the lookup of a key in properties finds its bit too.
  std::vector<std::uint32_t> required_of_slot;
  // Where a chain of schemas that are only a $ref ends (this node when it is not one), and
  // the schemas passed on the way (each still counts as an application and a level).
  std::uint32_t direct = no_node;
  std::uint32_t hops = 0;
};

struct event_plan {
  std::shared_ptr<const program> code;
  std::vector<event_node> nodes;  // by node index
  bool usable = false;            // every schema reachable from the entry can be checked on events
};

std::shared_ptr<const event_plan> plan_events(std::shared_ptr<const program> code);

}  // namespace ujson::schema::detail
