// Start-up and shutdown: flags and environment, --help, usage errors, and the SIGTERM drain.

#include <gtest/gtest.h>

#include <atomic>
#include <cstdio>
#include <memory>
#include <thread>

#include "service_support.hpp"

namespace {

using namespace ujsond_test;

TEST(Flags, HelpListsEveryFlagWithItsVariableAndDefault) {
  const run_result r = run_ujsond("--help");
  EXPECT_EQ(r.status, 0);
  const std::vector<std::pair<std::string, std::string>> flags{
      {"address", "127.0.0.1"}, {"port", "8080"},          {"threads", "0"},        {"max-body", "16MiB"},
      {"max-header", "8KiB"},   {"max-depth", "1024"},     {"max-connections", "10000"},
      {"read-timeout", "30s"},  {"idle-timeout", "60s"},   {"drain-timeout", "10s"}, {"access-log", "true"}};
  for (const auto& [flag, def] : flags) {
    std::string env = "UJSOND_" + flag;
    for (char& c : env) c = c == '-' ? '_' : static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    EXPECT_NE(r.output.find("--" + flag + " "), std::string::npos) << flag;
    EXPECT_NE(r.output.find("env " + env + ", default " + def + "\n"), std::string::npos) << flag << "\n" << r.output;
  }
}

TEST(Flags, BadFlagsExit2WithUsage) {
  for (const char* args : {"--bogus", "--port 70000", "--threads x", "--max-body 1Q", "--read-timeout forever",
                           "--access-log=maybe", "stray", "--port"}) {
    SCOPED_TRACE(args);
    const run_result r = run_ujsond(args);
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.output.find("usage: ujsond"), std::string::npos);
  }
  const run_result env = run_ujsond("--version");
  EXPECT_EQ(env.status, 0);
  EXPECT_EQ(env.output.rfind("ujsond ", 0), 0u);
}

TEST(Flags, EnvironmentConfiguresAndFlagsWin) {
  const std::string env_bad = std::string("UJSOND_MAX_DEPTH=zero ") + UJSOND_BIN + " 2>&1";
  FILE* p = popen(env_bad.c_str(), "r");
  char buf[256];
  while (fgets(buf, sizeof buf, p) != nullptr) {
  }
  const int status = pclose(p);
  EXPECT_EQ(WEXITSTATUS(status), 2);

  server s({}, {"UJSOND_MAX_BODY=100", "UJSOND_ACCESS_LOG=false"});
  client c(s.port());
  EXPECT_EQ(c.roundtrip(post("/validate", "[" + std::string(200, ' ') + "]")).result_int(), 413);
  EXPECT_EQ(s.log().find("\"target\""), std::string::npos);  // access log off by environment

  server t({"--max-body", "1KiB"}, {"UJSOND_MAX_BODY=100"});
  client d(t.port());
  EXPECT_EQ(d.roundtrip(post("/validate", "[" + std::string(200, ' ') + "]")).result_int(), 200);
}

// --help prints `--name VALUE`; `--name=VALUE` works too, for every flag.
TEST(Flags, EveryValueFlagTakesBothSpellings) {
  const std::vector<std::pair<std::string, std::string>> flags{
      {"threads", "3"},           {"max-body", "100"},       {"max-header", "4KiB"},   {"max-depth", "50"},
      {"max-connections", "500"}, {"read-timeout", "5s"},    {"idle-timeout", "5s"},   {"drain-timeout", "1s"},
      {"access-log", "false"},    {"address", "127.0.0.1"}};
  for (const auto& [flag, value] : flags) {
    for (const bool joined : {false, true}) {
      SCOPED_TRACE(flag + (joined ? "=" : " ") + value);
      std::vector<std::string> args;
      if (joined) {
        args.push_back("--" + flag + "=" + value);
      } else {
        args.push_back("--" + flag);
        args.push_back(value);
      }
      server s(args);
      client c(s.port());
      const response r = c.roundtrip(post("/validate", "[" + std::string(200, ' ') + "]"));
      EXPECT_EQ(r.result_int(), flag == "max-body" ? 413 : 200);
      if (flag == "threads") {
        EXPECT_NE(s.log().find("\"threads\":3,"), std::string::npos) << s.log();
      }
      if (flag == "access-log") {
        EXPECT_EQ(s.log().find("\"target\""), std::string::npos) << s.log();
      }
    }
  }
  // A bare switch still means true, and a following non-boolean is not taken as its value.
  server on({"--access-log", "--drain-timeout", "1s"});
  client c(on.port());
  EXPECT_EQ(c.roundtrip(get("/healthz")).result_int(), 200);
  EXPECT_NE(on.log_with("\"target\"").find("\"target\""), std::string::npos);
}

TEST(Flags, CannotListenExits1) {
  server s;
  const run_result r = run_ujsond("--port " + std::to_string(s.port()));
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.output.find("cannot listen"), std::string::npos) << r.output;
}

TEST(Drain, IdleServerExitsZeroOnSigterm) {
  server s;
  s.signal(SIGTERM);
  EXPECT_EQ(s.wait(), 0);
  const std::string log = s.log();
  EXPECT_NE(log.find("\"msg\":\"draining\""), std::string::npos);
  EXPECT_NE(log.find("\"msg\":\"stopped\""), std::string::npos);
}

TEST(Drain, HealthzTurns503AndTheConnectionCloses) {
  server s({"--drain-timeout", "5s"});
  client c(s.port());
  EXPECT_EQ(c.roundtrip(get("/healthz")).result_int(), 200);
  s.signal(SIGINT);
  response r;
  for (int i = 0; i < 100; ++i) {  // until the signal has been handled (at once, unless the machine is busy)
    std::this_thread::sleep_for(50ms);
    r = c.roundtrip(get("/healthz"));
    if (r.result_int() != 200) break;
  }
  EXPECT_EQ(r.result_int(), 503);
  EXPECT_NE(r.body().find("shutting_down"), std::string::npos);
  EXPECT_FALSE(r.keep_alive());
  EXPECT_TRUE(c.closed_by_peer());
  EXPECT_EQ(s.wait(), 0);
}

TEST(Drain, SigtermUnderLoadLosesNoRequestWhoseBodyWasSent) {
  server s({"--access-log=false", "--drain-timeout", "5s"});
  constexpr int clients = 8;
  std::atomic<bool> go{true};
  std::atomic<int> answered{0};
  std::vector<std::string> failures(clients);
  std::vector<std::thread> threads;
  for (int t = 0; t < clients; ++t) {
    threads.emplace_back([&, t] {
      try {
        client c(s.port());
        for (int i = 0;; ++i) {
          const std::string body = "[" + std::to_string(t) + "," + std::to_string(i) + ",\"" + std::string(i % 200, 'x') + "\"]";
          // Half the clients also pipeline a second request behind the first.
          const bool two = t % 2 == 1;
          std::string wire = to_wire(post("/decode", body));
          if (two) wire += to_wire(post("/decode", body));
          c.write_raw(wire);  // once this returns, the whole body is sent: it must be answered
          for (int k = 0; k < (two ? 2 : 1); ++k) {
            const response r = c.read();
            if (r.result_int() != 200 || r.body() != body) {
              failures[t] = "bad answer " + std::to_string(r.result_int()) + " " + r.body();
              return;
            }
            ++answered;
            if (!r.keep_alive()) {  // the server announced the close: send nothing more
              if (k + 1 < (two ? 2 : 1)) failures[t] = "closed with a request unanswered";
              return;
            }
          }
          if (!go && i > 100000) return;
        }
      } catch (const std::exception& e) {
        failures[t] = e.what();
      }
    });
  }
  std::this_thread::sleep_for(400ms);
  const int before = answered.load();
  s.signal(SIGTERM);
  go = false;
  for (auto& th : threads) th.join();
  EXPECT_EQ(s.wait(), 0);
  for (int t = 0; t < clients; ++t) EXPECT_EQ(failures[t], "") << "client " << t;
  EXPECT_GT(before, 20);  // it was under load
  EXPECT_THROW(client late(s.port()), std::exception);  // nothing listens any more
}

}  // namespace
