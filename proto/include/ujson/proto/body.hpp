#pragma once
// request_body: a Beast Body for request bodies that the codec then reads in place. Its
// bytes are a growable buffer that is never zero-filled (std::string::resize would write
// every byte once before the socket writes it again), and keeps its capacity when reused.

#include <boost/beast/core/buffers_range.hpp>
#include <boost/beast/http/error.hpp>
#include <boost/beast/http/message.hpp>
#include <boost/optional.hpp>
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string_view>

namespace ujson::proto {

class body_bytes {
 public:
  body_bytes() = default;
  body_bytes(body_bytes&&) noexcept = default;
  body_bytes& operator=(body_bytes&&) noexcept = default;
  body_bytes& operator=(std::string_view s) {
    clear();
    append(s.data(), s.size());
    return *this;
  }

  const char* data() const noexcept { return data_.get(); }
  char* data() noexcept { return data_.get(); }
  std::size_t size() const noexcept { return size_; }
  std::size_t capacity() const noexcept { return capacity_; }
  bool empty() const noexcept { return size_ == 0; }
  std::string_view view() const noexcept { return {data_ ? data_.get() : "", size_}; }
  operator std::string_view() const noexcept { return view(); }

  void clear() noexcept { size_ = 0; }
  void reserve(std::size_t n) {
    if (n <= capacity_) return;
    auto bigger = std::make_unique_for_overwrite<char[]>(n);
    if (size_ != 0) std::memcpy(bigger.get(), data_.get(), size_);
    data_ = std::move(bigger);
    capacity_ = n;
  }
  // Size n; bytes past the old size are left for the caller to write.
  void resize_for_overwrite(std::size_t n) {
    reserve(n);
    size_ = n;
  }
  void append(const char* p, std::size_t n) {
    if (n > capacity_ - size_) reserve(std::max(size_ + n, capacity_ * 2));
    if (n != 0) std::memcpy(data_.get() + size_, p, n);
    size_ += n;
  }

 private:
  std::unique_ptr<char[]> data_;
  std::size_t size_ = 0;
  std::size_t capacity_ = 0;
};

struct request_body {
  using value_type = body_bytes;

  static std::uint64_t size(const value_type& v) noexcept { return v.size(); }

  // Appends what the parser hands over (chunked bodies, and tests).
  class reader {
   public:
    template <bool isRequest, class Fields>
    reader(boost::beast::http::header<isRequest, Fields>&, value_type& b) : body_(b) {}

    void init(const boost::optional<std::uint64_t>& length, boost::beast::error_code& ec) {
      if (length) body_.reserve(static_cast<std::size_t>(*length));
      ec = {};
    }
    template <class ConstBufferSequence>
    std::size_t put(const ConstBufferSequence& buffers, boost::beast::error_code& ec) {
      std::size_t n = 0;
      for (const auto b : boost::beast::buffers_range_ref(buffers)) {
        body_.append(static_cast<const char*>(b.data()), b.size());
        n += b.size();
      }
      ec = {};
      return n;
    }
    void finish(boost::beast::error_code& ec) { ec = {}; }

   private:
    value_type& body_;
  };
};

}  // namespace ujson::proto
