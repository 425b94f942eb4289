#include "config.hpp"

#include "cpu_budget.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cstdlib>
#include <functional>
#include <string_view>

namespace ujsond {
namespace {

using setter = bool (*)(std::string_view, config&);

struct flag {
  std::string_view name;   // without the leading "--"
  std::string_view env;
  std::string_view value;  // placeholder in --help; empty for a switch
  std::string_view default_text;
  std::string_view help;
  setter set;
};

bool parse_unsigned(std::string_view s, unsigned long long& out) {
  const auto r = std::from_chars(s.data(), s.data() + s.size(), out);
  return !s.empty() && r.ec == std::errc() && r.ptr == s.data() + s.size();
}

// Bytes, with an optional binary suffix: 16777216, 16M, 16MiB, 64k, 64KiB.
bool parse_size(std::string_view s, std::size_t& out) {
  std::size_t digits = 0;
  while (digits < s.size() && std::isdigit(static_cast<unsigned char>(s[digits]))) ++digits;
  unsigned long long n = 0;
  if (!parse_unsigned(s.substr(0, digits), n)) return false;
  std::string suffix(s.substr(digits));
  for (char& c : suffix) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  unsigned long long unit = 1;
  if (suffix == "k" || suffix == "kib" || suffix == "kb") {
    unit = 1024;
  } else if (suffix == "m" || suffix == "mib" || suffix == "mb") {
    unit = 1024 * 1024;
  } else if (suffix == "g" || suffix == "gib" || suffix == "gb") {
    unit = 1024ull * 1024 * 1024;
  } else if (!suffix.empty() && suffix != "b") {
    return false;
  }
  if (n > (1ull << 40) / unit) return false;
  out = static_cast<std::size_t>(n * unit);
  return true;
}

// A duration: plain seconds ("30", "0.5") or with a unit ("250ms", "30s", "2m").
bool parse_duration(std::string_view s, std::chrono::milliseconds& out) {
  std::size_t end = 0;
  while (end < s.size() && (std::isdigit(static_cast<unsigned char>(s[end])) || s[end] == '.')) ++end;
  double n = 0;
  const auto r = std::from_chars(s.data(), s.data() + end, n);
  if (end == 0 || r.ec != std::errc() || r.ptr != s.data() + end || n < 0 || n > 86400.0 * 1000) return false;
  const std::string_view unit = s.substr(end);
  double ms = 0;
  if (unit.empty() || unit == "s") {
    ms = n * 1000;
  } else if (unit == "ms") {
    ms = n;
  } else if (unit == "m") {
    ms = n * 60'000;
  } else {
    return false;
  }
  out = std::chrono::milliseconds(static_cast<long long>(ms));
  return true;
}

bool parse_bool(std::string_view s, bool& out) {
  if (s == "true" || s == "1" || s == "yes" || s == "on") {
    out = true;
  } else if (s == "false" || s == "0" || s == "no" || s == "off") {
    out = false;
  } else {
    return false;
  }
  return true;
}

template <class T>
bool in_range(std::string_view s, unsigned long long low, unsigned long long high, T& out) {
  unsigned long long n = 0;
  if (!parse_unsigned(s, n) || n < low || n > high) return false;
  out = static_cast<T>(n);
  return true;
}

const std::array<flag, 16> flags{{
    {"address", "UJSOND_ADDRESS", "ADDR", "127.0.0.1", "address to listen on (0.0.0.0 or :: for all)",
     [](std::string_view v, config& c) {
       c.address = v;
       return !v.empty();
     }},
    {"port", "UJSOND_PORT", "N", "8080", "TCP port (0: any free port, printed in the startup log line)",
     [](std::string_view v, config& c) { return in_range(v, 0, 65535, c.port); }},
    {"threads", "UJSOND_THREADS", "N", "0", "I/O threads; 0 = one per usable CPU (affinity mask and cgroup quota)",
     [](std::string_view v, config& c) { return in_range(v, 0, 1024, c.threads); }},
    {"max-body", "UJSOND_MAX_BODY", "BYTES", "16MiB",
     "largest request body, decoded (413 above it, as soon as decoding passes it); k/M/G suffixes",
     [](std::string_view v, config& c) { return parse_size(v, c.max_body) && c.max_body > 0; }},
    {"max-compressed-body", "UJSOND_MAX_COMPRESSED_BODY", "BYTES", "0",
     "largest body with a Content-Encoding, as sent (413 above it); 0 = --max-body",
     [](std::string_view v, config& c) { return parse_size(v, c.max_compressed_body); }},
    {"compress-level", "UJSOND_COMPRESS_LEVEL", "N", "1",
     "gzip/deflate/zstd level of answers (Accept-Encoding), 1 fastest to 9; 0 never compresses",
     [](std::string_view v, config& c) { return in_range(v, 0, 9, c.compress_level); }},
    {"compress-min", "UJSOND_COMPRESS_MIN", "BYTES", "1KiB", "answers smaller than this are sent uncompressed",
     [](std::string_view v, config& c) { return parse_size(v, c.compress_min); }},
    {"max-header", "UJSOND_MAX_HEADER", "BYTES", "8KiB", "largest request header block (431 above it)",
     [](std::string_view v, config& c) { return parse_size(v, c.max_header) && c.max_header >= 256; }},
    {"max-depth", "UJSOND_MAX_DEPTH", "N", "1024", "nesting limit: default and upper bound of ?max_depth",
     [](std::string_view v, config& c) { return in_range(v, 1, 100000, c.max_depth); }},
    {"max-connections", "UJSOND_MAX_CONNECTIONS", "N", "10000",
     "open connections at most; more are answered 503 and closed",
     [](std::string_view v, config& c) { return in_range(v, 1, 1000000, c.max_connections); }},
    {"read-timeout", "UJSOND_READ_TIMEOUT", "DURATION", "30s",
     "a request, once started, must arrive within this (408 and close); also bounds each write",
     [](std::string_view v, config& c) { return parse_duration(v, c.read_timeout) && c.read_timeout.count() > 0; }},
    {"idle-timeout", "UJSOND_IDLE_TIMEOUT", "DURATION", "60s", "an idle keep-alive connection is closed after this",
     [](std::string_view v, config& c) { return parse_duration(v, c.idle_timeout) && c.idle_timeout.count() > 0; }},
    {"drain-timeout", "UJSOND_DRAIN_TIMEOUT", "DURATION", "10s",
     "after SIGTERM/SIGINT, idle connections are closed after this; requests in flight are answered",
     [](std::string_view v, config& c) { return parse_duration(v, c.drain_timeout); }},
    {"access-log", "UJSOND_ACCESS_LOG", "BOOL", "true",
     "one JSON line per request on stderr (--access-log false, or --no-access-log, to turn off)",
     [](std::string_view v, config& c) { return parse_bool(v, c.access_log); }},
    {"schema-dir", "UJSOND_SCHEMA_DIR", "DIR", "none",
     "JSON Schemas for /validate?schema=NAME: every NAME.json in DIR, loaded at start (exit 2 if one does not "
     "load) and again on SIGHUP",
     [](std::string_view v, config& c) {
       c.schema_dir = v;
       return !v.empty();
     }},
    {"schema-reload-interval", "UJSOND_SCHEMA_RELOAD_INTERVAL", "DURATION", "10s",
     "how often --schema-dir is looked at for a change (a Kubernetes ConfigMap update), reloaded as SIGHUP would; "
     "0 = only on SIGHUP",
     [](std::string_view v, config& c) { return parse_duration(v, c.schema_reload_interval); }},
}};

const flag* find_flag(std::string_view name) {
  for (const flag& f : flags) {
    if (f.name == name) return &f;
  }
  return nullptr;
}

}  // namespace

std::string usage_text() {
  std::string out =
      "usage: ujsond [FLAG...]\n"
      "An HTTP/1.1 JSON service: POST /validate, /decode, /encode; GET /healthz, /metrics, /schemas.\n"
      "Each flag can also be set by its environment variable; a flag beats its variable.\n\n";
  for (const flag& f : flags) {
    std::string left = "  --" + std::string(f.name) + " " + std::string(f.value);
    left.resize(std::max<std::size_t>(28, left.size() + 1), ' ');
    out += left + std::string(f.help) + "\n" + std::string(30, ' ') + "env " + std::string(f.env) + ", default " +
           std::string(f.default_text) + "\n";
  }
  out +=
      "  --help                    this text\n"
      "  --version                 the version\n"
      "  --probe                   GET /healthz on --address/--port; exit 0 when it answers 200\n"
      "                              (the image's HEALTHCHECK; a wildcard address means loopback)\n"
      "Exit status: 0 after a clean shutdown (SIGTERM/SIGINT), 1 when it cannot start, 2 on a usage error.\n";
  return out;
}

parse_result parse_config(int argc, char** argv, config& out, std::string& problem) {
  bool probe = false;
  for (const flag& f : flags) {
    const std::string env(f.env);
    if (const char* v = std::getenv(env.c_str()); v != nullptr && *v != '\0') {
      if (!f.set(v, out)) {
        problem = "bad value '" + std::string(v) + "' in " + env;
        return parse_result::usage_error;
      }
    }
  }
  for (int i = 1; i < argc; ++i) {
    std::string_view arg = argv[i];
    if (arg == "--help" || arg == "-h") return parse_result::help;
    if (arg == "--version") return parse_result::version;
    if (arg == "--probe") {
      probe = true;
      continue;
    }
    if (!arg.starts_with("--")) {
      problem = "unexpected argument '" + std::string(arg) + "'";
      return parse_result::usage_error;
    }
    arg.remove_prefix(2);
    if (arg == "no-access-log") {
      out.access_log = false;
      continue;
    }
    const std::size_t eq = arg.find('=');
    const std::string_view name = arg.substr(0, eq);
    const flag* f = find_flag(name);
    if (f == nullptr) {
      problem = "unknown flag --" + std::string(name);
      return parse_result::usage_error;
    }
    std::string_view value;
    if (eq != std::string_view::npos) {
      value = arg.substr(eq + 1);
    } else if (f->value == "BOOL") {
      // `--access-log false` as --help spells it, and a bare `--access-log` meaning true.
      bool ignored = false;
      if (i + 1 < argc && parse_bool(argv[i + 1], ignored)) {
        value = argv[++i];
      } else {
        value = "true";
      }
    } else if (i + 1 < argc) {
      value = argv[++i];
    } else {
      problem = "--" + std::string(name) + " needs a value";
      return parse_result::usage_error;
    }
    if (!f->set(value, out)) {
      problem = "bad value '" + std::string(value) + "' for --" + std::string(name);
      return parse_result::usage_error;
    }
  }
  if (out.max_compressed_body == 0) out.max_compressed_body = out.max_body;
  if (out.threads == 0) {
    const cpu_budget budget = usable_cpus();
    out.threads = budget.cpus;
    out.threads_from = budget.source;
  }
  return probe ? parse_result::probe : parse_result::run;
}

}  // namespace ujsond
