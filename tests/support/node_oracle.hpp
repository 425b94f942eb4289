#pragma once
// node_oracle: runs tests/codec/node/jcs_oracle.mjs on a file of cases, for the tests that
// take Node.js (JSON.stringify, the npm package `canonicalize`) as the judge of RFC 8785
// output. Node is found as $UJSON_NODE or `node` on PATH; a test skips, saying why, only
// when there is none. The npm package is installed on first use under the build tree
// (build/<preset>/node, next to cli/), from the npm registry, by `npm install`; when that
// fails the test fails: a missing oracle is not a pass.

#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace ujson::test::node {

namespace fs = std::filesystem;

// The version the tests were written against (an ES module with a default export).
inline constexpr std::string_view canonicalize_package = "canonicalize@4.0.0";

// An executable named `name` on PATH, or empty.
inline std::string on_path(std::string_view name) {
  const char* path = std::getenv("PATH");
  std::stringstream dirs(path != nullptr ? path : "");
  std::string dir;
  while (std::getline(dirs, dir, ':')) {
    const fs::path candidate = fs::path(dir.empty() ? "." : dir) / name;
    if (::access(candidate.c_str(), X_OK) == 0) return candidate.string();
  }
  return {};
}

// $UJSON_NODE (which must then exist) or node on PATH; empty when there is none.
inline std::string find_node() {
  if (const char* forced = std::getenv("UJSON_NODE"); forced != nullptr && *forced != '\0') return forced;
  return on_path("node");
}

// The test skips with this when find_node() is empty.
inline constexpr std::string_view no_node =
    "node is not on PATH (nor in $UJSON_NODE): the Node.js oracle for RFC 8785 cannot run; "
    "scripts/bootstrap test installs it (Debian package nodejs)";

inline fs::path source_dir() { return fs::path(UJSON_DATA_DIR).parent_path(); }
inline fs::path oracle_script() { return source_dir() / "tests" / "codec" / "node" / "jcs_oracle.mjs"; }
// build/<preset>/node: UJSON_CLI is build/<preset>/cli/ujson.
inline fs::path npm_prefix() { return fs::path(UJSON_CLI).parent_path().parent_path() / "node"; }

inline std::string quote(std::string_view s) {
  std::string out = "'";
  for (char c : s) {
    if (c == '\'') {
      out += "'\\''";
    } else {
      out += c;
    }
  }
  return out + "'";
}

// Runs a shell command; its exit status, or -1 when it did not exit normally.
inline int run(const std::string& command) {
  const int status = std::system(command.c_str());
  return status != -1 && WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

// A fresh directory for one test's files, removed with everything in it at the end.
class scratch_dir {
 public:
  explicit scratch_dir(std::string_view name)
      : path_(fs::temp_directory_path() / (std::string(name) + "-" + std::to_string(::getpid()))) {
    fs::remove_all(path_);
    fs::create_directories(path_);
  }
  ~scratch_dir() {
    std::error_code ignored;
    fs::remove_all(path_, ignored);
  }
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

// Installs `package` (name@version) under npm_prefix() unless node_modules/`module` is
// there; false (with what npm said in `problem`) when it cannot.
inline bool ensure_package(std::string_view package, std::string_view module, std::string& problem) {
  const fs::path prefix = npm_prefix();
  const fs::path installed = prefix / "node_modules" / module / "package.json";
  if (fs::exists(installed)) return true;
  const std::string npm = on_path("npm");
  if (npm.empty()) {
    problem = "npm is not on PATH, so the npm package " + std::string(package) +
              " cannot be installed (scripts/bootstrap test)";
    return false;
  }
  fs::create_directories(prefix);
  const fs::path log = prefix / ("npm-install-" + std::string(module) + ".log");
  const std::string command = quote(npm) + " install --no-audit --no-fund --prefix " + quote(prefix.string()) + " " +
                              std::string(package) + " >" + quote(log.string()) + " 2>&1";
  if (run(command) == 0 && fs::exists(installed)) return true;
  std::ifstream in(log);
  problem = "npm install " + std::string(package) + " failed:\n" +
            std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return false;
}

inline bool ensure_canonicalize(std::string& problem) {
  return ensure_package(canonicalize_package, "canonicalize", problem);
}

// Runs the oracle in `mode` on `in`, writing `out`; the seconds it took, or a negative
// number when node failed (its stderr is then in `problem`).
inline double run_oracle(const std::string& node, std::string_view mode, const fs::path& in, const fs::path& out,
                         std::string& problem) {
  const fs::path err = out.string() + ".stderr";
  std::string command = quote(node) + " " + quote(oracle_script().string()) + " " + std::string(mode) + " " +
                        quote(in.string()) + " " + quote(out.string());
  if (mode == "documents") command += " " + quote(npm_prefix().string());
  command += " 2>" + quote(err.string());
  const auto start = std::chrono::steady_clock::now();
  const int status = run(command);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::ifstream log(err);
  problem.assign(std::istreambuf_iterator<char>(log), std::istreambuf_iterator<char>());
  return status == 0 ? seconds : -1;
}

inline std::vector<std::string> read_lines(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::vector<std::string> lines;
  std::string line;
  while (std::getline(in, line)) lines.push_back(line);
  return lines;
}

}  // namespace ujson::test::node
