// The service's log lines without sockets: the mapping of bytes that are not UTF-8, the
// lines the formatter writes (read back with the codec's DOM), the timestamp, and an
// access record's way through a sink to its line.

#include <fcntl.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <regex>
#include <string>
#include <thread>
#include <vector>

#include "access_log.hpp"
#include "log_format.hpp"
#include "log_sink.hpp"
#include "log_text.hpp"
#include "service_support.hpp"
#include "ujson/detail/utf8.hpp"
#include "ujson/dom.hpp"
#include "utc_stamp.hpp"

namespace {

using namespace std::chrono_literals;
using namespace ujsond;

// --- loggable_text ------------------------------------------------------------------

TEST(LoggableText, ValidUtf8PassesWithoutACopy) {
  std::string scratch;
  for (const std::string_view s : {std::string_view(""), std::string_view("/validate?max_depth=3"),
                                   std::string_view("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80"),
                                   std::string_view("\"\\\x01\x1f\x7f", 5)}) {
    const std::string_view out = loggable_text(s, scratch);
    EXPECT_EQ(out.data(), s.data());
    EXPECT_EQ(out.size(), s.size());
  }
}

TEST(LoggableText, EachByteOutsideValidUtf8BecomesPercentHex) {
  const std::vector<std::pair<std::string, std::string>> cases{
      {"/a\xff" "b", "/a%FFb"},
      {"\x80", "%80"},                                   // a stray continuation byte
      {"/x\xc3", "/x%C3"},                               // cut at the end
      {"\xc3(", "%C3("},                                 // a lead byte without its continuation
      {"\xe2\x82x", "%E2%82x"},                          // a cut 3-byte sequence, byte by byte
      {"\xc0\xaf", "%C0%AF"},                            // overlong '/'
      {"\xed\xa0\x80", "%ED%A0%80"},                     // an encoded surrogate
      {"\xf4\x90\x80\x80", "%F4%90%80%80"},              // above U+10FFFF
      {"\xf5\xfe", "%F5%FE"},                            // never in UTF-8
      {"caf\xc3\xa9\xff" "caf\xc3\xa9", "caf\xc3\xa9%FFcaf\xc3\xa9"},  // valid text around it stays
      {std::string("\"\\\x01\xff", 4), std::string("\"\\\x01%FF", 6)},  // the writer escapes the rest
  };
  std::string scratch;
  for (const auto& [in, want] : cases) {
    SCOPED_TRACE(want);
    const std::string_view out = loggable_text(in, scratch);
    EXPECT_EQ(out, want);
    EXPECT_TRUE(ujson::detail::utf8_valid(out.data(), out.size()));
  }
}

// --- log_formatter ------------------------------------------------------------------

// A line parsed by the codec: one object, on one line.
struct parsed {
  std::string text;
  ujson::document doc;
  explicit parsed(std::string_view line) : text(line) {
    EXPECT_EQ(text.find('\n'), std::string::npos) << text;
    const ujson::error e = doc.parse(text);
    EXPECT_EQ(e.code, ujson::errc::ok) << text;
    EXPECT_TRUE(doc.root().is_object()) << text;
  }
  const ujson::value& operator[](std::string_view key) const { return doc.root()[key]; }
};

TEST(LogFormatter, AccessLineHasEveryFieldTyped) {
  log_formatter f;
  access_entry e;
  e.remote = "127.0.0.1:50312";
  e.method = "POST";
  e.target = "/validate?max_depth=3";
  e.status = 422;
  e.error_code = "unexpected_end";
  e.bytes_in = 9367;
  e.bytes_out = std::numeric_limits<std::uint64_t>::max();
  e.seconds = 0.0000974;
  const parsed line(f.access(e));
  EXPECT_EQ(line.text.rfind(R"({"ts":")", 0), 0u) << line.text;
  EXPECT_TRUE(std::regex_match(std::string(line["ts"].as_string()),
                               std::regex(R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)")));
  EXPECT_EQ(line["remote"].as_string(), "127.0.0.1:50312");
  EXPECT_EQ(line["method"].as_string(), "POST");
  EXPECT_EQ(line["target"].as_string(), "/validate?max_depth=3");
  EXPECT_EQ(line["status"].as_int64(), 422);
  EXPECT_EQ(line["bytes_in"].as_int64(), 9367);
  EXPECT_EQ(line["bytes_out"].as_uint64(), std::numeric_limits<std::uint64_t>::max());
  EXPECT_NE(line.text.find(R"("ms":0.097,)"), std::string::npos) << line.text;  // to the microsecond
  EXPECT_EQ(line["code"].as_string(), "unexpected_end");

  e.error_code = {};
  e.seconds = 1.5;
  const parsed ok(f.access(e));
  EXPECT_EQ(ok.doc.root().find("code"), nullptr) << ok.text;  // no code on success
  EXPECT_EQ(ok["ms"].as_double(), 1500.0);
}

TEST(LogFormatter, ClientBytesStayInsideTheirString) {
  std::string target = "/a\"b\\c";
  for (int c = 0; c < 0x20; ++c) target += static_cast<char>(c);
  target += "\x7f" "\xff" "\xc3" "caf\xc3\xa9";
  std::string expected = "/a\"b\\c";
  for (int c = 0; c < 0x20; ++c) expected += static_cast<char>(c);
  expected += "\x7f" "%FF%C3" "caf\xc3\xa9";
  log_formatter f;
  access_entry e;
  e.remote = "[::1]:1";
  e.method = "G\"ET\\";
  e.target = target;
  const parsed line(f.access(e));
  EXPECT_EQ(line["target"].as_string(), expected) << line.text;
  EXPECT_EQ(line["method"].as_string(), "G\"ET\\");
  EXPECT_EQ(line.doc.root().size(), 8u) << line.text;  // nothing leaked into a field of its own
}

TEST(LogFormatter, EventFieldsAreStringsAndNumbersNeverJson) {
  log_formatter f;
  const std::string message = "bind: \"address\" in use\n";  // as an OS message could read
  const parsed line(f.event(log_level::warning, "accept failed",
                            {{"error", message},
                             {"port", static_cast<unsigned short>(8080)},
                             {"signal", -15},
                             {"left", std::numeric_limits<std::uint64_t>::max()},
                             {"injected", R"(","level":"info)"},
                             {"bytes", std::string("\xff\x00", 2)}}));
  EXPECT_EQ(line["level"].as_string(), "warning");
  EXPECT_EQ(line["msg"].as_string(), "accept failed");
  EXPECT_EQ(line["error"].as_string(), message);
  EXPECT_EQ(line["port"].as_int64(), 8080);
  EXPECT_EQ(line["signal"].as_int64(), -15);
  EXPECT_EQ(line["left"].as_uint64(), std::numeric_limits<std::uint64_t>::max());
  EXPECT_EQ(line["injected"].as_string(), R"(","level":"info)");
  EXPECT_EQ(line["bytes"].as_string(), std::string("%FF\0", 4));
  EXPECT_EQ(line.doc.root().size(), 9u) << line.text;
  EXPECT_EQ(line.text.find("\"level\":\"info\""), std::string::npos) << line.text;
}

TEST(LogFormatter, ALineTheWriterRefusesBecomesALineThatSaysSo) {
  log_formatter f;
  access_entry e;
  e.target = "/x";
  e.seconds = std::numeric_limits<double>::quiet_NaN();  // not a JSON number
  const parsed line(f.access(e));
  EXPECT_EQ(line["level"].as_string(), "error");
  EXPECT_EQ(line["msg"].as_string(), "log line not written");
  EXPECT_EQ(line["error"].as_string(), "nan_or_infinity");
}

// --- utc_stamp ----------------------------------------------------------------------

std::chrono::system_clock::time_point at_ms(std::int64_t ms) {
  return std::chrono::system_clock::time_point(std::chrono::milliseconds(ms));
}

TEST(UtcStamp, UtcWithMillisecondsAcrossSeconds) {
  utc_stamp s;
  EXPECT_EQ(s.format(at_ms(0)), "1970-01-01T00:00:00.000Z");
  EXPECT_EQ(s.format(at_ms(1709251199999)), "2024-02-29T23:59:59.999Z");  // leap day, last ms
  EXPECT_EQ(s.format(at_ms(1709251199007)), "2024-02-29T23:59:59.007Z");  // same second: ms only
  EXPECT_EQ(s.format(at_ms(1709251200000)), "2024-03-01T00:00:00.000Z");  // the next second
  EXPECT_EQ(s.format(at_ms(-1)), "1969-12-31T23:59:59.999Z");              // a clock set before 1970
}

TEST(UtcStamp, FollowsTheWallClock) {
  // The stamp is the steady clock plus an offset read once a second, so it may trail a
  // step of the wall clock (a VM's clock being corrected: CI once saw 3 ms) by up to a
  // second's worth of drift. The slack allows that; a wrong offset, unit or time zone is
  // off by far more.
  constexpr auto slack = 250ms;
  utc_stamp s;
  utc_stamp reference;
  for (int i = 0; i < 3; ++i) {
    const std::string before(reference.format(std::chrono::system_clock::now() - slack));
    const std::string stamp(s.now());
    const std::string after(reference.format(std::chrono::system_clock::now() + slack));
    EXPECT_LE(before, stamp);  // the text sorts as the time
    EXPECT_LE(stamp, after);
    std::this_thread::sleep_for(600ms);  // past the second: the offset is read again
  }
}

TEST(UtcStamp, AMomentThatHasPassedGetsItsOwnTime) {
  // The log thread formats a line some time after its request was answered. The slack is
  // for a descheduled test thread; it is far below the 1.5 s that telling "then" from "now"
  // is about.
  constexpr auto slack = 100ms;
  utc_stamp s, reference;
  const auto steady_then = std::chrono::steady_clock::now() - 1500ms;
  const auto wall_then = std::chrono::system_clock::now() - 1500ms;
  const std::string stamp(s.at(steady_then));
  EXPECT_GE(stamp, std::string(reference.format(wall_then - slack)));
  EXPECT_LE(stamp, std::string(reference.format(wall_then + slack)));
}

// --- access_log ---------------------------------------------------------------------

TEST(AccessLog, RecordsBecomeJsonLinesOnTheLogThread) {
  char path[] = "/tmp/ujsond-log-XXXXXX";
  const int fd = mkstemp(path);
  ASSERT_GE(fd, 0);
  log_sink::settings settings = service_log_settings();
  settings.fd = fd;
  {
    log_sink sink(std::move(settings));
    access_entry e;
    e.remote = "10.0.0.1:9";
    e.method = "POST";
    e.target = "/a\"\xff";
    e.status = 200;
    e.bytes_in = 7;
    e.bytes_out = 14;
    e.seconds = 0.0125;
    e.at = std::chrono::steady_clock::now();
    EXPECT_TRUE(log_access(sink, e));
    log_event(sink, log_level::info, "done", {{"n", 1}});
  }  // stop(): written
  close(fd);
  const std::string text = ujsond_test::read_all(path);
  unlink(path);
  const std::size_t nl = text.find('\n');
  ASSERT_NE(nl, std::string::npos) << text;
  ASSERT_EQ(text.find('\n', nl + 1), text.size() - 1) << text;  // two lines, whole
  const parsed access(std::string_view(text).substr(0, nl));
  EXPECT_EQ(access["remote"].as_string(), "10.0.0.1:9");
  EXPECT_EQ(access["method"].as_string(), "POST");
  EXPECT_EQ(access["target"].as_string(), "/a\"%FF");
  EXPECT_EQ(access["status"].as_int64(), 200);
  EXPECT_EQ(access["bytes_in"].as_int64(), 7);
  EXPECT_EQ(access["bytes_out"].as_int64(), 14);
  EXPECT_EQ(access["ms"].as_double(), 12.5);
  EXPECT_EQ(access.doc.root().find("code"), nullptr);
  const parsed event(std::string_view(text).substr(nl + 1, text.size() - nl - 2));
  EXPECT_EQ(event["msg"].as_string(), "done");
  EXPECT_EQ(event["n"].as_int64(), 1);
}

}  // namespace
