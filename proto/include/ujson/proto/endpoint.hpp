#pragma once
// The endpoints and the metrics hook, without any Beast header: what the service's
// counters and logs need to know of the contract.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace ujson::proto {

enum class endpoint : std::uint8_t { validate, decode, encode, healthz, metrics, other };
inline constexpr std::size_t endpoint_count = 6;
// "validate", ..., "other" (for metrics labels and the access log).
std::string_view endpoint_label(endpoint e) noexcept;
// The endpoint a request target ("/decode?indent=2", or in absolute form
// "http://host/decode?indent=2") names; other when none.
endpoint endpoint_of(std::string_view target) noexcept;
// The target without an absolute form's scheme and authority ("/decode?indent=2").
std::string_view origin_form(std::string_view target) noexcept;

// GET /metrics: the service renders its counters into `out` (Prometheus text).
class metrics_source {
 public:
  virtual void render(std::string& out) const = 0;

 protected:
  ~metrics_source() = default;
};

}  // namespace ujson::proto
