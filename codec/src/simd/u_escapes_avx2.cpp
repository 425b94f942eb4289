// \uXXXX escapes decoded eight at a time (ujson/detail/kernels.hpp, kernel_table::u_escapes):
// what producers that escape non-ASCII text (json.dumps' defaults, ujson, /encode) send is
// runs of such escapes, a word of Arabic or Japanese at a time (eight covers most words).
// AVX2, used by the AVX2 and AVX-512 tables.
//
// Eight escapes are 48 bytes, read as four 16-byte loads (at p, p + 12, p + 24 and p + 36,
// each holding two whole escapes). Their 32 hex digits are gathered into one register (a
// 32-bit lane each), checked and turned into nibbles there, and multiplied together into
// eight code units. The escapes decoded are the leading ones that are well formed and
// outside the surrogates, and runs of them go on across one plain byte (the space between
// two words); the first escape that is not (or anything else) is left to the caller's
// scalar loop, which reports errors and pairs surrogates.

#include <immintrin.h>

#include <bit>
#include <cstdint>

#include "ujson/detail/kernels.hpp"

namespace ujson::detail {
namespace {

// The loop's constants (16 bytes, repeated in both halves of a 32-byte register), read
// through a pointer the optimizer cannot see through: knowing their values, GCC rebuilds
// each one inside the loop from an immediate (a move, a vmovd, a broadcast: three
// instructions for every use); read from memory, they are the operand of the instruction
// that uses them.
struct alignas(32) bytes32 {
  std::uint8_t b[32];
};
constexpr bytes32 both_halves(const std::uint8_t (&half)[16]) {
  bytes32 out{};
  for (int i = 0; i < 32; ++i) out.b[i] = half[i % 16];
  return out;
}
constexpr bytes32 splat8(std::uint8_t v) {
  bytes32 out{};
  for (auto& b : out.b) b = v;
  return out;
}
constexpr bytes32 splat32(std::uint32_t v) {
  bytes32 out{};
  for (int i = 0; i < 32; ++i) out.b[i] = static_cast<std::uint8_t>(v >> (8 * (i % 4)));
  return out;
}
constexpr std::uint8_t none = 0x80;  // a pshufb index that writes zero

struct constants {
  // Of 16 bytes loaded at an escape: its "\u" and the next one's in lanes 0 and 1 (zero
  // above), and their hex digits in bytes 0-7.
  bytes32 frames_of_two = both_halves({0, 1, none, none, 6, 7, none, none, none, none, none, none, none, none, none, none});
  bytes32 digits_of_two = both_halves({2, 3, 4, 5, 8, 9, 10, 11, none, none, none, none, none, none, none, none});
  bytes32 frame = splat32('\\' | 'u' << 8);
  bytes32 zero_char = splat8('0');
  bytes32 lower_a = splat8('a');
  bytes32 case_bit = splat8(0x20);
  bytes32 nine = splat8(9);
  bytes32 five = splat8(5);
  bytes32 ten = splat8(10);
  bytes32 nibble_weights = both_halves({16, 1, 16, 1, 16, 1, 16, 1, 16, 1, 16, 1, 16, 1, 16, 1});
  bytes32 byte_weights = splat32(256 | 1 << 16);  // pmaddwd: high byte x 256 + low byte
  bytes32 surrogate_bits = splat32(0xF800);
  bytes32 surrogate = splat32(0xD800);
  bytes32 ascii_end = splat32(0x80);
  bytes32 top_two_byte = splat32(0x7FF);
  bytes32 low_six = splat32(0x3F);
  bytes32 continuation = splat32(0x80);
  bytes32 two_byte_lead = splat32(0xC0);
  bytes32 three_byte_lead = splat32(0xE0);
  bytes32 pack_two = both_halves({0, 1, 4, 5, 8, 9, 12, 13, none, none, none, none, none, none, none, none});
  bytes32 pack_three = both_halves({0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, none, none, none, none});
};
constexpr constants table;

inline __m256i get(const bytes32& c) { return _mm256_load_si256(reinterpret_cast<const __m256i*>(c.b)); }

// 16 bytes at p in the low half, at p + 24 (four escapes on) in the high half.
inline __m256i load_halves(const char* p) {
  return _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p))),
                                 _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 24)), 1);
}

// A plain byte between two runs (the space between two escaped words): printable ASCII,
// not '"' or '\\', with an escape's "\u" after it.
inline bool plain_between_runs(const char* p) {
  const auto c = static_cast<unsigned char>(p[0]);
  return c >= 0x20 && c < 0x80 && c != '"' && c != '\\' && p[1] == '\\' && p[2] == 'u';
}

// One code unit below U+10000 as UTF-8, for groups of mixed widths. Written here rather
// than taken from scan.hpp: a kernel file includes no project header with inline functions,
// so that no copy compiled for AVX2 can be linked into code that runs on other CPUs.
inline char* put_unit(std::uint32_t u, char* w) {
  if (u < 0x80) {
    *w++ = static_cast<char>(u);
  } else if (u < 0x800) {
    *w++ = static_cast<char>(0xC0 | u >> 6);
    *w++ = static_cast<char>(0x80 | (u & 0x3F));
  } else {
    *w++ = static_cast<char>(0xE0 | u >> 12);
    *w++ = static_cast<char>(0x80 | (u >> 6 & 0x3F));
    *w++ = static_cast<char>(0x80 | (u & 0x3F));
  }
  return w;
}

}  // namespace

u_escape_run u_escapes_avx2(const char* p, const char* end, char* w, std::size_t max) noexcept {
  char* const limit = w + 3 * max;
  const constants* k = &table;
  __asm__("" : "+r"(k));
  while (end - p >= 52 && limit - w >= 24) {
    // Escapes 0, 1, 4, 5 and 2, 3, 6, 7: 16 bytes from each of p, p + 12, p + 24, p + 36.
    const __m256i first = load_halves(p);
    const __m256i second = load_halves(p + 12);
    // One 32-bit lane per escape, in order: its "\u" (compared whole), its four digits.
    const __m256i frames = _mm256_unpacklo_epi64(_mm256_shuffle_epi8(first, get(k->frames_of_two)),
                                                 _mm256_shuffle_epi8(second, get(k->frames_of_two)));
    const __m256i hex = _mm256_unpacklo_epi64(_mm256_shuffle_epi8(first, get(k->digits_of_two)),
                                              _mm256_shuffle_epi8(second, get(k->digits_of_two)));
    // '0'-'9' and either case of 'a'-'f' (bytes below either range wrap around to large).
    const __m256i digit = _mm256_sub_epi8(hex, get(k->zero_char));
    const __m256i is_digit = _mm256_cmpeq_epi8(_mm256_min_epu8(digit, get(k->nine)), digit);
    const __m256i letter = _mm256_sub_epi8(_mm256_or_si256(hex, get(k->case_bit)), get(k->lower_a));
    const __m256i is_letter = _mm256_cmpeq_epi8(_mm256_min_epu8(letter, get(k->five)), letter);
    const __m256i nibbles = _mm256_blendv_epi8(_mm256_add_epi8(letter, get(k->ten)), digit, is_digit);
    const __m256i units =
        _mm256_madd_epi16(_mm256_maddubs_epi16(nibbles, get(k->nibble_weights)), get(k->byte_weights));
    // The run's length comes from the frames alone: where the next escape starts is what the
    // caller (and the next group) waits for, and the frames are a short chain from the loads;
    // a bad digit or a surrogate inside the run is rare, and shortens it on a branch of its own.
    const unsigned framed =
        static_cast<unsigned>(_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(frames, get(k->frame)))));
    unsigned count = static_cast<unsigned>(std::countr_one(framed));
    if (count == 0) break;
    const __m256i all_hex = _mm256_cmpeq_epi32(_mm256_or_si256(is_digit, is_letter), _mm256_set1_epi32(-1));
    const __m256i is_surrogate =
        _mm256_cmpeq_epi32(_mm256_and_si256(units, get(k->surrogate_bits)), get(k->surrogate));
    const unsigned decodable =
        static_cast<unsigned>(_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_andnot_si256(is_surrogate, all_hex))));
    bool cut = false;
    if ((~decodable & ((1u << count) - 1)) != 0) [[unlikely]] {
      count = static_cast<unsigned>(std::countr_one(decodable));
      if (count == 0) break;
      cut = true;
    }
    const unsigned taken = (1u << count) - 1;

    // Two bytes each (U+0080-U+07FF) or three (from U+0800): a store or two for the group.
    const unsigned wide = static_cast<unsigned>(
        _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpgt_epi32(units, get(k->top_two_byte))))) & taken;
    const unsigned ascii = static_cast<unsigned>(
        _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpgt_epi32(get(k->ascii_end), units)))) & taken;
    const __m256i last_six = _mm256_or_si256(_mm256_and_si256(units, get(k->low_six)), get(k->continuation));
    if ((wide | ascii) == 0) {
      const __m256i lead = _mm256_or_si256(_mm256_srli_epi32(units, 6), get(k->two_byte_lead));
      const __m256i pairs = _mm256_shuffle_epi8(_mm256_or_si256(lead, _mm256_slli_epi32(last_six, 8)), get(k->pack_two));
      // Eight bytes per half: the halves' first quadwords side by side.
      const __m256i joined = _mm256_permute4x64_epi64(pairs, 0b00001000);
      _mm_storeu_si128(reinterpret_cast<__m128i*>(w), _mm256_castsi256_si128(joined));
      w += 2 * count;
    } else if (wide == taken) {
      const __m256i lead = _mm256_or_si256(_mm256_srli_epi32(units, 12), get(k->three_byte_lead));
      const __m256i middle =
          _mm256_or_si256(_mm256_and_si256(_mm256_srli_epi32(units, 6), get(k->low_six)), get(k->continuation));
      const __m256i triples = _mm256_shuffle_epi8(
          _mm256_or_si256(lead, _mm256_or_si256(_mm256_slli_epi32(middle, 8), _mm256_slli_epi32(last_six, 16))),
          get(k->pack_three));
      // Twelve bytes per half.
      _mm_storeu_si128(reinterpret_cast<__m128i*>(w), _mm256_castsi256_si128(triples));
      _mm_storeu_si128(reinterpret_cast<__m128i*>(w + 12), _mm256_extracti128_si256(triples, 1));
      w += 3 * count;
    } else {
      std::uint32_t unit[8];
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(unit), units);
      for (unsigned i = 0; i < count; ++i) w = put_unit(unit[i], w);
    }
    p += 6 * count;
    if (count < 8) {
      // The run ends at something that is no escape. One plain byte with an escape after it
      // is taken here, on a branch: returning makes the caller find it, and the next run's
      // start would wait for that. (p[0..2] is readable: at most 42 bytes of the 52 were
      // taken.)
      if (cut || !plain_between_runs(p)) break;
      *w++ = *p++;
    }
  }
  return {p, w};
}

}  // namespace ujson::detail
