// ujsond's log over real sockets: every answered request has its line after SIGTERM, lines
// from concurrent connections never mix, hostile request targets still give valid JSON
// lines, event lines are JSON with typed fields, --access-log false writes no request
// lines, and a log reader that stops reading costs lines (counted and told of), never
// answers or the shutdown.

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <atomic>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "service_support.hpp"
#include "ujson/dom.hpp"

namespace {

using namespace ujsond_test;

// One log line, parsed by the codec (a failure to parse fails the test).
struct log_line {
  std::string text;
  ujson::document doc;
  explicit log_line(std::string t) : text(std::move(t)) {
    const ujson::error e = doc.parse(text);
    EXPECT_EQ(e.code, ujson::errc::ok) << "not JSON: " << text;
    EXPECT_TRUE(doc.root().is_object()) << text;
  }
  bool is_access() const { return doc.root().find("target") != nullptr; }
  std::string_view str(std::string_view key) const { return doc.root()[key].as_string(); }
  std::int64_t num(std::string_view key) const { return doc.root()[key].as_int64(); }
};

// Every line of a log, each parsed; the text must end with a newline (no cut line).
std::vector<std::unique_ptr<log_line>> parse_log(const std::string& text) {
  std::vector<std::unique_ptr<log_line>> lines;
  EXPECT_TRUE(text.empty() || text.back() == '\n') << "the log ends inside a line";
  std::size_t at = 0;
  for (std::size_t nl; (nl = text.find('\n', at)) != std::string::npos; at = nl + 1) {
    lines.push_back(std::make_unique<log_line>(text.substr(at, nl - at)));
  }
  return lines;
}

std::size_t count_access(const std::vector<std::unique_ptr<log_line>>& lines) {
  std::size_t n = 0;
  for (const auto& l : lines) n += l->is_access() ? 1 : 0;
  return n;
}

// 2,000 answers, then SIGTERM while the clients go on sending: the answers of the drain
// are logged after the "draining" line, in the last moments of the process.
TEST(Log, EveryAnsweredRequestHasItsLineAfterSigterm) {
  server s({"--max-depth", "100000", "--drain-timeout", "1s"});
  constexpr int connections = 4, per_connection = 25000;
  std::atomic<int> answered{0};
  std::vector<std::vector<std::string>> targets(connections);
  std::vector<std::thread> threads;
  for (int t = 0; t < connections; ++t) {
    threads.emplace_back([&, t] {
      client c(s.port());
      // Each request's own target, so that every line can be matched to its request.
      for (int i = 1; i < per_connection; ++i) {
        const std::string target = "/validate?max_depth=" + std::to_string(t * per_connection + i);
        response r;
        try {
          r = c.roundtrip(post(target, "[1]"));
        } catch (const std::exception&) {
          return;  // closed by the drain before this request was read: not answered
        }
        if (r.result_int() != 200) return;
        targets[t].push_back(target);
        ++answered;
        if (!r.keep_alive()) return;  // the drain's last answer on this connection
      }
    });
  }
  while (answered < 2000) std::this_thread::sleep_for(1ms);
  s.signal(SIGTERM);
  for (auto& t : threads) t.join();
  ASSERT_EQ(s.wait(), 0);
  const auto lines = parse_log(s.log());
  std::multiset<std::string> logged;
  for (const auto& l : lines) {
    if (!l->is_access()) continue;
    EXPECT_EQ(l->num("status"), 200) << l->text;
    EXPECT_EQ(l->str("method"), "POST");
    logged.insert(std::string(l->str("target")));
  }
  EXPECT_EQ(logged.size(), static_cast<std::size_t>(answered.load()));
  for (const auto& mine : targets) {
    for (const std::string& target : mine) ASSERT_EQ(logged.count(target), 1u) << "no line, or two, for " << target;
  }
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines.back()->str("msg"), "stopped") << "a line written after the last one";
}

TEST(Log, LinesOfConcurrentConnectionsNeverMix) {
  server s({"--threads", "2"});
  constexpr int connections = 8, per_connection = 250;
  std::vector<std::thread> threads;
  for (int t = 0; t < connections; ++t) {
    threads.emplace_back([&, t] {
      client c(s.port());
      for (int i = 0; i < per_connection; ++i) {
        // Long lines (up to 3 KiB of target), so that a mixed or cut line cannot go unseen.
        const std::string target = "/c" + std::to_string(t) + "/" + std::to_string(i) + "/" + std::string(i * 12, 'x');
        c.roundtrip(get(target));  // 404: logged like any other answer
      }
    });
  }
  for (auto& t : threads) t.join();
  s.signal(SIGTERM);
  ASSERT_EQ(s.wait(), 0);
  const auto lines = parse_log(s.log());
  std::map<std::string, int> seen;
  for (const auto& l : lines) {
    if (l->is_access()) ++seen[std::string(l->str("target"))];
  }
  EXPECT_EQ(count_access(lines), static_cast<std::size_t>(connections * per_connection));
  for (int t = 0; t < connections; ++t) {
    for (int i = 0; i < per_connection; ++i) {
      const std::string target = "/c" + std::to_string(t) + "/" + std::to_string(i) + "/" + std::string(i * 12, 'x');
      ASSERT_EQ(seen[target], 1) << target.substr(0, 20);
    }
  }
}

// Sends raw bytes as one request and reads the answer's status (0 when none).
int raw_request(unsigned short port, const std::string& wire) {
  client c(port);
  c.write_raw(wire);
  try {
    return static_cast<int>(c.read(5s).result_int());
  } catch (const std::exception&) {
    return 0;
  }
}

TEST(Log, HostileRequestTargetsGiveValidJsonLines) {
  server s;
  // Targets Beast lets through: bytes that are not UTF-8 become %XX, the rest is escaped.
  const std::vector<std::pair<std::string, std::string>> passed{
      {"/a\xff" "b", "/a%FFb"},
      {"/q\"uote\\back", "/q\"uote\\back"},
      {"/cut\xc3", "/cut%C3"},
      {"/\xc0\xaf\xed\xa0\x80", "/%C0%AF%ED%A0%80"},
      {"/caf\xc3\xa9/\xf0\x9f\x98\x80", "/caf\xc3\xa9/\xf0\x9f\x98\x80"},
      {"/mix\"\xfe\\", "/mix\"%FE\\"},
  };
  for (const auto& [target, logged] : passed) {
    EXPECT_EQ(raw_request(s.port(), "GET " + target + " HTTP/1.1\r\nHost: x\r\n\r\n"), 404) << logged;
  }
  // Control bytes in the target, and a method that is not a token: Beast refuses the
  // request line (400, method and target unknown), and the line is still valid JSON.
  for (const std::string& line : {std::string("GET /a\x01\x1f" "b HTTP/1.1"), std::string("GET /a\x7f HTTP/1.1"),
                                  std::string("G\xff\"T /x HTTP/1.1"), std::string("GET /a\tb HTTP/1.1")}) {
    EXPECT_EQ(raw_request(s.port(), line + "\r\nHost: x\r\n\r\n"), 400);
  }
  s.signal(SIGTERM);
  ASSERT_EQ(s.wait(), 0);
  const auto lines = parse_log(s.log());
  std::multiset<std::string> targets;
  for (const auto& l : lines) {
    if (l->is_access()) targets.insert(std::string(l->str("target")));
  }
  for (const auto& [target, logged] : passed) EXPECT_EQ(targets.count(logged), 1u) << logged;
  EXPECT_EQ(targets.count("-"), 4u);
  EXPECT_EQ(targets.size(), passed.size() + 4);
}

TEST(Log, EventLinesAreJsonWithTypedFields) {
  server s({"--threads", "3"});
  s.signal(SIGTERM);
  ASSERT_EQ(s.wait(), 0);
  const auto lines = parse_log(s.log());
  std::map<std::string, const log_line*> by_msg;
  for (const auto& l : lines) {
    EXPECT_TRUE(std::regex_match(std::string(l->str("ts")), std::regex(R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)")));
    EXPECT_EQ(l->str("level"), "info") << l->text;
    by_msg[std::string(l->str("msg"))] = l.get();
  }
  ASSERT_EQ(by_msg.size(), 3u) << s.log();
  const log_line& listening = *by_msg.at("listening");
  EXPECT_EQ(listening.str("address"), "127.0.0.1");
  EXPECT_EQ(listening.num("port"), s.port());
  EXPECT_EQ(listening.num("threads"), 3);
  EXPECT_EQ(listening.str("threads_from"), "--threads");
  EXPECT_FALSE(listening.str("version").empty());
  EXPECT_EQ(by_msg.at("draining")->num("signal"), SIGTERM);
  EXPECT_EQ(by_msg.at("stopped")->num("connections_left"), 0);
}

TEST(Log, CannotListenIsAValidJsonLine) {
  server first;
  const run_result second = run_ujsond("--port " + std::to_string(first.port()));
  EXPECT_EQ(second.status, 1);
  const auto lines = parse_log(second.output);
  ASSERT_EQ(lines.size(), 1u) << second.output;
  EXPECT_EQ(lines[0]->str("level"), "error");
  EXPECT_EQ(lines[0]->str("msg"), "cannot listen");
  EXPECT_EQ(lines[0]->num("port"), first.port());
  EXPECT_FALSE(lines[0]->str("error").empty());  // the system's message, as a JSON string
}

TEST(Log, AccessLogFalseWritesNoRequestLines) {
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"--access-log", "false"}, std::vector<std::string>{"--access-log=false"},
        std::vector<std::string>{"--no-access-log"}}) {
    SCOPED_TRACE(args.front());
    server s(args);
    {
      client c(s.port());
      for (int i = 0; i < 20; ++i) EXPECT_EQ(c.roundtrip(get("/healthz")).result_int(), 200);
    }
    s.signal(SIGTERM);
    ASSERT_EQ(s.wait(), 0);  // the log is complete only once the process is gone
    const auto lines = parse_log(s.log());
    EXPECT_EQ(count_access(lines), 0u) << s.log();
    EXPECT_EQ(lines.size(), 3u) << s.log();  // listening, draining, stopped
  }
}

// ujsond with its stderr on a pipe this test reads only when it wants to.
class piped_server {
 public:
  explicit piped_server(std::vector<std::string> args) {
    int fds[2];
    if (pipe(fds) != 0) throw std::runtime_error("pipe");
    fcntl(fds[0], F_SETFD, FD_CLOEXEC);  // the child keeps only the writing end
    pid_ = spawn_ujsond(args, {}, fds[1]);
    close(fds[1]);
    fd_ = fds[0];
    const auto deadline = std::chrono::steady_clock::now() + 30s;
    while ((port_ = listening_port(text_)) == 0) {
      if (std::chrono::steady_clock::now() > deadline || !read_some(100ms)) {
        throw std::runtime_error("ujsond did not start: " + text_);
      }
    }
  }
  ~piped_server() {
    if (pid_ > 0) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
    close(fd_);
  }
  unsigned short port() const { return port_; }
  void signal(int sig) const { kill(pid_, sig); }
  // Waits up to `limit` for the process to end without reading; its exit status, or -1.
  int wait(std::chrono::milliseconds limit) { return wait_exit(pid_, limit); }
  // Reads what the pipe holds, waiting up to `limit` for the first byte; false at its end.
  bool read_some(std::chrono::milliseconds limit) {
    pollfd p{fd_, POLLIN, 0};
    if (poll(&p, 1, static_cast<int>(limit.count())) <= 0) return true;
    char buf[1 << 16];
    const ssize_t n = read(fd_, buf, sizeof buf);
    if (n <= 0) return false;
    text_.append(buf, static_cast<std::size_t>(n));
    return true;
  }
  // Reads to the end of the output (the process has exited), then its exit status.
  int read_to_exit() {
    while (read_some(30s)) {
    }
    int status = 0;
    waitpid(pid_, &status, 0);
    pid_ = -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }
  const std::string& text() const { return text_; }

 private:
  pid_t pid_ = -1;
  int fd_ = -1;
  unsigned short port_ = 0;
  std::string text_;
};

std::uint64_t dropped_metric(unsigned short port) {
  client c(port);
  const response m = c.roundtrip(get("/metrics"));
  std::smatch match;
  const std::string body = m.body();
  if (!std::regex_search(body, match, std::regex(R"(\nujsond_log_lines_dropped_total (\d+)\n)"))) {
    ADD_FAILURE() << "no dropped-lines counter in /metrics";
    return 0;
  }
  return std::stoull(match[1]);
}

TEST(Log, AStuckLogReaderCostsLinesThatAreCountedAndToldOf) {
  piped_server s({"--max-header", "16KiB"});
  // The test stops reading: the pipe (64 KiB) and then the log's buffer (4 MiB) fill with
  // lines of 8 KiB targets, and the service must go on answering at full speed.
  client c(s.port());
  const std::string long_target = "/" + std::string(8000, 'p');
  int answered = 0;
  std::uint64_t dropped = 0;
  const auto start = std::chrono::steady_clock::now();
  for (int round = 0; round < 40 && dropped == 0; ++round) {
    for (int i = 0; i < 50; ++i) {
      ASSERT_EQ(c.roundtrip(get(long_target)).result_int(), 404);
      ++answered;
    }
    dropped = dropped_metric(s.port());
    ++answered;  // the /metrics request is answered and logged too
  }
  EXPECT_LT(std::chrono::steady_clock::now() - start, 60s);
  ASSERT_GT(dropped, 0u) << "no line dropped after " << answered << " answers of 8 KiB lines";
  c.close();
  // The reader comes back: every answered request has its line, or is counted in a note.
  // (It reads until the log has caught up before the SIGTERM, so that the drain's own
  // line is not among the dropped.)
  for (std::size_t seen = 0; seen != s.text().size() || seen == 0;) {
    seen = s.text().size();
    s.read_some(500ms);
  }
  s.signal(SIGTERM);
  ASSERT_EQ(s.read_to_exit(), 0);
  const auto lines = parse_log(s.text());
  std::uint64_t told = 0;
  for (const auto& l : lines) {
    if (l->str("msg").starts_with("log lines dropped")) {
      EXPECT_EQ(l->str("level"), "warning");
      told += static_cast<std::uint64_t>(l->num("lines"));
    }
  }
  EXPECT_GE(told, dropped);
  EXPECT_EQ(count_access(lines) + told, static_cast<std::uint64_t>(answered)) << "a line lost without a word";
}

TEST(Log, AStuckLogDoesNotHoldUpTheShutdown) {
  piped_server s({"--max-header", "16KiB", "--drain-timeout", "1s"});
  client c(s.port());
  const std::string long_target = "/" + std::string(8000, 'p');
  for (int i = 0; i < 100; ++i) ASSERT_EQ(c.roundtrip(get(long_target)).result_int(), 404);  // over 64 KiB
  c.close();
  const auto start = std::chrono::steady_clock::now();
  s.signal(SIGTERM);
  // Nobody reads: the log gives up on its last lines after two seconds and ujsond exits.
  EXPECT_EQ(s.wait(15s), 0);
  EXPECT_LT(std::chrono::steady_clock::now() - start, 10s);
}

}  // namespace
