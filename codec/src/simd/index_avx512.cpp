// Stage 1 with AVX-512 (declared in ujson/detail/structural_index.hpp; the loop is in
// index_stage.hpp, the lookup tables in block_classes.hpp): a 64-byte block is one register and each
// class one compare into a mask register, where AVX2 takes two compares and two byte-mask
// moves. Compiled with
// -mavx512f -mavx512bw -mavx512vl -mavx512vbmi2 -mavx2 -mbmi -mbmi2 -mpopcnt -mpclmul, run only
// where dispatch.cpp has seen those; the same rules as index_avx2.cpp about shared inline
// functions.

#include <type_traits>

#include "index_stage.hpp"

namespace ujson::detail {
namespace {

struct avx512 {
  using block_vec = __m512i;
  using utf8_checker = ujson::detail::utf8_checker<utf8_ops_avx512>;

  static block_vec load(const char* p) { return _mm512_loadu_si512(p); }
  // The last n < 64 bytes, padded with spaces: a masked load, which reads nothing past the
  // input (masked-off bytes cannot fault).
  static block_vec load_tail(const char* p, std::size_t n) {
    const __mmask64 keep = (std::uint64_t{1} << n) - 1;
    return _mm512_mask_loadu_epi8(_mm512_set1_epi8(' '), keep, p);
  }

  // Its constants stay in registers as they are: AVX-512 has 32 of them.
  struct classifier {
    block_masks operator()(__m512i v) const { return classify(v); }
  };
  static block_masks classify(__m512i v) {
    const __m512i folded = _mm512_or_si512(v, _mm512_set1_epi8(0x20));
    block_masks m;
    m.space = _mm512_cmpeq_epi8_mask(_mm512_shuffle_epi8(_mm512_load_si512(tables.space), v), v);
    m.structural = _mm512_cmpeq_epi8_mask(_mm512_shuffle_epi8(_mm512_load_si512(tables.op), folded), folded);
    m.quote = _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8('"'));
    m.backslash = _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8('\\'));
    m.control = _mm512_cmple_epu8_mask(v, _mm512_set1_epi8(0x1F));
    return m;
  }

  // The bytes an escape names (" \\ / b f n r t u), and the u of \\uXXXX: looked for only
  // in blocks with a backslash.
  static std::uint64_t escape_named(__m512i v) {
    const __m512i looked_up = _mm512_shuffle_epi8(_mm512_load_si512(tables.escape), v);
    return _mm512_cmpeq_epi8_mask(looked_up, v) | _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8('b')) |
           _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8('r'));
  }
  static std::uint64_t escape_u(__m512i v) { return _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8('u')); }

  static void resume_utf8(utf8_checker& u, block_vec before) { u.resume(before); }
  static void check_utf8(utf8_checker& u, block_vec v) { u.check(v); }

  // A block's offset in every lane, advanced from block to block in its register: no
  // subtraction from the input's start and no broadcast in each block.
  using offsets = __m512i;
  static offsets offsets_at(std::uint32_t base) { return _mm512_set1_epi32(static_cast<int>(base)); }
  // The step from block to block, made once before the loop (opaque: GCC rebuilt the
  // broadcast, a move and a vpbroadcastd, in every block).
  static offsets block_step() { return opaque(_mm512_set1_epi32(block)); }
  static offsets next_block(offsets base, offsets step) { return _mm512_add_epi32(base, step); }

  // The positions of the set bits, packed by one compress of the bytes 0..63 (VBMI2), then
  // widened and offset sixteen at a time: no dependency from one token to the next. Lanes
  // past the last token write the block's offset, within the room the caller reserved.
  static void write_offsets(std::uint32_t* w, std::uint64_t bits, std::size_t found, offsets offset,
                            std::uint64_t flagged) {
    alignas(64) static constexpr unsigned char iota[64] = {
        0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21,
        22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43,
        44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63};
    const __m512i packed = _mm512_maskz_compress_epi8(bits, _mm512_load_si512(iota));
    // The zero-masked forms: GCC 12 warns that the plain ones' undefined source is
    // uninitialized (all sixteen lanes are written either way).
    const auto quarter = [&](auto i) {
      const __m128i bytes = _mm512_maskz_extracti32x4_epi32(0xF, packed, decltype(i)::value);
      return _mm512_add_epi32(_mm512_maskz_cvtepu8_epi32(0xFFFF, bytes), offset);
    };
    _mm512_storeu_si512(w, quarter(std::integral_constant<int, 0>{}));
    if (found > 16) [[unlikely]] {
      _mm512_storeu_si512(w + 16, quarter(std::integral_constant<int, 1>{}));
      if (found > 32) [[unlikely]] {
        _mm512_storeu_si512(w + 32, quarter(std::integral_constant<int, 2>{}));
        _mm512_storeu_si512(w + 48, quarter(std::integral_constant<int, 3>{}));
      }
    }
    if (flagged != 0) [[unlikely]] {
      // The flagged tokens' lanes, marked in a vector and merged into the entries by a
      // masked store: an `or` into each entry would load from the store just made, which a
      // narrow load waits out until it reaches the cache.
      const std::uint64_t lanes = _pext_u64(flagged, bits);
      const __m512i mark = _mm512_set1_epi32(static_cast<int>(escaped_string_end));
      const auto merge = [&](auto i) {
        const auto q = static_cast<__mmask16>(lanes >> (16 * decltype(i)::value));
        if (q != 0) _mm512_mask_storeu_epi32(w + 16 * decltype(i)::value, q, _mm512_or_si512(quarter(i), mark));
      };
      merge(std::integral_constant<int, 0>{});
      if (found > 16) [[unlikely]] {
        merge(std::integral_constant<int, 1>{});
        merge(std::integral_constant<int, 2>{});
        merge(std::integral_constant<int, 3>{});
      }
    }
  }
};

}  // namespace

bool index_avx512(const char* p, std::size_t n, index_buffer& out, std::size_t& count) noexcept {
  return index_with<avx512>(p, n, out, count);
}

void index_window_avx512(index_window_state& state, std::uint32_t* out) noexcept {
  index_window_with<avx512>(state, out);
}

}  // namespace ujson::detail
