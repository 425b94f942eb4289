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
avx2_recognizer* avx2_recognizer_create() { return nullptr; }
void avx2_recognizer_destroy(avx2_recognizer*) noexcept {}
void avx2_recognizer_start(avx2_recognizer&, const char*, std::size_t, std::size_t) noexcept {}
recognizer_verdict avx2_recognizer_advance(avx2_recognizer&, std::size_t) noexcept {
  return recognizer_verdict::not_sure;
}
#endif

bool recognizer_available() noexcept {
  static const bool available = select_recognizer();
  return available;
}

bool recognize(const char* p, std::size_t n, std::size_t max_depth) noexcept {
  return recognizer_available() && recognize_avx2(p, n, max_depth);
}

recognizer_stream::~recognizer_stream() { avx2_recognizer_destroy(kernel_); }

void recognizer_stream::start(const char* p, std::size_t n, std::size_t max_depth) {
  running_ = false;
  if (n == 0 || !recognizer_available()) return;
  if (kernel_ == nullptr) kernel_ = avx2_recognizer_create();
  avx2_recognizer_start(*kernel_, p, n, max_depth);
  running_ = true;
}

recognizer_verdict recognizer_stream::advance(std::size_t available) noexcept {
  if (!running_) return recognizer_verdict::not_sure;
  const recognizer_verdict v = avx2_recognizer_advance(*kernel_, available);
  if (v != recognizer_verdict::need_more) running_ = false;
  return v;
}

}  // namespace ujson::detail
