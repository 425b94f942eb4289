#pragma once
// ujsond's configuration: flags, each with an environment variable and a default.
// A flag beats its variable; a bad value in either is a usage error (exit 2).

#include <chrono>
#include <cstddef>
#include <string>

namespace ujsond {

struct config {
  std::string address = "127.0.0.1";
  unsigned short port = 8080;
  unsigned threads = 0;  // 0: one per CPU the process may use (cpu_budget.hpp)
  std::string threads_from = "--threads";  // what set `threads`, for the start-up log
  std::size_t max_body = 16 * 1024 * 1024;             // a body's decoded size at most
  std::size_t max_compressed_body = 0;                 // a coded body's size on the wire; 0: max_body
  int compress_level = 1;                              // answers' zlib/zstd level; 0: never compress
  std::size_t compress_min = 1024;                     // answers smaller than this go uncompressed
  std::size_t max_header = 8 * 1024;
  std::size_t max_depth = 1024;
  std::size_t max_connections = 10000;
  std::chrono::milliseconds read_timeout{30'000};   // a started request must arrive within this
  std::chrono::milliseconds idle_timeout{60'000};   // a keep-alive connection may wait this long
  std::chrono::milliseconds drain_timeout{10'000};  // after SIGTERM, idle connections get this long
  bool access_log = true;
  std::string schema_dir;  // empty: no schemas (/validate checks JSON only)
  std::chrono::milliseconds schema_reload_interval{10'000};  // 0: reload on SIGHUP only
};

enum class parse_result { run, help, version, probe, usage_error };

// Reads the environment first, then argv. On usage_error `problem` says what was wrong.
parse_result parse_config(int argc, char** argv, config& out, std::string& problem);

// The --help text: every flag, its variable and its default.
std::string usage_text();

}  // namespace ujsond
