// The Dockerfile against the tree, without a container engine (so in every `make test`):
// every path it copies exists, every variable it sets is one ujsond reads, the runtime stage
// is scratch with the static ujsond the build stage makes, and its HEALTHCHECK (ujsond
// --probe) works. tests/image/manifests_test.py checks docker/'s compose and Kubernetes
// files; `make image-test` runs the built image.

#include <gtest/gtest.h>

#include <filesystem>
#include <regex>
#include <set>
#include <sstream>

#include "service_support.hpp"

namespace {

using namespace ujsond_test;
namespace fs = std::filesystem;

const fs::path root = UJSON_SOURCE_DIR;

std::string run_output(const std::string& args, int* status = nullptr) {
  FILE* p = popen((std::string(UJSOND_BIN) + " " + args + " 2>&1").c_str(), "r");
  std::string out;
  char buf[4096];
  std::size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
  const int s = pclose(p);
  if (status != nullptr) *status = WIFEXITED(s) ? WEXITSTATUS(s) : -1;
  return out;
}

// The variables ujsond reads, as its --help lists them.
std::set<std::string> service_variables() {
  const std::string help = run_output("--help");
  std::set<std::string> vars;
  const std::regex env(R"(env (UJSOND_[A-Z_]+), default)");
  for (auto it = std::sregex_iterator(help.begin(), help.end(), env); it != std::sregex_iterator(); ++it) {
    vars.insert((*it)[1]);
  }
  return vars;
}

// Dockerfile instructions with their continuation lines joined.
std::vector<std::string> instructions() {
  std::istringstream in(read_all((root / "Dockerfile").string()));
  std::vector<std::string> out;
  std::string line, current;
  while (std::getline(in, line)) {
    if (current.empty() && (line.empty() || line[0] == '#')) continue;
    if (!line.empty() && line.back() == '\\') {
      current += line.substr(0, line.size() - 1) + " ";
      continue;
    }
    out.push_back(current + line);
    current.clear();
  }
  return out;
}

std::vector<std::string> words(const std::string& s) {
  std::istringstream in(s);
  std::vector<std::string> w;
  for (std::string x; in >> x;) w.push_back(x);
  return w;
}

TEST(Dockerfile, EveryCopiedPathExists) {
  int copies = 0;
  for (const std::string& ins : instructions()) {
    const auto w = words(ins);
    if (w.empty() || w[0] != "COPY") continue;
    if (w.size() > 1 && w[1].rfind("--from=", 0) == 0) continue;  // from the build stage
    ASSERT_GE(w.size(), 3u) << ins;
    for (std::size_t i = 1; i + 1 < w.size(); ++i) {
      EXPECT_TRUE(fs::exists(root / w[i])) << w[i] << " (" << ins << ")";
      ++copies;
    }
  }
  EXPECT_GE(copies, 8);
}

TEST(Dockerfile, EveryVariableItSetsIsOneTheServiceReads) {
  const std::set<std::string> known = service_variables();
  ASSERT_GE(known.size(), 10u);
  int set = 0;
  for (const std::string& ins : instructions()) {
    const auto w = words(ins);
    if (w.empty() || w[0] != "ENV") continue;
    for (std::size_t i = 1; i < w.size(); ++i) {
      const std::string name = w[i].substr(0, w[i].find('='));
      EXPECT_EQ(known.count(name), 1u) << name;
      ++set;
    }
  }
  EXPECT_GE(set, 3);
}

TEST(Dockerfile, StagesUserPortAndHealthcheck) {
  std::vector<std::string> from, run, copy_from_build;
  std::string user, expose, healthcheck, entrypoint;
  for (const std::string& ins : instructions()) {
    const auto w = words(ins);
    if (w.empty()) continue;
    if (w[0] == "FROM") from.push_back(ins);
    if (w[0] == "RUN") run.push_back(ins);
    if (w[0] == "COPY" && w.size() == 4 && w[1] == "--from=build") copy_from_build.push_back(w[2]);
    if (w[0] == "USER") user = w.at(1);
    if (w[0] == "EXPOSE") expose = w.at(1);
    if (w[0] == "HEALTHCHECK") healthcheck = ins;
    if (w[0] == "ENTRYPOINT") entrypoint = ins;
  }
  ASSERT_EQ(from.size(), 2u);
  EXPECT_EQ(from[0], "FROM debian:12 AS build");
  EXPECT_EQ(from[1], "FROM scratch");
  std::string build_steps;
  for (const std::string& r : run) build_steps += r + "\n";
  // `make build` is what the README's commands run first: bootstrap, then the release preset.
  EXPECT_NE(build_steps.find("scripts/bootstrap"), std::string::npos);
  EXPECT_NE(build_steps.find("make build"), std::string::npos);
  const std::string makefile = read_all((root / "Makefile").string());
  EXPECT_NE(makefile.find("\nbuild:"), std::string::npos);
  EXPECT_NE(makefile.find("cmake --preset release"), std::string::npos);
  // scratch has no libc: ujsond must be the static build, an option CMake still has.
  EXPECT_NE(build_steps.find("-DUJSON_STATIC_UJSOND=ON"), std::string::npos);
  EXPECT_NE(read_all((root / "CMakeLists.txt").string()).find("option(UJSON_STATIC_UJSOND "), std::string::npos);
  // The one copy into scratch is the root file system the build stage fills, ujsond at the
  // path the ENTRYPOINT and the HEALTHCHECK run.
  ASSERT_EQ(copy_from_build.size(), 1u);
  const std::string bin = "/usr/local/bin/ujsond";
  EXPECT_NE(build_steps.find(copy_from_build[0] + bin.substr(1)), std::string::npos) << copy_from_build[0];
  EXPECT_EQ(entrypoint, "ENTRYPOINT [\"" + bin + "\"]");
  EXPECT_NE(healthcheck.find("CMD [\"" + bin + "\", \"--probe\"]"), std::string::npos) << healthcheck;
  // A numeric user and group that are not root: Kubernetes' runAsNonRoot checks the number.
  EXPECT_TRUE(std::regex_match(user, std::regex("[1-9][0-9]*:[1-9][0-9]*"))) << user;
  EXPECT_EQ(expose, "8080");
  EXPECT_NE(read_all((root / ".dockerignore").string()).find("build/"), std::string::npos);
}

TEST(Dockerfile, ProbeIsTheHealthcheck) {
  server s;
  int status = -1;
  const std::string out = run_output("--probe --port " + std::to_string(s.port()), &status);
  EXPECT_EQ(status, 0) << out;
  s.signal(SIGTERM);
  EXPECT_EQ(s.wait(), 0);
  run_output("--probe --port " + std::to_string(s.port()), &status);
  EXPECT_EQ(status, 1);
}

}  // namespace
