#pragma once
// The registry's contents: schema documents (text and DOM, never moved once added) and
// the index of their resources: every $id, anchor and dynamic anchor by absolute URI, and
// for every schema object the base URI and dialect it is read with.

#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "ujson/dom.hpp"
#include "ujson/schema/schema.hpp"

namespace ujson::schema::detail {

struct schema_info {
  std::string base;          // absolute URI of the enclosing resource, no fragment
  schema::dialect dialect = schema::dialect::draft2020_12;
  bool validation = true;    // the validation vocabulary is in force ($vocabulary of a custom meta-schema)
  bool formats = false;      // the format-assertion vocabulary is (so `format` asserts)
  const value* resource = nullptr;  // the root of the enclosing resource
  std::string document;      // the URI the document was added under (for errors)
  std::string pointer;       // JSON Pointer from the document's root
};

struct loaded_document {
  std::string uri;
  std::string text;
  document dom;
};

struct store {
  options how;
  std::vector<std::unique_ptr<loaded_document>> documents;
  // Resource URIs (no fragment) and "URI#anchor" for $anchor, $dynamicAnchor and draft-07
  // plain-name $ids.
  std::unordered_map<std::string, const value*> by_uri;
  std::unordered_map<const value*, schema_info> info;
  // Per resource root: its $dynamicAnchor names and schemas.
  std::unordered_map<const value*, std::vector<std::pair<std::string, const value*>>> dynamic_anchors;
  std::unordered_map<std::string, std::string> ids;  // added URI -> the root's $id

  bool add(std::string_view text, std::string_view uri, load_error& problem);
  // The schema a URI names: a resource, "resource#/json/pointer" or "resource#anchor".
  // `root` (optional) receives the resource a pointer fragment was applied to.
  const value* find(std::string_view absolute_uri, const value** root = nullptr) const;
  // What the schema object at `v` is read with; a value reached by a pointer into a place
  // the index did not walk takes the info of `fallback`.
  const schema_info& info_of(const value* v, const value* fallback) const;
};

}  // namespace ujson::schema::detail
