#include "cpu_budget.hpp"

#include <sched.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>
#include <string_view>
#include <thread>
#include <vector>

namespace ujsond {
namespace {

std::string first_line(const std::string& path) {
  std::ifstream in(path);
  std::string line;
  std::getline(in, line);
  return line;
}

bool to_number(std::string_view text, double& out) {
  if (text.empty()) return false;
  std::size_t used = 0;
  try {
    out = std::stod(std::string(text), &used);
  } catch (...) {
    return false;
  }
  return used == text.size();
}

// A CPU quota: `quota` microseconds of CPU time per `period`. Absent when unlimited,
// unreadable or malformed (an odd file must never stop the service from starting).
struct quota {
  double cpus = 0;
  std::string file;
};

// cgroup v2: "max 100000" (no limit) or "50000 100000".
bool read_v2(const std::string& dir, quota& out) {
  const std::string file = dir + "/cpu.max";
  std::istringstream in(first_line(file));
  std::string q, p;
  double qn = 0, pn = 0;
  if (!(in >> q >> p) || q == "max" || !to_number(q, qn) || !to_number(p, pn) || qn <= 0 || pn <= 0) return false;
  out = {qn / pn, file};
  return true;
}

// cgroup v1: cpu.cfs_quota_us is -1 for no limit.
bool read_v1(const std::string& dir, quota& out) {
  const std::string file = dir + "/cpu.cfs_quota_us";
  double qn = 0, pn = 0;
  if (!to_number(first_line(file), qn) || !to_number(first_line(dir + "/cpu.cfs_period_us"), pn) || qn <= 0 ||
      pn <= 0) {
    return false;
  }
  out = {qn / pn, file};
  return true;
}

// One cgroup hierarchy this process is in: where it is mounted and the process's directory.
struct hierarchy {
  bool v2 = false;
  std::string mount_point;  // e.g. /sys/fs/cgroup or /sys/fs/cgroup/cpu,cpuacct
  std::string mount_root;   // the part of the hierarchy the mount shows ("/" or, in a container, its cgroup)
  std::string cgroup;       // from /proc/self/cgroup
};

std::vector<std::string> split(std::string_view s, char sep) {
  std::vector<std::string> out;
  std::size_t start = 0;
  for (;;) {
    const std::size_t at = s.find(sep, start);
    out.emplace_back(s.substr(start, at - start));
    if (at == std::string_view::npos) return out;
    start = at + 1;
  }
}

bool has_option(const std::string& options, std::string_view name) {
  for (const std::string& o : split(options, ',')) {
    if (o == name) return true;
  }
  return false;
}

// The cgroup2 mount and the v1 mount that carries the cpu controller, from mountinfo:
// "ID PARENT MAJ:MIN ROOT MOUNT_POINT OPTIONS [OPTIONAL...] - FSTYPE SOURCE SUPER_OPTIONS".
void find_mounts(const std::string& root, hierarchy& v2, hierarchy& v1) {
  std::ifstream in(root + "/proc/self/mountinfo");
  for (std::string line; std::getline(in, line);) {
    std::istringstream fields(line);
    std::vector<std::string> f;
    for (std::string w; fields >> w;) f.push_back(w);
    std::size_t dash = 0;
    while (dash < f.size() && f[dash] != "-") ++dash;
    if (dash < 5 || dash + 3 >= f.size()) continue;
    const std::string& type = f[dash + 1];
    const std::string& super = f[dash + 3];
    if (type == "cgroup2" && v2.mount_point.empty()) {
      v2.v2 = true;
      v2.mount_root = f[3];
      v2.mount_point = f[4];
    } else if (type == "cgroup" && has_option(super, "cpu") && v1.mount_point.empty()) {
      v1.mount_root = f[3];
      v1.mount_point = f[4];
    }
  }
}

// "0::/path" names the v2 cgroup; "N:cpu,cpuacct:/path" the v1 cpu controller's.
void find_cgroups(const std::string& root, hierarchy& v2, hierarchy& v1) {
  std::ifstream in(root + "/proc/self/cgroup");
  for (std::string line; std::getline(in, line);) {
    const std::size_t a = line.find(':');
    const std::size_t b = a == std::string::npos ? a : line.find(':', a + 1);
    if (b == std::string::npos) continue;
    const std::string controllers = line.substr(a + 1, b - a - 1);
    const std::string path = line.substr(b + 1);
    if (line.compare(0, a, "0") == 0 && controllers.empty()) {
      v2.cgroup = path;
    } else if (has_option(controllers, "cpu")) {
      v1.cgroup = path;
    }
  }
}

// The smallest quota from the process's cgroup directory up to the mount point: a limit
// set on a parent (a pod's, say) binds its children too.
bool smallest_quota(const std::string& root, const hierarchy& h, quota& best) {
  if (h.mount_point.empty() || h.cgroup.empty() || h.cgroup.front() != '/') return false;
  std::string relative = h.cgroup;
  // Inside a cgroup namespace or a container's bind mount, the mount shows the hierarchy
  // from the process's own cgroup down: strip what the mount's root already is.
  if (h.mount_root != "/" && relative.compare(0, h.mount_root.size(), h.mount_root) == 0) {
    relative.erase(0, h.mount_root.size());
  }
  while (!relative.empty() && relative.back() == '/') relative.pop_back();
  bool found = false;
  for (;;) {
    if (relative.find("/..") != std::string::npos) return found;  // never leave the hierarchy
    const std::string dir = root + h.mount_point + relative;
    quota q;
    if ((h.v2 ? read_v2(dir, q) : read_v1(dir, q)) && (!found || q.cpus < best.cpus)) {
      best = q;
      found = true;
    }
    if (relative.empty()) return found;
    relative.erase(relative.rfind('/'));
  }
}

}  // namespace

cpu_budget usable_cpus(unsigned affinity_cpus, const std::string& root) {
  cpu_budget out;
  if (affinity_cpus > 0) {
    out.cpus = affinity_cpus;
    out.source = "affinity mask";
  } else {
    out.cpus = std::max(1u, std::thread::hardware_concurrency());
    out.source = "core count";
  }
  hierarchy v2, v1;
  find_mounts(root, v2, v1);
  find_cgroups(root, v2, v1);
  for (const hierarchy* h : {&v2, &v1}) {
    quota q;
    if (!smallest_quota(root, *h, q)) continue;
    const double rounded = std::ceil(q.cpus - 1e-9);
    const unsigned cpus = rounded < 1 ? 1u : rounded > 4096 ? 4096u : static_cast<unsigned>(rounded);
    if (cpus < out.cpus) {
      out.cpus = cpus;
      out.source = (h->v2 ? "cgroup v2 quota " : "cgroup v1 quota ") + q.file.substr(root.size());
    }
  }
  return out;
}

cpu_budget usable_cpus(const std::string& root) {
  cpu_set_t set;
  CPU_ZERO(&set);
  const unsigned affinity = sched_getaffinity(0, sizeof set, &set) == 0 ? static_cast<unsigned>(CPU_COUNT(&set)) : 0;
  return usable_cpus(affinity, root);
}

}  // namespace ujsond
