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
  struct block_vec {
    __m256i lo, hi;
  };
  using utf8_checker = ujson::detail::utf8_checker<utf8_ops_avx2>;

  static block_vec load(const char* p) {
    return {_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)),
            _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 32))};
  }
  // The last n < 64 bytes, padded with spaces (in a block of the stack).
  static block_vec load_tail(const char* p, std::size_t n) {
    char scratch[block];
    std::memset(scratch, ' ', 64);
    std::memcpy(scratch, p, n);
    return load(scratch);
  }

  // The classification's constants, made once before stage 1's loop and opaque: GCC
  // otherwise rebuilt each broadcast (a move, a vmovd and a vpbroadcastb) in every block,
  // AVX2's sixteen vector registers leaving it none to keep them in.
  struct classifier {
    __m256i space_table = opaque(_mm256_load_si256(reinterpret_cast<const __m256i*>(tables.space)));
    __m256i op_table = opaque(_mm256_load_si256(reinterpret_cast<const __m256i*>(tables.op)));
    __m256i bit5 = opaque(_mm256_set1_epi8(0x20));
    __m256i quote = opaque(_mm256_set1_epi8('"'));
    __m256i backslash = opaque(_mm256_set1_epi8('\\'));
    __m256i control_max = opaque(_mm256_set1_epi8(0x1F));

    block_masks operator()(block_vec v) const { return classify(v, *this); }
  };

  // Takes the constants as local copies: the same body in operator(), reading the members
  // through `this`, ran 0.8% more instructions in validation (twitter, citm_catalog).
  static block_masks classify(block_vec v, const classifier& k) {
    const __m256i space_table = k.space_table, op_table = k.op_table, bit5 = k.bit5, quote = k.quote,
                  backslash = k.backslash, control_max = k.control_max;

    auto spaces = [&](__m256i x) { return _mm256_cmpeq_epi8(_mm256_shuffle_epi8(space_table, x), x); };
    auto ops = [&](__m256i x) {
      const __m256i folded = _mm256_or_si256(x, bit5);
      return _mm256_cmpeq_epi8(_mm256_shuffle_epi8(op_table, folded), folded);
    };
    auto controls = [&](__m256i x) { return _mm256_cmpeq_epi8(_mm256_min_epu8(x, control_max), x); };

    block_masks m;
    m.space = mask64(spaces(v.lo), spaces(v.hi));
    m.structural = mask64(ops(v.lo), ops(v.hi));
    m.quote = mask64(_mm256_cmpeq_epi8(v.lo, quote), _mm256_cmpeq_epi8(v.hi, quote));
    m.backslash = mask64(_mm256_cmpeq_epi8(v.lo, backslash), _mm256_cmpeq_epi8(v.hi, backslash));
    m.control = mask64(controls(v.lo), controls(v.hi));
    return m;
  }

  // The bytes an escape names (" \\ / b f n r t u), and the u of \\uXXXX: looked for only
  // in blocks with a backslash.
  static std::uint64_t escape_named(block_vec v) {
    const __m256i table = _mm256_load_si256(reinterpret_cast<const __m256i*>(tables.escape));
    const auto named = [&](__m256i x) {
      const __m256i b = _mm256_cmpeq_epi8(x, _mm256_set1_epi8('b'));
      const __m256i r = _mm256_cmpeq_epi8(x, _mm256_set1_epi8('r'));
      return _mm256_or_si256(_mm256_cmpeq_epi8(_mm256_shuffle_epi8(table, x), x), _mm256_or_si256(b, r));
    };
    return mask64(named(v.lo), named(v.hi));
  }
  static std::uint64_t escape_u(block_vec v) {
    const __m256i u = _mm256_set1_epi8('u');
    return mask64(_mm256_cmpeq_epi8(v.lo, u), _mm256_cmpeq_epi8(v.hi, u));
  }

  static void resume_utf8(utf8_checker& u, block_vec before) { u.resume(before.hi); }
  // A block of ASCII (most) is one test, not one per half; a block with other bytes tests
  // its first half, and its second only when the first had them.
  static void check_utf8(utf8_checker& u, block_vec v) {
    if (utf8_ops_avx2::ascii(_mm256_or_si256(v.lo, v.hi))) [[likely]] {
      u.check_ascii(v.hi);
    } else if (utf8_ops_avx2::ascii(v.lo)) {
      u.check_ascii(v.lo);
      u.check_non_ascii(v.hi);
    } else {
      u.check_non_ascii(v.lo);
      u.check(v.hi);
    }
  }
  // A block's offset in the input, as write_offsets takes it.
  using offsets = std::uint32_t;
  static offsets offsets_at(std::uint32_t base) { return base; }
  static offsets block_step() { return block; }
  // An immediate suffices here; block_step() is for the AVX-512 kernel, whose step is a vector.
  static offsets next_block(offsets base, offsets) { return base + block; }
  static void write_offsets(std::uint32_t* w, std::uint64_t bits, std::size_t found, offsets base,
                            std::uint64_t flagged) {
    write_offsets_by_bits(w, bits, found, base);
    flag_offsets_by_bits(w, bits, flagged);
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
