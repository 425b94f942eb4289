#pragma once
// The endpoints and the metrics hook, without any Beast header: what the service's
// counters and logs need to know of the contract.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "ujson/errors.hpp"
#include "ujson/proto/content_coding.hpp"
#include "ujson/proto/errors.hpp"

namespace ujson::proto {

enum class endpoint : std::uint8_t { validate, decode, encode, healthz, metrics, schemas, other };
inline constexpr std::size_t endpoint_count = static_cast<std::size_t>(endpoint::other) + 1;
// "validate", ..., "other" (for metrics labels and the access log).
std::string_view endpoint_label(endpoint e) noexcept;
// The endpoint a request target ("/decode?indent=2", or in absolute form
// "http://host/decode?indent=2") names; other when none.
endpoint endpoint_of(std::string_view target) noexcept;
// The target without an absolute form's scheme and authority ("/decode?indent=2").
std::string_view origin_form(std::string_view target) noexcept;

// What the session needs to know of an answer (metrics, access log, keep-alive).
struct outcome {
  endpoint where = endpoint::other;
  unsigned status = 200;
  // What the body reports: one of the service's errors, or for a 422 the codec's code;
  // neither on success.
  std::optional<http_error> error{};
  ujson::errc codec_error = ujson::errc::ok;
  bool close = false;  // the connection must close after this response
  std::size_t skipped_lines = 0;  // NDJSON lines the answer left out (ndjson_errors=skip)
  coding answer_coding = coding::identity;  // the answer's Content-Encoding

  // The body's "code" (empty on success), for logs.
  std::string_view code() const noexcept {
    if (error) return info(*error).code;
    return codec_error == ujson::errc::ok ? std::string_view() : ujson::code_name(codec_error);
  }
};

// GET /metrics: the service renders its counters into `out` (Prometheus text).
class metrics_source {
 public:
  virtual void render(std::string& out) const = 0;

 protected:
  ~metrics_source() = default;
};

}  // namespace ujson::proto
