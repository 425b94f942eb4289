#pragma once
// The schemas every request sees: one set, replaced whole. A reload (SIGHUP, or the
// directory's fingerprint changing between two looks --schema-reload-interval apart)
// runs on a thread of its own, so no connection waits for a compile; a request holds the
// set it began with (a shared_ptr), so it finishes on it whatever a reload does meanwhile.
// A directory that does not load leaves the set as it was and says why in the log.

#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "config.hpp"
#include "log_sink.hpp"
#include "ujson/proto/schemas.hpp"

namespace ujsond {

class schema_source {
 public:
  using set_ptr = std::shared_ptr<const ujson::proto::schema_set>;

  schema_source(const config& c, log_sink& log) : cfg_(c), log_(log) {}
  ~schema_source() { stop(); }
  schema_source(const schema_source&) = delete;
  schema_source& operator=(const schema_source&) = delete;

  // The first load, before the service listens: false with `problem` when the directory
  // does not load (ujsond then exits 2). True without loading anything when there is no
  // --schema-dir.
  bool load(std::string& problem);
  // Starts the reload thread (with a --schema-dir).
  void start();
  // Asks for a reload now (SIGHUP); returns at once.
  void request_reload();
  void stop();

  set_ptr current() const { return set_.load(std::memory_order_acquire); }
  std::uint64_t reloads(bool ok) const noexcept { return (ok ? reloaded_ : failed_).load(std::memory_order_relaxed); }

 private:
  void run();
  void reload(const char* why);

  const config& cfg_;
  log_sink& log_;
  std::atomic<set_ptr> set_;
  std::atomic<std::uint64_t> reloaded_{0}, failed_{0};
  std::string fingerprint_;  // of the directory as last loaded or tried (reload thread only)
  std::mutex mutex_;
  std::condition_variable wake_;
  bool asked_ = false, stopping_ = false;
  std::thread thread_;
};

}  // namespace ujsond
