// --threads 0: one thread per CPU the process may use. The cgroup readers against fake
// file trees laid out as the kernel lays them out (cgroup v2, v1, both side by side as on
// these machines, a container's view), and the real binary under a narrowed affinity mask.

#include <gtest/gtest.h>
#include <sched.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "cpu_budget.hpp"
#include "service_support.hpp"

namespace {

namespace fs = std::filesystem;
using ujsond::usable_cpus;

// A fake root: /proc/self/{mountinfo,cgroup} and cgroup files below it.
class fake_tree {
 public:
  fake_tree() {
    char path[] = "/tmp/ujsond-cpus-XXXXXX";
    root_ = mkdtemp(path);
    fs::create_directories(root_ + "/proc/self");
  }
  ~fake_tree() { fs::remove_all(root_); }
  fake_tree(const fake_tree&) = delete;
  fake_tree& operator=(const fake_tree&) = delete;

  const std::string& root() const { return root_; }
  void write(const std::string& path, const std::string& text) const {
    fs::create_directories(fs::path(root_ + path).parent_path());
    std::ofstream(root_ + path) << text;
  }
  // Mount lines as /proc/self/mountinfo writes them (optional fields before the "-").
  void mounts(bool v2, bool v1, const std::string& v2_root = "/", const std::string& v1_root = "/") const {
    std::string text = "22 1 252:0 / / rw,relatime shared:1 - ext4 /dev/vda rw\n";
    if (v2) {
      text += "30 22 0:26 " + v2_root +
              " /sys/fs/cgroup rw,nosuid,nodev,noexec,relatime shared:4 - cgroup2 cgroup2 rw,nsdelegate\n";
    }
    if (v1) {
      text += "31 22 0:27 " + v1_root +
              " /sys/fs/cgroup/cpu,cpuacct rw,nosuid,nodev,noexec,relatime shared:5 - cgroup cgroup rw,cpu,cpuacct\n";
      text += "32 22 0:28 / /sys/fs/cgroup/memory rw,nosuid shared:6 - cgroup cgroup rw,memory\n";
    }
    write("/proc/self/mountinfo", text);
  }

 private:
  std::string root_;
};

TEST(CpuBudget, CgroupV2QuotaRoundsUp) {
  fake_tree t;
  t.mounts(true, false);
  t.write("/proc/self/cgroup", "0::/kubepods/pod1/app\n");
  t.write("/sys/fs/cgroup/kubepods/pod1/app/cpu.max", "150000 100000\n");
  const auto b = usable_cpus(8, t.root());
  EXPECT_EQ(b.cpus, 2u);
  EXPECT_EQ(b.source, "cgroup v2 quota /sys/fs/cgroup/kubepods/pod1/app/cpu.max");
}

TEST(CpuBudget, HalfACpuIsOneThread) {
  fake_tree t;
  t.mounts(true, false);
  t.write("/proc/self/cgroup", "0::/sidecar\n");
  t.write("/sys/fs/cgroup/sidecar/cpu.max", "50000 100000\n");
  EXPECT_EQ(usable_cpus(2, t.root()).cpus, 1u);
}

TEST(CpuBudget, NoLimitLeavesTheAffinityMask) {
  fake_tree t;
  t.mounts(true, false);
  t.write("/proc/self/cgroup", "0::/user.slice\n");
  t.write("/sys/fs/cgroup/user.slice/cpu.max", "max 100000\n");
  const auto b = usable_cpus(6, t.root());
  EXPECT_EQ(b.cpus, 6u);
  EXPECT_EQ(b.source, "affinity mask");
}

TEST(CpuBudget, AParentsLimitBindsItsChildren) {
  fake_tree t;
  t.mounts(true, false);
  t.write("/proc/self/cgroup", "0::/kubepods/pod1/app\n");
  t.write("/sys/fs/cgroup/kubepods/pod1/app/cpu.max", "max 100000\n");
  t.write("/sys/fs/cgroup/kubepods/pod1/cpu.max", "300000 100000\n");
  t.write("/sys/fs/cgroup/kubepods/cpu.max", "max 100000\n");
  const auto b = usable_cpus(16, t.root());
  EXPECT_EQ(b.cpus, 3u);
  EXPECT_EQ(b.source, "cgroup v2 quota /sys/fs/cgroup/kubepods/pod1/cpu.max");
}

TEST(CpuBudget, CgroupV1Quota) {
  fake_tree t;
  t.mounts(false, true);
  t.write("/proc/self/cgroup", "5:memory:/docker/abc\n4:cpu,cpuacct:/docker/abc\n");
  t.write("/sys/fs/cgroup/cpu,cpuacct/docker/abc/cpu.cfs_quota_us", "250000\n");
  t.write("/sys/fs/cgroup/cpu,cpuacct/docker/abc/cpu.cfs_period_us", "100000\n");
  const auto b = usable_cpus(8, t.root());
  EXPECT_EQ(b.cpus, 3u);
  EXPECT_EQ(b.source, "cgroup v1 quota /sys/fs/cgroup/cpu,cpuacct/docker/abc/cpu.cfs_quota_us");
}

TEST(CpuBudget, CgroupV1UnlimitedIsMinusOne) {
  fake_tree t;
  t.mounts(false, true);
  t.write("/proc/self/cgroup", "4:cpu,cpuacct:/\n");
  t.write("/sys/fs/cgroup/cpu,cpuacct/cpu.cfs_quota_us", "-1\n");
  t.write("/sys/fs/cgroup/cpu,cpuacct/cpu.cfs_period_us", "100000\n");
  EXPECT_EQ(usable_cpus(4, t.root()).cpus, 4u);
}

// These machines mount both hierarchies; the tighter limit wins.
TEST(CpuBudget, BothHierarchiesTheSmallerWins) {
  fake_tree t;
  t.mounts(true, true);
  t.write("/proc/self/cgroup", "4:cpu,cpuacct:/job\n0::/job\n");
  t.write("/sys/fs/cgroup/job/cpu.max", "400000 100000\n");
  t.write("/sys/fs/cgroup/cpu,cpuacct/job/cpu.cfs_quota_us", "100000\n");
  t.write("/sys/fs/cgroup/cpu,cpuacct/job/cpu.cfs_period_us", "100000\n");
  const auto b = usable_cpus(8, t.root());
  EXPECT_EQ(b.cpus, 1u);
  EXPECT_EQ(b.source.rfind("cgroup v1 quota ", 0), 0u) << b.source;
}

// In a container the mount shows the hierarchy from the container's own cgroup down, so
// /proc/self/cgroup's path is the mount's root and the files sit at the mount point.
TEST(CpuBudget, ContainerViewOfItsOwnCgroup) {
  fake_tree t;
  t.mounts(true, false, "/system.slice/docker-abc.scope");
  t.write("/proc/self/cgroup", "0::/system.slice/docker-abc.scope\n");
  t.write("/sys/fs/cgroup/cpu.max", "200000 100000\n");
  EXPECT_EQ(usable_cpus(8, t.root()).cpus, 2u);
}

TEST(CpuBudget, NamespacedRootPath) {
  fake_tree t;
  t.mounts(true, false);
  t.write("/proc/self/cgroup", "0::/\n");
  t.write("/sys/fs/cgroup/cpu.max", "100000 100000\n");
  EXPECT_EQ(usable_cpus(8, t.root()).cpus, 1u);
}

TEST(CpuBudget, MalformedOrMissingFilesAreNoLimit) {
  for (const char* text : {"", "garbage", "0 100000", "-5 100000", "100000 0", "100000", "1e999 1"}) {
    SCOPED_TRACE(text);
    fake_tree t;
    t.mounts(true, false);
    t.write("/proc/self/cgroup", "0::/x\n");
    t.write("/sys/fs/cgroup/x/cpu.max", text);
    EXPECT_EQ(usable_cpus(3, t.root()).cpus, 3u);
  }
  fake_tree empty;
  EXPECT_EQ(usable_cpus(5, empty.root()).cpus, 5u);
  EXPECT_EQ(usable_cpus(5, "/nonexistent-root").cpus, 5u);
}

TEST(CpuBudget, UnknownAffinityFallsBackToTheCoreCount) {
  fake_tree t;
  const auto b = usable_cpus(0, t.root());
  EXPECT_GE(b.cpus, 1u);
  EXPECT_EQ(b.source, "core count");
}

// What `taskset -c N ujsond` does: the child inherits this process's affinity mask.
TEST(CpuBudget, UjsondUnderANarrowAffinityMaskStartsOneThread) {
  cpu_set_t all;
  ASSERT_EQ(sched_getaffinity(0, sizeof all, &all), 0);
  if (CPU_COUNT(&all) < 2) GTEST_SKIP() << "this process may use only one CPU already";
  int first = 0;
  while (!CPU_ISSET(first, &all)) ++first;
  cpu_set_t one;
  CPU_ZERO(&one);
  CPU_SET(first, &one);
  ASSERT_EQ(sched_setaffinity(0, sizeof one, &one), 0);
  std::string log;
  try {
    ujsond_test::server s({"--threads", "0"});
    log = s.log();
  } catch (...) {
    sched_setaffinity(0, sizeof all, &all);
    throw;
  }
  sched_setaffinity(0, sizeof all, &all);
  EXPECT_NE(log.find("\"threads\":1,"), std::string::npos) << log;
  // The real machine may also have a cgroup quota of one CPU; either explains the count.
  EXPECT_TRUE(log.find("\"threads_from\":\"affinity mask\"") != std::string::npos ||
              log.find("\"threads_from\":\"cgroup") != std::string::npos)
      << log;

  ujsond_test::server wide({"--threads", "0"});
  const std::string wide_log = wide.log();
  const std::string expected = "\"threads\":" + std::to_string(usable_cpus().cpus) + ",";
  EXPECT_NE(wide_log.find(expected), std::string::npos) << wide_log;
}

TEST(CpuBudget, AnExplicitThreadCountIsKeptAndSaysSo) {
  ujsond_test::server s({"--threads", "3"});
  const std::string log = s.log();
  EXPECT_NE(log.find("\"threads\":3,\"threads_from\":\"--threads\""), std::string::npos) << log;
}

}  // namespace
