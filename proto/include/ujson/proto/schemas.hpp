#pragma once
// The schemas /validate?schema=NAME checks against: a set of compiled validators by name,
// built whole by the service (from --schema-dir) and replaced whole on a reload. proto
// reads a set and counts each document's verdict in it; it never loads one.

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "ujson/schema/schema.hpp"

namespace ujson::proto {

// How the documents checked against one schema came out. Shared by the sets a reload
// makes, so that a schema's counts survive a reload of its directory.
struct schema_counts {
  std::atomic<std::uint64_t> valid{0};
  std::atomic<std::uint64_t> invalid{0};  // JSON that the schema refuses
  std::atomic<std::uint64_t> error{0};    // not JSON (or not MessagePack, CBOR) at all
};

struct named_schema {
  std::string name;  // the file's name without ".json"
  std::string id;    // its $id; empty when it has none
  ujson::schema::validator validator;
  std::shared_ptr<schema_counts> counts = std::make_shared<schema_counts>();
};

class schema_set {
 public:
  // `schemas` in any order; find() looks them up by name.
  explicit schema_set(std::vector<named_schema> schemas);

  // The schema called `name`, or nullptr.
  const named_schema* find(std::string_view name) const noexcept;
  // By name, in byte order.
  const std::vector<named_schema>& all() const noexcept { return schemas_; }

 private:
  std::vector<named_schema> schemas_;
};

}  // namespace ujson::proto
