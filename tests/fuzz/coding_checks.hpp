#pragma once
// The check behind fuzz_coding (and its regression replay, tests/proto/fuzz_replay_test.cpp):
// a coded request body fed to the decompressing body reader (request_body's reader, driven
// by Beast's parser over a chunked request, so in the pieces a socket would give) must come
// out as a plain reference says: each coding undone on the whole input at once by zlib's
// inflate and libzstd's stream decoder, with the semantics openapi.yaml gives (gzip members
// and zstd frames may follow one another, the zlib format is one stream, zstd windows over
// 8 MiB are refused, nothing may follow the last stream). The reader must:
//   - answer the same bytes when the reference decodes a valid body within the limit;
//   - fail (too_large or bad_encoding, with a message) when the reference decodes to more
//     than the limit or finds corrupt, truncated or trailing data;
//   - never hold more than limit + 1 decoded bytes.
//
// Input: [codings] [limit] [piece] body
//   codings: bits 0-1 the outermost coding (gzip, deflate, zstd, gzip), bits 2-3 the one
//     under it (none, gzip, deflate, zstd), bits 4-5 the one under that (the same).
//   limit: (byte + 1) * 256 decoded bytes at most.
//   piece: the chunk size of the chunked request, byte + 1.

#include <zlib.h>
#include <zstd.h>

#include <boost/asio/buffer.hpp>
#include <boost/beast/http/parser.hpp>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>

#include "../support/chunked.hpp"
#include "fuzz_checks.hpp"
#include "ujson/proto/body.hpp"

namespace ujson::fuzz {

namespace coding_detail {

using ujson::proto::coding;

// Intermediate output the reference keeps at most; past it a case is not judged.
constexpr std::size_t reference_cap = 8u << 20;

struct reference_result {
  bool valid = false;     // every stream complete, nothing after the last
  bool over_cap = false;  // stopped at the cap: not judged
  std::string out;
};

inline reference_result inflate_all(std::string_view in, bool gzip, std::size_t cap) {
  reference_result r;
  z_stream z{};
  if (inflateInit2(&z, gzip ? 31 : 15) != Z_OK) std::abort();
  std::size_t used = 0;
  bool ended = false;
  std::string buf(65536, '\0');
  while (true) {
    if (ended) {
      if (used == in.size()) break;
      if (!gzip) break;  // data after the stream
      inflateReset(&z);
      ended = false;
    }
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data() + used));
    z.avail_in = static_cast<uInt>(in.size() - used);
    z.next_out = reinterpret_cast<Bytef*>(buf.data());
    z.avail_out = static_cast<uInt>(buf.size());
    const int rc = inflate(&z, Z_NO_FLUSH);
    used = in.size() - z.avail_in;
    r.out.append(buf.data(), buf.size() - z.avail_out);
    if (r.out.size() > cap) {
      r.over_cap = true;
      break;
    }
    if (rc == Z_STREAM_END) {
      ended = true;
      continue;
    }
    if (rc != Z_OK) break;  // corrupt, or Z_BUF_ERROR: no more input (truncated)
  }
  r.valid = ended && used == in.size();
  inflateEnd(&z);
  return r;
}

inline reference_result unzstd_all(std::string_view in, std::size_t cap) {
  reference_result r;
  ZSTD_DStream* d = ZSTD_createDStream();
  ZSTD_DCtx_setParameter(d, ZSTD_d_windowLogMax, 23);
  ZSTD_inBuffer source{in.data(), in.size(), 0};
  std::string buf(65536, '\0');
  std::size_t rc = 1;
  bool failed = false;
  while (true) {
    ZSTD_outBuffer sink{buf.data(), buf.size(), 0};
    rc = ZSTD_decompressStream(d, &sink, &source);
    if (ZSTD_isError(rc)) {
      failed = true;
      break;
    }
    r.out.append(buf.data(), sink.pos);
    if (r.out.size() > cap) {
      r.over_cap = true;
      break;
    }
    if (sink.pos < sink.size && source.pos == source.size) break;  // all input taken, all output out
  }
  r.valid = !failed && !in.empty() && rc == 0 && source.pos == source.size;
  ZSTD_freeDStream(d);
  return r;
}

inline reference_result reference(std::string_view body, const proto::coding_list& codings, std::size_t limit) {
  reference_result r;
  r.valid = true;
  r.out.assign(body);
  for (std::size_t i = codings.count; i-- > 0;) {
    // The innermost coding is the last undone: its output is the body, capped just over the limit.
    const std::size_t cap = i == 0 ? limit + 1 : reference_cap;
    const reference_result next =
        codings.items[i] == coding::zstd ? unzstd_all(r.out, cap) : inflate_all(r.out, codings.items[i] == coding::gzip, cap);
    if (next.over_cap && i != 0) return {false, true, {}};
    reference_result merged = next;
    merged.valid = r.valid && next.valid;
    // Invalid outer data: inner output from it is still checked for size.
    r = std::move(merged);
  }
  return r;
}

}  // namespace coding_detail

inline void check_coding(const std::uint8_t* data, std::size_t size) {
  using namespace coding_detail;
  namespace http = boost::beast::http;
  input in{data, size};
  const std::uint8_t which = in.take();
  const std::size_t limit = (std::size_t{in.take()} + 1) * 256;
  const std::size_t piece = std::size_t{in.take()} + 1;
  const std::string_view body = in.rest();

  static constexpr coding outer[] = {coding::gzip, coding::deflate, coding::zstd, coding::gzip};
  static constexpr coding inner[] = {coding::identity, coding::gzip, coding::deflate, coding::zstd};
  proto::coding_list applied;  // in the order applied: innermost first
  const coding second = inner[(which >> 2) & 3], third = inner[(which >> 4) & 3];
  if (second != coding::identity && third != coding::identity) applied.items[applied.count++] = third;
  if (second != coding::identity) applied.items[applied.count++] = second;
  applied.items[applied.count++] = outer[which & 3];
  std::string header_value;
  for (std::size_t i = 0; i < applied.count; ++i) {
    header_value += (i ? ", " : "") + std::string(proto::coding_name(applied.items[i]));
  }

  const std::string wire = "POST /decode HTTP/1.1\r\nHost: x\r\nContent-Encoding: " + header_value +
                           "\r\nTransfer-Encoding: chunked\r\n\r\n" + ujson::test::chunked(body, piece);

  http::request_parser<proto::request_body> parser;
  parser.body_limit(boost::none);
  parser.get().body().decoded_limit = limit;
  boost::beast::error_code ec;
  std::size_t used = 0;
  while (!parser.is_done() && !ec) {
    const std::size_t n = parser.put(boost::asio::buffer(wire.data() + used, wire.size() - used), ec);
    UJSON_FUZZ_CHECK(n > 0 || ec);
    used += n;
  }
  const proto::request_bytes& got = parser.get().body();
  UJSON_FUZZ_CHECK(got.capacity() <= limit + 1);

  const reference_result want = reference(body, applied, limit);
  if (want.over_cap) return;  // an intermediate bomb: the reference will not follow it
  if (want.out.size() > limit || !want.valid) {
    // Too large, or corrupt: the reader must fail, and either may be found first (a
    // decoder writes what it can before it finds an error further on, and how much
    // depends on the room it is given: limit + 1 bytes for the reader).
    UJSON_FUZZ_CHECK(ec == proto::body_errc::too_large || ec == proto::body_errc::bad_encoding);
    if (ec == proto::body_errc::bad_encoding) UJSON_FUZZ_CHECK(!got.problem.empty());
    UJSON_FUZZ_CHECK(!got.decoded);
    return;
  }
  if (ec) std::fprintf(stderr, "  reader: %s (%s)\n", ec.message().c_str(), got.problem.c_str());
  UJSON_FUZZ_CHECK(!ec);
  UJSON_FUZZ_CHECK(got.decoded);
  UJSON_FUZZ_CHECK(got.view() == want.out);
}

}  // namespace ujson::fuzz
