#pragma once
// A copy of a test input that ends exactly where a page without access begins: a kernel
// that reads even one byte past the end of its input crashes, in the release build too
// (the ASan build's exact-size heap buffers catch only what ASan instruments).

#include <sys/mman.h>
#include <unistd.h>

#include <cstddef>
#include <cstring>
#include <new>
#include <string_view>

namespace ujson::test {

class guarded_buffer {
 public:
  explicit guarded_buffer(std::size_t capacity) {
    page_ = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
    readable_ = (capacity + page_ - 1) / page_ * page_ + page_;  // at least one page before the end
    void* m = mmap(nullptr, readable_ + page_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED) throw std::bad_alloc();
    base_ = static_cast<char*>(m);
    if (mprotect(base_ + readable_, page_, PROT_NONE) != 0) throw std::bad_alloc();
  }
  guarded_buffer(const guarded_buffer&) = delete;
  guarded_buffer& operator=(const guarded_buffer&) = delete;
  ~guarded_buffer() { munmap(base_, readable_ + page_); }

  // The input's bytes, placed so that its last byte is the last readable one.
  std::string_view place(std::string_view input) {
    if (input.size() > readable_) throw std::bad_alloc();
    char* at = base_ + readable_ - input.size();
    if (!input.empty()) std::memcpy(at, input.data(), input.size());
    return {at, input.size()};
  }

 private:
  std::size_t page_ = 0;
  std::size_t readable_ = 0;
  char* base_ = nullptr;
};

}  // namespace ujson::test
