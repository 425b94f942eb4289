#include "utc_stamp.hpp"

#include <algorithm>
#include <ctime>

namespace ujsond {
namespace {

void digits(char* out, unsigned value, int count) {
  for (int i = count - 1; i >= 0; --i) {
    out[i] = static_cast<char>('0' + value % 10);
    value /= 10;
  }
}

}  // namespace

std::string_view utc_stamp::at(steady::time_point now) {
  if (now >= resync_) {
    // Both clocks read together: `now` may be a moment that has passed (a record the log
    // thread formats a little later).
    const steady::time_point steady_now = steady::now();
    offset_ = std::chrono::system_clock::now().time_since_epoch() -
              std::chrono::duration_cast<std::chrono::system_clock::duration>(steady_now.time_since_epoch());
    resync_ = std::max(now, steady_now) + std::chrono::seconds(1);
  }
  return format(std::chrono::system_clock::time_point(
      std::chrono::duration_cast<std::chrono::system_clock::duration>(now.time_since_epoch()) + offset_));
}

std::string_view utc_stamp::format(std::chrono::system_clock::time_point wall) {
  const std::int64_t ms = std::chrono::floor<std::chrono::milliseconds>(wall.time_since_epoch()).count();
  // Floored, so that a clock before 1970 still gives milliseconds in 0..999.
  const std::int64_t second = ms >= 0 ? ms / 1000 : -((-ms + 999) / 1000);
  if (second != second_) {
    const auto t = static_cast<std::time_t>(second);
    std::tm tm{};
    gmtime_r(&t, &tm);
    // Years past 9999 do not fit the format; a clock that far off is shown as 9999.
    digits(text_, static_cast<unsigned>(std::clamp(tm.tm_year + 1900, 0, 9999)), 4);
    text_[4] = '-';
    digits(text_ + 5, static_cast<unsigned>(tm.tm_mon + 1), 2);
    text_[7] = '-';
    digits(text_ + 8, static_cast<unsigned>(tm.tm_mday), 2);
    text_[10] = 'T';
    digits(text_ + 11, static_cast<unsigned>(tm.tm_hour), 2);
    text_[13] = ':';
    digits(text_ + 14, static_cast<unsigned>(tm.tm_min), 2);
    text_[16] = ':';
    digits(text_ + 17, static_cast<unsigned>(tm.tm_sec), 2);
    text_[19] = '.';
    text_[23] = 'Z';
    second_ = second;
  }
  digits(text_ + 20, static_cast<unsigned>(ms - second * 1000), 3);
  return {text_, size};
}

}  // namespace ujsond
