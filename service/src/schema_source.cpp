#include "schema_source.hpp"

#include "access_log.hpp"
#include "schema_dir.hpp"

namespace ujsond {

bool schema_source::load(std::string& problem) {
  if (cfg_.schema_dir.empty()) return true;
  fingerprint_ = schema_dir_fingerprint(cfg_.schema_dir);
  set_ptr loaded = load_schema_dir(cfg_.schema_dir, nullptr, problem);
  if (!loaded) return false;
  set_.store(std::move(loaded), std::memory_order_release);
  return true;
}

void schema_source::start() {
  if (cfg_.schema_dir.empty() || thread_.joinable()) return;
  log_event(log_, log_level::info, "schemas loaded",
            {{"dir", cfg_.schema_dir}, {"schemas", current()->all().size()}});
  thread_ = std::thread([this] { run(); });
}

void schema_source::request_reload() {
  std::lock_guard lock(mutex_);
  asked_ = true;
  wake_.notify_one();
}

void schema_source::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    wake_.notify_one();
  }
  if (thread_.joinable()) thread_.join();
}

void schema_source::run() {
  const auto interval = cfg_.schema_reload_interval;
  std::unique_lock lock(mutex_);
  for (;;) {
    const auto woken = [this] { return asked_ || stopping_; };
    if (interval.count() > 0) {
      wake_.wait_for(lock, interval, woken);
    } else {
      wake_.wait(lock, woken);
    }
    if (stopping_) return;
    const bool asked = asked_;
    asked_ = false;
    lock.unlock();
    if (asked) {
      reload("SIGHUP");
    } else if (schema_dir_fingerprint(cfg_.schema_dir) != fingerprint_) {
      reload("changed");
    }
    lock.lock();
  }
}

void schema_source::reload(const char* why) {
  // Taken first: a change made while the directory is read is seen at the next look.
  fingerprint_ = schema_dir_fingerprint(cfg_.schema_dir);
  std::string problem;
  const set_ptr before = current();
  set_ptr loaded = load_schema_dir(cfg_.schema_dir, before.get(), problem);
  if (!loaded) {
    failed_.fetch_add(1, std::memory_order_relaxed);
    log_event(log_, log_level::error, "schema reload failed; the schemas loaded before stay",
              {{"dir", cfg_.schema_dir}, {"reason", why}, {"error", problem}});
    return;
  }
  const std::size_t count = loaded->all().size();
  set_.store(std::move(loaded), std::memory_order_release);
  reloaded_.fetch_add(1, std::memory_order_relaxed);
  log_event(log_, log_level::info, "schemas reloaded", {{"dir", cfg_.schema_dir}, {"reason", why}, {"schemas", count}});
}

}  // namespace ujsond
