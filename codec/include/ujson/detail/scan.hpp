#pragma once
// Byte-level kernels: character classes, UTF-8 sequence checks and the string scan.
// Every function takes `end` and never reads at or past it; the SIMD kernel only loads
// whole 16-byte blocks that lie before `end` and leaves the tail to the scalar loop.
//
// Kernels: `scalar` everywhere, `sse2` on x86-64 (part of the x86-64 baseline, so no
// run-time check is needed). `default_kernel` is what the decoder and writer use;
// tests run both against each other.

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "ujson/detail/digits.hpp"

// SSE2 is part of the x86-64 baseline. The decoder's state machine, a template compiled in
// its users' code, inlines these kernels; so decoder.hpp is the one public header that
// brings in an intrinsics header (see docs/ARCHITECTURE.md, Public headers).
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "ujson/detail/hints_on.hpp"

namespace ujson::detail {

enum : std::uint8_t {
  cc_space = 1,     // JSON insignificant whitespace
  cc_digit = 2,
  cc_special = 4,   // inside a string: '"', '\\', control characters, non-ASCII
  cc_delimiter = 8,  // inside a string: '"', '\\', control characters (non-ASCII passes)
};

// What a value starting with a byte is, for the walk's dispatch: a table and one jump, where
// a switch on the byte itself compiles to a chain of compares.
enum value_start : std::uint8_t { vs_other, vs_string, vs_container, vs_literal, vs_number };

struct char_table {
  std::uint8_t cls[256];
  std::int8_t hex[256];  // value of a hex digit, -1 otherwise
  std::uint8_t value[256];  // value_start
  // What the escape \c stands for, by c; 0 for \u (decoded apart) and for what is no escape.
  // A load and a test, where a switch is an indirect jump that text mixing \n and \"
  // mispredicts.
  char unescaped[256];

  constexpr char_table() : cls{}, hex{}, value{}, unescaped{} {
    unescaped[static_cast<unsigned char>('"')] = '"';
    unescaped[static_cast<unsigned char>('\\')] = '\\';
    unescaped[static_cast<unsigned char>('/')] = '/';
    unescaped[static_cast<unsigned char>('b')] = '\b';
    unescaped[static_cast<unsigned char>('f')] = '\f';
    unescaped[static_cast<unsigned char>('n')] = '\n';
    unescaped[static_cast<unsigned char>('r')] = '\r';
    unescaped[static_cast<unsigned char>('t')] = '\t';
    value[static_cast<unsigned char>('"')] = vs_string;
    value[static_cast<unsigned char>('{')] = vs_container;
    value[static_cast<unsigned char>('[')] = vs_container;
    value[static_cast<unsigned char>('t')] = vs_literal;
    value[static_cast<unsigned char>('f')] = vs_literal;
    value[static_cast<unsigned char>('n')] = vs_literal;
    value[static_cast<unsigned char>('-')] = vs_number;
    for (int c = '0'; c <= '9'; ++c) value[c] = vs_number;
    for (int c = 0; c < 256; ++c) {
      hex[c] = -1;
      if (c < 0x20 || c >= 0x80 || c == '"' || c == '\\') cls[c] |= cc_special;
      if (c < 0x20 || c == '"' || c == '\\') cls[c] |= cc_delimiter;
    }
    cls[static_cast<unsigned char>(' ')] |= cc_space;
    cls[static_cast<unsigned char>('\t')] |= cc_space;
    cls[static_cast<unsigned char>('\n')] |= cc_space;
    cls[static_cast<unsigned char>('\r')] |= cc_space;
    for (int c = '0'; c <= '9'; ++c) {
      cls[c] |= cc_digit;
      hex[c] = static_cast<std::int8_t>(c - '0');
    }
    for (int c = 0; c < 6; ++c) {
      hex['a' + c] = static_cast<std::int8_t>(10 + c);
      hex['A' + c] = static_cast<std::int8_t>(10 + c);
    }
  }
};

inline constexpr char_table chars{};

UJSON_DETAIL_INLINE std::uint8_t byte(const char* p) { return static_cast<std::uint8_t>(*p); }
// a == b without a call for the short texts of names and keys (a schema's properties, the
// DOM builder's duplicate check): two overlapping loads of 16, 8 or 4 bytes cover 4 to 32
// bytes, none past either string's end.
inline bool same_text(std::string_view a, std::string_view b) noexcept {
  const std::size_t n = a.size();
  if (n != b.size()) return false;
  const auto at = [](const char* p, auto word) {
    std::memcpy(&word, p, sizeof word);
    return word;
  };
  const auto differ = [&](std::size_t i) { return at(a.data() + i, std::uint64_t{}) ^ at(b.data() + i, std::uint64_t{}); };
  // The common lengths first: each test below is one subtraction and one comparison.
  if (n - 8 <= 8) return (differ(0) | differ(n - 8)) == 0;
  if (n - 4 < 4) {
    return ((at(a.data(), std::uint32_t{}) ^ at(b.data(), std::uint32_t{})) |
            (at(a.data() + n - 4, std::uint32_t{}) ^ at(b.data() + n - 4, std::uint32_t{}))) == 0;
  }
  if (n - 17 < 16) return (differ(0) | differ(8) | differ(n - 16) | differ(n - 8)) == 0;
  if (n > 32) return std::memcmp(a.data(), b.data(), n) == 0;
  for (std::size_t i = 0; i < n; ++i) {
    if (a[i] != b[i]) return false;
  }
  return true;
}

UJSON_DETAIL_INLINE bool is_space(char c) { return chars.cls[static_cast<std::uint8_t>(c)] & cc_space; }
UJSON_DETAIL_INLINE bool is_digit(char c) { return chars.cls[static_cast<std::uint8_t>(c)] & cc_digit; }

// SWAR: eight bytes per step. A byte is a digit when its high nibble is 3 and adding 6
// keeps it so (0x30..0x39). Carries from bytes >= 0xFA only reach later bytes, which are
// past the first non-digit, so the lowest flagged byte is always right.
UJSON_DETAIL_INLINE std::uint64_t non_digit_mask(std::uint64_t x) {
  constexpr std::uint64_t high = 0xF0F0F0F0F0F0F0F0ULL, threes = 0x3030303030303030ULL;
  return ((x & high) ^ threes) | (((x + 0x0606060606060606ULL) & high) ^ threes);
}

UJSON_DETAIL_INLINE std::uint64_t load8(const char* p) {
  std::uint64_t x;
  std::memcpy(&x, p, 8);
  return x;  // little-endian order assumed (x86-64, AArch64)
}

// First byte in [p, end) that is not an ASCII digit.
UJSON_DETAIL_INLINE const char* skip_digits(const char* p, const char* end) {
  while (end - p >= 8) {
    const std::uint64_t m = non_digit_mask(load8(p));
    if (m != 0) return p + (__builtin_ctzll(m) >> 3);
    p += 8;
  }
  while (p != end && is_digit(*p)) ++p;
  return p;
}

// The value of eight ASCII digits (first digit most significant): pairs, then quads,
// then the two halves, each step one multiply-add per lane.
UJSON_DETAIL_INLINE std::uint64_t parse_eight_digits(std::uint64_t x) {
  x -= 0x3030303030303030ULL;
  x = (x * 10 + (x >> 8)) & 0x00FF00FF00FF00FFULL;          // 2-digit lanes
  x = (x * 100 + (x >> 16)) & 0x0000FFFF0000FFFFULL;        // 4-digit lanes
  return (x * 10000 + (x >> 32)) & 0xFFFFFFFFULL;           // 8 digits
}

// skip_digits that also accumulates the digits into value (wrapping past 19 digits;
// callers count them). A partial word is parsed from the same load: its k digits are
// moved to the top and the bytes below filled with '0'.
UJSON_DETAIL_INLINE std::uint64_t leading_digits(std::uint64_t x, unsigned k) {
  return (x << (8 * (8 - k))) | (0x3030303030303030ULL >> (8 * k));
}

#ifdef __SSE2__
// 5^-k modulo 2^64, k = 0..16 (5^k is odd, so it has an inverse): dividing an exact
// multiple of 5^k by it is one multiplication.
struct inverse_powers_of_five {
  std::uint64_t v[17];
  constexpr inverse_powers_of_five() : v{} {
    std::uint64_t five_k = 1;
    for (int k = 0; k <= 16; ++k) {
      std::uint64_t x = five_k;  // Newton: each step doubles the correct low bits (3 to start)
      for (int i = 0; i < 6; ++i) x *= 2 - five_k * x;
      v[k] = x;
      five_k *= 5;
    }
  }
};
inline constexpr inverse_powers_of_five inverse_pow5{};

// The value of the first n (0..16) digits of a 16-byte block, given as its bytes minus '0'
// (bytes at and past n are anything). The bytes past n are zeroed, the sixteen digits
// combined by multiply-adds in the vector unit (pairs, quads, eights) into
// value * 10^(16 - n), and the 10^(16 - n) taken off by a shift (the 2s) and an exact
// division by 5^(16 - n), which is a multiplication. No variable shift of the digits
// themselves and no branch on n.
UJSON_DETAIL_INLINE std::uint64_t block_digits_value(__m128i digits, unsigned n) {
  alignas(16) static constexpr unsigned char keep[32] = {
      0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF};
  const __m128i v = _mm_and_si128(digits, _mm_loadu_si128(reinterpret_cast<const __m128i*>(keep + 16 - n)));
  const __m128i zero = _mm_setzero_si128();
  const __m128i tens = _mm_set1_epi32(0x0001000A);      // 16-bit lanes 10, 1
  const __m128i hundreds = _mm_set1_epi32(0x00010064);  // 100, 1
  const __m128i ten_thousands = _mm_set1_epi32(0x00012710);  // 10000, 1
  const __m128i pairs = _mm_packs_epi32(_mm_madd_epi16(_mm_unpacklo_epi8(v, zero), tens),
                                        _mm_madd_epi16(_mm_unpackhi_epi8(v, zero), tens));
  const __m128i quads = _mm_madd_epi16(pairs, hundreds);  // each at most 9999
  const __m128i eights = _mm_madd_epi16(_mm_packs_epi32(quads, quads), ten_thousands);
  const auto both = static_cast<std::uint64_t>(_mm_cvtsi128_si64(eights));
  const std::uint64_t scaled = (both & 0xFFFFFFFFULL) * 100000000 + (both >> 32);
  const unsigned k = 16 - n;
  return (scaled >> k) * inverse_pow5.v[k];
}

// How short_number values a run of digits: block_digits_value, for every CPU. The indexed
// walk, which runs only where AVX2 does, passes its own (detail::walk_events::digit_value).
struct sse2_digit_value {
  UJSON_DETAIL_INLINE static std::uint64_t of(__m128i digits, unsigned n) { return block_digits_value(digits, n); }
};
#endif

#ifdef __SSE2__
// The integer and fraction parts of the common number ("123", "-65.613616999999977"),
// found from one 32-byte digit mask: where the integer part ends, whether a '.' and
// more digits follow and where they end, each a bit scan of the same mask, so the next
// token's position is known without another trip through memory; the digits' values are
// computed beside it, off that path. Takes parts of at most 16 digits each, inside the
// 32 bytes, no leading zero, and at least 48 bytes before the end (every load stays
// inside the input); anything else returns false and the decoder's number() reads it
// the long way, errors included. An exponent is left to number(). Without `values`
// (validation) only the extent is found: the digits' values are not computed.
template <bool values = true, class DigitValue = sse2_digit_value>
UJSON_DETAIL_INLINE bool short_number(const char*& p, const char* end, std::uint64_t& mantissa, std::size_t& digits,
                                      std::int64_t& exponent, bool& is_integer) {
  if (end - p < 48) return false;
  const __m128i zero = _mm_set1_epi8('0');
  const __m128i nine = _mm_set1_epi8(9);
  const __m128i low = _mm_sub_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)), zero);
  const __m128i high = _mm_sub_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16)), zero);
  const std::uint64_t is_digit =
      static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_min_epu8(low, nine), low))) |
      static_cast<std::uint64_t>(static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_min_epu8(high, nine), high))))
          << 16;
  const std::uint64_t non_digit = ~is_digit;  // bits 32 and up set: the scans stop there
  const auto int_digits = static_cast<unsigned>(__builtin_ctzll(non_digit));
  if (int_digits > 16 || (*p == '0' && int_digits > 1)) return false;
  const char* const after_int = p + int_digits;
  if (*after_int != '.') {
    if constexpr (values) mantissa = DigitValue::of(low, int_digits);
    digits = int_digits;
    p = after_int;
    return true;
  }
  const auto frac_digits = static_cast<unsigned>(__builtin_ctzll(non_digit >> (int_digits + 1)));
  // A run that reaches the end of the 32 bytes may go on past them.
  if (frac_digits == 0 || frac_digits > 16 || int_digits + 1 + frac_digits >= 32) return false;
  if constexpr (values) {
    const __m128i fraction = _mm_sub_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(after_int + 1)), zero);
    mantissa = DigitValue::of(low, int_digits) * powers_of_ten_u64[frac_digits] + DigitValue::of(fraction, frac_digits);
  }
  digits = int_digits + frac_digits;
  exponent = -static_cast<std::int64_t>(frac_digits);
  is_integer = false;
  p = after_int + 1 + frac_digits;
  return true;
}
#endif

UJSON_DETAIL_INLINE const char* scan_digits(const char* p, const char* end, std::uint64_t& value) {
#ifdef __SSE2__
  // Where 16 bytes can be read, one compare finds the length of the run (most numbers
  // fit) and one vector conversion its value.
  while (end - p >= 16) {
    const __m128i v = _mm_sub_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)), _mm_set1_epi8('0'));
    const unsigned is_digit = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_min_epu8(v, _mm_set1_epi8(9)), v)));
    const unsigned n = static_cast<unsigned>(__builtin_ctz(~is_digit));  // at most 16
    value = value * powers_of_ten_u64[n] + block_digits_value(v, n);
    if (n < 16) return p + n;
    p += 16;
  }
#endif
  while (end - p >= 8) {
    const std::uint64_t x = load8(p);
    const std::uint64_t m = non_digit_mask(x);
    if (m == 0) {
      value = value * 100000000 + parse_eight_digits(x);
      p += 8;
      continue;
    }
    const unsigned k = static_cast<unsigned>(__builtin_ctzll(m)) >> 3;
    if (k != 0) value = value * powers_of_ten_u64[k] + parse_eight_digits(leading_digits(x, k));
    return p + k;
  }
  while (p != end && is_digit(*p)) value = value * 10 + static_cast<std::uint64_t>(*p++ - '0');
  return p;
}

// Length of the well-formed UTF-8 sequence starting at p (a byte >= 0x80), or 0 when it
// is malformed: overlong forms, encoded surrogates (unless allow_surrogates, for WTF-8),
// code points above U+10FFFF, bad or missing continuation bytes.
UJSON_DETAIL_INLINE std::size_t utf8_sequence_length(const char* p, const char* end,
                                              bool allow_surrogates = false) {
  const std::uint8_t b0 = byte(p);
  const std::size_t avail = static_cast<std::size_t>(end - p);
  auto cont = [&](std::size_t i) { return (byte(p + i) & 0xC0) == 0x80; };
  if (b0 >= 0xC2 && b0 <= 0xDF) {
    return (avail >= 2 && cont(1)) ? 2 : 0;
  }
  if (b0 >= 0xE0 && b0 <= 0xEF) {
    if (avail < 3 || !cont(1) || !cont(2)) return 0;
    const std::uint8_t b1 = byte(p + 1);
    if (b0 == 0xE0 && b1 < 0xA0) return 0;                        // overlong
    if (b0 == 0xED && b1 >= 0xA0 && !allow_surrogates) return 0;  // U+D800..U+DFFF
    return 3;
  }
  if (b0 >= 0xF0 && b0 <= 0xF4) {
    if (avail < 4 || !cont(1) || !cont(2) || !cont(3)) return 0;
    const std::uint8_t b1 = byte(p + 1);
    if (b0 == 0xF0 && b1 < 0x90) return 0;  // overlong
    if (b0 == 0xF4 && b1 >= 0x90) return 0; // above U+10FFFF
    return 4;
  }
  return 0;  // continuation byte, C0/C1 (overlong), F5..FF
}

// The first byte of [p, end) where UTF-8 is malformed (end when there is none): the exact
// error position, computed only after a kernel has said the run is bad. With
// allow_surrogates, three-byte surrogates (WTF-8) count as well formed.
inline const char* first_invalid_utf8(const char* p, const char* end, bool allow_surrogates = false) {
  while (p != end) {
    if (byte(p) < 0x80) {
      ++p;
      continue;
    }
    const std::size_t n = utf8_sequence_length(p, end, allow_surrogates);
    if (n == 0) return p;
    p += n;
  }
  return end;
}

// Decodes a sequence already known to be well formed.
UJSON_DETAIL_INLINE std::uint32_t utf8_decode(const char* p, std::size_t len) {
  const std::uint32_t b0 = byte(p);
  switch (len) {
    case 2: return ((b0 & 0x1F) << 6) | (byte(p + 1) & 0x3F);
    case 3: return ((b0 & 0x0F) << 12) | ((byte(p + 1) & 0x3F) << 6) | (byte(p + 2) & 0x3F);
    default:
      return ((b0 & 0x07) << 18) | ((byte(p + 1) & 0x3F) << 12) | ((byte(p + 2) & 0x3F) << 6) |
             (byte(p + 3) & 0x3F);
  }
}

// Writes code point cp (<= 0x10FFFF; surrogates allowed, giving WTF-8) and returns the length.
UJSON_DETAIL_INLINE std::size_t utf8_encode(std::uint32_t cp, char* out) {
  if (cp < 0x80) {
    out[0] = static_cast<char>(cp);
    return 1;
  }
  if (cp < 0x800) {
    out[0] = static_cast<char>(0xC0 | (cp >> 6));
    out[1] = static_cast<char>(0x80 | (cp & 0x3F));
    return 2;
  }
  if (cp < 0x10000) {
    out[0] = static_cast<char>(0xE0 | (cp >> 12));
    out[1] = static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out[2] = static_cast<char>(0x80 | (cp & 0x3F));
    return 3;
  }
  out[0] = static_cast<char>(0xF0 | (cp >> 18));
  out[1] = static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
  out[2] = static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
  out[3] = static_cast<char>(0x80 | (cp & 0x3F));
  return 4;
}

// utf8_encode for a code point below U+10000, writing its bytes with one store of four:
// out must have room for four (the bytes past the returned length are garbage).
UJSON_DETAIL_INLINE std::size_t utf8_encode_bmp_wide(std::uint32_t cp, char* out) {
  if constexpr (std::endian::native != std::endian::little) {
    return utf8_encode(cp, out);
  } else {
    std::uint32_t bytes;
    std::size_t n;
    if (cp < 0x80) {
      bytes = cp;
      n = 1;
    } else if (cp < 0x800) {
      bytes = (0xC0 | (cp >> 6)) | ((0x80 | (cp & 0x3F)) << 8);
      n = 2;
    } else {
      bytes = (0xE0 | (cp >> 12)) | ((0x80 | ((cp >> 6) & 0x3F)) << 8) | ((0x80 | (cp & 0x3F)) << 16);
      n = 3;
    }
    std::memcpy(out, &bytes, 4);
    return n;
  }
}

// First byte in [p, end) that a string scan must look at: '"', '\\', a control character
// or a non-ASCII byte. Returns end when there is none.
struct scalar_kernel {
  static UJSON_DETAIL_INLINE const char* find_string_special(const char* p, const char* end) {
    while (p != end && !(chars.cls[byte(p)] & cc_special)) ++p;
    return p;
  }
  // First '"', '\\' or control character; non-ASCII bytes are passed over.
  static UJSON_DETAIL_INLINE const char* find_string_delimiter(const char* p, const char* end) {
    while (p != end && !(chars.cls[byte(p)] & cc_delimiter)) ++p;
    return p;
  }
  static UJSON_DETAIL_INLINE const char* skip_space(const char* p, const char* end) {
    while (p != end && is_space(*p)) ++p;
    return p;
  }
  // The first '\\' in [p, close), or close; with `copy`, what comes before it is copied to w
  // too, and w moves past it (validators copy nothing).
  template <bool copy>
  static UJSON_DETAIL_INLINE const char* to_backslash(const char* p, const char* close, char*& w) {
    for (; p < close && *p != '\\'; ++p) {
      if constexpr (copy) *w++ = *p;
    }
    return p;
  }
  static UJSON_DETAIL_INLINE const char* skip_line_space(const char* p, const char* end) { return skip_space(p, end); }
};

#ifdef __SSE2__
struct sse2_kernel {
  static UJSON_DETAIL_INLINE const char* find_string_special(const char* p, const char* end) {
    const __m128i quote = _mm_set1_epi8('"');
    const __m128i backslash = _mm_set1_epi8('\\');
    // A signed compare with 0x20 flags control characters and, since bytes >= 0x80 are
    // negative as int8, every non-ASCII byte too: one compare for two classes.
    const __m128i space = _mm_set1_epi8(0x20);
    while (end - p >= 16) {
      const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
      const __m128i hit = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, backslash)),
                                       _mm_cmplt_epi8(v, space));
      const int mask = _mm_movemask_epi8(hit);
      if (mask != 0) return p + __builtin_ctz(static_cast<unsigned>(mask));
      p += 16;
    }
    return scalar_kernel::find_string_special(p, end);
  }

  static UJSON_DETAIL_INLINE const char* find_string_delimiter(const char* p, const char* end) {
    const __m128i quote = _mm_set1_epi8('"');
    const __m128i backslash = _mm_set1_epi8('\\');
    const __m128i control_bits = _mm_set1_epi8(static_cast<char>(0xE0));  // zero for U+0000..U+001F
    while (end - p >= 16) {
      const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
      const __m128i hit = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, backslash)),
                                       _mm_cmpeq_epi8(_mm_and_si128(v, control_bits), _mm_setzero_si128()));
      const int mask = _mm_movemask_epi8(hit);
      if (mask != 0) return p + __builtin_ctz(static_cast<unsigned>(mask));
      p += 16;
    }
    return scalar_kernel::find_string_delimiter(p, end);
  }

  // As scalar_kernel's, 16 bytes at a time: copying, each step stores all 16 and then moves
  // w by as many as come before a backslash, so w needs 15 bytes of room past what is copied.
  template <bool copy>
  static UJSON_DETAIL_INLINE const char* to_backslash(const char* p, const char* close, char*& w) {
    const __m128i backslash = _mm_set1_epi8('\\');
    while (close - p >= 16) {
      const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
      if constexpr (copy) _mm_storeu_si128(reinterpret_cast<__m128i*>(w), v);
      const int mask = _mm_movemask_epi8(_mm_cmpeq_epi8(v, backslash));
      if (mask != 0) {
        const int before = __builtin_ctz(static_cast<unsigned>(mask));
        if constexpr (copy) w += before;
        return p + before;
      }
      p += 16;
      if constexpr (copy) w += 16;
    }
    return scalar_kernel::to_backslash<copy>(p, close, w);
  }

  // Minified input rarely has a space here, so look at one byte before going wide;
  // indented input has runs of spaces after each newline.
  static UJSON_DETAIL_INLINE const char* skip_space(const char* p, const char* end) {
    if (p == end || !is_space(*p)) return p;
    // Indented input puts exactly one space after ':'; only longer runs go wide.
    if (++p == end || !is_space(*p)) return p;
    // An indentation is spaces or tabs: the first byte that is neither ends the run, unless
    // it starts a line (a blank line, CRLF), for which the run is scanned for all four.
    return skip_run_of<'\t'>(p + 1, end);
  }

  // skip_space where indented text starts a new line: after '{', '[' and ',', and before
  // the closing bracket. The run (a line break and the indentation) is looked at whole
  // from its first byte, for line feeds and spaces; a tab or carriage return in it goes on
  // to skip_any_space.
  static UJSON_DETAIL_INLINE const char* skip_line_space(const char* p, const char* end) {
    if (p == end || !is_space(*p)) return p;
    return skip_run_of<'\n'>(p, end);
  }

  // The run of spaces and `Also` at p, 16 bytes a step; past its first other byte, if that
  // is whitespace still (a tab or CR in indentation), skip_any_space takes the rest.
  template <char Also>
  static UJSON_DETAIL_INLINE const char* skip_run_of(const char* p, const char* end) {
    while (end - p >= 16) {
      const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
      const __m128i run = _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(' ')), _mm_cmpeq_epi8(v, _mm_set1_epi8(Also)));
      const unsigned other = ~static_cast<unsigned>(_mm_movemask_epi8(run)) & 0xFFFF;
      if (other != 0) {
        p += __builtin_ctz(other);
        return is_space(*p) ? skip_any_space(p, end) : p;
      }
      p += 16;
    }
    return scalar_kernel::skip_space(p, end);
  }

  static UJSON_DETAIL_INLINE const char* skip_any_space(const char* p, const char* end) {
    while (end - p >= 16) {
      const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
      const __m128i space = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(' ')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\n'))),
                                         _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('\r')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\t'))));
      const unsigned other = ~static_cast<unsigned>(_mm_movemask_epi8(space)) & 0xFFFF;
      if (other != 0) return p + __builtin_ctz(other);
      p += 16;
    }
    return scalar_kernel::skip_space(p, end);
  }
};
using default_kernel = sse2_kernel;
#else
using default_kernel = scalar_kernel;
#endif

}  // namespace ujson::detail

#include "ujson/detail/hints_off.hpp"
