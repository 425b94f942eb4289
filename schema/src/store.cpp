// Indexing a schema document: which objects are schemas (only the values of keywords that
// hold schemas: an $id inside `enum` or an unknown keyword is data), their base URIs,
// anchors and dialects. An explicit stack, so a deep document cannot exhaust ours.

#include "store.hpp"

#include "uri.hpp"

namespace ujson::schema::detail {
namespace {

constexpr std::string_view uri_2020_12 = "https://json-schema.org/draft/2020-12/schema";
constexpr std::string_view uri_draft7 = "http://json-schema.org/draft-07/schema";
constexpr std::string_view validation_vocabulary = "https://json-schema.org/draft/2020-12/vocab/validation";
constexpr std::string_view format_assertion_vocabulary = "https://json-schema.org/draft/2020-12/vocab/format-assertion";

struct frame {
  const value* v;
  std::string base;
  dialect d;
  bool validation;
  bool formats;
  const value* resource;
  std::string pointer;
};

enum class holds { schema, schema_array, schema_map, schema_or_array, dependencies };

struct child_keyword {
  std::string_view name;
  holds what;
};

constexpr child_keyword children_2020_12[] = {
    {"$defs", holds::schema_map},           {"definitions", holds::schema_map},
    {"properties", holds::schema_map},      {"patternProperties", holds::schema_map},
    {"dependentSchemas", holds::schema_map}, {"additionalProperties", holds::schema},
    {"unevaluatedProperties", holds::schema}, {"unevaluatedItems", holds::schema},
    {"items", holds::schema},               {"contains", holds::schema},
    {"propertyNames", holds::schema},       {"if", holds::schema},
    {"then", holds::schema},                {"else", holds::schema},
    {"not", holds::schema},                 {"prefixItems", holds::schema_array},
    {"allOf", holds::schema_array},         {"anyOf", holds::schema_array},
    {"oneOf", holds::schema_array},         {"dependencies", holds::dependencies},
};

constexpr child_keyword children_draft7[] = {
    {"definitions", holds::schema_map},  {"properties", holds::schema_map},
    {"patternProperties", holds::schema_map}, {"dependencies", holds::dependencies},
    {"additionalProperties", holds::schema}, {"additionalItems", holds::schema},
    {"items", holds::schema_or_array},   {"contains", holds::schema},
    {"propertyNames", holds::schema},    {"if", holds::schema},
    {"then", holds::schema},             {"else", holds::schema},
    {"not", holds::schema},              {"allOf", holds::schema_array},
    {"anyOf", holds::schema_array},      {"oneOf", holds::schema_array},
};

bool fail(load_error& problem, std::string uri, std::string pointer, std::string message) {
  problem = load_error{std::move(uri), std::move(pointer), std::move(message)};
  return false;
}

}  // namespace

bool store::add(std::string_view text, std::string_view uri, load_error& problem) {
  auto doc = std::make_unique<loaded_document>();
  doc->uri = std::string(without_fragment(uri));
  doc->text = std::string(text);
  if (const ujson::error e = doc->dom.parse(doc->text)) {
    return fail(problem, doc->uri, "",
                "not JSON: line " + std::to_string(e.line) + ", column " + std::to_string(e.column) + ": " +
                    std::string(e.message()));
  }
  const value& root = doc->dom.root();
  if (!root.is_object() && !root.is_bool()) return fail(problem, doc->uri, "", "a schema is an object or a boolean");

  // Index into local tables first: a document that fails leaves the store as it was.
  std::unordered_map<std::string, const value*> uris;
  std::unordered_map<const value*, schema_info> infos;
  std::unordered_map<const value*, std::vector<std::pair<std::string, const value*>>> dynamics;
  std::string root_id;

  std::vector<frame> stack;
  stack.push_back({&root, doc->uri, how.default_dialect, true, false, &root, ""});
  uris.emplace(doc->uri, &root);
  while (!stack.empty()) {
    frame f = std::move(stack.back());
    stack.pop_back();
    const value& v = *f.v;
    if (!v.is_object()) {
      infos.emplace(f.v, schema_info{f.base, f.d, f.validation, f.formats, f.resource, doc->uri, f.pointer});
      continue;
    }
    if (const value* s = v.find("$schema")) {
      if (!s->is_string()) return fail(problem, doc->uri, f.pointer + "/$schema", "$schema must be a string");
      std::string named(s->as_string());
      if (named.ends_with('#')) named.pop_back();
      if (named == uri_2020_12) {
        f.d = dialect::draft2020_12, f.validation = true, f.formats = false;
      } else if (named == uri_draft7) {
        f.d = dialect::draft7, f.validation = true, f.formats = false;
      } else {
        // A meta-schema of our own: registered earlier; its dialect is ours, its
        // $vocabulary says whether validation keywords count.
        const auto meta = by_uri.find(named);
        if (meta == by_uri.end()) {
          return fail(problem, doc->uri, f.pointer + "/$schema", "unknown dialect or meta-schema " + named);
        }
        const schema_info& mi = info.at(meta->second);
        f.d = mi.dialect;
        f.validation = true;
        f.formats = false;
        if (const value* vocab = meta->second->find("$vocabulary"); vocab && vocab->is_object()) {
          f.validation = vocab->find(validation_vocabulary) != nullptr;
          f.formats = vocab->find(format_assertion_vocabulary) != nullptr;
        }
      }
    }
    const bool draft7 = f.d == dialect::draft7;
    const bool ref_hides_siblings = draft7 && v.find("$ref") != nullptr;
    if (const value* id = v.find("$id"); id && !ref_hides_siblings) {
      if (!id->is_string()) return fail(problem, doc->uri, f.pointer + "/$id", "$id must be a string");
      const std::string_view text_id = id->as_string();
      if (draft7 && text_id.starts_with('#')) {
        uris.emplace(f.base + std::string(text_id), f.v);
      } else {
        const std::string resolved = resolve_uri(f.base, text_id);
        const std::string_view frag = fragment_of(resolved);
        if (!frag.empty() && !draft7) {
          return fail(problem, doc->uri, f.pointer + "/$id", "$id must not have a fragment: " + std::string(text_id));
        }
        f.base = std::string(without_fragment(resolved));
        f.resource = f.v;
        uris[f.base] = f.v;
        if (!frag.empty()) uris.emplace(resolved, f.v);
        if (f.v == &root) root_id = f.base;
      }
    }
    if (!draft7) {
      if (const value* a = v.find("$anchor")) {
        if (!a->is_string()) return fail(problem, doc->uri, f.pointer + "/$anchor", "$anchor must be a string");
        uris.emplace(f.base + "#" + std::string(a->as_string()), f.v);
      }
      if (const value* a = v.find("$dynamicAnchor")) {
        if (!a->is_string()) {
          return fail(problem, doc->uri, f.pointer + "/$dynamicAnchor", "$dynamicAnchor must be a string");
        }
        uris.emplace(f.base + "#" + std::string(a->as_string()), f.v);
        dynamics[f.resource].emplace_back(std::string(a->as_string()), f.v);
      }
    }
    infos.emplace(f.v, schema_info{f.base, f.d, f.validation, f.formats, f.resource, doc->uri, f.pointer});
    if (ref_hides_siblings) continue;

    auto push = [&](const value* child, std::string pointer) {
      if (child->is_object() || child->is_bool()) {
        stack.push_back({child, f.base, f.d, f.validation, f.formats, f.resource, std::move(pointer)});
      }
    };
    const auto keywords = draft7 ? std::span<const child_keyword>(children_draft7)
                                 : std::span<const child_keyword>(children_2020_12);
    for (const child_keyword& k : keywords) {
      const value* c = v.find(k.name);
      if (!c) continue;
      std::string at = f.pointer;
      append_pointer_token(at, k.name);
      const bool as_array = k.what == holds::schema_array || (k.what == holds::schema_or_array && c->is_array());
      if (as_array) {
        for (std::size_t i = 0; i < c->elements().size(); ++i) push(&c->elements()[i], at + "/" + std::to_string(i));
      } else if (k.what == holds::schema_map || k.what == holds::dependencies) {
        for (const member& m : c->members()) {
          std::string member_at = at;
          append_pointer_token(member_at, m.key.as_string());
          push(&m.val, std::move(member_at));
        }
      } else {
        push(c, at);
      }
    }
  }

  for (auto& [k, v] : uris) by_uri[k] = v;
  info.merge(infos);
  for (auto& [k, v] : dynamics) dynamic_anchors[k] = std::move(v);
  ids[doc->uri] = root_id;
  documents.push_back(std::move(doc));
  return true;
}

const value* store::find(std::string_view absolute_uri, const value** root_out) const {
  const std::string_view base = without_fragment(absolute_uri);
  const std::string_view frag = fragment_of(absolute_uri);
  if (frag.empty()) {
    const auto it = by_uri.find(std::string(base));
    if (it != by_uri.end() && root_out) *root_out = it->second;
    return it == by_uri.end() ? nullptr : it->second;
  }
  const std::optional<std::string> decoded = percent_decode(frag);
  if (!decoded) return nullptr;
  if (!decoded->starts_with('/')) {
    const auto it = by_uri.find(std::string(base) + "#" + *decoded);
    if (it != by_uri.end() && root_out) *root_out = it->second;
    return it == by_uri.end() ? nullptr : it->second;
  }
  const auto root = by_uri.find(std::string(base));
  if (root == by_uri.end()) return nullptr;
  const std::optional<std::vector<std::string>> tokens = split_pointer(*decoded);
  if (!tokens) return nullptr;
  const value* at = root->second;
  if (root_out) *root_out = root->second;
  for (const std::string& t : *tokens) {
    if (at->is_object()) {
      at = at->find(t);
    } else if (at->is_array()) {
      std::size_t i = 0;
      if (t.empty() || t.size() > 18 || (t.size() > 1 && t[0] == '0')) return nullptr;
      for (const char c : t) {
        if (c < '0' || c > '9') return nullptr;
        i = i * 10 + static_cast<std::size_t>(c - '0');
      }
      if (i >= at->elements().size()) return nullptr;
      at = &at->elements()[i];
    } else {
      return nullptr;
    }
    if (!at) return nullptr;
  }
  return at;
}

const schema_info& store::info_of(const value* v, const value* fallback) const {
  const auto it = info.find(v);
  return it != info.end() ? it->second : info.at(fallback);
}

}  // namespace ujson::schema::detail
