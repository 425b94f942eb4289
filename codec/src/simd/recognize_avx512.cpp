// The recognizer with AVX-512 (declared in ujson/detail/recognize.hpp; the stages are in
// recognize_stages.hpp, with its lookup tables): a 64-byte block is one register and each
// class one compare into a mask register, where AVX2 takes two compares and two byte-mask
// moves. Compiled with
// -mavx512f -mavx512bw -mavx512vl -mavx2 -mbmi -mpopcnt -mpclmul, run only where
// dispatch.cpp has seen those; the same rules as recognize_avx2.cpp about shared inline
// functions.

#include "recognize_stages.hpp"

namespace ujson::detail {
namespace {

struct avx512 {
  static block_masks classify(const char* p) {
    const __m512i v = _mm512_loadu_si512(p);
    const __m512i folded = _mm512_or_si512(v, _mm512_set1_epi8(0x20));
    block_masks m;
    m.space = _mm512_cmpeq_epi8_mask(_mm512_shuffle_epi8(_mm512_load_si512(tables.space), v), v);
    m.structural = _mm512_cmpeq_epi8_mask(_mm512_shuffle_epi8(_mm512_load_si512(tables.op), folded), folded);
    m.quote = _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8('"'));
    m.backslash = _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8('\\'));
    m.control = _mm512_cmple_epu8_mask(v, _mm512_set1_epi8(0x1F));
    m.non_ascii = _mm512_movepi8_mask(v) != 0;
    return m;
  }

  static bool utf8_valid(const char* p, std::size_t n) { return utf8_valid_avx512(p, n); }
};

}  // namespace

bool recognize_avx512(const char* p, std::size_t n, std::size_t max_depth) noexcept {
  return recognize_with<avx512>(p, n, max_depth);
}

}  // namespace ujson::detail
