#pragma once
// The "ts" of a log line: "2024-05-01T12:34:56.789Z", UTC with milliseconds. Two costs are
// avoided per line. Formatting the date and time of day (gmtime_r and the digits) cost more
// than the rest of an access line together, and it changes once a second: a stamp keeps
// the text of the current second and rewrites only the milliseconds. And the session has
// just read the steady clock to time the request: the wall clock is derived from that
// reading with an offset read again each second, instead of a second clock read per line
// (a step of the wall clock shows within a second; NTP's slewing moves both clocks alike).
// One per thread (not thread-safe).

#include <chrono>
#include <cstdint>
#include <string_view>

namespace ujsond {

class utc_stamp {
 public:
  using steady = std::chrono::steady_clock;

  // The text for the moment `now` (a steady clock reading); valid until the next call.
  std::string_view at(steady::time_point now);
  std::string_view now() { return at(steady::now()); }
  // The text for a wall clock time, as at() computes it (for tests).
  std::string_view format(std::chrono::system_clock::time_point wall);

 private:
  static constexpr std::size_t size = 24;  // YYYY-MM-DDTHH:MM:SS.mmmZ
  steady::time_point resync_ = steady::time_point::min();  // when to read the offset again
  std::chrono::system_clock::duration offset_{};          // wall clock minus steady clock
  std::int64_t second_ = INT64_MIN;                        // the second text_ holds
  char text_[size] = {};
};

}  // namespace ujsond
