#include <algorithm>
#include <cstring>
#include <new>

#include "ujson/decoder.hpp"

namespace ujson {

decoder::frame* decoder::grow_stack(frame* stack, std::size_t depth, std::size_t& capacity) {
  const std::size_t wanted = std::min(capacity * 2, options_.max_depth);
  if (stack != deep_stack_.get() && deep_capacity_ >= wanted) {
    std::memcpy(deep_stack_.get(), stack, depth * sizeof(frame));
    capacity = deep_capacity_;
    return deep_stack_.get();
  }
  std::unique_ptr<frame[]> bigger(new frame[wanted]);
  std::memcpy(bigger.get(), stack, depth * sizeof(frame));
  deep_stack_ = std::move(bigger);
  deep_capacity_ = wanted;
  capacity = wanted;
  return deep_stack_.get();
}

const std::uint32_t* decoder::next_window(index_window* window, const std::uint32_t* t) noexcept {
  if (window->state.status != detail::index_window_state::more) return t - 1;
  window->fill(window->state, window->entries);
  if (window->state.status == detail::index_window_state::refused) {
    window->entries[0] = static_cast<std::uint32_t>(window->state.end - window->state.begin);
  }
  // A window before the last holds about index_window_size entries: only the last can hold
  // nothing but its end.
  return window->entries;
}

namespace detail {

index_buffer::~index_buffer() { delete[] entries_; }

std::uint32_t* index_buffer::entries() const noexcept { return entries_; }
std::size_t index_buffer::capacity() const noexcept { return capacity_; }

std::uint32_t* index_buffer::grow(std::size_t used, std::size_t more) {
  const std::size_t wanted = std::max(used + more, 2 * capacity_);
  auto* bigger = new (std::nothrow) std::uint32_t[wanted];
  if (bigger == nullptr) return nullptr;
  if (used != 0) std::memcpy(bigger, entries_, used * sizeof(std::uint32_t));
  delete[] entries_;
  entries_ = bigger;
  capacity_ = wanted;
  return entries_;
}

void index_buffer::release() noexcept {
  delete[] entries_;
  entries_ = nullptr;
  capacity_ = 0;
}

}  // namespace detail
}  // namespace ujson
