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
}

void buffer::release() noexcept {
#ifdef UJSON_TIGHT_SINK
  ASAN_UNPOISON_MEMORY_REGION(data_, capacity_);
#endif
  std::free(data_);
}

#ifdef UJSON_TIGHT_SINK
void buffer::fence(std::size_t reserved) noexcept {
  ASAN_UNPOISON_MEMORY_REGION(data_ + size_, reserved);
  ASAN_POISON_MEMORY_REGION(data_ + size_ + reserved, capacity_ - size_ - reserved);
}
#endif

}  // namespace ujson
