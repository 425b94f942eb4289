#pragma once
// body_decoder: undoes a request body's content codings (gzip, deflate, zstd, stacked), with
// Debian's libdeflate (zlib for its diagnosis when libdeflate refuses a body) and libzstd.
// zstd is decoded as its bytes arrive; gzip and deflate are kept as they arrive and
// inflated whole when the body ends (libdeflate inflates only whole buffers, three times
// faster than zlib streams). Whatever the compressed bytes claim, the decoded body never
// grows past `limit` + 1 bytes: the write that crosses the limit fails with too_large, so a
// bomb costs one limit of memory and stops there. Streamed stages between stacked codings
// pass 64 KiB at a time, so a nested bomb is bounded the same way.

#include <boost/system/error_code.hpp>
#include <array>
#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>

#include "ujson/proto/content_coding.hpp"

namespace ujson::proto {

class body_bytes;

// Why a coded body could not be read (the session answers 413, 400 or 500).
enum class body_errc {
  too_large = 1,   // decodes to more than the limit (413 body_too_large)
  bad_encoding,    // corrupt, truncated, or data after the end of the stream (400 bad_encoding)
  out_of_memory,   // a decoder's state could not be allocated (500)
};
const boost::system::error_category& body_category() noexcept;
boost::system::error_code make_error_code(body_errc e) noexcept;

class body_decoder {
 public:
  // Throws std::bad_alloc when a decoder's state cannot be allocated.
  body_decoder(const coding_list& codings, std::size_t limit);
  ~body_decoder();
  body_decoder(const body_decoder&) = delete;
  body_decoder& operator=(const body_decoder&) = delete;

  // The coded body's size, when its header says it (Content-Length): room kept up front.
  void expect(std::size_t coded_size);
  // Decodes n more bytes of the coded body and appends what they decode to onto `out`.
  boost::system::error_code write(const char* p, std::size_t n, body_bytes& out);
  // The coded body has ended: decodes what was kept whole onto `out` (the same body as
  // write()'s); bad_encoding unless every stream in it ended too.
  boost::system::error_code finish(body_bytes& out);
  // What was wrong, for the error body (empty when nothing was).
  std::string_view problem() const noexcept { return problem_; }

  class stage;

 private:
  boost::system::error_code push(std::size_t i, const unsigned char* in, std::size_t n, body_bytes& out);
  boost::system::error_code fail(body_errc e, std::string message);
  std::size_t between_limit() const noexcept;

  // The outermost coding (the last one applied) first.
  std::array<std::unique_ptr<stage>, coding_list::max_codings> stages_;
  std::size_t count_ = 0;
  std::size_t limit_;
  std::unique_ptr<unsigned char[]> between_;  // one chunk per stage but the last
  std::string problem_;
};

}  // namespace ujson::proto

template <>
struct boost::system::is_error_code_enum<ujson::proto::body_errc> : std::true_type {};
