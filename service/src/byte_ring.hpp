#pragma once
// byte_ring: one thread's waiting log entries, a single-producer single-consumer ring of
// bytes. The thread that logs copies an entry in and publishes it with one release store;
// the log thread reads what is published and then frees it with a release store of its
// own. No lock on either side, and a fixed size: an entry that does not fit is refused,
// never waited for. Positions count bytes since the start (64 bits do not wrap), so
// head - tail is always the number of bytes waiting.

#include <atomic>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <span>
#include <string>
#include <string_view>

namespace ujsond {

class byte_ring {
 public:
  // `capacity` is rounded up to a power of two. Pages are not touched until used.
  explicit byte_ring(std::size_t capacity)
      : mask_(std::bit_ceil(capacity < 2 ? std::size_t{2} : capacity) - 1),
        data_(std::make_unique_for_overwrite<char[]>(mask_ + 1)) {}

  std::size_t capacity() const noexcept { return mask_ + 1; }

  // Producer: appends the parts, one after the other, as one entry; false (and nothing
  // written) when they do not fit. `waiting` is set to the bytes waiting before them.
  bool push(std::span<const std::string_view> parts, std::size_t& waiting) noexcept {
    const std::uint64_t head = head_.load(std::memory_order_relaxed);  // only this thread writes it
    // Acquire: the log thread has finished reading the bytes it freed.
    waiting = static_cast<std::size_t>(head - tail_.load(std::memory_order_acquire));
    std::size_t n = 0;
    for (const std::string_view p : parts) n += p.size();
    if (n > capacity() - waiting) return false;
    std::uint64_t at = head;
    for (const std::string_view p : parts) {
      copy_in(at, p.data(), p.size());
      at += p.size();
    }
    head_.store(head + n, std::memory_order_release);
    return true;
  }

  // Consumer: what is waiting, as one or two pieces (two when it runs past the end of
  // the storage), and the position that frees it.
  struct waiting_bytes {
    std::string_view first, second;
    std::uint64_t begin, end;
  };
  waiting_bytes peek() const noexcept {
    const std::uint64_t tail = tail_.load(std::memory_order_relaxed);  // only this thread writes it
    const std::uint64_t head = head_.load(std::memory_order_acquire);  // the entries are complete
    const auto size = static_cast<std::size_t>(head - tail);
    const auto at = static_cast<std::size_t>(tail & mask_);
    const std::size_t first = size < capacity() - at ? size : capacity() - at;
    return {{data_.get() + at, first}, {data_.get(), size - first}, tail, head};
  }
  // Consumer: the bytes before `end` are read; the producer may reuse them.
  void release(std::uint64_t end) noexcept { tail_.store(end, std::memory_order_release); }

 private:
  void copy_in(std::uint64_t at, const char* p, std::size_t n) noexcept {
    const auto start = static_cast<std::size_t>(at & mask_);
    const std::size_t first = n < capacity() - start ? n : capacity() - start;
    if (first != 0) std::memcpy(data_.get() + start, p, first);
    if (n != first) std::memcpy(data_.get(), p + first, n - first);
  }

  const std::size_t mask_;
  const std::unique_ptr<char[]> data_;
  // Each on its own cache line: the producer writes head_ once per entry, the consumer
  // tail_ once per batch, and neither should slow the other's entry down.
  alignas(64) std::atomic<std::uint64_t> head_{0};
  alignas(64) std::atomic<std::uint64_t> tail_{0};
};

// Reads the entries of a peek() in order, whichever piece their bytes are in.
class byte_ring_reader {
 public:
  explicit byte_ring_reader(const byte_ring::waiting_bytes& w) : first_(w.first), second_(w.second), at_(w.begin) {}

  // The next n bytes: a view into the ring, or (when they straddle the end of the
  // storage) a copy in `scratch`; false when fewer than n are left.
  bool take(std::size_t n, std::string_view& out, std::string& scratch) {
    const std::size_t left = first_.size() + second_.size() - pos_;
    if (n > left) return false;
    if (pos_ + n <= first_.size()) {
      out = first_.substr(pos_, n);
    } else if (pos_ >= first_.size()) {
      out = second_.substr(pos_ - first_.size(), n);
    } else {
      const std::size_t in_first = first_.size() - pos_;
      scratch.assign(first_.substr(pos_));
      scratch.append(second_.substr(0, n - in_first));
      out = scratch;
    }
    pos_ += n;
    return true;
  }
  // The ring position just past what has been taken.
  std::uint64_t position() const noexcept { return at_ + pos_; }

 private:
  std::string_view first_, second_;
  std::uint64_t at_;
  std::size_t pos_ = 0;
};

}  // namespace ujsond
