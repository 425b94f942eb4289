#pragma once
// log_sink: logging off the request path. A thread that logs copies the entry into a ring
// of its own (byte_ring.hpp: no lock, one release store). An entry is a finished line, or
// a record of raw fields that the log thread turns into its line (settings::format): the
// serving thread only copies a few fields, and the formatting runs in batches, where its
// code and tables stay in the cache. The log thread collects every ring's entries into
// one buffer and writes it with one system call per batch, not one per line. Lines never
// interleave: only the log thread writes, and it writes whole lines.
//
// Bounded memory: each thread's ring is `thread_budget` bytes. When the output does not
// keep up (a log reader that stopped reading), new entries are dropped rather than waited
// for, so a stuck log cannot stop the service. Dropped lines are counted (dropped_lines(),
// on /metrics) and, once the output moves again, told of by a line of their own
// (settings::drop_note).
//
// stop() (the destructor calls it) writes every entry appended before it, then ends the
// log thread; call it once the threads that log are done. An output that takes nothing
// for `stop_timeout` is given up on, so that the process can still exit. A line appended
// after stop() is written at once by its own thread. Nothing here knows JSON.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <thread>

namespace ujsond {

class log_sink {
 public:
  struct settings {
    int fd = 2;                                    // stderr
    std::size_t thread_budget = 4 << 20;           // each thread's ring: the bytes it may have waiting
    // A thread with this much waiting wakes the log thread. Under load that is what drives
    // the passes, and keeps each small (some 1,400 access records): it holds a serving
    // thread's core briefly and pushes little of its data out of the cache.
    std::size_t batch_bytes = 128 << 10;
    std::chrono::milliseconds interval{100};  // otherwise an entry waits at most about this long
    std::chrono::milliseconds stop_timeout{2000};  // how long flush() and stop() wait for a stuck output
    // Appends the line of a record (from write_record) to `out`, without a newline. Runs
    // on the log thread only.
    void (*format)(std::string_view record, std::string& out) = nullptr;
    // The line that reports `n` dropped lines (without its newline); none when empty.
    std::function<std::string(std::uint64_t n)> drop_note;
  };

  explicit log_sink(settings s);
  ~log_sink();
  log_sink(const log_sink&) = delete;
  log_sink& operator=(const log_sink&) = delete;

  // Appends one finished line (without its newline) from the calling thread; false when
  // it was dropped (the thread's ring is full). `urgent` wakes the log thread at once:
  // start-up, shutdown and error lines, which an operator or a supervisor may be waiting
  // for.
  bool write(std::string_view line, bool urgent = false);
  // Appends a record, the parts one after the other, for settings::format to turn into a
  // line on the log thread; false when it was dropped. Access lines take this way.
  bool write_record(std::span<const std::string_view> parts);

  // Returns once every entry appended before the call is written: true; false after
  // stop_timeout (the output takes nothing), and then stop() does not wait again.
  bool flush();

  // Writes everything appended so far and ends the log thread. Idempotent.
  void stop();

  // Lines dropped over the budget or lost to a failed write, since the start.
  std::uint64_t dropped_lines() const noexcept;

 private:
  struct shared;  // what the log thread uses: it may outlive this object (see stop())
  std::shared_ptr<shared> shared_;
  std::thread thread_;
  bool stopped_ = false;
};

}  // namespace ujsond
