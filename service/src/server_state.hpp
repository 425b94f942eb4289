#pragma once
// What every connection shares: the configuration, the log, the counters, the schemas,
// the draining flag, and the set of open sessions (so that a drain can reach the idle ones).

#include <atomic>
#include <memory>
#include <mutex>
#include <unordered_map>

#include "config.hpp"
#include "log_sink.hpp"
#include "metrics.hpp"
#include "schema_source.hpp"

namespace ujsond {

class session;

class server_state {
 public:
  server_state(const config& c, log_sink& l) : cfg(c), log(l), schemas(c, l) {
    stats.watch(l);
    stats.watch(schemas);
  }

  const config& cfg;
  log_sink& log;
  metrics stats;
  schema_source schemas;

  bool draining() const noexcept { return draining_.load(std::memory_order_acquire); }
  std::size_t open_sessions() const;

  void add(const std::shared_ptr<session>& s);
  void remove(const session* s);
  // Sets the draining flag and tells every open session (on its own strand).
  void start_drain();

 private:
  std::atomic<bool> draining_{false};
  mutable std::mutex mutex_;
  std::unordered_map<const session*, std::weak_ptr<session>> sessions_;
};

}  // namespace ujsond
