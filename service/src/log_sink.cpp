#include "log_sink.hpp"

#include <poll.h>
#include <sys/uio.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <condition_variable>
#include <cstring>
#include <mutex>
#include <utility>
#include <vector>

#include "byte_ring.hpp"

namespace ujsond {
namespace {

// What precedes each entry in a ring.
struct entry_head {
  std::uint32_t size;  // of the entry's bytes after this head
  std::uint32_t kind;
};
enum : std::uint32_t { kind_line = 0, kind_record = 1 };

// The log thread writes when this much is formatted (and at the end of each pass).
constexpr std::size_t write_chunk = 256 << 10;

struct queue {
  explicit queue(std::size_t capacity) : ring(capacity) {}
  byte_ring ring;
  std::thread::id owner;
};

// The queue the calling thread appended to last, and the sink it belongs to. An id, not
// the sink's address: a new sink may be allocated where a destroyed one was.
struct thread_queue {
  std::uint64_t sink_id = 0;
  queue* q = nullptr;
};
thread_local thread_queue current;
std::atomic<std::uint64_t> next_sink_id{1};

// Writes all of `text` from `at` on; false on an error (EPIPE, EBADF, ENOSPC...), with `at`
// where it stopped. A non-blocking descriptor is waited for.
bool write_all(int fd, std::string_view text, std::size_t& at) {
  while (at < text.size()) {
    const ssize_t n = ::write(fd, text.data() + at, text.size() - at);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      pollfd p{fd, POLLOUT, 0};
      ::poll(&p, 1, -1);
      continue;
    }
    if (n <= 0) return false;
    at += static_cast<std::size_t>(n);
  }
  return true;
}

std::string_view bytes_of(const entry_head& h) { return {reinterpret_cast<const char*>(&h), sizeof h}; }

}  // namespace

struct log_sink::shared {
  explicit shared(settings&& s) : cfg(std::move(s)), id(next_sink_id++) {}

  const settings cfg;
  const std::uint64_t id;
  std::atomic<std::uint64_t> dropped{0};
  std::atomic<bool> stopped{false};  // the log thread is done: lines are written at once

  std::mutex queues_mutex;  // the list; each queue is lock-free
  std::vector<std::unique_ptr<queue>> queues;

  std::mutex wake_mutex;
  std::condition_variable wake_cv;  // the log thread waits here
  std::condition_variable done_cv;  // flush() and stop() wait here
  bool wake = false;
  bool stopping = false;
  bool finished = false;
  std::uint64_t passes_begun = 0;  // flush() waits for a pass that began after it was called
  std::uint64_t passes_done = 0;
  std::uint64_t stalled_at = UINT64_MAX;  // passes_done when a flush() gave up waiting

  std::mutex output_mutex;  // one writer at a time: the log thread, or a thread after stop()

  // The log thread's own.
  std::vector<queue*> taken;
  std::string out;      // lines formatted and not yet written
  std::string scratch;  // an entry that straddles the end of its ring
  std::uint64_t reported = 0;  // drops already told of in a note

  queue& local() {
    if (current.sink_id == id) return *current.q;
    std::lock_guard lock(queues_mutex);
    const auto me = std::this_thread::get_id();
    auto mine = std::find_if(queues.begin(), queues.end(), [me](const auto& q) { return q->owner == me; });
    if (mine == queues.end()) {  // a thread's first entry (the scan is for one that logs to two sinks)
      queues.push_back(std::make_unique<queue>(cfg.thread_budget));
      queues.back()->owner = me;
      mine = queues.end() - 1;
    }
    current = {id, mine->get()};
    return *current.q;
  }

  // `parts` begins with room for the entry's head, filled in here.
  bool append(std::uint32_t kind, std::span<std::string_view> parts, bool urgent) {
    std::size_t size = 0;
    for (const std::string_view p : parts.subspan(1)) size += p.size();
    const entry_head head{static_cast<std::uint32_t>(size), kind};
    parts[0] = bytes_of(head);
    std::size_t waiting = 0;
    if (size > UINT32_MAX || !local().ring.push(parts, waiting)) {
      dropped.fetch_add(1, std::memory_order_relaxed);
      return false;
    }
    // Only the entry that crosses the mark wakes the log thread: one wake-up per batch.
    const std::size_t now_waiting = waiting + sizeof head + size;
    if (urgent || (waiting < cfg.batch_bytes && now_waiting >= cfg.batch_bytes)) {
      {
        std::lock_guard lock(wake_mutex);
        wake = true;
      }
      wake_cv.notify_one();
    }
    return true;
  }

  bool write_now(std::string_view line) {
    std::string text;
    text.reserve(line.size() + 1);
    text.append(line);
    text += '\n';
    std::size_t at = 0;
    std::lock_guard lock(output_mutex);
    if (write_all(cfg.fd, text, at)) return true;
    dropped.fetch_add(1, std::memory_order_relaxed);
    return false;
  }

  void run() {
    for (bool last = false; !last;) {
      {
        std::unique_lock lock(wake_mutex);
        wake_cv.wait_for(lock, cfg.interval, [this] { return wake || stopping; });
        wake = false;
        last = stopping;
        ++passes_begun;
      }
      // Each pass takes all that is waiting; what arrives meanwhile wakes it again (the
      // mark) or waits for the next interval.
      pass();
      if (last) stopped.store(true, std::memory_order_release);
      {
        std::lock_guard lock(wake_mutex);
        passes_done = passes_begun;
        finished = last;
      }
      done_cv.notify_all();
    }
  }

  // Formats what every ring holds into `out`, writing it whenever a chunk is full and at
  // the end.
  void pass() {
    {
      std::lock_guard lock(queues_mutex);
      taken.clear();
      for (const auto& q : queues) taken.push_back(q.get());
    }
    for (queue* q : taken) {
      const byte_ring::waiting_bytes w = q->ring.peek();
      byte_ring_reader entries(w);
      std::string_view bytes;
      while (entries.take(sizeof(entry_head), bytes, scratch)) {
        entry_head head;
        std::memcpy(&head, bytes.data(), sizeof head);
        if (!entries.take(head.size, bytes, scratch)) break;  // cannot happen: entries are pushed whole
        if (head.kind == kind_record && cfg.format != nullptr) {
          cfg.format(bytes, out);
        } else {
          out.append(bytes);
        }
        out += '\n';
        if (out.size() >= write_chunk) {
          q->ring.release(entries.position());  // formatted: the thread may reuse the room
          write_out();
        }
      }
      q->ring.release(w.end);
    }
    // Never silent: lines dropped since the last note are told of after this batch.
    const std::uint64_t dropped_now = dropped.load(std::memory_order_relaxed);
    bool note = false;
    if (dropped_now != reported && cfg.drop_note) {
      out += cfg.drop_note(dropped_now - reported);
      out += '\n';
      note = true;
    }
    reported = dropped_now;
    write_out(note);
  }

  // Writes `out`; the lines a failed write loses are counted as dropped (but not the
  // note that ends it, when `note`: a broken output would otherwise get a note per pass).
  void write_out(bool note = false) {
    if (out.empty()) return;
    std::size_t at = 0;
    std::lock_guard lock(output_mutex);
    if (!write_all(cfg.fd, out, at)) {
      const auto lost = std::count(out.begin() + static_cast<std::ptrdiff_t>(at), out.end(), '\n');
      dropped.fetch_add(static_cast<std::uint64_t>(lost) - (note ? 1 : 0), std::memory_order_relaxed);
    }
    out.clear();
  }
};

log_sink::log_sink(settings s) : shared_(std::make_shared<shared>(std::move(s))) {
  // The thread holds `shared` too: when stop() gives up on a stuck output, it is detached
  // and whatever it still touches stays alive until the process ends.
  thread_ = std::thread([s = shared_] { s->run(); });
}

log_sink::~log_sink() { stop(); }

bool log_sink::write(std::string_view line, bool urgent) {
  if (shared_->stopped.load(std::memory_order_acquire)) return shared_->write_now(line);
  std::string_view parts[] = {{}, line};
  return shared_->append(kind_line, parts, urgent);
}

bool log_sink::write_record(std::span<const std::string_view> parts) {
  shared& s = *shared_;
  if (s.stopped.load(std::memory_order_acquire) && s.cfg.format != nullptr) {
    // No log thread any more: format it here.
    std::string record, line;
    for (const std::string_view p : parts) record.append(p);
    s.cfg.format(record, line);
    return s.write_now(line);
  }
  // Room for the head, then the caller's parts (a record has a handful).
  std::string_view all[8];
  if (parts.size() + 1 > std::size(all) || s.cfg.format == nullptr) {
    s.dropped.fetch_add(1, std::memory_order_relaxed);
    return false;
  }
  std::copy(parts.begin(), parts.end(), all + 1);
  return s.append(kind_record, std::span(all, parts.size() + 1), false);
}

bool log_sink::flush() {
  shared& s = *shared_;
  std::unique_lock lock(s.wake_mutex);
  const std::uint64_t want = s.passes_begun + 1;
  s.wake = true;
  s.wake_cv.notify_one();
  if (s.done_cv.wait_for(lock, s.cfg.stop_timeout, [&] { return s.passes_done >= want || s.finished; })) return true;
  s.stalled_at = s.passes_done;
  return false;
}

void log_sink::stop() {
  if (stopped_) return;
  stopped_ = true;
  shared& s = *shared_;
  std::unique_lock lock(s.wake_mutex);
  s.stopping = true;
  s.wake_cv.notify_one();
  // An output that a flush() already waited for in vain gets no second wait.
  const bool stalled = s.stalled_at == s.passes_done;
  const auto timeout = stalled ? std::chrono::milliseconds(0) : s.cfg.stop_timeout;
  const bool done = s.done_cv.wait_for(lock, timeout, [&s] { return s.finished; });
  lock.unlock();
  if (done) {
    thread_.join();
  } else {
    thread_.detach();  // blocked in a write nobody reads (a full pipe): exit without it
  }
}

std::uint64_t log_sink::dropped_lines() const noexcept { return shared_->dropped.load(std::memory_order_relaxed); }

}  // namespace ujsond
