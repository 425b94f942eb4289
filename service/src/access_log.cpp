#include "access_log.hpp"

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <ctime>
#include <string>

#include "ujson/proto/errors.hpp"

namespace ujsond {
namespace {

void append_time(std::string& out) {
  const auto now = std::chrono::system_clock::now();
  const std::time_t t = std::chrono::system_clock::to_time_t(now);
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count() % 1000;
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[64];
  std::snprintf(buf, sizeof buf, "\"%04d-%02d-%02dT%02d:%02d:%02d.%03dZ\"", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday,
                tm.tm_hour, tm.tm_min, tm.tm_sec, static_cast<int>(ms));
  out += buf;
}

void emit(std::string& line) {
  line += '\n';
  const char* p = line.data();
  std::size_t left = line.size();
  while (left > 0) {
    const ssize_t n = ::write(STDERR_FILENO, p, left);
    if (n <= 0) return;  // a closed stderr must not stop the service
    p += n;
    left -= static_cast<std::size_t>(n);
  }
}

}  // namespace

void log_access(const access_entry& e) {
  std::string line = "{\"ts\":";
  append_time(line);
  line += ",\"remote\":";
  ujson::proto::append_json_string(line, e.remote);
  line += ",\"method\":";
  ujson::proto::append_json_string(line, e.method);
  line += ",\"target\":";
  ujson::proto::append_json_string(line, e.target);
  char buf[160];
  std::snprintf(buf, sizeof buf, ",\"status\":%u,\"bytes_in\":%llu,\"bytes_out\":%llu,\"ms\":%.3f", e.status,
                static_cast<unsigned long long>(e.bytes_in), static_cast<unsigned long long>(e.bytes_out),
                e.seconds * 1000);
  line += buf;
  if (!e.error_code.empty()) {
    line += ",\"code\":";
    ujson::proto::append_json_string(line, e.error_code);
  }
  line += '}';
  emit(line);
}

void log_event(std::string_view level, std::string_view msg, std::string_view extra) {
  std::string line = "{\"ts\":";
  append_time(line);
  line += ",\"level\":";
  ujson::proto::append_json_string(line, level);
  line += ",\"msg\":";
  ujson::proto::append_json_string(line, msg);
  if (!extra.empty()) {
    line += ',';
    line += extra;
  }
  line += '}';
  emit(line);
}

}  // namespace ujsond
