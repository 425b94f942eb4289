// The one run-time choice of kernels (ujson/detail/kernels.hpp).

#include <cstdlib>
#include <string_view>

#include "arch.hpp"
#include "ujson/detail/kernels.hpp"
#include "ujson/detail/structural_index.hpp"
#include "ujson/detail/utf8.hpp"

namespace ujson::detail {
namespace {

constexpr kernel_table portable_table{kernel_set::portable, "portable", &utf8_valid_scalar, nullptr, nullptr, nullptr};

#if UJSON_X86_DISPATCH
constexpr kernel_table avx2_table{kernel_set::avx2, "avx2", &utf8_valid_avx2, &index_avx2, &index_window_avx2,
                                      &u_escapes_avx2};
constexpr kernel_table avx512_table{kernel_set::avx512, "avx512", &utf8_valid_avx512, &index_avx512,
                                        &index_window_avx512, &u_escapes_avx2};
#endif

struct runnable {
  const kernel_table* tables[3];
  std::size_t count;
};

runnable find_runnable() noexcept {
  runnable r{{&portable_table, nullptr, nullptr}, 1};
#if UJSON_X86_DISPATCH
  if (cpu_runs_avx2_kernels()) r.tables[r.count++] = &avx2_table;
  if (cpu_runs_avx512_kernels()) r.tables[r.count++] = &avx512_table;
#endif
  return r;
}

const runnable& runnable_tables() noexcept {
  static const runnable r = find_runnable();
  return r;
}

// The best runnable kernel, or the one UJSON_FORCE_KERNEL names if this CPU runs it.
const kernel_table& choose() noexcept {
  const runnable& r = runnable_tables();
  const char* forced = std::getenv("UJSON_FORCE_KERNEL");
  if (forced != nullptr) {
    const std::string_view name(forced);
    if (name == "scalar") return portable_table;
    for (std::size_t i = 0; i < r.count; ++i) {
      if (r.tables[i]->name == name) return *r.tables[i];
    }
  }
  return *r.tables[r.count - 1];
}

}  // namespace

const kernel_table& kernels() noexcept {
  static const kernel_table& chosen = choose();
  return chosen;
}

const kernel_table& portable_kernels() noexcept { return portable_table; }

std::span<const kernel_table* const> runnable_kernels() noexcept {
  const runnable& r = runnable_tables();
  return {r.tables, r.count};
}

bool utf8_valid(const char* p, std::size_t n) noexcept { return kernels().utf8_valid(p, n); }

}  // namespace ujson::detail
