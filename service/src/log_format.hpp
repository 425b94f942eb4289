#pragma once
// The service's log lines, one JSON object each, written by the codec's writer:
//   {"ts":"2024-05-01T12:34:56.789Z","remote":"127.0.0.1:50312","method":"POST",
//    "target":"/validate","status":200,"bytes_in":9367,"bytes_out":14,"ms":0.082}
//   {"ts":...,"level":"info","msg":"listening","address":"127.0.0.1","port":8080,...}
// Strings may hold whatever a client sent: bytes that are not UTF-8 are mapped
// (log_text.hpp); quotes, backslashes and control bytes are escaped by the writer.

#include <chrono>
#include <cstdint>
#include <deque>
#include <initializer_list>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "ujson/dom.hpp"
#include "ujson/writer.hpp"
#include "utc_stamp.hpp"

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
  std::chrono::steady_clock::time_point at{};  // when the answer was sent (the line's "ts")
};

enum class log_level { info, warning, error };

// One member of an event line: a string or an integer, never a piece of JSON.
class log_field {
 public:
  log_field(std::string_view key, std::string_view text) : key_(key), text_(text) {}
  log_field(std::string_view key, const char* text) : key_(key), text_(text) {}
  log_field(std::string_view key, const std::string& text) : key_(key), text_(text) {}
  template <class Int>
    requires std::is_integral_v<Int> && (!std::is_same_v<Int, bool>)
  log_field(std::string_view key, Int number) : key_(key), kind_(std::is_signed_v<Int> ? kind::int64 : kind::uint64) {
    if constexpr (std::is_signed_v<Int>) {
      int_ = number;
    } else {
      uint_ = number;
    }
  }

 private:
  friend class log_formatter;
  enum class kind : std::uint8_t { text, int64, uint64 };
  std::string_view key_;
  kind kind_ = kind::text;
  std::string_view text_;
  std::int64_t int_ = 0;
  std::uint64_t uint_ = 0;
};

// Formats lines into its own writer. One per thread (not thread-safe); each line is valid
// until the next.
class log_formatter {
 public:
  log_formatter();

  std::string_view access(const access_entry& e);
  std::string_view event(log_level level, std::string_view msg, std::initializer_list<log_field> fields);

 private:
  // A line is a DOM object on the stack (values pointing at the caller's strings) that the
  // writer writes through its DOM path: one call per line instead of two per member,
  // about half the instructions. Strings go to the writer as they are (it checks UTF-8
  // anyway, at no cost for ASCII); only when it refuses one is the line made again with
  // every string mapped (log_text.hpp).
  void begin_line();
  void add(std::string_view key, ujson::value v) { members_.push_back({ujson::value::make_string(key), v}); }
  void add_text(std::string_view key, std::string_view text, bool map);
  bool write_line();
  bool make_access(const access_entry& e, bool map);
  bool make_event(log_level level, std::string_view msg, std::initializer_list<log_field> fields, bool map);
  std::string_view finish(bool ok);

  ujson::writer writer_;
  utc_stamp clock_;
  std::string_view stamp_;                // this line's "ts", the same in a second attempt
  std::vector<ujson::member> members_;    // the line being made
  std::deque<std::string> mapped_;        // its mapped strings (a deque: they must not move)
};

}  // namespace ujsond
