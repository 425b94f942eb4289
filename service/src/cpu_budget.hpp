#pragma once
// How many CPUs this process may really use: what `--threads 0` means. The machine's core
// count overstates it under `taskset` (the affinity mask) and in a container or a
// Kubernetes pod with a CPU limit (the cgroup's quota): two threads on a 500m limit spend
// their time being throttled, not serving.

#include <string>

namespace ujsond {

struct cpu_budget {
  unsigned cpus = 1;   // at least 1
  std::string source;  // where the number came from, for the start-up log line
};

// The smallest of: the affinity mask's CPU count, and every cgroup CPU quota on the path
// from this process's cgroup up to its hierarchy's root (cgroup v2 cpu.max; v1
// cpu.cfs_quota_us / cpu.cfs_period_us), each rounded up. `root` prefixes every path
// read (/proc/self/mountinfo, /proc/self/cgroup and the cgroup files): "" on a real
// system, a directory holding a fake tree in tests.
cpu_budget usable_cpus(const std::string& root = "");

// The same from given parts: the affinity count (0 when unknown) and the file tree.
cpu_budget usable_cpus(unsigned affinity_cpus, const std::string& root);

}  // namespace ujsond
