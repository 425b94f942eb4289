#pragma once
// Logs: one JSON object per line on stderr, each line in one write(2) so that threads
// never interleave within a line.

#include <cstdint>
#include <string_view>

namespace ujsond {

struct access_entry {
  std::string_view remote;  // "127.0.0.1:50312"
  std::string_view method;
  std::string_view target;
  unsigned status = 0;
  std::string_view error_code;  // empty on success
  std::uint64_t bytes_in = 0;   // request body
  std::uint64_t bytes_out = 0;  // response body
  double seconds = 0;
};

void log_access(const access_entry& e);

// {"ts":...,"level":level,"msg":msg[,extra]}: extra is more members, already JSON ("\"port\":8080").
void log_event(std::string_view level, std::string_view msg, std::string_view extra = {});

}  // namespace ujsond
