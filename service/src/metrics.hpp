#pragma once
// Counters for GET /metrics, in Prometheus' text format. Lock-free: relaxed atomics that
// any thread may bump; render() reads them without stopping anyone.

#include <array>
#include <atomic>
#include <cstdint>
#include <string>
#include <string_view>

#include "ujson/proto/endpoint.hpp"

namespace ujsond {

class log_sink;
class schema_source;

class metrics final : public ujson::proto::metrics_source {
 public:
  static constexpr std::array<unsigned, 14> statuses{200, 400, 404, 405, 406, 408, 411, 413, 415, 422, 431, 500, 503, 0};
  // Upper bounds of the latency buckets, in seconds (+Inf is implied).
  static constexpr std::array<double, 15> buckets{0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025,
                                                   0.05,   0.1,     0.25,   0.5,   1.0,    2.5,   5.0};

  // One answered request: body bytes in and out, time from its first byte to the last
  // byte of the answer.
  void record(const ujson::proto::outcome& answer, std::uint64_t bytes_in, std::uint64_t bytes_out,
              double seconds) noexcept;
  void connection_opened() noexcept;
  void connection_closed() noexcept;
  void connection_rejected() noexcept;
  // A request body sent with this Content-Encoding (each coding of a stacked list).
  void request_coded(ujson::proto::coding c) noexcept;
  // Reports the log's dropped lines (the sink counts them; it must outlive this).
  void watch(const log_sink& log) noexcept { log_ = &log; }
  // Reports each loaded schema's validations by outcome, and the reloads (it must outlive this).
  void watch(const schema_source& schemas) noexcept { schemas_ = &schemas; }

  void render(std::string& out) const override;

 private:
  using counter = std::atomic<std::uint64_t>;
  static constexpr std::size_t endpoints = ujson::proto::endpoint_count;
  // The service's errors in their enum's order, then "invalid_json" (any 422).
  static constexpr std::size_t error_kinds = ujson::proto::http_error_count + 1;
  static_assert([] {
    for (const auto& e : ujson::proto::http_error_table) {
      bool counted = false;
      for (unsigned s : statuses) counted = counted || s == e.status;
      if (!counted || e.status == 0) return false;
    }
    return true;
  }(), "every status the service's errors answer with has its own counter");

  std::array<std::array<counter, statuses.size()>, endpoints> requests_{};
  std::array<std::array<counter, buckets.size() + 1>, endpoints> latency_{};
  std::array<counter, endpoints> latency_micros_{};
  std::array<counter, error_kinds> errors_{};
  std::array<counter, ujson::proto::coding_count> request_codings_{}, answer_codings_{};  // by coding
  counter bytes_in_{0}, bytes_out_{0};
  counter open_{0}, opened_{0}, rejected_{0};
  counter skipped_lines_{0};
  const log_sink* log_ = nullptr;
  const schema_source* schemas_ = nullptr;

  void render_schemas(std::string& out) const;
};

}  // namespace ujsond
