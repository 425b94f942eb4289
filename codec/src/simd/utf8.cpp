// UTF-8 validation: the scalar kernel and the run-time choice between it and AVX2
// (utf8_avx2.cpp).

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string_view>

#include "ujson/detail/scan.hpp"
#include "ujson/detail/utf8.hpp"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define UJSON_X86_DISPATCH 1
#else
#define UJSON_X86_DISPATCH 0
#endif

namespace ujson::detail {

bool utf8_valid_scalar(const char* p, std::size_t n) noexcept {
  const char* const end = p + n;
  while (p != end) {
    if (end - p >= 8 && (load8(p) & 0x8080808080808080ULL) == 0) {
      p += 8;
      continue;
    }
    if (static_cast<unsigned char>(*p) < 0x80) {
      ++p;
      continue;
    }
    const std::size_t len = utf8_sequence_length(p, end);
    if (len == 0) return false;
    p += len;
  }
  return true;
}

#if UJSON_X86_DISPATCH

bool cpu_has_avx2() noexcept { return __builtin_cpu_supports("avx2"); }

#else

bool cpu_has_avx2() noexcept { return false; }
bool utf8_valid_avx2(const char* p, std::size_t n) noexcept { return utf8_valid_scalar(p, n); }

#endif

namespace {

struct kernel {
  bool (*validate)(const char*, std::size_t) noexcept;
  std::string_view name;
};

kernel select_kernel() noexcept {
  const kernel scalar{&utf8_valid_scalar, "scalar"};
  const kernel avx2{&utf8_valid_avx2, "avx2"};
  const char* forced = std::getenv("UJSON_FORCE_KERNEL");
  if (forced != nullptr && std::string_view(forced) == "scalar") return scalar;
  return cpu_has_avx2() ? avx2 : scalar;
}

const kernel& selected() noexcept {
  static const kernel k = select_kernel();
  return k;
}

}  // namespace

bool utf8_valid(const char* p, std::size_t n) noexcept { return selected().validate(p, n); }

std::string_view utf8_kernel_name() noexcept { return selected().name; }

}  // namespace ujson::detail
