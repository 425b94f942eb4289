#pragma once
// buffer: the writer's output. Every write first reserves its worst case right where it
// writes (yyjson's incr_len), so no count made far away can overflow it. With
// UJSON_TIGHT_SINK (set by the asan preset, exported with the target) every reserve
// poisons the capacity beyond what it reserved, so AddressSanitizer reports any write
// past a reservation (the lesson of UltraJSON's CVE-2021-45958).

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string>
#include <string_view>
#include <utility>

namespace ujson {

class buffer {
 public:
  buffer() = default;
  buffer(const buffer&) = delete;
  buffer& operator=(const buffer&) = delete;
  buffer(buffer&& other) noexcept
      : data_(std::exchange(other.data_, nullptr)),
        size_(std::exchange(other.size_, 0)),
        capacity_(std::exchange(other.capacity_, 0))
#ifdef UJSON_TIGHT_SINK
        ,
        fence_(std::exchange(other.fence_, 0))
#endif
  {
  }
  buffer& operator=(buffer&& other) noexcept {
    if (this != &other) {
      release();
      data_ = std::exchange(other.data_, nullptr);
      size_ = std::exchange(other.size_, 0);
      capacity_ = std::exchange(other.capacity_, 0);
#ifdef UJSON_TIGHT_SINK
      fence_ = std::exchange(other.fence_, 0);
#endif
    }
    return *this;
  }
  ~buffer() { release(); }

  // Makes room for n more bytes and returns where they go; commit() what was written.
  char* reserve(std::size_t n) {
    if (n > capacity_ - size_) grow(n);
#ifdef UJSON_TIGHT_SINK
    fence(n);
#endif
    return data_ + size_;
  }
  void commit(char* end) noexcept { size_ = static_cast<std::size_t>(end - data_); }
  // reserve(n) for a caller that keeps its own cursor across many values (the DOM
  // serializer): `limit` is how far it may write before it must commit and call again.
  // That is the end of the capacity, or with UJSON_TIGHT_SINK exactly n bytes on (and the
  // caller then asks again for every value), so every write stays fenced.
  char* reserve_run(std::size_t n, char*& limit) {
    char* out = reserve(n);
#ifdef UJSON_TIGHT_SINK
    limit = out + n;
#else
    limit = data_ + capacity_;
#endif
    return out;
  }

  void append(const char* p, std::size_t n) {
    char* out = reserve(n);
    if (n != 0) std::memcpy(out, p, n);
    size_ += n;
  }
  void append(std::string_view s) { append(s.data(), s.size()); }
  void push_back(char c) {
    *reserve(1) = c;
    ++size_;
  }

  char* data() noexcept { return data_; }
  const char* data() const noexcept { return data_; }
  std::size_t size() const noexcept { return size_; }
  void clear() noexcept { size_ = 0; }
  std::string_view view() const noexcept { return {data_ == nullptr ? "" : data_, size_}; }
  std::string str() const { return std::string(view()); }

 private:
  void grow(std::size_t n);
  void release() noexcept;
#ifdef UJSON_TIGHT_SINK
  void fence(std::size_t reserved) noexcept;
#endif

  char* data_ = nullptr;
  std::size_t size_ = 0;
  std::size_t capacity_ = 0;
#ifdef UJSON_TIGHT_SINK
  std::size_t fence_ = 0;
#endif
};

}  // namespace ujson
