// UTF-8 validation: the portable kernel (utf8_avx2.cpp has the AVX2 one; dispatch.cpp
// chooses).

#include <cstdint>
#include <cstring>

#include "ujson/detail/scan.hpp"
#include "ujson/detail/utf8.hpp"

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

}  // namespace ujson::detail
