// Each run-time-chosen UTF-8 kernel the CPU runs (AVX2: 32-byte steps, AVX-512: 64) agrees
// with the scalar reference on every 2-byte pair at every offset across the first 32- and
// 64-byte block boundaries, on 3- and 4-byte forms with edge-case tails, and on random
// mixes of valid and broken sequences. The scalar reference itself is checked against the
// hand-written classifier in kernel_test.cpp.

#include <gtest/gtest.h>

#include <random>
#include <string>

#include "support/test_share.hpp"
#include "ujson/detail/kernels.hpp"
#include "ujson/detail/utf8.hpp"

namespace {

using ujson::detail::kernel_set;
using ujson::detail::utf8_valid_scalar;

class Utf8Kernels : public ::testing::TestWithParam<kernel_set> {
 protected:
  void SetUp() override {
    for (const ujson::detail::kernel_table* k : ujson::detail::runnable_kernels()) {
      if (k->set == GetParam()) valid_ = k->utf8_valid;
    }
    if (valid_ == nullptr) GTEST_SKIP() << "this CPU cannot run this kernel set";
  }
  bool valid(const std::string& s) const { return valid_(s.data(), s.size()); }
  // Checks one input; returns false (and records it) on disagreement.
  bool agree(const std::string& s) {
    const bool scalar = utf8_valid_scalar(s.data(), s.size());
    const bool kernel = valid(s);
    if (scalar == kernel) return true;
    std::string hex;
    for (unsigned char c : s) hex += " " + std::to_string(c);
    ADD_FAILURE() << "scalar=" << scalar << " kernel=" << kernel << " bytes:" << hex;
    return false;
  }

  bool (*valid_)(const char*, std::size_t) noexcept = nullptr;
};

INSTANTIATE_TEST_SUITE_P(Kernels, Utf8Kernels, ::testing::Values(kernel_set::avx2, kernel_set::avx512),
                         [](const ::testing::TestParamInfo<kernel_set>& info) {
                           return info.param == kernel_set::avx2 ? "avx2" : "avx512";
                         });

TEST_P(Utf8Kernels, EveryBytePairAtEveryOffset) {
  int failures = 0;
  for (int pad = 0; pad < 67 && failures < 5; pad = pad == 33 ? 58 : pad + 1) {
    const std::string prefix(static_cast<std::size_t>(pad), 'x');
    for (unsigned a = 0; a < 256; ++a) {
      for (unsigned b = 0; b < 256; ++b) {
        if (!ujson::test::in_share(pad + a + b)) continue;
        if (!agree(prefix + char(a) + char(b))) ++failures;
      }
    }
  }
}

TEST_P(Utf8Kernels, ThreeAndFourByteFormsWithEdgeTails) {
  const unsigned tails[] = {0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xE0, 0xED, 0xF0, 0xF4, 0xF5, 0xFF};
  int failures = 0;
  for (int pad : {0, 13, 29, 30, 31, 32, 61, 62, 63, 64}) {
    const std::string prefix(static_cast<std::size_t>(pad), ' ');
    for (unsigned a = 0xC0; a < 256 && failures < 5; ++a) {
      for (unsigned b = 0x80; b < 0xC0; ++b) {
        for (unsigned c : tails) {
          if (!ujson::test::in_share(pad + a + b + c)) continue;
          if (!agree(prefix + char(a) + char(b) + char(c))) ++failures;
          for (unsigned d : tails) {
            if (!agree(prefix + char(a) + char(b) + char(c) + char(d) + "z")) ++failures;
          }
        }
      }
    }
  }
}

TEST_P(Utf8Kernels, KnownAnswers) {
  EXPECT_TRUE(valid(""));
  const std::string good = "plain ASCII, é, 日本語, 😀, U+10FFFF \xF4\x8F\xBF\xBF and more text to cross a block";
  EXPECT_TRUE(valid(good));
  for (const char* bad : {"\xC0\xAF", "\xED\xA0\x80", "\xF4\x90\x80\x80", "\x80", "abc\xE2\x82", "\xF8\x88\x80\x80\x80"}) {
    for (std::size_t before : {40, 61, 62, 63, 64, 100}) {
      const std::string s = std::string(before, 'a') + bad;
      EXPECT_FALSE(valid(s)) << bad << " after " << before;
    }
  }
}

TEST_P(Utf8Kernels, RandomMixes) {
  std::mt19937_64 rng(20261130);
  const char* pieces[] = {"a", "é", "日", "😀", "                ", "\x80", "\xC3", "\xE2\x82", "\xF0\x9F\x98",
                          "\xED\xA0\x80", "\xF4\x90\x80\x80", "\xC0\xAF"};
  int failures = 0;
  const std::size_t mixes = ujson::test::share_of(200000);
  for (std::size_t i = 0; i < mixes && failures < 5; ++i) {
    std::string s;
    const int count = static_cast<int>(rng() % 40);
    for (int j = 0; j < count; ++j) {
      const unsigned r = static_cast<unsigned>(rng() % 100);
      s += pieces[r < 85 ? r % 5 : 5 + r % 7];
    }
    if (!agree(s)) ++failures;
  }
}

}  // namespace
