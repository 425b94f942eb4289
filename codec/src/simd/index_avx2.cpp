// Stage 1 with AVX2 (declared in ujson/detail/structural_index.hpp; the loop is in
// index_stage.hpp, the lookup tables in block_classes.hpp). This file alone is compiled with -mavx2 -mbmi -mpopcnt -mpclmul
// (codec/CMakeLists.txt) and runs only after dispatch.cpp has seen those on the CPU. Like
// utf8_avx2.cpp it includes no header with inline functions of the project's, so that no
// AVX2 copy of a shared function can be picked by the linker for code that runs elsewhere.

#include "index_stage.hpp"

namespace ujson::detail {
namespace {

inline std::uint64_t mask64(__m256i lo, __m256i hi) {
  return static_cast<std::uint32_t>(_mm256_movemask_epi8(lo)) |
         (static_cast<std::uint64_t>(static_cast<std::uint32_t>(_mm256_movemask_epi8(hi))) << 32);
}

struct avx2 {
  static block_masks classify(const char* p) {
    // The tables of block_classes.hpp, two lanes of them.
    const __m256i space_table = _mm256_load_si256(reinterpret_cast<const __m256i*>(tables.space));
    const __m256i op_table = _mm256_load_si256(reinterpret_cast<const __m256i*>(tables.op));
    const __m256i bit5 = _mm256_set1_epi8(0x20);
    const __m256i quote = _mm256_set1_epi8('"');
    const __m256i backslash = _mm256_set1_epi8('\\');
    const __m256i control_max = _mm256_set1_epi8(0x1F);

    const __m256i lo = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
    const __m256i hi = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 32));
    auto spaces = [&](__m256i v) { return _mm256_cmpeq_epi8(_mm256_shuffle_epi8(space_table, v), v); };
    auto ops = [&](__m256i v) {
      const __m256i folded = _mm256_or_si256(v, bit5);
      return _mm256_cmpeq_epi8(_mm256_shuffle_epi8(op_table, folded), folded);
    };
    auto controls = [&](__m256i v) { return _mm256_cmpeq_epi8(_mm256_min_epu8(v, control_max), v); };

    block_masks m;
    m.space = mask64(spaces(lo), spaces(hi));
    m.structural = mask64(ops(lo), ops(hi));
    m.quote = mask64(_mm256_cmpeq_epi8(lo, quote), _mm256_cmpeq_epi8(hi, quote));
    m.backslash = mask64(_mm256_cmpeq_epi8(lo, backslash), _mm256_cmpeq_epi8(hi, backslash));
    m.control = mask64(controls(lo), controls(hi));
    m.non_ascii = _mm256_movemask_epi8(_mm256_or_si256(lo, hi)) != 0;
    return m;
  }

  // The last n < 64 bytes, padded with spaces in `scratch` (64 bytes).
  static block_masks classify_tail(const char* p, std::size_t n, char* scratch) {
    std::memset(scratch, ' ', 64);
    std::memcpy(scratch, p, n);
    return classify(scratch);
  }

  static bool utf8_valid(const char* p, std::size_t n) { return utf8_valid_avx2(p, n); }
  static void write_offsets(std::uint32_t* w, std::uint64_t bits, std::size_t found, std::uint32_t base) {
    write_offsets_by_bits(w, bits, found, base);
  }
};

}  // namespace

bool index_avx2(const char* p, std::size_t n, index_buffer& out, std::size_t& count) noexcept {
  return index_with<avx2>(p, n, out, count);
}

void index_window_avx2(index_window_state& state, std::uint32_t* out) noexcept {
  index_window_with<avx2>(state, out);
}

}  // namespace ujson::detail
