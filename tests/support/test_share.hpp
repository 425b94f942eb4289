#pragma once
// The passes of make test that repeat the release pass (ASan + UBSan, the portable kernels)
// run a share of each test's random and sampled cases: UJSON_TEST_SHARE, a percentage
// (CMakePresets.json sets it per test preset; unset means 100, all of them). Their job there
// is memory safety and the other kernel, which a fifth of the cases finds as well as all of
// them; the exhaustive value checks belong to the release pass, which runs every case.

#include <algorithm>
#include <cstdlib>
#include <cstddef>

namespace ujson::test {

inline int test_share_percent() {
  static const int percent = [] {
    const char* text = std::getenv("UJSON_TEST_SHARE");
    const int p = text != nullptr ? std::atoi(text) : 100;
    return p >= 1 && p <= 100 ? p : 100;
  }();
  return percent;
}

// `full` cases scaled to the pass's share, at least one.
inline std::size_t share_of(std::size_t full) {
  return std::max<std::size_t>(1, full * static_cast<std::size_t>(test_share_percent()) / 100);
}

// Whether the case numbered `index` of an exhaustive loop is in the pass's share: every
// case in the release pass, every (100 / share)th elsewhere. Number the cases so that
// neighbours differ in every coordinate (a sum of the loop variables), and each value of
// each coordinate is still visited in the smaller share.
inline bool in_share(std::size_t index) {
  return index % static_cast<std::size_t>(100 / test_share_percent()) == 0;
}

}  // namespace ujson::test
