// The log sink without sockets: whole lines in order from many threads, a stuck reader's
// lines dropped and told of, a stop that does not hang on an output that takes nothing.

#include <poll.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <string>
#include <thread>
#include <vector>

#include "log_sink.hpp"

namespace {

using namespace std::chrono_literals;
using namespace ujsond;

// --- log_sink -----------------------------------------------------------------------

struct pipe_fds {
  int read = -1, write = -1;
  pipe_fds() {
    int fds[2];
    if (::pipe(fds) != 0) throw std::runtime_error("pipe");
    read = fds[0];
    write = fds[1];
  }
  ~pipe_fds() {
    close_read();
    if (write >= 0) ::close(write);
  }
  void close_read() {
    if (read >= 0) ::close(read);
    read = -1;
  }
};

// Reads the pipe on a thread of its own until told to stop and the pipe has been empty a while.
class reader {
 public:
  explicit reader(int fd) : fd_(fd), thread_([this] { run(); }) {}
  ~reader() { finish(); }
  std::string finish() {
    done_ = true;
    if (thread_.joinable()) thread_.join();
    return text_;
  }

 private:
  void run() {
    char buf[1 << 16];
    for (int quiet = 0; quiet < 20 || !done_;) {
      pollfd p{fd_, POLLIN, 0};
      if (::poll(&p, 1, 10) <= 0) {
        quiet = done_ ? quiet + 1 : 0;
        continue;
      }
      const ssize_t n = ::read(fd_, buf, sizeof buf);
      if (n <= 0) return;
      text_.append(buf, static_cast<std::size_t>(n));
      quiet = 0;
    }
  }
  int fd_;
  std::atomic<bool> done_{false};
  std::string text_;
  std::thread thread_;
};

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t nl = text.find('\n', at);
    EXPECT_NE(nl, std::string::npos) << "the output ends inside a line";
    if (nl == std::string::npos) break;
    lines.push_back(text.substr(at, nl - at));
    at = nl + 1;
  }
  return lines;
}

// A sink's settings for a test: its output, how often it writes, and what the test changes.
log_sink::settings to(int fd, std::chrono::milliseconds interval, auto... change) {
  log_sink::settings s;
  s.fd = fd;
  s.interval = interval;
  (change(s), ...);
  return s;
}

// Lines of varied length ("t<thread> <seq> xxxx..."), so that rings wrap at every offset.
std::string test_line(int thread, int seq) {
  return "t" + std::to_string(thread) + " " + std::to_string(seq) + " " + std::string(seq * 7 % 300, 'x');
}

TEST(LogSink, LinesFromManyThreadsArriveWholeOnceAndInOrder) {
  pipe_fds p;
  reader r(p.read);
  constexpr int threads = 8, per_thread = 20000;
  {
    // Small rings: each wraps a hundred times, entries straddle its end; a full ring refuses
    // an entry, and the writer here offers it again (the service does not: it counts the drop).
    log_sink sink(to(p.write, 5ms, [](auto& s) {
      s.thread_budget = 32 << 10;
      s.batch_bytes = 8 << 10;
      s.format = [](std::string_view record, std::string& out) { out.append(record); };
    }));
    std::vector<std::thread> writers;
    for (int t = 0; t < threads; ++t) {
      writers.emplace_back([&sink, t] {
        for (int i = 0; i < per_thread; ++i) {
          const std::string line = test_line(t, i);
          if (t % 2 == 0) {
            while (!sink.write(line)) std::this_thread::yield();
          } else {
            // A record in three parts, put together again by the log thread's format.
            const std::size_t a = line.size() / 3, b = line.size() / 2;
            const std::string_view v = line, parts[] = {v.substr(0, a), v.substr(a, b - a), v.substr(b)};
            while (!sink.write_record(parts)) std::this_thread::yield();
          }
        }
      });
    }
    for (auto& w : writers) w.join();
  }  // stop(): everything is written
  const std::vector<std::string> lines = split_lines(r.finish());
  ASSERT_EQ(lines.size(), static_cast<std::size_t>(threads * per_thread));
  std::vector<int> next(threads, 0);
  for (const std::string& line : lines) {
    const int t = std::stoi(line.substr(1));
    ASSERT_TRUE(t >= 0 && t < threads) << line;
    ASSERT_EQ(line, test_line(t, next[t])) << "a line out of order, cut or mixed with another";
    ++next[t];
  }
}

TEST(LogSink, AStuckReaderCostsLinesNotTimeAndEveryLostLineIsToldOf) {
  pipe_fds p;
  std::uint64_t written = 0, refused = 0;
  log_sink sink(to(p.write, 5ms, [](auto& s) {
    s.thread_budget = 64 << 10;
    s.batch_bytes = 16 << 10;
    s.drop_note = [](std::uint64_t n) { return "dropped " + std::to_string(n); };
  }));
  // Nobody reads: the pipe (64 KiB) and then the ring fill, and lines are refused at once.
  const auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < 20000; ++i) {
    if (sink.write(test_line(0, i))) {
      ++written;
    } else {
      ++refused;
    }
  }
  EXPECT_LT(std::chrono::steady_clock::now() - start, 5s);  // never waited for the reader
  EXPECT_GT(refused, 0u);
  EXPECT_EQ(sink.dropped_lines(), refused);
  // The reader comes back: the lines kept arrive whole, then a note of the lost ones.
  reader r(p.read);
  sink.flush();
  sink.stop();
  std::uint64_t lines = 0, told = 0;
  for (const std::string& line : split_lines(r.finish())) {
    if (line.rfind("dropped ", 0) == 0) {
      told += std::stoull(line.substr(8));
    } else {
      const int seq = std::stoi(line.substr(3));
      EXPECT_EQ(line, test_line(0, seq));
      ++lines;
    }
  }
  EXPECT_EQ(lines, written);
  EXPECT_EQ(told, refused);
}

TEST(LogSink, StopGivesUpOnAnOutputThatTakesNothing) {
  std::signal(SIGPIPE, SIG_IGN);  // the abandoned write ends with EPIPE once the pipe closes
  pipe_fds p;
  log_sink sink(to(p.write, 5ms, [](auto& s) { s.stop_timeout = 300ms; }));
  for (int i = 0; i < 2000; ++i) sink.write(test_line(0, i));  // over 64 KiB: the log thread blocks
  std::this_thread::sleep_for(50ms);
  const auto start = std::chrono::steady_clock::now();
  sink.stop();
  EXPECT_LT(std::chrono::steady_clock::now() - start, 3s);
  p.close_read();  // the abandoned thread's write fails and it ends
  // Its descriptor stays open: the thread may still write to it (and get EPIPE), and a
  // number reused by a later test's pipe must not receive its lines.
  p.write = -1;
}

TEST(LogSink, FlushWritesWhatCameBeforeAndLinesAfterStopGoOutAtOnce) {
  pipe_fds p;
  reader r(p.read);
  log_sink sink(to(p.write, 10s));  // only flush() and stop() write here
  sink.write("one");
  sink.write("two");
  sink.flush();
  sink.stop();
  EXPECT_TRUE(sink.write("three"));
  EXPECT_EQ(r.finish(), "one\ntwo\nthree\n");
}

TEST(LogSink, ALineTheWriteFailsOnIsCountedAsDropped) {
  std::signal(SIGPIPE, SIG_IGN);
  pipe_fds p;
  p.close_read();  // every write fails with EPIPE
  log_sink sink(to(p.write, 5ms));
  sink.write("lost");
  sink.write("lost too");
  sink.stop();
  EXPECT_EQ(sink.dropped_lines(), 2u);
}

}  // namespace
