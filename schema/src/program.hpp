#pragma once
// A compiled schema: every schema object reachable from the entry (through subschemas,
// $ref and $dynamicRef) is a node, a list of keywords with their operands resolved:
// subschemas by node index, literals by pointer into the registry's DOM, patterns by
// compiled RE2. Validation walks nodes and keywords; it looks nothing up by name.

#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "formats.hpp"
#include "ujson/detail/scan.hpp"
#include "regex.hpp"
#include "ujson/dom.hpp"
#include "ujson/schema/schema.hpp"

namespace ujson::schema::detail {

struct store;

inline constexpr std::uint32_t no_node = 0xFFFFFFFF;
inline constexpr std::size_t max_tuple = 8;

enum class op : std::uint8_t {
  type, const_, enum_, multiple_of, maximum, exclusive_maximum, minimum, exclusive_minimum,
  max_length, min_length, pattern, format,
  max_items, min_items, unique_items,
  max_properties, min_properties, required, dependent_required,
  all_of, any_of, one_of, not_, if_then_else, dependent_schemas,
  prefix_items, items, contains,
  properties, pattern_properties, additional_properties, property_names,
  ref, dynamic_ref,
  unevaluated_items, unevaluated_properties,
};

// Bits of `type`: one per JSON type; integer is its own bit and `number` covers it.
enum type_bit : std::uint8_t {
  t_null = 1, t_boolean = 2, t_object = 4, t_array = 8, t_number = 16, t_string = 32, t_integer = 64,
};

// a == b for names and keys (ujson/detail/scan.hpp), shared with the DOM builder's check
// for duplicate keys.
using ujson::detail::same_text;

// Names to subschemas: a linear scan while small, an open-addressing table beyond (one
// multiply per lookup; looked up once per instance member, so it is on the hot path).
class name_table {
 public:
  void add(std::string_view name, std::uint32_t slot);
  // The slot of `name`, or no_node.
  std::uint32_t find(std::string_view name) const noexcept {
    const std::size_t i = index_of(name);
    return i < names_.size() ? slots_[i] : no_node;
  }
  // find(), trying first the name after the one the previous call found (`hint`, 0 to
  // begin): an object's members mostly come in the order the schema names them.
  std::uint32_t find(std::string_view name, std::size_t& hint) const noexcept {
    const std::size_t i = hint < names_.size() && same_text(names_[hint], name) ? hint : index_of(name);
    if (i >= names_.size()) return no_node;
    hint = i + 1;
    return slots_[i];
  }
  std::size_t size() const noexcept { return names_.size(); }
  std::string_view name(std::size_t i) const noexcept { return names_[i]; }

 private:
  void rehash();
  std::size_t index_of(std::string_view name) const noexcept;  // names_.size(): absent
  std::vector<std::string_view> names_;
  std::vector<std::uint32_t> slots_;
  std::vector<std::uint32_t> table_;  // 1 + index into names_, 0 for empty; a power of two long
  unsigned shift_ = 64;
};

struct node;

// A subschema as the verdict-only walk reaches it: the node its chain of $ref-only schemas
// ends at and the levels that takes (node::target, node::levels), one load away; and its index.
struct child {
  const node* target = nullptr;
  std::uint32_t levels = 0;
  std::uint32_t index = no_node;
};

struct keyword {
  op code;
  std::string_view name;   // the keyword as written ("minimum", "dependencies")
  std::string location;    // JSON Pointer of the keyword from its schema object: "/minimum"

  std::vector<std::uint32_t> nodes;          // subschemas, in the keyword's order
  std::vector<child> children;               // nodes, resolved for the verdict-only walk
  std::vector<std::string> child_locations;  // each one's pointer from the schema object: "/allOf/0"
  name_table names;                          // properties, dependentSchemas: name -> index into nodes
  std::vector<std::string_view> required;    // required; dependentRequired: flattened, see spans
  std::vector<std::pair<std::uint32_t, std::uint32_t>> spans;  // dependentRequired: [begin, end) into required per name
  std::vector<std::uint32_t> regexes;        // pattern, patternProperties; additionalProperties: the siblings'
  const value* literal = nullptr;            // const, enum (the array), numeric limits
  double limit = 0;                          // a numeric limit that is exactly this double
  bool limit_is_double = false;              // (then doubles and small integers compare with it directly)
  std::uint64_t count = 0;                   // lengths and counts; contains: minContains
  std::uint64_t count_max = UINT64_MAX;      // contains: maxContains
  std::uint32_t extra = no_node;             // if: then / else in nodes[1], nodes[2]
  std::uint32_t dynamic_name = no_node;      // $dynamicRef: the anchor to look for in the dynamic scope
  std::uint8_t types = 0;
  format_kind format = format_kind::unknown;
  bool flag = false;                         // uniqueItems: true; additionalProperties: siblings given

  // The verdict-only walk (is_valid) checks an object's members in one pass (fast_paths.cpp):
  // `properties` then also applies its sibling additionalProperties (at this offset in the
  // node's keywords; 0: none) and sets the bits of the required names it meets.
  std::uint32_t additional = 0;
  std::vector<std::uint64_t> required_bits;  // per slot of names (0 when required is checked on its own)
  std::uint64_t required_mask = 0;
  bool fused = false;                        // required, additionalProperties: done by properties
};

// What the verdict-only walk checks of a value before a node's remaining keywords, in one
// switch on the value's kind (fast_paths.cpp): its type and the bounds of its kind.
struct quick_checks {
  std::uint8_t types = 0xFF;  // type bits allowed (0: the false schema)
  const keyword* lower = nullptr;  // minimum or exclusiveMinimum
  const keyword* upper = nullptr;  // maximum or exclusiveMaximum
  // lower and upper as one closed interval of doubles (an exclusive limit L as the next
  // double past it: for a double x, x > L exactly when x >= that), when both are finite
  // doubles or absent; then a double instance, or an integer within 2^53, needs two
  // comparisons. Otherwise (a limit beyond a double, or a big instance) compare_numbers.
  double low = -std::numeric_limits<double>::infinity(), high = std::numeric_limits<double>::infinity();
  bool bounds_are_doubles = true;
  bool numbers_as_doubles = true;  // bounds_are_doubles, and type allows any number
  std::uint64_t min_length = 0, max_length = UINT64_MAX;
  const regex* pattern = nullptr;
  std::uint64_t min_items = 0, max_items = UINT64_MAX;
  std::uint64_t min_members = 0, max_members = UINT64_MAX;
  // Kinds (bit 1 << kind) whose check needs at most int_low/int_high or the item and
  // member counts: the type takes them outright, and a string has no length or pattern to
  // check. Doubles are numbers_as_doubles' (low/high), tested first.
  std::uint16_t fast_kinds = 0;
  std::int64_t int_low = INT64_MIN, int_high = INT64_MAX;  // the bounds, for an int64
  // const, or enum of at most max_quick_strings values, whose values are all strings: the
  // instance must be a string and one of them (no kind is fast then).
  const keyword* strings = nullptr;
};
inline constexpr std::size_t max_quick_strings = 16;

struct node {
  std::vector<keyword> keywords;
  std::uint32_t resource = 0;
  bool is_false = false;
  // Has unevaluatedItems/Properties: gathers what its in-place applicators evaluated.
  bool collects = false;
  // For the verdict-only walk (fast_paths.cpp): the node a chain of schemas that are only a
  // $ref ends at (this node when it is not one), what quick_checks covers, and the indices
  // of the keywords left to apply one by one (empty: no bookkeeping needed at all).
  std::uint32_t direct = no_node;
  std::uint32_t hops = 0;  // the $ref-only schemas on the way to direct
  quick_checks quick;
  std::vector<std::uint32_t> rest;
  // The schema the chain ends at (&nodes[direct]) and the levels (steps) the chain and it
  // take in validate(): hops, and one more when it has keywords.
  const node* target = nullptr;
  std::uint32_t levels = 0;
  // Every keyword in rest can be applied by the verdict-only walk itself (verdict_walk.cpp):
  // assertions, and applicators that move into the instance (items, properties...), none
  // that needs annotations, the dynamic scope or a branch's verdict.
  bool walks = false;
  // A walking schema whose rest is prefixItems alone, of at most max_tuple subschemas whose
  // targets quick_checks alone checks (a tuple of scalars: a GeoJSON position).
  bool tuple = false;
};

// The verdict-only walk of a program whose every schema reachable from the entry only
// asserts and moves into the instance, or applies schemas that only assert in place
// (verdict_plan.cpp): no schema can then apply more often than the step budget allows, so
// the walk keeps no count of steps; nor of depth when no schema leads back to another. One
// plan per such schema.
struct plan;

// A subschema as the plan reaches it: its plan and the levels it takes (child::levels).
struct plan_edge {
  const plan* to = nullptr;
  std::uint32_t levels = 0;
};

// A name of properties as the plan looks it up: the name, its schema, its bit among the
// required names (0: not required).
struct plan_slot {
  std::string_view name;
  plan_edge edge;
  std::uint64_t required_bit = 0;
};

struct plan {
  quick_checks quick;
  bool leaf = false;  // quick alone decides
  // An array (if the value is one) whose every item a leaf decides: nothing else to check.
  bool leaf_items = false;
  // An object (if the value is one) whose members are all there is to check.
  bool members_only = false;
  // members_only, through properties alone, each property a leaf or an array of leaves: the
  // member loop calls nothing further (a record of scalars: citm's areas, prices, events).
  bool flat_record = false;
  // An array (if the value is one) of flat records and nothing else to check (citm's areas,
  // prices): the records checked in one call from check_edge.
  bool record_items = false;
  // Objects: properties (its names table, and a plan_slot per slot, in the same order);
  // additionalProperties fused with it, or alone; propertyNames.
  const keyword* properties = nullptr;
  std::vector<plan_slot> slots;
  std::uint64_t required_mask = 0;
  plan_edge additional;
  plan_edge property_names;
  // Arrays: prefixItems, then items from items_from.
  std::vector<plan_edge> prefix;
  plan_edge items;
  std::uint32_t items_from = 0;
  // A tuple of at most max_tuple numbers that quick_checks alone checks, each within
  // [low, high] as doubles: a GeoJSON position in a few comparisons.
  bool doubles_tuple = false;
  double low[max_tuple] = {}, high[max_tuple] = {};
  std::uint32_t deepest_prefix = 0;  // the most levels of its prefix's edges
  // Everything else, keyword by keyword through the evaluator: assertions (enum, uniqueItems,
  // required beyond properties' names...), patternProperties, and in-place applicators of
  // leaves (anyOf: [null, a string's pattern]).
  std::vector<const keyword*> rest;
};

struct resource {
  std::vector<std::pair<std::uint32_t, std::uint32_t>> dynamic_anchors;  // (name id, node)
};

struct program {
  std::shared_ptr<const store> registry;  // owns the DOM the literals point into
  std::vector<node> nodes;
  std::vector<resource> resources;
  std::vector<std::unique_ptr<regex>> regexes;
  schema::dialect dialect = schema::dialect::draft2020_12;
  bool assert_formats = false;
  std::uint32_t entry = 0;
  // Filled by build_verdict_plans when the whole program qualifies (see plan); indexed as nodes.
  std::vector<plan> plans;
  plan_edge plan_entry;
  bool plans_count_depth = false;  // some schema leads back to another: the instance sets the depth
};

// Whether the verdict-only walk applies keywords of this kind itself (node::walks).
bool walks_over(op code);

// Sets the fields the verdict-only walk uses (node::direct, quick, rest, the fused object
// keywords) once every node is built.
void prepare_fast_paths(program& p);

// Builds program::plans when every schema the entry reaches qualifies (after prepare_fast_paths).
void build_verdict_plans(program& p);

// Builds the program of the schema at `uri` (absolute), or says why it cannot.
std::shared_ptr<const program> compile_program(std::shared_ptr<const store> registry, std::string_view uri,
                                               load_error& problem);

}  // namespace ujson::schema::detail
