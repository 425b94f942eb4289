// From the registry's DOM to a program: each schema object reachable from the entry
// becomes one node, compiled once (a worklist, no recursion; $ref cycles meet the node
// already made). Malformed keywords, unresolvable references and patterns RE2 cannot run
// fail here, with the JSON Pointer of the keyword.

#include <bit>
#include <cstring>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "numbers.hpp"
#include "program.hpp"
#include "store.hpp"
#include "uri.hpp"

namespace ujson::schema::detail {

namespace {

std::uint64_t load_bytes(const char* p, std::size_t n) {
  std::uint64_t x = 0;
  std::memcpy(&x, p, n);
  return x;
}

// Length and the first and last eight bytes: property names differ there.
std::uint64_t name_hash(std::string_view s) {
  std::uint64_t h = s.size() * 0x9E3779B97F4A7C15ULL;
  if (s.size() >= 8) {
    h ^= load_bytes(s.data(), 8);
    h += load_bytes(s.data() + s.size() - 8, 8) * 0xC2B2AE3D27D4EB4FULL;
  } else if (!s.empty()) {
    h ^= load_bytes(s.data(), s.size());
  }
  return h * 0xFF51AFD7ED558CCDULL;
}

}  // namespace

void name_table::add(std::string_view name, std::uint32_t slot) {
  if (find(name) != no_node) return;
  names_.push_back(name);
  slots_.push_back(slot);
  if (names_.size() > 8 && names_.size() * 2 > table_.size()) {
    rehash();
  } else if (!table_.empty()) {
    std::size_t i = name_hash(name) >> shift_;
    while (table_[i] != 0) i = (i + 1) & (table_.size() - 1);
    table_[i] = static_cast<std::uint32_t>(names_.size());
  }
}

void name_table::rehash() {
  std::size_t size = 16;
  while (size < names_.size() * 4) size *= 2;
  table_.assign(size, 0);
  shift_ = 64 - static_cast<unsigned>(std::countr_zero(size));
  for (std::size_t n = 0; n < names_.size(); ++n) {
    std::size_t i = name_hash(names_[n]) >> shift_;
    while (table_[i] != 0) i = (i + 1) & (size - 1);
    table_[i] = static_cast<std::uint32_t>(n + 1);
  }
}

std::size_t name_table::index_of(std::string_view name) const noexcept {
  if (table_.empty()) {
    for (std::size_t i = 0; i < names_.size(); ++i) {
      if (same_text(names_[i], name)) return i;
    }
    return names_.size();
  }
  for (std::size_t i = name_hash(name) >> shift_;; i = (i + 1) & (table_.size() - 1)) {
    const std::uint32_t at = table_[i];
    if (at == 0) return names_.size();
    if (same_text(names_[at - 1], name)) return at - 1;
  }
}

namespace {

class compiler {
 public:
  compiler(const store& s, program& p, load_error& problem) : s_(s), p_(p), problem_(problem) {}

  bool compile_entry(std::string_view uri) {
    const value* root = nullptr;
    const value* entry = s_.find(uri, &root);
    if (!entry) return fail_at(std::string(uri), "", "no schema is registered at " + std::string(uri));
    p_.entry = node_for(entry, s_.info_of(entry, root));
    p_.dialect = s_.info_of(entry, root).dialect;
    while (!pending_.empty()) {
      auto [v, info, n] = std::move(pending_.back());
      pending_.pop_back();
      if (!build(n, *v, info)) return false;
    }
    return true;
  }

 private:
  struct work {
    const value* v;
    schema_info info;
    std::uint32_t n;
  };

  bool fail_at(std::string uri, std::string pointer, std::string message) {
    problem_ = load_error{std::move(uri), std::move(pointer), std::move(message)};
    return false;
  }
  // `rest`: more of the pointer below the keyword, already escaped ("/0", "/name").
  bool fail(const schema_info& info, std::string_view keyword, std::string message, std::string_view rest = "") {
    std::string at = info.pointer;
    if (!keyword.empty()) append_pointer_token(at, keyword);
    return fail_at(info.document, at.append(rest), std::move(message));
  }

  std::uint32_t resource_for(const schema_info& info) {
    const auto [it, fresh] = resource_of_.emplace(info.resource, static_cast<std::uint32_t>(p_.resources.size()));
    if (fresh) {
      p_.resources.emplace_back();
      const auto anchors = s_.dynamic_anchors.find(info.resource);
      if (anchors != s_.dynamic_anchors.end()) {
        for (const auto& [name, target] : anchors->second) {
          const std::uint32_t target_node = node_for(target, s_.info_of(target, info.resource));
          p_.resources[it->second].dynamic_anchors.emplace_back(name_id(name), target_node);
        }
      }
    }
    return it->second;
  }

  std::uint32_t name_id(std::string_view name) {
    return names_.emplace(std::string(name), static_cast<std::uint32_t>(names_.size())).first->second;
  }

  std::uint32_t node_for(const value* v, const schema_info& info) {
    const auto [it, fresh] = node_of_.emplace(v, static_cast<std::uint32_t>(p_.nodes.size()));
    if (fresh) {
      p_.nodes.emplace_back();
      pending_.push_back({v, info, it->second});
      p_.nodes[it->second].resource = resource_for(info);
    }
    return it->second;
  }

  // A subschema of the schema object `info` describes, at `pointer` below it.
  std::uint32_t child(const value& v, const schema_info& parent, std::string_view keyword, const std::string& rest) {
    const auto known = s_.info.find(&v);
    if (known != s_.info.end()) return node_for(&v, known->second);
    schema_info info = parent;  // a place the index did not walk: read as its parent
    info.pointer += "/" + std::string(keyword) + rest;
    return node_for(&v, info);
  }

  static std::string location(std::string_view keyword) {
    std::string out;
    append_pointer_token(out, keyword);
    return out;
  }

  keyword& add(node& n, op code, std::string_view name) {
    keyword& k = n.keywords.emplace_back();
    k.code = code;
    k.name = name;
    k.location = location(name);
    return k;
  }

  bool is_schema(const value& v) const { return v.is_object() || v.is_bool(); }

  bool count_of(const value& v, const schema_info& info, std::string_view name, std::uint64_t& out) {
    if (!v.is_number() || !is_integer(v) || compare_numbers(v, value::make_int64(0)) < 0) {
      return fail(info, name, std::string(name) + " must be a non-negative integer");
    }
    // A count beyond 2^64 can never be reached: it is as good as the largest.
    if (v.type() == kind::double_) {
      out = v.as_double() >= 18446744073709551616.0 ? UINT64_MAX : static_cast<std::uint64_t>(v.as_double());
    } else {
      out = v.type() == kind::big_number ? UINT64_MAX : v.as_uint64();
    }
    return true;
  }

  bool schema_keyword(node& n, const value& obj, const schema_info& info, op code, std::string_view name) {
    const value* v = obj.find(name);
    if (!v) return true;
    if (!is_schema(*v)) return fail(info, name, std::string(name) + " must be a schema (an object or a boolean)");
    keyword& k = add(n, code, name);
    k.nodes.push_back(child(*v, info, name, ""));
    k.child_locations.push_back(k.location);
    return true;
  }

  bool schema_array(node& n, const value& obj, const schema_info& info, op code, std::string_view name) {
    const value* v = obj.find(name);
    if (!v) return true;
    if (!v->is_array() || (v->size() == 0 && code != op::prefix_items)) {
      return fail(info, name, std::string(name) + " must be a non-empty array of schemas");
    }
    keyword& k = add(n, code, name);
    for (std::size_t i = 0; i < v->size(); ++i) {
      const value& e = v->elements()[i];
      const std::string rest = "/" + std::to_string(i);
      if (!is_schema(e)) return fail(info, name, "each item must be a schema", rest);
      k.nodes.push_back(child(e, info, name, rest));
      k.child_locations.push_back(k.location + rest);
    }
    return true;
  }

  bool schema_map(node& n, const value& obj, const schema_info& info, op code, std::string_view name) {
    const value* v = obj.find(name);
    if (!v) return true;
    if (!v->is_object()) return fail(info, name, std::string(name) + " must be an object of schemas");
    keyword& k = add(n, code, name);
    for (const member& m : v->members()) {
      std::string rest;
      append_pointer_token(rest, m.key.as_string());
      if (!is_schema(m.val)) return fail(info, std::string(name), "the value of \"" + std::string(m.key.as_string()) + "\" must be a schema");
      k.names.add(m.key.as_string(), static_cast<std::uint32_t>(k.nodes.size()));
      k.nodes.push_back(child(m.val, info, name, rest));
      k.child_locations.push_back(k.location + rest);
    }
    return true;
  }

  bool pattern_of(const value& text, const schema_info& info, std::string_view keyword, std::uint32_t& out,
                  std::string_view rest) {
    std::string why;
    std::unique_ptr<regex> re = regex::compile(text.as_string(), why);
    if (!re) {
      return fail(info, keyword, "pattern \"" + std::string(text.as_string()) + "\" cannot be used: " + why, rest);
    }
    out = static_cast<std::uint32_t>(p_.regexes.size());
    p_.regexes.push_back(std::move(re));
    return true;
  }

  bool reference(node& n, const value& obj, const schema_info& info, std::string_view name, bool dynamic) {
    const value* v = obj.find(name);
    if (!v) return true;
    if (!v->is_string()) return fail(info, name, std::string(name) + " must be a string");
    const std::string target_uri = resolve_uri(info.base, v->as_string());
    const value* root = nullptr;
    const value* target = s_.find(target_uri, &root);
    if (!target) return fail(info, name, "cannot resolve the reference " + target_uri);
    if (!is_schema(*target)) return fail(info, name, "the reference " + target_uri + " is not a schema");
    keyword& k = add(n, dynamic ? op::dynamic_ref : op::ref, name);
    k.nodes.push_back(node_for(target, s_.info_of(target, root)));
    k.child_locations.push_back(k.location);
    if (dynamic) {
      // Dynamic only when the fragment is a name and the static target bookends it with a
      // $dynamicAnchor of that name; otherwise a $dynamicRef is a $ref.
      const std::string_view frag = fragment_of(target_uri);
      const value* anchor = target->is_object() ? target->find("$dynamicAnchor") : nullptr;
      if (!frag.empty() && frag[0] != '/' && anchor && anchor->as_string() == frag) k.dynamic_name = name_id(frag);
    }
    return true;
  }

  bool types(node& n, const value& obj, const schema_info& info) {
    const value* v = obj.find("type");
    if (!v) return true;
    static constexpr std::pair<std::string_view, std::uint8_t> named[] = {
        {"null", t_null},   {"boolean", t_boolean}, {"object", t_object}, {"array", t_array},
        {"number", t_number | t_integer}, {"string", t_string}, {"integer", t_integer}};
    std::uint8_t mask = 0;
    auto one = [&](const value& t) {
      for (const auto& [text, bit] : named) {
        if (t.is_string() && t.as_string() == text) {
          mask |= bit;
          return true;
        }
      }
      return false;
    };
    bool ok = v->is_string() ? one(*v) : v->is_array();
    for (const value& t : v->elements()) ok = ok && one(t);
    if (!ok) return fail(info, "type", "type must be a type name or an array of them");
    add(n, op::type, "type").types = mask;
    return true;
  }

  bool numeric(node& n, const value& obj, const schema_info& info, op code, std::string_view name) {
    const value* v = obj.find(name);
    if (!v) return true;
    if (!v->is_number()) return fail(info, name, std::string(name) + " must be a number");
    if (code == op::multiple_of && !is_positive(*v)) return fail(info, name, "multipleOf must be greater than 0");
    keyword& k = add(n, code, name);
    k.literal = v;
    k.limit_is_double = exactly_a_double(*v, k.limit);
    return true;
  }

  // Whether the limit is exactly a double (`d`): any double, and the integers one holds
  // (2^63 is one, 2^53 + 1 is not).
  static bool exactly_a_double(const value& v, double& d) {
    constexpr double two_to_63 = 9223372036854775808.0;
    switch (v.type()) {
      case kind::double_: d = v.as_double(); return true;
      case kind::int64:
        d = static_cast<double>(v.as_int64());
        return d >= -two_to_63 && d < two_to_63 && static_cast<std::int64_t>(d) == v.as_int64();
      case kind::uint64:
        d = static_cast<double>(v.as_uint64());
        return d < 2 * two_to_63 && static_cast<std::uint64_t>(d) == v.as_uint64();
      default: return false;
    }
  }

  bool count(node& n, const value& obj, const schema_info& info, op code, std::string_view name) {
    const value* v = obj.find(name);
    if (!v) return true;
    std::uint64_t c = 0;
    if (!count_of(*v, info, name, c)) return false;
    add(n, code, name).count = c;
    return true;
  }

  bool string_list(const value& v, std::vector<std::string_view>& out) {
    if (!v.is_array()) return false;
    for (const value& e : v.elements()) {
      if (!e.is_string()) return false;
      out.push_back(e.as_string());
    }
    return true;
  }

  bool assertions(node& n, const value& obj, const schema_info& info) {
    if (!types(n, obj, info)) return false;
    if (const value* v = obj.find("enum")) {
      if (!v->is_array()) return fail(info, "enum", "enum must be an array");
      add(n, op::enum_, "enum").literal = v;
    }
    if (const value* v = obj.find("const")) add(n, op::const_, "const").literal = v;
    if (!numeric(n, obj, info, op::multiple_of, "multipleOf")) return false;
    const bool draft7 = info.dialect == dialect::draft7;
    if (!numeric(n, obj, info, op::maximum, "maximum") || !numeric(n, obj, info, op::minimum, "minimum") ||
        !numeric(n, obj, info, op::exclusive_maximum, "exclusiveMaximum") ||
        !numeric(n, obj, info, op::exclusive_minimum, "exclusiveMinimum")) {
      return false;
    }
    if (!count(n, obj, info, op::max_length, "maxLength") || !count(n, obj, info, op::min_length, "minLength") ||
        !count(n, obj, info, op::max_items, "maxItems") || !count(n, obj, info, op::min_items, "minItems") ||
        !count(n, obj, info, op::max_properties, "maxProperties") ||
        !count(n, obj, info, op::min_properties, "minProperties")) {
      return false;
    }
    if (const value* v = obj.find("pattern")) {
      if (!v->is_string()) return fail(info, "pattern", "pattern must be a string");
      std::uint32_t re = 0;
      if (!pattern_of(*v, info, "pattern", re, "")) return false;
      add(n, op::pattern, "pattern").regexes.push_back(re);
    }
    if (const value* v = obj.find("uniqueItems")) {
      if (!v->is_bool()) return fail(info, "uniqueItems", "uniqueItems must be a boolean");
      if (v->as_bool()) add(n, op::unique_items, "uniqueItems");
    }
    if (const value* v = obj.find("required")) {
      keyword& k = add(n, op::required, "required");
      if (!string_list(*v, k.required)) return fail(info, "required", "required must be an array of strings");
    }
    if (const value* v = draft7 ? nullptr : obj.find("dependentRequired")) {
      if (!v->is_object()) return fail(info, "dependentRequired", "dependentRequired must be an object");
      keyword& k = add(n, op::dependent_required, "dependentRequired");
      for (const member& m : v->members()) {
        const auto begin = static_cast<std::uint32_t>(k.required.size());
        if (!string_list(m.val, k.required)) {
          return fail(info, "dependentRequired", "each value of dependentRequired must be an array of strings");
        }
        k.names.add(m.key.as_string(), static_cast<std::uint32_t>(k.spans.size()));
        k.spans.emplace_back(begin, static_cast<std::uint32_t>(k.required.size()));
      }
    }
    return true;
  }

  // Its own vocabulary (format-annotation or format-assertion), not validation's.
  bool format(node& n, const value& obj, const schema_info& info) {
    const value* v = obj.find("format");
    if (!v || !(p_.assert_formats || info.formats)) return true;
    if (!v->is_string()) return fail(info, "format", "format must be a string");
    add(n, op::format, "format").format = format_named(v->as_string());
    return true;
  }

  bool draft7_dependencies(node& n, const value& obj, const schema_info& info) {
    const value* v = obj.find("dependencies");
    if (!v) return true;
    if (!v->is_object()) return fail(info, "dependencies", "dependencies must be an object");
    // At most two keywords are added: reserved, so the first's address survives the second.
    n.keywords.reserve(n.keywords.size() + 2);
    keyword* schemas = nullptr;
    keyword* lists = nullptr;
    for (const member& m : v->members()) {
      std::string rest;
      append_pointer_token(rest, m.key.as_string());
      if (m.val.is_array()) {
        if (!lists) lists = &add(n, op::dependent_required, "dependencies");
        const auto begin = static_cast<std::uint32_t>(lists->required.size());
        if (!string_list(m.val, lists->required)) {
          return fail(info, "dependencies", "a dependency must be a schema or an array of strings", rest);
        }
        lists->names.add(m.key.as_string(), static_cast<std::uint32_t>(lists->spans.size()));
        lists->spans.emplace_back(begin, static_cast<std::uint32_t>(lists->required.size()));
      } else if (is_schema(m.val)) {
        if (!schemas) schemas = &add(n, op::dependent_schemas, "dependencies");
        schemas->names.add(m.key.as_string(), static_cast<std::uint32_t>(schemas->nodes.size()));
        schemas->nodes.push_back(child(m.val, info, "dependencies", rest));
        schemas->child_locations.push_back(schemas->location + rest);
      } else {
        return fail(info, "dependencies", "a dependency must be a schema or an array of strings", rest);
      }
    }
    return true;
  }

  bool applicators(node& n, const value& obj, const schema_info& info) {
    const bool draft7 = info.dialect == dialect::draft7;
    if (!schema_array(n, obj, info, op::all_of, "allOf") || !schema_array(n, obj, info, op::any_of, "anyOf") ||
        !schema_array(n, obj, info, op::one_of, "oneOf") || !schema_keyword(n, obj, info, op::not_, "not")) {
      return false;
    }
    if (const value* v = obj.find("if")) {
      if (!is_schema(*v)) return fail(info, "if", "if must be a schema");
      keyword& k = add(n, op::if_then_else, "if");
      k.nodes = {child(*v, info, "if", ""), no_node, no_node};
      k.child_locations = {"/if", "/then", "/else"};
      for (int i = 1; i <= 2; ++i) {
        const std::string_view name = i == 1 ? "then" : "else";
        if (const value* branch = obj.find(name)) {
          if (!is_schema(*branch)) return fail(info, name, std::string(name) + " must be a schema");
          n.keywords.back().nodes[i] = child(*branch, info, name, "");
        }
      }
    }
    if (draft7) {
      if (!draft7_dependencies(n, obj, info)) return false;
      const value* items = obj.find("items");
      if (items && items->is_array()) {
        if (!schema_array(n, obj, info, op::prefix_items, "items")) return false;
        if (!schema_keyword(n, obj, info, op::items, "additionalItems")) return false;
        if (obj.find("additionalItems")) n.keywords.back().count = items->size();
      } else if (!schema_keyword(n, obj, info, op::items, "items")) {
        return false;
      }
    } else {
      // `dependencies` is draft-07's; read in 2020-12 too, as the suite's compatibility tests expect.
      if (!draft7_dependencies(n, obj, info)) return false;
      if (!schema_map(n, obj, info, op::dependent_schemas, "dependentSchemas")) return false;
      if (!schema_array(n, obj, info, op::prefix_items, "prefixItems")) return false;
      if (!schema_keyword(n, obj, info, op::items, "items")) return false;
      if (const value* prefix = obj.find("prefixItems"); prefix && obj.find("items")) {
        n.keywords.back().count = prefix->size();
      }
    }
    if (!schema_keyword(n, obj, info, op::contains, "contains")) return false;
    if (obj.find("contains")) {
      keyword& k = n.keywords.back();
      k.count = 1;
      if (!draft7) {
        if (const value* v = obj.find("minContains"); v && !count_of(*v, info, "minContains", k.count)) return false;
        if (const value* v = obj.find("maxContains"); v && !count_of(*v, info, "maxContains", k.count_max)) {
          return false;
        }
      }
    }
    if (!schema_map(n, obj, info, op::properties, "properties")) return false;
    if (const value* v = obj.find("patternProperties")) {
      if (!v->is_object()) return fail(info, "patternProperties", "patternProperties must be an object of schemas");
      keyword& k = add(n, op::pattern_properties, "patternProperties");
      for (const member& m : v->members()) {
        std::string rest;
        append_pointer_token(rest, m.key.as_string());
        if (!is_schema(m.val)) return fail(info, "patternProperties", "must be a schema", rest);
        std::uint32_t re = 0;
        if (!pattern_of(m.key, info, "patternProperties", re, rest)) return false;
        k.regexes.push_back(re);
        k.nodes.push_back(child(m.val, info, "patternProperties", rest));
        k.child_locations.push_back(k.location + rest);
      }
    }
    if (!schema_keyword(n, obj, info, op::additional_properties, "additionalProperties")) return false;
    if (obj.find("additionalProperties")) {
      // What counts as additional: not named by the siblings properties and patternProperties.
      keyword& k = n.keywords.back();
      for (const keyword& sibling : n.keywords) {
        if (sibling.code == op::properties) {
          for (std::size_t i = 0; i < sibling.names.size(); ++i) k.names.add(sibling.names.name(i), 0);
        } else if (sibling.code == op::pattern_properties) {
          k.regexes = sibling.regexes;
        }
      }
    }
    if (!schema_keyword(n, obj, info, op::property_names, "propertyNames")) return false;
    return true;
  }

  bool build(std::uint32_t index, const value& v, const schema_info& info) {
    node n;
    n.resource = p_.nodes[index].resource;
    if (v.is_bool()) {
      n.is_false = !v.as_bool();
      p_.nodes[index] = std::move(n);
      return true;
    }
    const bool draft7 = info.dialect == dialect::draft7;
    if (draft7 && v.find("$ref")) {
      // draft-07: $ref stands alone; its siblings are not keywords.
      if (!reference(n, v, info, "$ref", false)) return false;
      p_.nodes[index] = std::move(n);
      return true;
    }
    if (!reference(n, v, info, "$ref", false)) return false;
    if (!draft7 && !reference(n, v, info, "$dynamicRef", true)) return false;
    if (info.validation && !assertions(n, v, info)) return false;
    if (!format(n, v, info)) return false;
    if (!applicators(n, v, info)) return false;
    if (!draft7) {
      // Last: they see what every other keyword of this schema evaluated.
      if (!schema_keyword(n, v, info, op::unevaluated_items, "unevaluatedItems") ||
          !schema_keyword(n, v, info, op::unevaluated_properties, "unevaluatedProperties")) {
        return false;
      }
      n.collects = v.find("unevaluatedItems") || v.find("unevaluatedProperties");
    }
    p_.nodes[index] = std::move(n);
    return true;
  }

  const store& s_;
  program& p_;
  load_error& problem_;
  std::unordered_map<const value*, std::uint32_t> node_of_;
  std::unordered_map<const value*, std::uint32_t> resource_of_;
  std::unordered_map<std::string, std::uint32_t> names_;
  std::vector<work> pending_;
};

}  // namespace

std::shared_ptr<const program> compile_program(std::shared_ptr<const store> registry, std::string_view uri,
                                               load_error& problem) {
  auto p = std::make_shared<program>();
  p->registry = registry;
  p->assert_formats = registry->how.assert_formats;
  compiler c(*registry, *p, problem);
  if (!c.compile_entry(uri)) return nullptr;
  prepare_fast_paths(*p);
  build_verdict_plans(*p);
  return p;
}

}  // namespace ujson::schema::detail
