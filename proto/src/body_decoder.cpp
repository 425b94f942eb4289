#include "ujson/proto/body_decoder.hpp"

#include <libdeflate.h>
#include <zlib.h>
#include <zstd.h>

#include <algorithm>
#include <climits>
#include <new>

#include "ujson/proto/body.hpp"

namespace ujson::proto {
namespace {

// Output passed from one stacked coding's decoder to the next, at a time.
constexpr std::size_t chunk = 64 * 1024;
// The decoded body's first allocation; it then doubles, up to limit + 1.
constexpr std::size_t first_capacity = 64 * 1024;
// zstd frames say how large a window they need; larger than this (8 MiB, what zstd's
// levels up to 19 use) is refused, so a frame cannot make a connection allocate 2 GiB.
constexpr int zstd_window_log_max = 23;

enum class decode_result { ok, too_large, bad };

// More room for a decoded body (doubled, at most limit + 1 in all); false when it already
// has that much, so that what needs more is over the limit.
bool grow(body_bytes& out, std::size_t limit) {
  if (out.capacity() > limit) return false;
  out.reserve(std::min(limit + 1, std::max(first_capacity, out.capacity() * 2)));
  return true;
}

class body_error_category final : public boost::system::error_category {
 public:
  const char* name() const noexcept override { return "ujson.body"; }
  std::string message(int e) const override {
    switch (static_cast<body_errc>(e)) {
      case body_errc::too_large: return "the decoded body is over the limit";
      case body_errc::bad_encoding: return "the body is not valid in its Content-Encoding";
      case body_errc::out_of_memory: return "out of memory for a body decoder";
    }
    return "unknown body error";
  }
};

}  // namespace

const boost::system::error_category& body_category() noexcept {
  static const body_error_category category;
  return category;
}

boost::system::error_code make_error_code(body_errc e) noexcept { return {static_cast<int>(e), body_category()}; }

// One coding's decoder: step() moves what it can from `in` to `out` and advances both.
class body_decoder::stage {
 public:
  virtual ~stage() = default;
  // False on corrupt data (problem() says why).
  virtual bool step(const unsigned char*& in, std::size_t& in_n, unsigned char*& out, std::size_t& out_n) = 0;
  // Every stream begun has ended (and at least one began).
  virtual bool at_end() const = 0;
  virtual std::string_view name() const = 0;
  // Why step() or decode() failed.
  virtual std::string_view problem() const = 0;
  // A whole-buffer stage takes all its input in step() and decodes it in decode(), when
  // the coded body has ended.
  virtual bool whole_buffer() const { return false; }
  virtual decode_result decode(body_bytes& /*out*/, std::size_t /*limit*/) { return decode_result::ok; }
  // Where a whole-buffer stage keeps its input (the stage before it decodes straight into it).
  virtual body_bytes* input() { return nullptr; }
};

namespace {

// gzip (RFC 1952; members may follow one another, as gzip itself writes them) and deflate
// (the zlib format, RFC 1950: one stream, nothing after it), streamed through zlib: the
// reference that inflate_stage falls back on when libdeflate refuses a body, for zlib's
// diagnosis (truncated, or which header is wrong) and its verdict.
class zlib_stage final : public body_decoder::stage {
 public:
  explicit zlib_stage(bool gzip) : gzip_(gzip) {
    if (inflateInit2(&z_, gzip ? 15 + 16 : 15) != Z_OK) throw std::bad_alloc();
  }
  ~zlib_stage() override { inflateEnd(&z_); }

  bool step(const unsigned char*& in, std::size_t& in_n, unsigned char*& out, std::size_t& out_n) override {
    if (ended_) {
      if (in_n == 0) return true;
      if (!gzip_) {
        problem_ = "data after the end of the deflate stream";
        return false;
      }
      inflateReset(&z_);  // the next gzip member
      ended_ = false;
    }
    z_.next_in = const_cast<unsigned char*>(in);
    z_.avail_in = static_cast<uInt>(std::min<std::size_t>(in_n, UINT_MAX));
    z_.next_out = out;
    z_.avail_out = static_cast<uInt>(std::min<std::size_t>(out_n, UINT_MAX));
    const uInt offered_in = z_.avail_in, offered_out = z_.avail_out;
    const int rc = inflate(&z_, Z_NO_FLUSH);
    in += offered_in - z_.avail_in;
    in_n -= offered_in - z_.avail_in;
    out += offered_out - z_.avail_out;
    out_n -= offered_out - z_.avail_out;
    if (rc == Z_STREAM_END) {
      ended_ = true;
      return true;
    }
    if (rc == Z_OK || rc == Z_BUF_ERROR) return true;  // Z_BUF_ERROR: no progress possible now
    problem_ = z_.msg != nullptr ? z_.msg : rc == Z_NEED_DICT ? "a preset dictionary is needed" : "inflate failed";
    return false;
  }
  bool at_end() const override { return ended_; }
  std::string_view name() const override { return gzip_ ? "gzip" : "deflate"; }
  std::string_view problem() const override { return problem_; }

 private:
  z_stream z_{};
  bool gzip_;
  bool ended_ = false;
  std::string problem_;
};

// gzip and deflate with libdeflate, about three times zlib's speed (canada.json's 600 KB of
// gzip: 1.8 ms against 5.1 ms), but only on a whole buffer: the coded bytes are kept as they
// arrive (at most --max-compressed-body of them) and inflated at the end in one call per
// gzip member, into room sized from the gzip trailer's length and grown (the member
// inflated again) when short, never past limit + 1. Anything libdeflate refuses is
// inflated again by zlib, whose verdict and message stand.
class inflate_stage final : public body_decoder::stage {
 public:
  explicit inflate_stage(bool gzip) : gzip_(gzip), d_(libdeflate_alloc_decompressor()) {
    if (d_ == nullptr) throw std::bad_alloc();
  }
  ~inflate_stage() override { libdeflate_free_decompressor(d_); }

  bool step(const unsigned char*& in, std::size_t& in_n, unsigned char*& /*out*/, std::size_t& /*out_n*/) override {
    coded_.append(reinterpret_cast<const char*>(in), in_n);
    in += in_n;
    in_n = 0;
    return true;
  }
  bool at_end() const override { return ended_; }
  std::string_view name() const override { return gzip_ ? "gzip" : "deflate"; }
  std::string_view problem() const override { return problem_; }
  bool whole_buffer() const override { return true; }
  body_bytes* input() override { return &coded_; }

  decode_result decode(body_bytes& out, std::size_t limit) override {
    const decode_result r = inflate(out, limit);
    coded_ = body_bytes();  // its memory is not needed past here
    return r;
  }

 private:
  decode_result inflate(body_bytes& out, std::size_t limit) {
    const std::size_t start = out.size();
    const auto* in = reinterpret_cast<const unsigned char*>(coded_.data());
    std::size_t left = coded_.size();
    if (left == 0) return decode_result::ok;  // not ended: finish() says truncated
    if (gzip_ && left >= 18) {  // the last member's length mod 2^32: a hint, never trusted
      const unsigned char* t = in + left - 4;
      const std::size_t hint = std::size_t{t[0]} | std::size_t{t[1]} << 8 | std::size_t{t[2]} << 16 |
                               std::size_t{t[3]} << 24;
      out.reserve(std::min(limit + 1, start + std::max(hint, std::size_t{1})));
    }
    while (left > 0) {
      if (out.capacity() == out.size() && !grow(out, limit)) return decode_result::too_large;
      std::size_t used = 0, produced = 0;
      auto* to = reinterpret_cast<unsigned char*>(out.data()) + out.size();
      const std::size_t room = out.capacity() - out.size();
      const libdeflate_result r = gzip_ ? libdeflate_gzip_decompress_ex(d_, in, left, to, room, &used, &produced)
                                        : libdeflate_zlib_decompress_ex(d_, in, left, to, room, &used, &produced);
      if (r == LIBDEFLATE_INSUFFICIENT_SPACE) {
        if (!grow(out, limit)) return decode_result::too_large;
        continue;  // this member again, with more room
      }
      if (r != LIBDEFLATE_SUCCESS || (!gzip_ && used != left)) {
        out.resize_for_overwrite(start);
        return reference_decode(out, limit);
      }
      out.resize_for_overwrite(out.size() + produced);
      in += used;
      left -= used;
    }
    ended_ = true;
    return out.size() > limit ? decode_result::too_large : decode_result::ok;
  }

  decode_result reference_decode(body_bytes& out, std::size_t limit) {
    zlib_stage z(gzip_);
    const auto* in = reinterpret_cast<const unsigned char*>(coded_.data());
    std::size_t left = coded_.size();
    for (;;) {
      if (out.capacity() == out.size() && !grow(out, limit)) return decode_result::too_large;
      auto* to = reinterpret_cast<unsigned char*>(out.data()) + out.size();
      std::size_t room = out.capacity() - out.size();
      const std::size_t offered = room, before = left;
      if (!z.step(in, left, to, room)) {
        problem_ = z.problem();
        return decode_result::bad;
      }
      out.resize_for_overwrite(out.size() + offered - room);
      if (out.size() > limit) return decode_result::too_large;
      if (offered == room && before == left) break;  // no progress: all input taken, nothing pending
      if (left == 0 && room > 0) break;
    }
    ended_ = z.at_end();  // not ended: finish() says truncated
    return decode_result::ok;
  }

  bool gzip_;
  libdeflate_decompressor* d_;
  body_bytes coded_;
  bool ended_ = false;
  std::string problem_;
};

// zstd (RFC 8878): frames may follow one another.
class zstd_stage final : public body_decoder::stage {
 public:
  zstd_stage() : d_(ZSTD_createDStream()) {
    if (d_ == nullptr) throw std::bad_alloc();
    ZSTD_DCtx_setParameter(d_, ZSTD_d_windowLogMax, zstd_window_log_max);
  }
  ~zstd_stage() override { ZSTD_freeDStream(d_); }

  bool step(const unsigned char*& in, std::size_t& in_n, unsigned char*& out, std::size_t& out_n) override {
    ZSTD_inBuffer source{in, in_n, 0};
    ZSTD_outBuffer sink{out, out_n, 0};
    const std::size_t rc = ZSTD_decompressStream(d_, &sink, &source);
    in += source.pos;
    in_n -= source.pos;
    out += sink.pos;
    out_n -= sink.pos;
    if (ZSTD_isError(rc)) {
      problem_ = ZSTD_getErrorName(rc);
      return false;
    }
    began_ = began_ || source.pos > 0;
    // 0: a frame is complete and flushed (until the next frame's first byte).
    if (source.pos > 0 || sink.pos > 0) ended_ = rc == 0;
    return true;
  }
  bool at_end() const override { return began_ && ended_; }
  std::string_view name() const override { return "zstd"; }
  std::string_view problem() const override { return problem_; }

 private:
  ZSTD_DStream* d_;
  bool began_ = false;
  bool ended_ = false;
  std::string problem_;
};

std::unique_ptr<body_decoder::stage> make_stage(coding c) {
  if (c == coding::zstd) return std::make_unique<zstd_stage>();
  return std::make_unique<inflate_stage>(c == coding::gzip);
}

}  // namespace

body_decoder::body_decoder(const coding_list& codings, std::size_t limit) : count_(codings.count), limit_(limit) {
  for (std::size_t i = 0; i < count_; ++i) stages_[i] = make_stage(codings.items[count_ - 1 - i]);
  if (count_ > 1) between_ = std::make_unique_for_overwrite<unsigned char[]>(chunk * (count_ - 1));
}

body_decoder::~body_decoder() = default;

boost::system::error_code body_decoder::fail(body_errc e, std::string message) {
  problem_ = std::move(message);
  return e;
}

void body_decoder::expect(std::size_t coded_size) {
  if (count_ == 0) return;
  if (body_bytes* in = stages_[0]->input()) in->reserve(std::min(coded_size, between_limit()));
}

// A coded stream between two codings decodes to at most what its content can take plus
// deflate's or zstd's worst-case overhead for incompressible data (well under 1/64).
std::size_t body_decoder::between_limit() const noexcept { return limit_ + limit_ / 64 + 64 * 1024; }

boost::system::error_code body_decoder::write(const char* p, std::size_t n, body_bytes& out) {
  if (!problem_.empty()) return body_errc::bad_encoding;
  return push(0, reinterpret_cast<const unsigned char*>(p), n, out);
}

// Feeds stage i and passes all it can produce on (to stage i + 1, or into `out`). Recurses
// once per stacked coding, at most coding_list::max_codings deep.
boost::system::error_code body_decoder::push(std::size_t i, const unsigned char* in, std::size_t n,
                                             body_bytes& out) {
  const bool last = i + 1 == count_;
  for (;;) {
    unsigned char* to;
    std::size_t room;
    if (last) {
      if (out.size() == out.capacity()) {
        if (out.size() > limit_) return fail(body_errc::too_large, {});
        const std::size_t bigger = std::max(first_capacity, out.capacity() * 2);
        out.reserve(limit_ - out.size() < bigger - out.size() ? limit_ + 1 : bigger);
      }
      to = reinterpret_cast<unsigned char*>(out.data()) + out.size();
      room = out.capacity() - out.size();
    } else {
      to = between_.get() + i * chunk;
      room = chunk;
    }
    const std::size_t offered = room;
    const std::size_t before = n;
    unsigned char* start = to;
    if (!stages_[i]->step(in, n, to, room)) {
      return fail(body_errc::bad_encoding, std::string(stages_[i]->name()) + ": " + std::string(stages_[i]->problem()));
    }
    const std::size_t produced = offered - room;
    if (last) {
      out.resize_for_overwrite(out.size() + produced);
      if (out.size() > limit_) return fail(body_errc::too_large, {});
    } else if (produced > 0) {
      if (const auto ec = push(i + 1, start, produced, out)) return ec;
    }
    if (produced == 0 && before == n) return {};  // needs more input
    if (n == 0 && room > 0) return {};            // drained
  }
}

boost::system::error_code body_decoder::finish(body_bytes& out) {
  if (!problem_.empty()) return body_errc::bad_encoding;
  for (std::size_t i = 0; i < count_; ++i) {
    if (!stages_[i]->whole_buffer()) continue;
    const bool last = i + 1 == count_;
    body_bytes between;
    body_bytes* next_input = last ? nullptr : stages_[i + 1]->input();
    body_bytes& to = last ? out : next_input != nullptr ? *next_input : between;
    switch (stages_[i]->decode(to, last ? limit_ : between_limit())) {
      case decode_result::ok: break;
      case decode_result::too_large: return fail(body_errc::too_large, {});
      case decode_result::bad:
        return fail(body_errc::bad_encoding, std::string(stages_[i]->name()) + ": " + std::string(stages_[i]->problem()));
    }
    if (&to == &between && between.size() > 0) {
      if (const auto ec = push(i + 1, reinterpret_cast<const unsigned char*>(between.data()), between.size(), out)) {
        return ec;
      }
    }
  }
  for (std::size_t i = 0; i < count_; ++i) {
    if (!stages_[i]->at_end()) {
      return fail(body_errc::bad_encoding, "the body ended before its " + std::string(stages_[i]->name()) +
                                               " stream did (truncated)");
    }
  }
  return {};
}

}  // namespace ujson::proto
