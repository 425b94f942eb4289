// The run-time choice of the validation fast path (ujson/detail/recognize.hpp).

#include <cstdlib>
#include <string_view>

#include "ujson/detail/recognize.hpp"

namespace ujson::detail {
namespace {

bool select_recognizer() noexcept {
  const char* forced = std::getenv("UJSON_FORCE_KERNEL");
  if (forced != nullptr && std::string_view(forced) == "scalar") return false;
  return recognizer_cpu_support();
}

}  // namespace

bool recognizer_cpu_support() noexcept {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
  return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("pclmul") && __builtin_cpu_supports("bmi") &&
         __builtin_cpu_supports("popcnt");
#else
  return false;
#endif
}

#if !(defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)))
bool recognize_avx2(const char*, std::size_t, std::size_t) noexcept { return false; }
#endif

bool recognizer_available() noexcept {
  static const bool available = select_recognizer();
  return available;
}

bool recognize(const char* p, std::size_t n, std::size_t max_depth) noexcept {
  return recognizer_available() && recognize_avx2(p, n, max_depth);
}

}  // namespace ujson::detail
