#include "metrics.hpp"

#include <cstdio>

#include "log_sink.hpp"
#include "schema_source.hpp"
#include "ujson/proto/errors.hpp"

namespace ujsond {
namespace {

using ujson::proto::endpoint;

constexpr auto relaxed = std::memory_order_relaxed;

void line(std::string& out, const char* fmt, auto... args) {
  char buf[256];
  const int n = std::snprintf(buf, sizeof buf, fmt, args...);
  if (n > 0) out.append(buf, static_cast<std::size_t>(n) < sizeof buf ? static_cast<std::size_t>(n) : sizeof buf - 1);
}

std::string label(endpoint e) { return std::string(ujson::proto::endpoint_label(e)); }

}  // namespace

void metrics::record(const ujson::proto::outcome& answer, std::uint64_t bytes_in, std::uint64_t bytes_out,
                     double seconds) noexcept {
  const auto e = static_cast<std::size_t>(answer.where);
  std::size_t s = 0;
  while (statuses[s] != answer.status && statuses[s] != 0) ++s;  // the last slot counts any other status
  requests_[e][s].fetch_add(1, relaxed);
  std::size_t b = 0;
  while (b < buckets.size() && seconds > buckets[b]) ++b;
  latency_[e][b].fetch_add(1, relaxed);
  latency_micros_[e].fetch_add(static_cast<std::uint64_t>(seconds * 1e6), relaxed);
  bytes_in_.fetch_add(bytes_in, relaxed);
  bytes_out_.fetch_add(bytes_out, relaxed);
  if (answer.skipped_lines != 0) skipped_lines_.fetch_add(answer.skipped_lines, relaxed);
  answer_codings_[static_cast<std::size_t>(answer.answer_coding)].fetch_add(1, relaxed);
  if (answer.error) {
    errors_[static_cast<std::size_t>(*answer.error)].fetch_add(1, relaxed);
  } else if (answer.codec_error != ujson::errc::ok) {
    errors_[error_kinds - 1].fetch_add(1, relaxed);
  }
}

void metrics::connection_opened() noexcept {
  open_.fetch_add(1, relaxed);
  opened_.fetch_add(1, relaxed);
}

void metrics::connection_closed() noexcept { open_.fetch_sub(1, relaxed); }

void metrics::connection_rejected() noexcept { rejected_.fetch_add(1, relaxed); }

void metrics::request_coded(ujson::proto::coding c) noexcept {
  request_codings_[static_cast<std::size_t>(c)].fetch_add(1, relaxed);
}

void metrics::render(std::string& out) const {
  out += "# HELP ujsond_requests_total Requests answered, by endpoint and status.\n";
  out += "# TYPE ujsond_requests_total counter\n";
  for (std::size_t e = 0; e < endpoints; ++e) {
    for (std::size_t s = 0; s < statuses.size(); ++s) {
      const std::uint64_t n = requests_[e][s].load(relaxed);
      if (n == 0) continue;
      const std::string status = statuses[s] == 0 ? "other" : std::to_string(statuses[s]);
      line(out, "ujsond_requests_total{endpoint=\"%s\",status=\"%s\"} %llu\n", label(endpoint(e)).c_str(),
           status.c_str(), static_cast<unsigned long long>(n));
    }
  }
  out += "# HELP ujsond_request_duration_seconds Time from a request's first byte to its answer's last.\n";
  out += "# TYPE ujsond_request_duration_seconds histogram\n";
  for (std::size_t e = 0; e < endpoints; ++e) {
    const std::string l = label(endpoint(e));
    std::uint64_t cumulative = 0;
    for (std::size_t b = 0; b <= buckets.size(); ++b) {
      cumulative += latency_[e][b].load(relaxed);
      if (b < buckets.size()) {
        line(out, "ujsond_request_duration_seconds_bucket{endpoint=\"%s\",le=\"%g\"} %llu\n", l.c_str(), buckets[b],
             static_cast<unsigned long long>(cumulative));
      } else {
        line(out, "ujsond_request_duration_seconds_bucket{endpoint=\"%s\",le=\"+Inf\"} %llu\n", l.c_str(),
             static_cast<unsigned long long>(cumulative));
      }
    }
    line(out, "ujsond_request_duration_seconds_sum{endpoint=\"%s\"} %.6f\n", l.c_str(),
         static_cast<double>(latency_micros_[e].load(relaxed)) / 1e6);
    line(out, "ujsond_request_duration_seconds_count{endpoint=\"%s\"} %llu\n", l.c_str(),
         static_cast<unsigned long long>(cumulative));
  }
  out += "# HELP ujsond_errors_total Error answers, by the code in their body (invalid_json: any 422).\n";
  out += "# TYPE ujsond_errors_total counter\n";
  for (std::size_t k = 0; k < error_kinds; ++k) {
    const std::string code = k < ujson::proto::http_error_count ? std::string(ujson::proto::http_error_table[k].code)
                                                                 : "invalid_json";
    line(out, "ujsond_errors_total{code=\"%s\"} %llu\n", code.c_str(),
         static_cast<unsigned long long>(errors_[k].load(relaxed)));
  }
  out += "# HELP ujsond_request_body_bytes_total Request body bytes received.\n";
  out += "# TYPE ujsond_request_body_bytes_total counter\n";
  line(out, "ujsond_request_body_bytes_total %llu\n", static_cast<unsigned long long>(bytes_in_.load(relaxed)));
  out += "# HELP ujsond_response_body_bytes_total Response body bytes sent.\n";
  out += "# TYPE ujsond_response_body_bytes_total counter\n";
  line(out, "ujsond_response_body_bytes_total %llu\n", static_cast<unsigned long long>(bytes_out_.load(relaxed)));
  out += "# HELP ujsond_ndjson_skipped_lines_total NDJSON lines left out of answers (ndjson_errors=skip).\n";
  out += "# TYPE ujsond_ndjson_skipped_lines_total counter\n";
  line(out, "ujsond_ndjson_skipped_lines_total %llu\n", static_cast<unsigned long long>(skipped_lines_.load(relaxed)));
  const auto by_coding = [&](const char* name, const char* help, const auto& counters, std::size_t first) {
    line(out, "# HELP %s %s\n# TYPE %s counter\n", name, help, name);
    for (std::size_t c = first; c < ujson::proto::coding_count; ++c) {
      line(out, "%s{coding=\"%s\"} %llu\n", name,
           std::string(ujson::proto::coding_name(static_cast<ujson::proto::coding>(c))).c_str(),
           static_cast<unsigned long long>(counters[c].load(relaxed)));
    }
  };
  by_coding("ujsond_request_codings_total",
            "Request bodies sent with a Content-Encoding, by coding (each coding of a stacked list).",
            request_codings_, 1);
  by_coding("ujsond_response_codings_total", "Answers sent, by Content-Encoding (identity: uncompressed).",
            answer_codings_, 0);
  out += "# HELP ujsond_open_connections Connections open now.\n";
  out += "# TYPE ujsond_open_connections gauge\n";
  line(out, "ujsond_open_connections %llu\n", static_cast<unsigned long long>(open_.load(relaxed)));
  out += "# HELP ujsond_connections_total Connections accepted.\n";
  out += "# TYPE ujsond_connections_total counter\n";
  line(out, "ujsond_connections_total %llu\n", static_cast<unsigned long long>(opened_.load(relaxed)));
  out += "# HELP ujsond_connections_rejected_total Connections refused over --max-connections.\n";
  out += "# TYPE ujsond_connections_rejected_total counter\n";
  line(out, "ujsond_connections_rejected_total %llu\n", static_cast<unsigned long long>(rejected_.load(relaxed)));
  out += "# HELP ujsond_log_lines_dropped_total Log lines lost: the log's reader fell behind by more than its "
         "buffer, or writing to stderr failed.\n";
  out += "# TYPE ujsond_log_lines_dropped_total counter\n";
  line(out, "ujsond_log_lines_dropped_total %llu\n",
       static_cast<unsigned long long>(log_ != nullptr ? log_->dropped_lines() : 0));
  render_schemas(out);
}

void metrics::render_schemas(std::string& out) const {
  if (schemas_ == nullptr) return;
  const schema_source::set_ptr set = schemas_->current();
  out += "# HELP ujsond_schema_validations_total Documents checked by /validate?schema=, by schema and outcome "
         "(error: not JSON).\n";
  out += "# TYPE ujsond_schema_validations_total counter\n";
  if (set != nullptr) {
    for (const ujson::proto::named_schema& s : set->all()) {
      const std::pair<const char*, const std::atomic<std::uint64_t>*> outcomes[] = {
          {"valid", &s.counts->valid}, {"invalid", &s.counts->invalid}, {"error", &s.counts->error}};
      for (const auto& [name, count] : outcomes) {
        // Names are [-._a-zA-Z0-9] (schema_dir.cpp): nothing to escape in a label.
        line(out, "ujsond_schema_validations_total{schema=\"%s\",outcome=\"%s\"} %llu\n", s.name.c_str(), name,
             static_cast<unsigned long long>(count->load(relaxed)));
      }
    }
  }
  out += "# HELP ujsond_schemas_loaded Schemas /validate?schema= can name now.\n";
  out += "# TYPE ujsond_schemas_loaded gauge\n";
  line(out, "ujsond_schemas_loaded %llu\n", static_cast<unsigned long long>(set == nullptr ? 0 : set->all().size()));
  out += "# HELP ujsond_schema_reloads_total Reloads of --schema-dir (SIGHUP or a change seen), by result.\n";
  out += "# TYPE ujsond_schema_reloads_total counter\n";
  for (const bool ok : {true, false}) {
    line(out, "ujsond_schema_reloads_total{result=\"%s\"} %llu\n", ok ? "ok" : "failed",
         static_cast<unsigned long long>(schemas_->reloads(ok)));
  }
}

}  // namespace ujsond
