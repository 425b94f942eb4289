// Content codings without sockets: Content-Encoding and Accept-Encoding as RFC 9110 reads
// them (§8.4, §12.5.3), and body_decoder against bodies compressed by zlib's and zstd's own
// one-shot compressors, fed whole, byte by byte and in odd pieces, cut short, corrupted,
// stacked, and decoding past the limit.

#include <gtest/gtest.h>
#include <zlib.h>
#include <zstd.h>

#include <boost/asio/buffer.hpp>
#include <boost/beast/http/parser.hpp>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "../support/chunked.hpp"
#include "ujson/proto/body.hpp"
#include "ujson/proto/body_decoder.hpp"
#include "ujson/proto/content_coding.hpp"

namespace {

using namespace ujson::proto;

coding_list list_of(std::initializer_list<coding> cs) {
  coding_list l;
  for (coding c : cs) l.items[l.count++] = c;
  return l;
}

TEST(ContentEncoding, ParsesTheListInOrder) {
  struct row {
    const char* value;
    content_encoding_verdict verdict;
    coding_list list;
  };
  const row rows[] = {
      {"gzip", content_encoding_verdict::ok, list_of({coding::gzip})},
      {"GZip", content_encoding_verdict::ok, list_of({coding::gzip})},
      {"x-gzip", content_encoding_verdict::ok, list_of({coding::gzip})},
      {"deflate", content_encoding_verdict::ok, list_of({coding::deflate})},
      {"zstd", content_encoding_verdict::ok, list_of({coding::zstd})},
      {"identity", content_encoding_verdict::ok, list_of({})},
      {"", content_encoding_verdict::ok, list_of({})},
      {" gzip , identity,,zstd ", content_encoding_verdict::ok, list_of({coding::gzip, coding::zstd})},
      {"gzip, gzip, gzip", content_encoding_verdict::ok, list_of({coding::gzip, coding::gzip, coding::gzip})},
      {"gzip, gzip, gzip, gzip", content_encoding_verdict::too_many, {}},
      {"br", content_encoding_verdict::unknown, {}},
      {"gzip, br", content_encoding_verdict::unknown, {}},
      {"compress", content_encoding_verdict::unknown, {}},
      {"gzip;q=1", content_encoding_verdict::unknown, {}},
      {"gzip deflate", content_encoding_verdict::unknown, {}},
  };
  for (const row& r : rows) {
    coding_list got;
    EXPECT_EQ(parse_content_encoding(r.value, got), r.verdict) << r.value;
    if (r.verdict == content_encoding_verdict::ok) {
      EXPECT_TRUE(got == r.list) << r.value;
    }
  }
}

// RFC 9110 §12.5.3: what an answer worth compressing, and one that is not, goes out in.
TEST(AcceptEncoding, EveryParseCase) {
  using c = coding;
  struct row {
    std::optional<std::string_view> header;
    std::optional<coding> large;  // an answer at or over --compress-min
    std::optional<coding> small;  // below it
  };
  const std::optional<coding> none;
  const row rows[] = {
      {std::nullopt, c::identity, c::identity},  // no field: identity, never a surprise coding
      {"", c::identity, c::identity},            // empty: no coding wanted
      {"gzip", c::gzip, c::identity},
      {"GZIP", c::gzip, c::identity},
      {"x-gzip", c::gzip, c::identity},
      {"deflate", c::deflate, c::identity},
      {"zstd", c::zstd, c::identity},
      {"gzip, deflate, br, zstd", c::zstd, c::identity},  // curl --compressed: ties go to zstd
      {"gzip, deflate", c::gzip, c::identity},
      {"gzip;q=0.5, deflate;q=0.8", c::deflate, c::identity},
      {"gzip;q=1.0, zstd;q=0.999", c::gzip, c::identity},
      {"gzip ; q=0.3 , zstd ;Q=0.2", c::gzip, c::identity},
      {"identity;q=1, gzip;q=0.5", c::identity, c::identity},  // identity weighs more
      {"gzip;q=0", c::identity, c::identity},
      {"*", c::zstd, c::identity},
      {"*;q=0.5, gzip", c::gzip, c::identity},
      {"*;q=0", none, none},                        // refuses identity too
      {"identity;q=0", none, none},                 // nothing else named
      {"identity;q=0, gzip", c::gzip, c::gzip},     // a small answer compressed all the same
      {"*;q=0, identity", c::identity, c::identity},
      {"*;q=0, deflate;q=0.1", c::deflate, c::deflate},
      {"br", c::identity, c::identity},                    // unknown codings are ignored
      {"br, identity;q=0", none, none},
      {"gzip;q=2", c::identity, c::identity},              // malformed weights: element ignored
      {"gzip;q=0.1234", c::identity, c::identity},
      {"gzip;q=x, zstd", c::zstd, c::identity},
      {"gzip;level=1", c::identity, c::identity},          // no parameters but q
      {"gzip;q=", c::identity, c::identity},
      {",,gzip,,", c::gzip, c::identity},
      {"gzip;q=0.5, gzip;q=0.9, zstd;q=0.8", c::gzip, c::identity},  // named twice: the higher
  };
  for (const row& r : rows) {
    const accept_encoding a = parse_accept_encoding(r.header);
    const std::string label(r.header.value_or("(absent)"));
    EXPECT_EQ(choose_coding(a, true), r.large) << label;
    EXPECT_EQ(choose_coding(a, false), r.small) << label;
    EXPECT_EQ(anything_acceptable(a, true), r.large.has_value()) << label;
    // With compression off only identity can be sent.
    EXPECT_EQ(anything_acceptable(a, false), a.weight[0] > 0) << label;
  }
}

// --- body_decoder against zlib's and zstd's compressors ----------------------------------

std::string zlib_compress(std::string_view in, bool gzip, int level = 6) {
  z_stream z{};
  EXPECT_EQ(deflateInit2(&z, level, Z_DEFLATED, gzip ? 31 : 15, 8, Z_DEFAULT_STRATEGY), Z_OK);
  std::string out(deflateBound(&z, in.size()), '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
  z.avail_in = static_cast<uInt>(in.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  EXPECT_EQ(deflate(&z, Z_FINISH), Z_STREAM_END);
  out.resize(z.total_out);
  deflateEnd(&z);
  return out;
}

// With a checksum, as the zstd tool writes frames (without one, a flipped literal byte is
// not detectable by any decoder).
std::string zstd_compress(std::string_view in) {
  std::string out(ZSTD_compressBound(in.size()), '\0');
  ZSTD_CCtx* cctx = ZSTD_createCCtx();
  ZSTD_CCtx_setParameter(cctx, ZSTD_c_checksumFlag, 1);
  const std::size_t n = ZSTD_compress2(cctx, out.data(), out.size(), in.data(), in.size());
  ZSTD_freeCCtx(cctx);
  EXPECT_FALSE(ZSTD_isError(n));
  out.resize(n);
  return out;
}

std::string compress(coding c, std::string_view in) {
  return c == coding::zstd ? zstd_compress(in) : zlib_compress(in, c == coding::gzip);
}

struct decoded {
  boost::system::error_code ec;
  std::string body;
  std::size_t capacity = 0;
};

// Feeds `coded` in pieces of `piece` bytes (0: whole).
decoded decode(const coding_list& codings, std::string_view coded, std::size_t limit, std::size_t piece = 0) {
  body_decoder d(codings, limit);
  body_bytes out;
  decoded r;
  for (std::size_t at = 0; at < coded.size() && !r.ec;) {
    const std::size_t n = piece == 0 ? coded.size() : std::min(piece, coded.size() - at);
    r.ec = d.write(coded.data() + at, n, out);
    at += n;
  }
  if (!r.ec) r.ec = d.finish(out);
  r.body.assign(out.view());
  r.capacity = out.capacity();
  return r;
}

std::string sample_json(std::size_t n) {
  std::mt19937 rng(12);
  std::string s = "[";
  while (s.size() < n) s += "{\"id\":" + std::to_string(rng()) + ",\"tag\":\"t" + std::to_string(rng() % 97) + "\"},";
  s.back() = ']';
  return s;
}

TEST(BodyDecoder, EachCodingInAnyPieces) {
  const std::string plain = sample_json(200'000);
  for (coding c : {coding::gzip, coding::deflate, coding::zstd}) {
    const std::string coded = compress(c, plain);
    for (std::size_t piece : {0, 1, 7, 4096, 65537}) {
      const decoded r = decode(list_of({c}), coded, 1 << 20, piece);
      EXPECT_FALSE(r.ec) << coding_name(c) << " piece " << piece << ": " << r.ec.message();
      EXPECT_EQ(r.body, plain) << coding_name(c) << " piece " << piece;
    }
  }
}

TEST(BodyDecoder, StackedCodingsAreUndoneLastFirst) {
  const std::string plain = sample_json(50'000);
  // "gzip, zstd": gzip applied first.
  const std::string coded = zstd_compress(zlib_compress(plain, true));
  const decoded r = decode(list_of({coding::gzip, coding::zstd}), coded, 1 << 20, 1000);
  EXPECT_FALSE(r.ec) << r.ec.message();
  EXPECT_EQ(r.body, plain);
  // In the other order it is not gzip at the outside.
  EXPECT_EQ(decode(list_of({coding::zstd, coding::gzip}), coded, 1 << 20).ec, body_errc::bad_encoding);
  const std::string thrice = zlib_compress(zlib_compress(zlib_compress(plain, true), true), false);
  const decoded t = decode(list_of({coding::gzip, coding::gzip, coding::deflate}), thrice, 1 << 20, 333);
  EXPECT_FALSE(t.ec);
  EXPECT_EQ(t.body, plain);
}

TEST(BodyDecoder, GzipMembersAndZstdFramesFollowOneAnother) {
  const std::string a = "[1,", b = "2]";
  EXPECT_EQ(decode(list_of({coding::gzip}), zlib_compress(a, true) + zlib_compress(b, true), 100).body, "[1,2]");
  EXPECT_EQ(decode(list_of({coding::zstd}), zstd_compress(a) + zstd_compress(b), 100).body, "[1,2]");
  // The zlib format is one stream: anything after it is an error.
  const decoded d = decode(list_of({coding::deflate}), zlib_compress(a, false) + zlib_compress(b, false), 100);
  EXPECT_EQ(d.ec, body_errc::bad_encoding);
}

TEST(BodyDecoder, EveryTruncationIsBadEncoding) {
  const std::string plain = sample_json(3000);
  for (coding c : {coding::gzip, coding::deflate, coding::zstd}) {
    const std::string coded = compress(c, plain);
    for (std::size_t n = 0; n < coded.size(); ++n) {
      const decoded r = decode(list_of({c}), std::string_view(coded).substr(0, n), 1 << 20, 97);
      ASSERT_EQ(r.ec, body_errc::bad_encoding) << coding_name(c) << " cut at " << n << " of " << coded.size();
    }
  }
}

TEST(BodyDecoder, CorruptionIsNeverSilent) {
  const std::string plain = sample_json(3000);
  std::mt19937 rng(7);
  for (coding c : {coding::gzip, coding::deflate, coding::zstd}) {
    const std::string coded = compress(c, plain);
    int errors = 0;
    for (int i = 0; i < 300; ++i) {
      std::string bad = coded;
      bad[rng() % bad.size()] ^= static_cast<char>(1 + rng() % 255);
      const decoded r = decode(list_of({c}), bad, 1 << 20, 512);
      if (r.ec) {
        ++errors;
        EXPECT_TRUE(r.ec == body_errc::bad_encoding || r.ec == body_errc::too_large) << r.ec.message();
      } else {
        // Checksums (gzip's CRC-32, zlib's Adler-32; zstd's content size and block
        // structure) leave almost nothing through; what does must at least be the whole body.
        EXPECT_EQ(r.body.size(), plain.size()) << coding_name(c);
      }
    }
    EXPECT_GT(errors, 250) << coding_name(c);
  }
  // Raw deflate (no zlib header), as some clients send for "deflate", is refused.
  std::string raw = zlib_compress(plain, false).substr(2);
  EXPECT_EQ(decode(list_of({coding::deflate}), raw, 1 << 20).ec, body_errc::bad_encoding);
}

TEST(BodyDecoder, TheLimitIsTheDecodedSizeAndMemoryStaysUnderIt) {
  const std::string plain = sample_json(100'000);
  for (coding c : {coding::gzip, coding::deflate, coding::zstd}) {
    const std::string coded = compress(c, plain);
    EXPECT_FALSE(decode(list_of({c}), coded, plain.size()).ec) << coding_name(c);
    const decoded over = decode(list_of({c}), coded, plain.size() - 1, 100);
    EXPECT_EQ(over.ec, body_errc::too_large) << coding_name(c);
    EXPECT_LE(over.capacity, plain.size());
  }
  // A bomb: 64 MiB of zeros in some 64 KiB, stacked in gzip twice; the limit is 1 MiB.
  const std::string zeros(64 << 20, '\0');
  const std::string bomb = zlib_compress(zlib_compress(zeros, true, 9), true, 9);
  const decoded r = decode(list_of({coding::gzip, coding::gzip}), bomb, 1 << 20, 4096);
  EXPECT_EQ(r.ec, body_errc::too_large);
  EXPECT_LE(r.capacity, (1u << 20) + 1);
}

// gzip's trailer ends with the member's length mod 2^32, which sizes the first room for the
// decoded body. It is a hint: a wrong one costs a second inflate, never a wrong body.
TEST(BodyDecoder, TheGzipLengthInTheTrailerIsOnlyAHint) {
  const std::string plain = sample_json(300'000);
  const std::string coded = zlib_compress(plain, true);
  auto with_length = [&](std::uint32_t n) {
    std::string s = coded;
    for (int i = 0; i < 4; ++i) s[s.size() - 4 + i] = static_cast<char>(n >> (8 * i));
    return s;
  };
  // A length that lies fails gzip's own check (RFC 1952 ISIZE) after the inflate, whichever
  // way it lies, and the answer is the same as zlib's.
  for (std::uint32_t lie : {0u, 1u, 1000u, static_cast<std::uint32_t>(plain.size() - 1), 0xffffffffu}) {
    const decoded r = decode(list_of({coding::gzip}), with_length(lie), 1 << 20);
    EXPECT_EQ(r.ec, body_errc::bad_encoding) << lie;
    EXPECT_LE(r.capacity, (1u << 20) + 1) << lie;
  }
  // Members after the first are sized by growing: three members, the last one small.
  const std::string three = coded + zlib_compress(plain, true) + zlib_compress("[]", true);
  const decoded r = decode(list_of({coding::gzip}), three, 1 << 20, 4096);
  EXPECT_FALSE(r.ec) << r.ec.message();
  EXPECT_EQ(r.body, plain + plain + "[]");
}

// What libdeflate refuses is inflated again by zlib, whose message the 400 carries.
TEST(BodyDecoder, RefusalsCarryZlibsDiagnosis) {
  const std::string plain = sample_json(5'000);
  auto problem_of = [](coding c, std::string_view coded) {
    body_decoder d(list_of({c}), 1 << 20);
    body_bytes out;
    boost::system::error_code ec = d.write(coded.data(), coded.size(), out);
    if (!ec) ec = d.finish(out);
    EXPECT_EQ(ec, body_errc::bad_encoding);
    return std::string(d.problem());
  };
  std::string bad_header = zlib_compress(plain, false);
  bad_header[1] ^= 1;  // the zlib header's check bits
  EXPECT_EQ(problem_of(coding::deflate, bad_header), "deflate: incorrect header check");
  std::string bad_check = zlib_compress(plain, true);
  bad_check[bad_check.size() - 6] ^= 1;  // the CRC-32
  EXPECT_EQ(problem_of(coding::gzip, bad_check), "gzip: incorrect data check");
  const std::string cut = zlib_compress(plain, true).substr(0, 100);
  EXPECT_NE(problem_of(coding::gzip, cut).find("truncated"), std::string::npos);
  EXPECT_EQ(problem_of(coding::deflate, zlib_compress(plain, false) + "x"),
            "deflate: data after the end of the deflate stream");
}

TEST(BodyDecoder, ReaderDecodesWhatTheParserHandsIt) {
  // request_body's reader, driven by Beast's own parser over a chunked wire request.
  const std::string plain = sample_json(20'000);
  const std::string coded = zlib_compress(plain, true);
  const std::string wire =
      "POST /decode HTTP/1.1\r\nHost: x\r\nContent-Encoding: gzip\r\nTransfer-Encoding: chunked\r\n\r\n" +
      ujson::test::chunked(coded, 1000);
  boost::beast::http::request_parser<request_body> parser;
  parser.get().body().decoded_limit = 1 << 20;
  boost::beast::error_code ec;
  std::size_t used = 0;
  while (used < wire.size() && !ec && !parser.is_done()) {
    const std::size_t n = parser.put(boost::asio::buffer(wire.data() + used, wire.size() - used), ec);
    ASSERT_TRUE(n > 0 || ec) << "the parser took nothing";
    used += n;
  }
  ASSERT_FALSE(ec) << ec.message();
  ASSERT_TRUE(parser.is_done());
  EXPECT_TRUE(parser.get().body().decoded);
  EXPECT_EQ(parser.get().body().view(), plain);
}

}  // namespace
