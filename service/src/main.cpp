// ujsond: the HTTP/1.1 JSON service. Reads its configuration (config.cpp), listens
// (listener.cpp), serves each connection (session.cpp) with ujson::proto's handler, and on
// SIGTERM/SIGINT drains: stop accepting, answer every request already received, exit 0.

#include <sys/resource.h>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/address.hpp>
#include <boost/asio/signal_set.hpp>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "access_log.hpp"
#include "config.hpp"
#include "listener.hpp"
#include "probe.hpp"
#include "server_state.hpp"
#include "ujson/version.hpp"

namespace net = boost::asio;
using tcp = net::ip::tcp;

namespace {

using level = ujsond::log_level;

int usage_error(const std::string& problem) {
  std::fprintf(stderr, "ujsond: %s\n%s", problem.c_str(), ujsond::usage_text().c_str());
  return 2;
}

// The main thread waits here for the first signal, then for the sessions to finish.
struct shutdown_gate {
  std::mutex mutex;
  std::condition_variable cv;
  bool signalled = false;
  bool forced = false;
};

}  // namespace

int main(int argc, char** argv) {
  ujsond::config cfg;
  std::string problem;
  switch (ujsond::parse_config(argc, argv, cfg, problem)) {
    case ujsond::parse_result::help:
      std::fputs(ujsond::usage_text().c_str(), stdout);
      return 0;
    case ujsond::parse_result::version:
      std::printf("ujsond %s\n", UJSON_VERSION_STRING);
      return 0;
    case ujsond::parse_result::probe:
      return ujsond::probe(cfg);
    case ujsond::parse_result::usage_error:
      return usage_error(problem);
    case ujsond::parse_result::run:
      break;
  }
  std::signal(SIGPIPE, SIG_IGN);
  // --max-connections needs as many descriptors: raise the soft limit toward the hard one.
  if (rlimit limit{}; getrlimit(RLIMIT_NOFILE, &limit) == 0) {
    const rlim_t wanted = static_cast<rlim_t>(cfg.max_connections) + 64;
    if (limit.rlim_cur < wanted && limit.rlim_cur != RLIM_INFINITY) {
      limit.rlim_cur = limit.rlim_max == RLIM_INFINITY ? wanted : std::min(wanted, limit.rlim_max);
      setrlimit(RLIMIT_NOFILE, &limit);
    }
  }

  boost::system::error_code ec;
  const net::ip::address address = net::ip::make_address(cfg.address, ec);
  if (ec) return usage_error("bad value '" + cfg.address + "' for --address");

  // The log is made first and destroyed last: it outlives every thread that logs, and on
  // its destruction (after the "stopped" line) it writes all it still holds.
  ujsond::log_sink log(ujsond::service_log_settings());
  // Before the io_contexts: connections still open at exit are destroyed with their
  // context, and each tells `state` it is gone.
  ujsond::server_state state(cfg, log);
  if (std::string schema_problem; !state.schemas.load(schema_problem)) {
    std::fprintf(stderr, "ujsond: the schemas of --schema-dir do not load: %s\n", schema_problem.c_str());
    return 2;
  }

  // One io_context per thread, each run by its own thread; connections are spread over
  // them. With one thread, Asio's reactor takes no locks at all.
  const int hint = cfg.threads == 1 ? BOOST_ASIO_CONCURRENCY_HINT_UNSAFE_IO : 1;
  std::vector<std::unique_ptr<net::io_context>> contexts;
  std::vector<net::io_context*> context_ptrs;
  using work_guard = net::executor_work_guard<net::io_context::executor_type>;
  std::vector<work_guard> keep_running;  // contexts with no connection yet must not return
  for (unsigned i = 0; i < cfg.threads; ++i) {
    contexts.push_back(std::make_unique<net::io_context>(hint));
    context_ptrs.push_back(contexts.back().get());
    keep_running.emplace_back(contexts.back()->get_executor());
  }
  net::io_context& ioc = *contexts.front();
  std::shared_ptr<ujsond::listener> listener;
  try {
    listener = std::make_shared<ujsond::listener>(context_ptrs, tcp::endpoint(address, cfg.port), state);
  } catch (const boost::system::system_error& e) {
    log_event(log, level::error, "cannot listen",
              {{"address", cfg.address}, {"port", cfg.port}, {"error", e.code().message()}});
    return 1;
  }
  listener->run();

  shutdown_gate gate;
  net::signal_set signals(ioc, SIGINT, SIGTERM);
  std::function<void(const boost::system::error_code&, int)> on_signal;
  on_signal = [&](const boost::system::error_code& sec, int signo) {
    if (sec) return;
    std::lock_guard lock(gate.mutex);
    if (gate.signalled) {
      gate.forced = true;  // a second signal: stop now
    } else {
      gate.signalled = true;
      log_event(log, level::info, "draining", {{"signal", signo}});
      listener->stop();
      state.start_drain();
      signals.async_wait(on_signal);
    }
    gate.cv.notify_all();
  };
  signals.async_wait(on_signal);

  // SIGHUP reloads --schema-dir (without one, SIGHUP keeps its default: the process ends).
  net::signal_set hangups(ioc);
  std::function<void(const boost::system::error_code&, int)> on_hangup = [&](const boost::system::error_code& sec, int) {
    if (sec) return;
    state.schemas.request_reload();
    hangups.async_wait(on_hangup);
  };
  if (!cfg.schema_dir.empty()) {
    hangups.add(SIGHUP);
    hangups.async_wait(on_hangup);
  }
  state.schemas.start();

  log_event(log, level::info, "listening",
            {{"address", cfg.address},
             {"port", listener->port()},
             {"threads", cfg.threads},
             {"threads_from", cfg.threads_from},
             {"version", UJSON_VERSION_STRING}});

  std::vector<std::thread> threads;
  for (auto& context : contexts) threads.emplace_back([c = context.get()] { c->run(); });

  {
    std::unique_lock lock(gate.mutex);
    gate.cv.wait(lock, [&] { return gate.signalled; });
    // Requests in flight are bounded by the read timeout, idle connections by the drain
    // timeout; past both (plus a second for the answers) nothing is owed to anyone.
    const auto deadline = std::chrono::steady_clock::now() + cfg.drain_timeout + cfg.read_timeout +
                          std::chrono::seconds(1);
    while (!gate.forced && state.open_sessions() > 0 && std::chrono::steady_clock::now() < deadline) {
      gate.cv.wait_for(lock, std::chrono::milliseconds(5));
    }
  }
  const std::size_t left = state.open_sessions();
  for (auto& context : contexts) context->stop();
  for (auto& t : threads) t.join();
  state.schemas.stop();
  log.flush();  // the access lines of the last answers before the line that ends the log
  log_event(log, level::info, "stopped", {{"connections_left", left}});
  // Leaving this scope: connections still open (a second signal, or past the deadline)
  // are destroyed with their io_context while `state` lives, then the log writes what
  // it holds and its thread ends.
  return 0;
}
