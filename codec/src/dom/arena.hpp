#pragma once
// A monotonic arena: bump allocation in chunks, freed all at once. DOM values are
// trivially destructible, so a document's teardown is a few free() calls and never
// walks (or recurses through) the tree.

#include <cstddef>
#include <cstdlib>
#include <new>
#include <vector>

namespace ujson::detail {

class arena {
 public:
  arena() = default;
  arena(const arena&) = delete;
  arena& operator=(const arena&) = delete;
  ~arena() { release_all(); }

  void* allocate(std::size_t bytes, std::size_t align) {
    std::size_t offset = (used_ + align - 1) & ~(align - 1);
    if (offset > capacity_ || bytes > capacity_ - offset) {
      new_chunk(bytes + align);
      offset = (used_ + align - 1) & ~(align - 1);
    }
    used_ = offset + bytes;
    return current_ + offset;
  }

  // Room for up to `bytes` bytes, not taken: the next allocate() or take() starts there.
  char* room(std::size_t bytes) {
    if (bytes > capacity_ - used_) new_chunk(bytes);
    return current_ + used_;
  }
  // Takes the first `bytes` of the room just given.
  void take(std::size_t bytes) { used_ += bytes; }

  // Keeps the largest chunk for the next document; frees the rest.
  void reset() {
    if (chunks_.empty()) return;
    std::size_t largest = 0;
    for (std::size_t i = 1; i < chunks_.size(); ++i) {
      if (chunks_[i].size > chunks_[largest].size) largest = i;
    }
    const chunk keep = chunks_[largest];
    for (std::size_t i = 0; i < chunks_.size(); ++i) {
      if (i != largest) std::free(chunks_[i].data);
    }
    chunks_.assign(1, keep);
    current_ = keep.data;
    capacity_ = keep.size;
    used_ = 0;
  }

  // The first chunk's size for the next document, so a parse usually needs one chunk.
  void reserve_hint(std::size_t bytes) {
    if (bytes > capacity_ - used_) new_chunk(bytes);
  }

 private:
  struct chunk {
    char* data;
    std::size_t size;
  };

  void new_chunk(std::size_t at_least) {
    std::size_t size = capacity_ < 4096 ? 4096 : capacity_ * 2;
    if (size < at_least) size = at_least;
    char* data = static_cast<char*>(std::malloc(size));
    if (data == nullptr) throw std::bad_alloc();
    chunks_.push_back(chunk{data, size});
    current_ = data;
    capacity_ = size;
    used_ = 0;
  }

  void release_all() {
    for (const chunk& c : chunks_) std::free(c.data);
    chunks_.clear();
  }

  std::vector<chunk> chunks_;
  char* current_ = nullptr;
  std::size_t capacity_ = 0;
  std::size_t used_ = 0;
};

}  // namespace ujson::detail
