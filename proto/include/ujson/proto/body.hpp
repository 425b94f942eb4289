#pragma once
// request_body: a Beast Body for request bodies that the codec then reads in place. Its
// bytes are a growable buffer that is never zero-filled (std::string::resize would write
// every byte once before the socket writes it again), and keeps its capacity when reused.
// A body with a Content-Encoding the service reads (gzip, deflate, zstd) is decoded as its
// bytes arrive (body_decoder.hpp): what the codec reads is the decoded body.

#include <boost/beast/core/buffers_range.hpp>
#include <boost/beast/http/error.hpp>
#include <boost/beast/http/fields.hpp>
#include <boost/beast/http/message.hpp>
#include <boost/optional.hpp>
#include <boost/range/iterator_range.hpp>
#include <sys/mman.h>
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <new>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include "ujson/proto/body_decoder.hpp"
#include "ujson/proto/content_coding.hpp"

namespace ujson::proto {

// Memory of 4 MiB and more is mapped for the buffer alone and unmapped when it is let go.
// From malloc, a large buffer freed by one thread's arena stays resident there, and a later
// request on another thread takes fresh pages beside it: three gzip bombs in a row left
// ujsond at 105 MB resident, against 31 MB this way.
class body_storage {
 public:
  static constexpr std::size_t mapped_from = std::size_t{4} << 20;

  body_storage() = default;
  explicit body_storage(std::size_t n);
  body_storage(body_storage&& o) noexcept : p_(std::exchange(o.p_, nullptr)), mapped_(std::exchange(o.mapped_, 0)) {}
  body_storage& operator=(body_storage&& o) noexcept {
    if (this != &o) {
      release();
      p_ = std::exchange(o.p_, nullptr);
      mapped_ = std::exchange(o.mapped_, 0);
    }
    return *this;
  }
  ~body_storage() { release(); }
  char* get() const noexcept { return p_; }
  explicit operator bool() const noexcept { return p_ != nullptr; }

 private:
  void release() noexcept;
  char* p_ = nullptr;
  std::size_t mapped_ = 0;  // 0: from new[]
};

inline body_storage::body_storage(std::size_t n) {
  if (n < mapped_from) {
    p_ = new char[n];
    return;
  }
  void* m = ::mmap(nullptr, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (m == MAP_FAILED) throw std::bad_alloc();
  p_ = static_cast<char*>(m);
  mapped_ = n;
}

inline void body_storage::release() noexcept {
  if (p_ == nullptr) return;
  if (mapped_ != 0) {
    ::munmap(p_, mapped_);
  } else {
    delete[] p_;
  }
  p_ = nullptr;
  mapped_ = 0;
}

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
    body_storage bigger(n);
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
  body_storage data_;
  std::size_t size_ = 0;
  std::size_t capacity_ = 0;
};

// A request's body: its bytes, the limit on their decoded size, and whether the reader
// decoded them (so that handle_request does not decode them again).
class request_bytes : public body_bytes {
 public:
  request_bytes() = default;
  // The bytes (and capacity) of an earlier request's body, for the next one.
  explicit request_bytes(body_bytes&& bytes) noexcept : body_bytes(std::move(bytes)) {}
  using body_bytes::operator=;

  std::size_t decoded_limit = std::numeric_limits<std::size_t>::max();  // --max-body
  bool decoded = false;  // the reader undid the request's Content-Encoding
  std::string problem;   // why the reader could not (for the 400's message)
};

// A request's Content-Encoding, every field of it in order: ok with an empty list when
// there is none (or only identity).
inline content_encoding_verdict request_codings(const boost::beast::http::fields& f, coding_list& out) noexcept {
  out = {};
  for (const auto& field : boost::make_iterator_range(f.equal_range(boost::beast::http::field::content_encoding))) {
    const auto v = parse_content_encoding(std::string_view(field.value().data(), field.value().size()), out);
    if (v != content_encoding_verdict::ok) return v;
  }
  return content_encoding_verdict::ok;
}

struct request_body {
  using value_type = request_bytes;

  static std::uint64_t size(const value_type& v) noexcept { return v.size(); }

  // Appends what the parser hands over (chunked bodies, coded bodies, and tests); a body with
  // a Content-Encoding the service reads is decoded on the way. Any other Content-Encoding
  // is kept as it came, for handle_request to refuse.
  class reader {
   public:
    template <bool isRequest, class Fields>
    reader(boost::beast::http::header<isRequest, Fields>& h, value_type& b) : fields_(h), body_(b) {
      static_assert(std::is_same_v<Fields, boost::beast::http::fields>);
      body_.decoded = false;
      body_.problem.clear();
    }

    void init(const boost::optional<std::uint64_t>& length, boost::beast::error_code& ec) {
      ec = {};
      coding_list codings;
      if (request_codings(fields_, codings) == content_encoding_verdict::ok && !codings.empty()) {
        try {
          decoder_ = std::make_unique<body_decoder>(codings, body_.decoded_limit);
          // Room for what JSON usually inflates to, up front (address space only: pages are
          // touched as the decoder writes them). Grown by doubling, the decoded body was
          // copied again at each step and touched twice its pages, fresh ones each time
          // past the 1 MiB a connection keeps: canada.json in gzip spent a quarter of its
          // time in the kernel (page faults, freeing) and 4% more in those copies (perf).
          const std::uint64_t limit = body_.decoded_limit;
          if (length) {
            body_.reserve(static_cast<std::size_t>(*length <= limit / 16 ? *length * 16 : limit));
            decoder_->expect(static_cast<std::size_t>(*length));
          }
        } catch (const std::bad_alloc&) {
          ec = body_errc::out_of_memory;
        }
        return;
      }
      if (length) body_.reserve(static_cast<std::size_t>(*length));
    }
    template <class ConstBufferSequence>
    std::size_t put(const ConstBufferSequence& buffers, boost::beast::error_code& ec) {
      std::size_t n = 0;
      ec = {};
      for (const auto b : boost::beast::buffers_range_ref(buffers)) {
        if (decoder_) {
          ec = decoder_->write(static_cast<const char*>(b.data()), b.size(), body_);
          if (ec) {
            body_.problem = decoder_->problem();
            return n;
          }
        } else {
          body_.append(static_cast<const char*>(b.data()), b.size());
        }
        n += b.size();
      }
      return n;
    }
    void finish(boost::beast::error_code& ec) {
      ec = {};
      if (!decoder_) return;
      ec = decoder_->finish(body_);
      if (ec) body_.problem = decoder_->problem();
      body_.decoded = !ec;
      decoder_.reset();  // its state (up to a zstd window) is not kept between requests
    }

   private:
    const boost::beast::http::fields& fields_;
    value_type& body_;
    std::unique_ptr<body_decoder> decoder_;
  };
};

}  // namespace ujson::proto
