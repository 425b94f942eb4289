// The one run-time kernel choice (ujson/detail/kernels.hpp): it honours UJSON_FORCE_KERNEL
// (make test's second pass sets it to scalar), otherwise takes the best kernel the CPU
// runs, and every entry point goes through the kernel set it chose.

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <string_view>

#include "ujson/detail/kernels.hpp"
#include "ujson/detail/utf8.hpp"
#include "ujson/validate.hpp"

namespace {

using ujson::detail::kernel_set;
using ujson::detail::kernels;
using ujson::detail::runnable_kernels;

TEST(KernelDispatch, PortableAlwaysRunsAndComesFirst) {
  ASSERT_FALSE(runnable_kernels().empty());
  EXPECT_EQ(runnable_kernels().front()->set, kernel_set::portable);
  EXPECT_EQ(runnable_kernels().front()->name, "portable");
}

TEST(KernelDispatch, ChoosesTheForcedKernelOrTheBest) {
  const char* forced = std::getenv("UJSON_FORCE_KERNEL");
  const std::string_view name = forced == nullptr ? "" : forced;
  // Unset, or naming a kernel this CPU cannot run or one that does not exist: the best.
  const ujson::detail::kernel_table* want = runnable_kernels().back();
  for (const ujson::detail::kernel_table* k : runnable_kernels()) {
    if (k->name == name || (name == "scalar" && k->set == kernel_set::portable)) want = k;
  }
  EXPECT_EQ(&kernels(), want) << kernels().name;
  EXPECT_EQ(&kernels(), &kernels());  // chosen once
}

bool offers(kernel_set set) {
  for (const ujson::detail::kernel_table* k : runnable_kernels()) {
    if (k->set == set) return true;
  }
  return false;
}

TEST(KernelDispatch, EachSetIsOfferedExactlyWhereTheCpuHasIt) {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
  const bool avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("pclmul") &&
                    __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2") &&
                    __builtin_cpu_supports("popcnt");
  const bool avx512 = avx2 && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
                      __builtin_cpu_supports("avx512vl");
#else
  const bool avx2 = false, avx512 = false;
#endif
  EXPECT_EQ(offers(kernel_set::avx2), avx2);
  EXPECT_EQ(offers(kernel_set::avx512), avx512);
  const kernel_set best = avx512 ? kernel_set::avx512 : avx2 ? kernel_set::avx2 : kernel_set::portable;
  EXPECT_EQ(runnable_kernels().back()->set, best);
  EXPECT_EQ(runnable_kernels().size(), 1u + avx2 + avx512);
}

// Stage 1 and the \uXXXX kernel exist in every set but the portable one, whose decoder
// reads byte by byte; every set validates the same document the same way.
TEST(KernelDispatch, EverySetValidates) {
  const std::string doc = R"({"a":[1,2.5,"x\u00e9",true,null]})";
  EXPECT_FALSE(ujson::validate(doc));
  for (const ujson::detail::kernel_table* k : runnable_kernels()) {
    EXPECT_EQ(k->index != nullptr, k->set != kernel_set::portable) << k->name;
    EXPECT_EQ(k->index_window != nullptr, k->set != kernel_set::portable) << k->name;
    EXPECT_EQ(k->u_escapes != nullptr, k->set != kernel_set::portable) << k->name;
    ujson::decoder d;
    ujson::validating_handler v;
    EXPECT_FALSE(d.decode(doc, v, *k)) << k->name;
    EXPECT_EQ(d.decode(std::string_view(doc).substr(0, doc.size() - 1), v, *k).code, ujson::errc::unexpected_end)
        << k->name;
    EXPECT_TRUE(k->utf8_valid("\xC3\xA9", 2)) << k->name;
    EXPECT_FALSE(k->utf8_valid("\xED\xA0\x80", 3)) << k->name;
  }
}

}  // namespace
