#include "server_state.hpp"

#include <vector>

#include "session.hpp"

namespace ujsond {

std::size_t server_state::open_sessions() const {
  std::lock_guard lock(mutex_);
  return sessions_.size();
}

void server_state::add(const std::shared_ptr<session>& s) {
  std::lock_guard lock(mutex_);
  sessions_.emplace(s.get(), s);
}

void server_state::remove(const session* s) {
  std::lock_guard lock(mutex_);
  sessions_.erase(s);
}

void server_state::start_drain() {
  draining_.store(true, std::memory_order_release);
  std::vector<std::shared_ptr<session>> open;
  {
    std::lock_guard lock(mutex_);
    for (auto& [key, weak] : sessions_) {
      if (auto s = weak.lock()) open.push_back(std::move(s));
    }
  }
  for (auto& s : open) s->drain();
}

}  // namespace ujsond
