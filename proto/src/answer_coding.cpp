#include "answer_coding.hpp"

#include <zlib.h>
#include <zstd.h>

#include <algorithm>
#include <climits>
#include <new>

namespace ujson::proto {
namespace {

// A deflate state kept for the thread's later answers (deflateReset is far cheaper than
// deflateInit2's allocations).
class deflater {
 public:
  explicit deflater(bool gzip) : gzip_(gzip) {}
  ~deflater() {
    if (level_ != 0) deflateEnd(&z_);
  }
  deflater(const deflater&) = delete;
  deflater& operator=(const deflater&) = delete;

  void compress(int level, std::string_view in, body_bytes& out) {
    if (level_ != level) {
      if (level_ != 0) deflateEnd(&z_);
      level_ = 0;
      z_ = {};
      // memLevel 8 and a 32 KiB window: zlib's defaults, which every inflater accepts.
      if (deflateInit2(&z_, level, Z_DEFLATED, gzip_ ? 15 + 16 : 15, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
        throw std::bad_alloc();
      }
      level_ = level;
    } else {
      deflateReset(&z_);
    }
    out.clear();
    out.reserve(deflateBound(&z_, in.size()));
    z_.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
    z_.next_out = reinterpret_cast<Bytef*>(out.data());
    std::size_t in_left = in.size(), out_left = out.capacity();
    for (;;) {
      // avail_in and avail_out are 32-bit: a body over 4 GiB is given in pieces.
      const uInt give = static_cast<uInt>(std::min<std::size_t>(in_left, UINT_MAX));
      const uInt room = static_cast<uInt>(std::min<std::size_t>(out_left, UINT_MAX));
      z_.avail_in = give;
      z_.avail_out = room;
      const int rc = deflate(&z_, in_left == give ? Z_FINISH : Z_NO_FLUSH);
      in_left -= give - z_.avail_in;
      out_left -= room - z_.avail_out;
      if (rc == Z_STREAM_END) break;
      if (rc != Z_OK && rc != Z_BUF_ERROR) throw std::bad_alloc();  // only a broken state gets here
    }
    out.resize_for_overwrite(out.capacity() - out_left);
  }

 private:
  z_stream z_{};
  bool gzip_;
  int level_ = 0;
};

class zstd_compressor {
 public:
  zstd_compressor() : c_(ZSTD_createCCtx()) {
    if (c_ == nullptr) throw std::bad_alloc();
  }
  ~zstd_compressor() { ZSTD_freeCCtx(c_); }
  zstd_compressor(const zstd_compressor&) = delete;
  zstd_compressor& operator=(const zstd_compressor&) = delete;

  void compress(int level, std::string_view in, body_bytes& out) {
    out.clear();
    out.reserve(ZSTD_compressBound(in.size()));
    const std::size_t n = ZSTD_compressCCtx(c_, out.data(), out.capacity(), in.data(), in.size(), level);
    if (ZSTD_isError(n)) throw std::bad_alloc();  // the bound leaves room: only memory can fail
    out.resize_for_overwrite(n);
  }

 private:
  ZSTD_CCtx* c_;
};

}  // namespace

void compress_answer(coding c, int level, std::string_view in, body_bytes& out) {
  switch (c) {
    case coding::gzip: {
      thread_local deflater gzip(true);
      gzip.compress(level, in, out);
      return;
    }
    case coding::deflate: {
      thread_local deflater zlib(false);
      zlib.compress(level, in, out);
      return;
    }
    case coding::zstd: {
      thread_local zstd_compressor zstd;
      zstd.compress(level, in, out);
      return;
    }
    case coding::identity: break;
  }
  out = in;
}

}  // namespace ujson::proto
