// No Docker engine runs here, so the image is checked against the tree instead: every path
// the Dockerfile copies exists, every variable it sets is one ujsond reads, and its
// HEALTHCHECK (ujsond --probe) works. tests/image/manifests_test.py checks docker/'s
// compose and Kubernetes files.

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
  std::vector<std::string> from, run;
  std::string user, expose, healthcheck;
  for (const std::string& ins : instructions()) {
    const auto w = words(ins);
    if (w.empty()) continue;
    if (w[0] == "FROM") from.push_back(ins);
    if (w[0] == "RUN") run.push_back(ins);
    if (w[0] == "USER") user = w.at(1);
    if (w[0] == "EXPOSE") expose = w.at(1);
    if (w[0] == "HEALTHCHECK") healthcheck = ins;
  }
  ASSERT_EQ(from.size(), 2u);
  EXPECT_EQ(from[0], "FROM debian:12 AS build");
  EXPECT_EQ(from[1], "FROM debian:12-slim");
  bool bootstrap = false, make_build = false;
  for (const std::string& r : run) {
    bootstrap = bootstrap || r.find("scripts/bootstrap") != std::string::npos;
    make_build = make_build || r.find("make build") != std::string::npos;
  }
  EXPECT_TRUE(bootstrap);
  EXPECT_TRUE(make_build);
  // `make build` is what the README's commands run first: bootstrap, then the release preset.
  const std::string makefile = read_all((root / "Makefile").string());
  EXPECT_NE(makefile.find("\nbuild:"), std::string::npos);
  EXPECT_NE(makefile.find("cmake --preset release"), std::string::npos);
  EXPECT_FALSE(user.empty());
  EXPECT_NE(user.rfind("0", 0), 0u);
  EXPECT_NE(user, "root");
  EXPECT_EQ(expose, "8080");
  EXPECT_NE(healthcheck.find("\"--probe\""), std::string::npos);
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
