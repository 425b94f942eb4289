// schema_set: the loaded schemas by name; GET /schemas lists them.

#include "ujson/proto/schemas.hpp"

#include <algorithm>

namespace ujson::proto {

schema_set::schema_set(std::vector<named_schema> schemas) : schemas_(std::move(schemas)) {
  std::sort(schemas_.begin(), schemas_.end(), [](const named_schema& a, const named_schema& b) { return a.name < b.name; });
}

const named_schema* schema_set::find(std::string_view name) const noexcept {
  const auto it = std::lower_bound(schemas_.begin(), schemas_.end(), name,
                                   [](const named_schema& s, std::string_view n) { return s.name < n; });
  return it != schemas_.end() && it->name == name ? &*it : nullptr;
}

}  // namespace ujson::proto
