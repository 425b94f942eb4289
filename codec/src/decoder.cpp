#include <algorithm>
#include <cstring>

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

}  // namespace ujson
