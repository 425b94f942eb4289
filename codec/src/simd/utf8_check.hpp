#pragma once
// The SIMD UTF-8 check, shared by the kernels (utf8_avx2.cpp, utf8_avx512.cpp, and stage 1's
// index_avx2.cpp and index_avx512.cpp, which check each block as they classify it): each
// includes it once, compiled for its own instruction set, which selects the structs of
// vector operations below. Everything here is in an anonymous namespace, so each kernel
// file keeps its own copy (see utf8_avx2.cpp on shared inline code).
//
// Each byte is classified together with the one before it by three 16-entry table lookups
// (high nibble of the previous byte, its low nibble, high nibble of this byte); the AND of
// the three has a bit set exactly for an error of that kind. Continuation bytes that must
// follow a 3- or 4-byte lead are checked from the bytes two and three positions back. This
// is the method of Keiser and Lemire, "Validating UTF-8 in less than one instruction per
// byte" (Software: Practice and Experience, 2021).

#include <immintrin.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace ujson::detail {
namespace {

// Error kinds, one bit each, as named by the paper. Two kinds share bit 6: they can never
// both match the same pair of bytes.
constexpr std::uint8_t too_short = 1 << 0;   // lead byte followed by a non-continuation
constexpr std::uint8_t too_long = 1 << 1;    // ASCII followed by a continuation
constexpr std::uint8_t overlong_3 = 1 << 2;  // E0 80..9F
constexpr std::uint8_t too_large = 1 << 3;   // F4 90..BF, F5..FF
constexpr std::uint8_t surrogate = 1 << 4;   // ED A0..BF
constexpr std::uint8_t overlong_2 = 1 << 5;  // C0, C1
constexpr std::uint8_t too_large_1000 = 1 << 6;  // F5..FF 80..8F
constexpr std::uint8_t overlong_4 = 1 << 6;      // F0 80..8F
constexpr std::uint8_t two_conts = 1 << 7;   // continuation after continuation (fine only inside 3/4-byte forms)
constexpr std::uint8_t carry = too_short | too_long | two_conts;
constexpr std::uint8_t large = carry | too_large | too_large_1000;

// Each table four times over, so that a 128-bit lane of any width of register finds its
// own copy (a byte shuffle looks up within its lane).
struct utf8_lookup {
  alignas(64) std::uint8_t byte_1_high[64];  // by the previous byte's high nibble
  alignas(64) std::uint8_t byte_1_low[64];   // by the previous byte's low nibble
  alignas(64) std::uint8_t byte_2_high[64];  // by this byte's high nibble
  // 0xFF but in the last three places of a 32- or 64-byte block: a lead byte there whose
  // sequence goes past the block (the 32-byte form is the last 32 bytes).
  alignas(64) std::uint8_t max_complete[64];
};

constexpr utf8_lookup make_utf8_lookup() {
  constexpr std::uint8_t b1h[16] = {too_long, too_long, too_long, too_long, too_long, too_long, too_long, too_long,
                                    two_conts, two_conts, two_conts, two_conts, too_short | overlong_2, too_short,
                                    too_short | overlong_3 | surrogate,
                                    too_short | too_large | too_large_1000 | overlong_4};
  constexpr std::uint8_t b1l[16] = {carry | overlong_3 | overlong_2 | overlong_4, carry | overlong_2, carry, carry,
                                    carry | too_large, large, large, large, large, large, large, large, large,
                                    large | surrogate, large, large};
  constexpr std::uint8_t b2h[16] = {too_short, too_short, too_short, too_short, too_short, too_short, too_short,
                                    too_short,
                                    too_long | overlong_2 | two_conts | overlong_3 | too_large_1000 | overlong_4,
                                    too_long | overlong_2 | two_conts | overlong_3 | too_large,
                                    too_long | overlong_2 | two_conts | surrogate | too_large,
                                    too_long | overlong_2 | two_conts | surrogate | too_large, too_short, too_short,
                                    too_short, too_short};
  utf8_lookup t{};
  for (int i = 0; i < 64; ++i) {
    t.byte_1_high[i] = b1h[i % 16];
    t.byte_1_low[i] = b1l[i % 16];
    t.byte_2_high[i] = b2h[i % 16];
    t.max_complete[i] = 0xFF;
  }
  t.max_complete[61] = 0xF0 - 1;
  t.max_complete[62] = 0xE0 - 1;
  t.max_complete[63] = 0xC0 - 1;
  return t;
}

constexpr utf8_lookup utf8_tables = make_utf8_lookup();

// V: the vector type `vec` of `width` bytes (utf8_ops_avx2, utf8_ops_avx512 below); load (of 64-byte aligned tables, the first
// `width` bytes) and loadu; zero, set1, and_, or_, xor_, shuffle (within 128-bit lanes),
// high_nibbles (each byte shifted right by 4, its low nibble kept as is), subs (unsigned
// saturating), ascii (no byte >= 0x80), none (all bytes zero), and previous<N>(in, prev):
// the bytes of `in` shifted back by N with the last N bytes of `prev` in front.
template <class V>
struct utf8_checker {
  using vec = typename V::vec;
  vec error = V::zero();
  vec prev = V::zero();
  vec prev_incomplete = V::zero();
  // The check's constants, made opaque once: GCC would otherwise rebuild each (a move and a
  // broadcast) in every block of stage 1's loop rather than keep it in one of the vector
  // registers that loop leaves free.
  const vec low_nibble = opaque(V::set1(0x0F));
  const vec third_lead = opaque(V::set1(0xE0 - 0x80));
  const vec fourth_lead = opaque(V::set1(0xF0 - 0x80));
  const vec high_bit = opaque(V::set1(0x80));

  static vec opaque(vec v) {
    asm("" : "+v"(v));
    return v;
  }

  // Goes on after `before`, the `width` bytes before the next ones to check, as if they had
  // been checked (they were, by the run that ended there).
  void resume(vec before) {
    prev = before;
    prev_incomplete = V::subs(before, V::load(utf8_tables.max_complete + 64 - V::width));
  }
  // The input ends after the bytes checked last: a sequence they leave open is an error.
  void end_of_input() { error = V::or_(error, prev_incomplete); }
  bool ok() const { return V::none(error); }

  // `in` is all ASCII: only a sequence left open by the bytes before it can be wrong.
  void check_ascii(vec in) {
    error = V::or_(error, prev_incomplete);
    prev_incomplete = V::zero();
    prev = in;
  }

  void check(vec in) {
    if (V::ascii(in)) {
      check_ascii(in);
      return;
    }
    check_non_ascii(in);
  }

  // `in` has a byte >= 0x80.
  void check_non_ascii(vec in) {
    const vec prev1 = V::template previous<1>(in, prev);
    const vec byte_1_high = V::shuffle(V::load(utf8_tables.byte_1_high), V::and_(V::high_nibbles(prev1), low_nibble));
    const vec byte_1_low = V::shuffle(V::load(utf8_tables.byte_1_low), V::and_(prev1, low_nibble));
    const vec byte_2_high = V::shuffle(V::load(utf8_tables.byte_2_high), V::and_(V::high_nibbles(in), low_nibble));
    const vec special = V::and_(V::and_(byte_1_high, byte_1_low), byte_2_high);

    // Third and fourth bytes of 3- and 4-byte forms: subtracting moves exactly the leads
    // E0..FF (two back) and F0..FF (three back) to 0x80 and above.
    const vec third = V::subs(V::template previous<2>(in, prev), third_lead);
    const vec fourth = V::subs(V::template previous<3>(in, prev), fourth_lead);
    const vec must_continue = V::and_(V::or_(third, fourth), high_bit);
    error = V::or_(error, V::xor_(must_continue, special));

    prev_incomplete = V::subs(in, V::load(utf8_tables.max_complete + 64 - V::width));
    prev = in;
  }
};

#ifdef __AVX2__
struct utf8_ops_avx2 {
  using vec = __m256i;
  static constexpr std::size_t width = 32;
  static vec load(const std::uint8_t* t) { return _mm256_load_si256(reinterpret_cast<const __m256i*>(t)); }
  static vec loadu(const char* p) { return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)); }
  static vec zero() { return _mm256_setzero_si256(); }
  static vec set1(int b) { return _mm256_set1_epi8(static_cast<char>(b)); }
  static vec and_(vec a, vec b) { return _mm256_and_si256(a, b); }
  static vec or_(vec a, vec b) { return _mm256_or_si256(a, b); }
  static vec xor_(vec a, vec b) { return _mm256_xor_si256(a, b); }
  static vec shuffle(vec table, vec index) { return _mm256_shuffle_epi8(table, index); }
  static vec high_nibbles(vec v) { return _mm256_srli_epi16(v, 4); }
  static vec subs(vec a, vec b) { return _mm256_subs_epu8(a, b); }
  static bool ascii(vec v) { return _mm256_movemask_epi8(v) == 0; }
  static bool none(vec v) { return _mm256_testz_si256(v, v) != 0; }
  template <int N>
  static vec previous(vec in, vec prev) {
    return _mm256_alignr_epi8(in, _mm256_permute2x128_si256(prev, in, 0x21), 16 - N);
  }
};
#endif

#ifdef __AVX512BW__
struct utf8_ops_avx512 {
  using vec = __m512i;
  static constexpr std::size_t width = 64;
  static vec load(const std::uint8_t* t) { return _mm512_load_si512(t); }
  static vec loadu(const char* p) { return _mm512_loadu_si512(p); }
  static vec zero() { return _mm512_setzero_si512(); }
  static vec set1(int b) { return _mm512_set1_epi8(static_cast<char>(b)); }
  static vec and_(vec a, vec b) { return _mm512_and_si512(a, b); }
  static vec or_(vec a, vec b) { return _mm512_or_si512(a, b); }
  static vec xor_(vec a, vec b) { return _mm512_xor_si512(a, b); }
  static vec shuffle(vec table, vec index) { return _mm512_shuffle_epi8(table, index); }
  static vec high_nibbles(vec v) { return _mm512_srli_epi16(v, 4); }
  static vec subs(vec a, vec b) { return _mm512_subs_epu8(a, b); }
  static bool ascii(vec v) { return _mm512_movepi8_mask(v) == 0; }
  static bool none(vec v) { return _mm512_test_epi8_mask(v, v) == 0; }
  // Each lane is put beside the lane before it (the first beside prev's last), then shifted
  // within.
  template <int N>
  static vec previous(vec in, vec prev) {
    const vec lanes_before = _mm512_permutex2var_epi64(prev, _mm512_setr_epi64(6, 7, 8, 9, 10, 11, 12, 13), in);
    return _mm512_alignr_epi8(in, lanes_before, 16 - N);
  }
};
#endif

template <class V>
bool utf8_valid_with(const char* p, std::size_t n) {
  utf8_checker<V> checker;
  std::size_t i = 0;
  for (; i + V::width <= n; i += V::width) checker.check(V::loadu(p + i));
  if (i < n) {
    // The tail, padded with zeros: ASCII, so a sequence cut by the end shows as too short.
    alignas(64) char tail[V::width] = {};
    std::memcpy(tail, p + i, n - i);
    checker.check(V::loadu(tail));
  }
  checker.end_of_input();
  return checker.ok();
}

}  // namespace
}  // namespace ujson::detail
