// Content codings over real sockets: request bodies compressed by Python's gzip and zlib
// modules and by the zstd tool (the outside oracles), decoded by ujsond as they arrive;
// bombs of each kind stopped at --max-body in well under a second with bounded memory;
// truncated and corrupt streams; and answers compressed by Accept-Encoding, decompressed
// again by the same oracles.

#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "../support/chunked.hpp"
#include "attack_support.hpp"
#include "service_support.hpp"

namespace {

using namespace ujsond_test;
using ujsond_attack::sanitized;
namespace fs = std::filesystem;

// `command` (a shell command reading stdin) run over `input`: its stdout.
std::string filter(const std::string& command, std::string_view input) {
  const fs::path in = fs::temp_directory_path() / ("ujson-coding-" + std::to_string(getpid()) + ".in");
  {
    std::ofstream f(in, std::ios::binary);
    f.write(input.data(), static_cast<std::streamsize>(input.size()));
  }
  FILE* p = popen(("(" + command + ") < " + in.string()).c_str(), "r");
  std::string out;
  char buf[65536];
  for (std::size_t n; (n = fread(buf, 1, sizeof buf, p)) > 0;) out.append(buf, n);
  EXPECT_EQ(pclose(p), 0) << command;
  fs::remove(in);
  return out;
}

// Debian's interpreter (scripts/bootstrap installs it), by its path: a `python3` found on PATH
// may be a pyenv shim, whose start costs ten times the interpreter's (0.34 s against 0.036 s),
// and this file starts ~27 of them per pass.
std::string python(const std::string& code, std::string_view input = {}) {
  return filter("/usr/bin/python3 -c '" + code + "'", input);
}

const std::string py_gzip = "import sys,gzip; sys.stdout.buffer.write(gzip.compress(sys.stdin.buffer.read()))";
const std::string py_gunzip = "import sys,gzip; sys.stdout.buffer.write(gzip.decompress(sys.stdin.buffer.read()))";
const std::string py_zlib = "import sys,zlib; sys.stdout.buffer.write(zlib.compress(sys.stdin.buffer.read()))";
const std::string py_unzlib = "import sys,zlib; sys.stdout.buffer.write(zlib.decompress(sys.stdin.buffer.read()))";

std::string encode_with(const std::string& coding, std::string_view plain) {
  if (coding == "gzip") return python(py_gzip, plain);
  if (coding == "deflate") return python(py_zlib, plain);
  return filter("zstd -q -c", plain);
}

std::string decode_with(const std::string& coding, std::string_view coded) {
  if (coding == "gzip") return python(py_gunzip, coded);
  if (coding == "deflate") return python(py_unzlib, coded);
  return filter("zstd -q -d -c", coded);
}

// A JSON document of about n bytes (answers over --compress-min).
std::string document(std::size_t n) {
  std::string s = "[";
  for (int i = 0; s.size() < n; ++i) {
    s += "{\"id\": " + std::to_string(i * 7919) + ", \"name\": \"item " + std::to_string(i) + "\", \"ok\": true},";
  }
  s.back() = ']';
  return s;
}

request coded_post(const std::string& target, const std::string& body, const std::string& coding,
                   const char* type = "application/json") {
  request req = post(target, body, type);
  req.set(http::field::content_encoding, coding);
  return req;
}

void expect_error(const response& r, unsigned status, const std::string& code) {
  EXPECT_EQ(r.result_int(), status) << r.body();
  EXPECT_NE(r.body().find("{\"error\":{\"code\":\"" + code + "\""), std::string::npos) << r.body();
}

class Compression : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { server_ = new server({"--max-body", "16MiB"}); }
  static void TearDownTestSuite() {
    delete server_;
    server_ = nullptr;
  }
  static inline server* server_ = nullptr;
};

TEST_F(Compression, EachCodingOnEveryEndpoint) {
  const std::string plain = document(100'000);
  client c(server_->port());
  const std::string decoded = c.roundtrip(post("/decode", plain)).body();
  const std::string encoded = c.roundtrip(post("/encode?indent=2", plain)).body();
  ASSERT_GT(decoded.size(), 50'000u);
  for (const std::string coding : {"gzip", "deflate", "zstd", "x-gzip", "GZIP"}) {
    const std::string oracle_coding = coding == "x-gzip" || coding == "GZIP" ? "gzip" : coding;
    const std::string body = encode_with(oracle_coding, plain);
    const response d = c.roundtrip(coded_post("/decode", body, coding));
    EXPECT_EQ(d.result_int(), 200) << coding << ": " << d.body();
    EXPECT_EQ(d.body(), decoded) << coding;
    EXPECT_EQ(c.roundtrip(coded_post("/encode?indent=2", body, coding)).body(), encoded) << coding;
    EXPECT_EQ(c.roundtrip(coded_post("/validate", body, coding)).body(), "{\"valid\":true}") << coding;
  }
  // identity is no coding at all; an invalid document inside a valid stream is the codec's 422.
  EXPECT_EQ(c.roundtrip(coded_post("/decode", plain, "identity")).body(), decoded);
  const response bad = c.roundtrip(coded_post("/validate", encode_with("gzip", "[1, 2"), "gzip"));
  EXPECT_EQ(bad.result_int(), 422);
  EXPECT_NE(bad.body().find("\"code\":\"unexpected_end\",\"message\":\"the input ends inside a value\",\"offset\":5"),
            std::string::npos) << bad.body();
  EXPECT_TRUE(bad.keep_alive());
}

TEST_F(Compression, NdjsonChunkedStackedAndPipelined) {
  client c(server_->port());
  const std::string lines = "{\"a\": 1}\n[1, 2]\n\"x\"\n";
  const response nd = c.roundtrip(coded_post("/decode", encode_with("zstd", lines), "zstd", "application/x-ndjson"));
  EXPECT_EQ(nd.body(), "{\"a\":1}\n[1,2]\n\"x\"\n");

  // "gzip, zstd": gzip applied first (Python), then zstd (the zstd tool).
  const std::string plain = document(20'000);
  const std::string decoded = c.roundtrip(post("/decode", plain)).body();
  const std::string stacked = encode_with("zstd", encode_with("gzip", plain));
  EXPECT_EQ(c.roundtrip(coded_post("/decode", stacked, "gzip, zstd")).body(), decoded);
  EXPECT_EQ(c.roundtrip(coded_post("/decode", encode_with("gzip", encode_with("gzip", plain)), "gzip, gzip")).body(),
            decoded);
  // Two Content-Encoding fields are one list (RFC 9110 §5.3).
  request two = post("/decode", stacked);
  two.insert(http::field::content_encoding, "gzip");
  two.insert(http::field::content_encoding, "zstd");
  EXPECT_EQ(c.roundtrip(two).body(), decoded);
  expect_error(c.roundtrip(coded_post("/decode", stacked, "zstd, gzip")), 400, "bad_encoding");

  // Chunked, in chunks of 1000 bytes, then two pipelined coded requests on a new connection.
  client k(server_->port());
  const std::string gz = encode_with("gzip", plain);
  const std::string wire =
      "POST /decode HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\n"
      "Transfer-Encoding: chunked\r\n\r\n" +
      ujson::test::chunked(gz, 1000);
  k.write_raw(wire + to_wire(coded_post("/decode", encode_with("deflate", "[3]"), "deflate")) +
              to_wire(coded_post("/decode", encode_with("zstd", "[4]"), "zstd")));
  EXPECT_EQ(k.read().body(), decoded);
  EXPECT_EQ(k.read().body(), "[3]");
  EXPECT_EQ(k.read().body(), "[4]");
}

TEST_F(Compression, UnknownCodingIs415NamingWhatIsRead) {
  client c(server_->port());
  for (const char* coding : {"br", "compress", "gzip, br", "gzip, gzip, gzip, gzip"}) {
    const response r = c.roundtrip(coded_post("/decode", "[1]", coding));
    expect_error(r, 415, "unsupported_encoding");
    EXPECT_EQ(r[http::field::accept_encoding], "gzip, deflate, zstd") << coding;
    EXPECT_TRUE(r.keep_alive()) << coding;  // the body was read as sent: the connection goes on
  }
  EXPECT_EQ(c.roundtrip(post("/decode", "[1]")).body(), "[1]");
}

TEST_F(Compression, TruncatedAndCorruptStreamsAre400) {
  const std::string plain = document(5'000);
  for (const std::string coding : {"gzip", "deflate", "zstd"}) {
    const std::string coded = encode_with(coding, plain);
    for (const std::size_t keep : {std::size_t{0}, std::size_t{1}, coded.size() / 2, coded.size() - 1}) {
      client c(server_->port());
      const response r = c.roundtrip(coded_post("/decode", coded.substr(0, keep), coding));
      expect_error(r, 400, "bad_encoding");
      EXPECT_NE(r.body().find("truncated"), std::string::npos) << coding << " " << keep << ": " << r.body();
      if (keep > 0) {  // stopped while reading the body: the connection closes
        EXPECT_FALSE(r.keep_alive());
        EXPECT_TRUE(c.closed_by_peer());
      }
    }
    std::string corrupt = coded;
    corrupt[corrupt.size() / 2] ^= 0x55;
    corrupt[corrupt.size() / 2 + 1] ^= 0x55;
    client c(server_->port());
    expect_error(c.roundtrip(coded_post("/decode", corrupt, coding)), 400, "bad_encoding");
    client g(server_->port());
    expect_error(g.roundtrip(coded_post("/decode", plain, coding)), 400, "bad_encoding");  // not coded at all
  }
  // Raw deflate (RFC 1951 without the zlib wrapper HTTP's "deflate" means).
  const std::string raw = python("import sys,zlib; c=zlib.compressobj(6, zlib.DEFLATED, -15); "
                                 "sys.stdout.buffer.write(c.compress(sys.stdin.buffer.read()) + c.flush())",
                                 plain);
  client c(server_->port());
  expect_error(c.roundtrip(coded_post("/decode", raw, "deflate")), 400, "bad_encoding");
}

// 10 MiB that decode to 10 GiB, each kind; ujsond's peak resident memory (VmHWM) must stay
// under 2 x --max-body + 50 MB, and each 413 must come in well under a second.
TEST_F(Compression, BombsAre413InUnderASecondWithBoundedMemory) {
  // gzip, one member: 1 MiB of zeros after a full flush deflates to the same bytes every
  // time, so 10,240 copies of them are one stream of 10 GiB (its trailer never matters).
  const std::string gzip_bomb = python(
      "import sys,zlib; c=zlib.compressobj(9, zlib.DEFLATED, 31); z=bytes(1<<20); "
      "first=c.compress(z)+c.flush(zlib.Z_FULL_FLUSH); again=c.compress(z)+c.flush(zlib.Z_FULL_FLUSH); "
      "sys.stdout.buffer.write(first + again*10239 + c.flush())");
  // zstd: frames of 1 GiB of zeros, ten of them.
  const std::string zstd_frame = filter("head -c 1073741824 /dev/zero | zstd -q -1 -c", "");
  std::string zstd_bomb;
  for (int i = 0; i < 10; ++i) zstd_bomb += zstd_frame;
  // gzip in gzip: the bomb above, compressed again (to some 30 KiB).
  const std::string nested = python(py_gzip, gzip_bomb);
  ASSERT_GT(gzip_bomb.size(), 5u << 20);

  server s({"--max-body", "16MiB"});
  struct bomb {
    const char* coding;
    const std::string& body;
  };
  for (const bomb& b : {bomb{"gzip", gzip_bomb}, bomb{"zstd", zstd_bomb}, bomb{"gzip, gzip", nested}}) {
    client c(s.port());
    const auto start = std::chrono::steady_clock::now();
    const response r = c.roundtrip(coded_post("/decode", b.body, b.coding));
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    expect_error(r, 413, "body_too_large");
    EXPECT_FALSE(r.keep_alive());
    EXPECT_LT(seconds, sanitized() ? 5.0 : 1.0) << b.coding;
    std::printf("%s bomb (%zu bytes): 413 in %.3f s\n", b.coding, b.body.size(), seconds);
  }
  const long long peak_kib = [&] {
    std::ifstream in("/proc/" + std::to_string(s.pid()) + "/status");
    for (std::string line; std::getline(in, line);) {
      if (line.rfind("VmHWM:", 0) == 0) return std::atoll(line.c_str() + 6);
    }
    return -1LL;
  }();
  std::printf("ujsond's peak resident memory: %lld KiB\n", peak_kib);
  ASSERT_GT(peak_kib, 0);
  if (!sanitized()) {  // ASan's shadow and quarantine are not ujsond's
    EXPECT_LT(peak_kib * 1024, 2LL * (16 << 20) + 50'000'000);
  }
  client c(s.port());
  EXPECT_EQ(c.roundtrip(get("/healthz")).result_int(), 200);
}

TEST_F(Compression, CompressedBodyLimitIsWhatIsSent) {
  server s({"--max-body", "64KiB", "--max-compressed-body", "1KiB"});
  std::string plain = "[";
  for (int i = 0; i < 15'000; ++i) plain += "1,";
  plain += "1]";
  const std::string gz = encode_with("gzip", plain);
  ASSERT_LT(gz.size(), 1024u) << "the document must compress under the coded limit";
  client c(s.port());
  EXPECT_EQ(c.roundtrip(coded_post("/validate", gz, "gzip")).result_int(), 200);
  EXPECT_EQ(c.roundtrip(post("/validate", plain)).result_int(), 200);  // identity: --max-body
  const std::string noisy = python("import sys,os; sys.stdout.buffer.write(os.urandom(2000).hex().encode())");
  const std::string noisy_json = "\"" + noisy + "\"";
  client d(s.port());
  expect_error(d.roundtrip(coded_post("/validate", encode_with("gzip", noisy_json), "gzip")), 413, "body_too_large");
  // Decoded past --max-body.
  client e(s.port());
  const std::string large = plain + std::string(40'000, ' ');  // 70 KB, under 1 KiB in zstd
  expect_error(e.roundtrip(coded_post("/validate", encode_with("zstd", large), "zstd")), 413, "body_too_large");
}

// --- Answers -------------------------------------------------------------------------

TEST_F(Compression, AnswersInTheNegotiatedCoding) {
  const std::string plain = document(20'000);
  client c(server_->port());
  const response identity = c.roundtrip(post("/decode", plain));
  EXPECT_EQ(identity[http::field::vary], "Accept-Encoding");
  EXPECT_EQ(identity.count(http::field::content_encoding), 0u);
  struct row {
    const char* accept;
    const char* coding;  // "" for identity
  };
  for (const row& r : {row{"gzip", "gzip"}, row{"deflate", "deflate"}, row{"zstd", "zstd"},
                       row{"gzip, deflate, br, zstd", "zstd"}, row{"gzip;q=0.5, deflate;q=0.8", "deflate"},
                       row{"identity;q=0, gzip", "gzip"}, row{"*", "zstd"}, row{"*;q=0.5, gzip", "gzip"},
                       row{"br", ""}, row{"gzip;q=0", ""}, row{"gzip;q=2", ""}, row{"", ""},
                       row{"identity, gzip;q=0.5", ""}}) {
    request req = post("/decode", plain);
    req.set(http::field::accept_encoding, r.accept);
    const response a = c.roundtrip(req);
    EXPECT_EQ(a.result_int(), 200) << r.accept;
    EXPECT_EQ(a[http::field::vary], "Accept-Encoding") << r.accept;
    EXPECT_EQ(a[http::field::content_encoding], r.coding) << r.accept;
    const std::string body = *r.coding == '\0' ? a.body() : decode_with(r.coding, a.body());
    EXPECT_EQ(body, identity.body()) << r.accept;
  }
}

TEST_F(Compression, SmallAnswersErrorsAnd406) {
  client c(server_->port());
  request small = post("/decode", "[1, 2]");
  small.set(http::field::accept_encoding, "gzip");
  const response s = c.roundtrip(small);
  EXPECT_EQ(s.body(), "[1,2]");
  EXPECT_EQ(s[http::field::vary], "Accept-Encoding");
  EXPECT_EQ(s.count(http::field::content_encoding), 0u);
  // Refusing identity: even a small answer is compressed.
  small.set(http::field::accept_encoding, "identity;q=0, zstd");
  const response z = c.roundtrip(small);
  EXPECT_EQ(z[http::field::content_encoding], "zstd");
  EXPECT_EQ(decode_with("zstd", z.body()), "[1,2]");
  // Nothing acceptable: 406, uncompressed, on every endpoint; the connection goes on.
  for (const char* accept : {"identity;q=0", "*;q=0", "br, identity;q=0"}) {
    request none = post("/validate", "[1]");
    none.set(http::field::accept_encoding, accept);
    const response r = c.roundtrip(none);
    expect_error(r, 406, "not_acceptable");
    EXPECT_EQ(r[http::field::vary], "Accept-Encoding");
    EXPECT_EQ(r.count(http::field::content_encoding), 0u);
    EXPECT_TRUE(r.keep_alive());
    request health = get("/healthz");
    health.set(http::field::accept_encoding, accept);
    EXPECT_EQ(c.roundtrip(health).result_int(), 406) << accept;
  }
  // /metrics (over 1 KiB) as Prometheus asks for it.
  request metrics = get("/metrics");
  metrics.set(http::field::accept_encoding, "gzip");
  const response m = c.roundtrip(metrics);
  EXPECT_EQ(m[http::field::content_encoding], "gzip");
  EXPECT_NE(decode_with("gzip", m.body()).find("ujsond_requests_total"), std::string::npos);
  // The codings counted: this test's zstd answer, and gzip bodies sent by earlier tests.
  const std::string text = decode_with("gzip", m.body());
  EXPECT_NE(text.find("ujsond_response_codings_total{coding=\"zstd\"} "), std::string::npos);
  EXPECT_EQ(text.find("ujsond_response_codings_total{coding=\"zstd\"} 0\n"), std::string::npos);
  EXPECT_NE(text.find("ujsond_request_codings_total{coding=\"gzip\"} "), std::string::npos);
  // A 422 large enough is compressed like any answer.
  request bad = post("/decode", "[\"" + std::string(3000, 'x') + "\", ");
  bad.set(http::field::accept_encoding, "gzip");
  EXPECT_EQ(c.roundtrip(bad).result_int(), 422);
}

TEST_F(Compression, CompressFlags) {
  const std::string plain = document(20'000);
  {
    server off({"--compress-level", "0"});
    client c(off.port());
    request req = post("/decode", plain);
    req.set(http::field::accept_encoding, "gzip, zstd");
    const response r = c.roundtrip(req);
    EXPECT_EQ(r.count(http::field::content_encoding), 0u);
    EXPECT_EQ(r[http::field::vary], "Accept-Encoding");
    req.set(http::field::accept_encoding, "identity;q=0, gzip");
    expect_error(c.roundtrip(req), 406, "not_acceptable");  // compression off: only identity can be sent
  }
  {
    server always({"--compress-min", "0", "--compress-level", "9"});
    client c(always.port());
    request req = post("/decode", "[1]");
    req.set(http::field::accept_encoding, "gzip");
    const response r = c.roundtrip(req);
    EXPECT_EQ(r[http::field::content_encoding], "gzip");
    EXPECT_EQ(decode_with("gzip", r.body()), "[1]");
  }
  EXPECT_EQ(run_ujsond("--compress-level 10").status, 2);
  EXPECT_EQ(run_ujsond("--compress-min lots").status, 2);
  const std::string help = run_ujsond("--help").output;
  for (const char* flag : {"--max-compressed-body", "--compress-level", "--compress-min"}) {
    EXPECT_NE(help.find(flag), std::string::npos) << flag;
  }
}

}  // namespace
