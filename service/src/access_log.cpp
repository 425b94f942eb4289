#include "access_log.hpp"

#include <algorithm>
#include <cstring>

namespace ujsond {
namespace {

// Each thread formats with its own formatter (the writer and the cached second are per
// thread): the log thread its access lines and notes, any thread its events.
log_formatter& formatter() {
  thread_local log_formatter f;
  return f;
}

// An access record: this fixed part, then the four strings, in the order of `sizes`.
struct access_head {
  std::uint64_t bytes_in;
  std::uint64_t bytes_out;
  std::int64_t at;  // steady clock ticks
  double seconds;
  std::uint32_t status;
  std::uint32_t sizes[4];  // remote, method, target, error code
  std::uint32_t unused;    // no padding: every byte copied into the ring is set
};
static_assert(sizeof(access_head) == 56);

void format_access_record(std::string_view record, std::string& out) {
  access_head h{};
  std::memcpy(&h, record.data(), std::min(sizeof h, record.size()));
  std::string_view rest = record.substr(std::min(sizeof h, record.size()));
  auto next = [&rest](std::uint32_t n) {
    const std::string_view s = rest.substr(0, n);
    rest.remove_prefix(s.size());
    return s;
  };
  access_entry e;
  e.remote = next(h.sizes[0]);
  e.method = next(h.sizes[1]);
  e.target = next(h.sizes[2]);
  e.error_code = next(h.sizes[3]);
  e.status = h.status;
  e.bytes_in = h.bytes_in;
  e.bytes_out = h.bytes_out;
  e.seconds = h.seconds;
  e.at = std::chrono::steady_clock::time_point(std::chrono::steady_clock::duration(h.at));
  out += formatter().access(e);
}

std::string drop_note(std::uint64_t lines) {
  return std::string(formatter().event(log_level::warning, "log lines dropped: the log output fell behind",
                                       {{"lines", lines}}));
}

}  // namespace

log_sink::settings service_log_settings() {
  log_sink::settings s;
  s.format = format_access_record;
  s.drop_note = drop_note;
  return s;
}

bool log_access(log_sink& sink, const access_entry& e) {
  const auto at = e.at == std::chrono::steady_clock::time_point{} ? std::chrono::steady_clock::now() : e.at;
  const access_head h{e.bytes_in,
                      e.bytes_out,
                      at.time_since_epoch().count(),
                      e.seconds,
                      e.status,
                      {static_cast<std::uint32_t>(e.remote.size()), static_cast<std::uint32_t>(e.method.size()),
                       static_cast<std::uint32_t>(e.target.size()), static_cast<std::uint32_t>(e.error_code.size())},
                      0};
  const std::string_view parts[] = {{reinterpret_cast<const char*>(&h), sizeof h}, e.remote, e.method, e.target,
                                    e.error_code};
  return sink.write_record(parts);
}

void log_event(log_sink& sink, log_level level, std::string_view msg, std::initializer_list<log_field> fields) {
  sink.write(formatter().event(level, msg, fields), true);
}

}  // namespace ujsond
