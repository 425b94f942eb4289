#pragma once
// The fixture of the CLI's tests: the `ujson` tool run as a separate process, with files in
// a temporary directory and data on standard input.

#include <gtest/gtest.h>

#include <fcntl.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ujson/errors.hpp"

extern char** environ;

namespace ujson::test {

namespace fs = std::filesystem;

struct result {
  int status = -1;  // exit status; 128 + signal when killed by a signal
  bool exited = false;
  std::string out;
  std::string err;
};

inline std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

inline std::string msg(ujson::errc code) { return std::string(ujson::message(code)); }

class Cli : public ::testing::Test {
 protected:
  void SetUp() override {
    char tmpl[] = "/tmp/ujson_cli_test.XXXXXX";
    const char* d = mkdtemp(tmpl);
    ASSERT_NE(d, nullptr);
    dir_ = d;
  }
  void TearDown() override {
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }

  // Creates dir_/name with the given bytes and returns its path.
  std::string file(const std::string& name, std::string_view contents) {
    const fs::path p = dir_ / name;
    std::ofstream out(p, std::ios::binary);
    out.write(contents.data(), static_cast<std::streamsize>(contents.size()));
    return p.string();
  }

  // Runs the CLI with `args`; standard input is `input` (or /dev/null).
  result run(const std::vector<std::string>& args, const std::optional<std::string>& input = std::nullopt) {
    const int n = ++runs_;
    const fs::path in_path = input ? fs::path(file(".stdin" + std::to_string(n), *input)) : fs::path("/dev/null");
    const fs::path out_path = stdout_override_.empty() ? dir_ / (".stdout" + std::to_string(n)) : stdout_override_;
    const fs::path err_path = dir_ / (".stderr" + std::to_string(n));

    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, in_path.c_str(), O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 1, out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawn_file_actions_addopen(&actions, 2, err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);

    std::vector<std::string> argv_storage;
    argv_storage.push_back(UJSON_CLI);
    argv_storage.insert(argv_storage.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (std::string& a : argv_storage) argv.push_back(a.data());
    argv.push_back(nullptr);

    result r;
    pid_t pid = 0;
    const int rc = posix_spawn(&pid, UJSON_CLI, &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    EXPECT_EQ(rc, 0) << "cannot start " << UJSON_CLI;
    if (rc != 0) return r;
    int wstatus = 0;
    while (waitpid(pid, &wstatus, 0) < 0) {
    }
    if (WIFEXITED(wstatus)) {
      r.exited = true;
      r.status = WEXITSTATUS(wstatus);
    } else if (WIFSIGNALED(wstatus)) {
      r.status = 128 + WTERMSIG(wstatus);
    }
    if (stdout_override_.empty()) r.out = slurp(out_path);
    r.err = slurp(err_path);
    EXPECT_TRUE(r.exited) << "the CLI did not exit normally (status " << r.status << ")";
    return r;
  }

  fs::path dir_;
  fs::path stdout_override_;  // when set, standard output goes there
  int runs_ = 0;
};

inline std::size_t count_lines(const std::string& s) {
  std::size_t n = 0;
  for (char c : s) n += c == '\n';
  return n;
}

}  // namespace ujson::test
