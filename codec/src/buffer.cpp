#include "ujson/buffer.hpp"

#ifdef UJSON_TIGHT_SINK
#include <sanitizer/asan_interface.h>
#endif

namespace ujson {

void buffer::grow(std::size_t n) {
  if (n > SIZE_MAX / 2 - size_) throw std::bad_alloc();
  std::size_t wanted = capacity_ < 256 ? 256 : capacity_ * 2;
  if (wanted < size_ + n) wanted = size_ + n;
#ifdef UJSON_TIGHT_SINK
  ASAN_UNPOISON_MEMORY_REGION(data_, capacity_);
#endif
  void* p = std::realloc(data_, wanted);
  if (p == nullptr) throw std::bad_alloc();
  data_ = static_cast<char*>(p);
  capacity_ = wanted;
#ifdef UJSON_TIGHT_SINK
  // All addressable now; the caller's fence() poisons what lies past its reservation.
  fence_ = capacity_;
#endif
}

void buffer::release() noexcept {
#ifdef UJSON_TIGHT_SINK
  ASAN_UNPOISON_MEMORY_REGION(data_, capacity_);
#endif
  std::free(data_);
}

#ifdef UJSON_TIGHT_SINK
// [0, fence_) is addressable, [fence_, capacity_) poisoned; moving the fence to the end of
// this reservation touches only the bytes in between, so fencing stays linear overall.
void buffer::fence(std::size_t reserved) noexcept {
  const std::size_t wanted = size_ + reserved;
  if (wanted > fence_) {
    ASAN_UNPOISON_MEMORY_REGION(data_ + fence_, wanted - fence_);
  } else if (wanted < fence_) {
    ASAN_POISON_MEMORY_REGION(data_ + wanted, fence_ - wanted);
  }
  fence_ = wanted;
}
#endif

}  // namespace ujson
