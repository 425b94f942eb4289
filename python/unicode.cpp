#include "unicode.hpp"

#include <cstring>

#include "ujson/detail/kernels.hpp"

#if defined(__SSE2__) || defined(_M_X64)
#include <emmintrin.h>
#include <tmmintrin.h>  // SSSE3 (pshufb), used only where the CPU has it
#define ULTRAJSON_SSE2 1
#else
#define ULTRAJSON_SSE2 0
#endif

namespace ultrajson {
namespace {

inline std::uint64_t load64(const unsigned char* p) noexcept {
  std::uint64_t w;
  std::memcpy(&w, p, 8);
  return w;
}

constexpr std::uint64_t high_bits = 0x8080808080808080ull;

// Length of the ASCII prefix of [p, p + n).
std::size_t ascii_prefix(const unsigned char* p, std::size_t n) noexcept {
  std::size_t i = 0;
  while (i + 8 <= n && (load64(p + i) & high_bits) == 0) i += 8;
  while (i < n && p[i] < 0x80) ++i;
  return i;
}

struct utf8_stats {
  std::size_t continuation = 0;  // bytes 0x80..0xBF: characters = bytes - continuation
  unsigned max_byte = 0;         // the largest lead byte decides the str's width
};

utf8_stats stats_of(const unsigned char* p, std::size_t n) noexcept {
  utf8_stats s;
  std::size_t i = 0;
#if ULTRAJSON_SSE2
  const __m128i cont_limit = _mm_set1_epi8(-64);  // signed: 0x80..0xBF are below -64
  const __m128i zero = _mm_setzero_si128();
  __m128i max = zero;
  while (i + 16 <= n) {
    // Per-lane counters (a continuation byte's mask is -1), summed every 255 blocks at most.
    __m128i counts = zero;
    for (int k = 0; k < 255 && i + 16 <= n; ++k, i += 16) {
      const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + i));
      counts = _mm_sub_epi8(counts, _mm_cmplt_epi8(v, cont_limit));
      max = _mm_max_epu8(max, v);
    }
    const __m128i sums = _mm_sad_epu8(counts, zero);
    s.continuation += static_cast<std::size_t>(_mm_cvtsi128_si32(sums)) +
                      static_cast<std::size_t>(_mm_cvtsi128_si32(_mm_unpackhi_epi64(sums, sums)));
  }
  alignas(16) unsigned char lanes[16];
  _mm_store_si128(reinterpret_cast<__m128i*>(lanes), max);
  for (unsigned char b : lanes) s.max_byte = b > s.max_byte ? b : s.max_byte;
#endif
  for (; i < n; ++i) {
    s.continuation += (p[i] & 0xC0) == 0x80;
    s.max_byte = p[i] > s.max_byte ? p[i] : s.max_byte;
  }
  return s;
}

// Any well-formed (generalized) UTF-8, one character at a time.
template <class Unit>
void decode_scalar(const unsigned char* p, const unsigned char* end, Unit* out) noexcept {
  while (p != end) {
    const unsigned c = *p;
    if (c < 0x80) {
      *out++ = static_cast<Unit>(c);
      p += 1;
    } else if (c < 0xE0) {
      *out++ = static_cast<Unit>(((c & 0x1F) << 6) | (p[1] & 0x3F));
      p += 2;
    } else if (c < 0xF0) {
      *out++ = static_cast<Unit>(((c & 0x0F) << 12) | ((p[1] & 0x3F) << 6) | (p[2] & 0x3F));
      p += 3;
    } else {
      *out++ = static_cast<Unit>(((c & 0x07) << 18) | ((p[1] & 0x3F) << 12) | ((p[2] & 0x3F) << 6) | (p[3] & 0x3F));
      p += 4;
    }
  }
}

// Text with only one- and two-byte sequences (every character below U+0800: Latin,
// Greek, Cyrillic, Hebrew, Arabic...), 16 bytes at a time: every byte position gets the
// character that would start there, then the positions of continuation bytes are dropped.
// A block may start with the continuation byte of the previous block's last character
// (read there through the one-byte-shifted load): it is simply dropped.
#if ULTRAJSON_SSE2

// The characters starting at each of the 16 bytes at p (p[16] must be readable), as
// 16-bit units in two halves; `starts` gets one bit per byte that starts a character.
inline void block_units(const unsigned char* p, __m128i& lo, __m128i& hi, unsigned& starts) noexcept {
  const __m128i zero = _mm_setzero_si128();
  const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
  const __m128i next = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 1));
  const __m128i low5 = _mm_set1_epi16(0x1F);
  const __m128i low6 = _mm_set1_epi16(0x3F);
  const __m128i ascii_limit = _mm_set1_epi16(0x80);
  __m128i units[2];
  for (int half = 0; half < 2; ++half) {
    const __m128i b = half == 0 ? _mm_unpacklo_epi8(v, zero) : _mm_unpackhi_epi8(v, zero);
    const __m128i n = half == 0 ? _mm_unpacklo_epi8(next, zero) : _mm_unpackhi_epi8(next, zero);
    const __m128i two = _mm_or_si128(_mm_slli_epi16(_mm_and_si128(b, low5), 6), _mm_and_si128(n, low6));
    const __m128i ascii = _mm_cmplt_epi16(b, ascii_limit);
    units[half] = _mm_or_si128(_mm_and_si128(ascii, b), _mm_andnot_si128(ascii, two));
  }
  lo = units[0];
  hi = units[1];
  starts = ~static_cast<unsigned>(_mm_movemask_epi8(_mm_cmplt_epi8(v, _mm_set1_epi8(-64)))) & 0xFFFFu;
}

// For each 8-bit mask: pshufb controls that move the selected 16-bit lanes (unit16) or
// bytes (unit8) to the front, and the number of selected lanes.
struct compaction_tables {
  alignas(16) unsigned char unit16[256][16];
  alignas(16) unsigned char unit8[256][16];
  unsigned char count[256];
  constexpr compaction_tables() : unit16{}, unit8{}, count{} {
    for (int m = 0; m < 256; ++m) {
      int k = 0;
      for (int lane = 0; lane < 8; ++lane) {
        if ((m >> lane) & 1) {
          unit16[m][2 * k] = static_cast<unsigned char>(2 * lane);
          unit16[m][2 * k + 1] = static_cast<unsigned char>(2 * lane + 1);
          unit8[m][k] = static_cast<unsigned char>(lane);
          ++k;
        }
      }
      for (int j = 2 * k; j < 16; ++j) unit16[m][j] = 0x80;
      for (int j = k; j < 16; ++j) unit8[m][j] = 0x80;
      count[m] = static_cast<unsigned char>(k);
    }
  }
};
constexpr compaction_tables compaction{};

template <class Unit>
[[gnu::target("ssse3")]] const unsigned char* decode_two_byte_ssse3(const unsigned char* p, const unsigned char* end,
                                                                    Unit*& out, Unit* out_end) noexcept {
  // A store writes eight units (sixteen for an ASCII block), of which only the selected
  // characters count: keep 16 units of room (and 17 input bytes for the shifted load).
  while (end - p >= 17 && out_end - out >= 16) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    if (_mm_movemask_epi8(v) == 0) {  // all ASCII
      if constexpr (sizeof(Unit) == 1) {
        _mm_storeu_si128(reinterpret_cast<__m128i*>(out), v);
      } else {
        _mm_storeu_si128(reinterpret_cast<__m128i*>(out), _mm_unpacklo_epi8(v, _mm_setzero_si128()));
        _mm_storeu_si128(reinterpret_cast<__m128i*>(out + 8), _mm_unpackhi_epi8(v, _mm_setzero_si128()));
      }
      out += 16;
      p += 16;
      continue;
    }
    __m128i lo, hi;
    unsigned starts;
    block_units(p, lo, hi, starts);
    const unsigned m0 = starts & 0xFF, m1 = starts >> 8;
    if constexpr (sizeof(Unit) == 1) {
      const __m128i bytes = _mm_packus_epi16(lo, hi);  // every unit is below 0x100 here
      const __m128i c0 = _mm_load_si128(reinterpret_cast<const __m128i*>(compaction.unit8[m0]));
      const __m128i c1 = _mm_load_si128(reinterpret_cast<const __m128i*>(compaction.unit8[m1]));
      _mm_storel_epi64(reinterpret_cast<__m128i*>(out), _mm_shuffle_epi8(bytes, c0));
      out += compaction.count[m0];
      _mm_storel_epi64(reinterpret_cast<__m128i*>(out), _mm_shuffle_epi8(_mm_srli_si128(bytes, 8), c1));
      out += compaction.count[m1];
    } else {
      const __m128i c0 = _mm_load_si128(reinterpret_cast<const __m128i*>(compaction.unit16[m0]));
      const __m128i c1 = _mm_load_si128(reinterpret_cast<const __m128i*>(compaction.unit16[m1]));
      _mm_storeu_si128(reinterpret_cast<__m128i*>(out), _mm_shuffle_epi8(lo, c0));
      out += compaction.count[m0];
      _mm_storeu_si128(reinterpret_cast<__m128i*>(out), _mm_shuffle_epi8(hi, c1));
      out += compaction.count[m1];
    }
    p += 16;
  }
  return p;
}

// Without SSSE3: the same blocks, with the selected units copied one by one.
template <class Unit>
const unsigned char* decode_two_byte_sse2(const unsigned char* p, const unsigned char* end, Unit*& out) noexcept {
  while (end - p >= 17) {
    __m128i lo, hi;
    unsigned starts;
    block_units(p, lo, hi, starts);
    alignas(16) std::uint16_t lanes[16];
    _mm_store_si128(reinterpret_cast<__m128i*>(lanes), lo);
    _mm_store_si128(reinterpret_cast<__m128i*>(lanes + 8), hi);
    while (starts != 0) {
      *out++ = static_cast<Unit>(lanes[__builtin_ctz(starts)]);
      starts &= starts - 1;
    }
    p += 16;
  }
  return p;
}

// The codec's one kernel choice decides (ujson/detail/kernels.hpp): every CPU that runs its
// AVX2 kernels has SSSE3; the portable kernels (UJSON_FORCE_KERNEL=scalar, the second ctest
// run of `make test`) take the SSE2 path.
bool use_ssse3() noexcept { return ujson::detail::kernels().set != ujson::detail::kernel_set::portable; }

#endif

template <class Unit>
void decode_two_byte(const unsigned char* p, const unsigned char* end, Unit* out, Unit* out_end) noexcept {
#if ULTRAJSON_SSE2
  p = use_ssse3() ? decode_two_byte_ssse3(p, end, out, out_end) : decode_two_byte_sse2(p, end, out);
  while (p != end && (*p & 0xC0) == 0x80) ++p;  // the rest of the last block's character
#else
  (void)out_end;
#endif
  decode_scalar(p, end, out);
}

template <class Unit>
void decode_into(const unsigned char* p, const unsigned char* end, unsigned max_byte, Unit* out,
                 std::size_t length) noexcept {
  if (max_byte < 0xE0) {
    decode_two_byte(p, end, out, out + length);
  } else {
    decode_scalar(p, end, out);
  }
}

}  // namespace

PyObject* str_from_valid_utf8(const char* text, std::size_t n) noexcept {
  const auto* p = reinterpret_cast<const unsigned char*>(text);
  const std::size_t ascii = ascii_prefix(p, n);
  if (ascii == n) {
    if (n == 1) return PyUnicode_FromOrdinal(p[0]);  // CPython's shared one-character strings
    PyObject* s = PyUnicode_New(static_cast<Py_ssize_t>(n), 127);
    if (s != nullptr && n != 0) std::memcpy(PyUnicode_DATA(s), p, n);
    return s;
  }
  // The str must have its canonical width: U+00FF at most (leads 0xC2/0xC3 only), U+FFFF
  // at most (leads up to 0xEF), or beyond (0xF0 and above).
  const utf8_stats st = stats_of(p + ascii, n - ascii);
  const Py_UCS4 max_char = st.max_byte >= 0xF0 ? 0x10FFFF : st.max_byte >= 0xC4 ? 0xFFFF : 0xFF;
  PyObject* s = PyUnicode_New(static_cast<Py_ssize_t>(n - st.continuation), max_char);
  if (s == nullptr) return nullptr;
  void* data = PyUnicode_DATA(s);
  const std::size_t length = n - st.continuation;
  switch (PyUnicode_KIND(s)) {
    case PyUnicode_1BYTE_KIND:
      decode_into(p, p + n, st.max_byte, static_cast<Py_UCS1*>(data), length);
      break;
    case PyUnicode_2BYTE_KIND:
      decode_into(p, p + n, st.max_byte, static_cast<Py_UCS2*>(data), length);
      break;
    default:
      decode_into(p, p + n, st.max_byte, static_cast<Py_UCS4*>(data), length);
      break;
  }
  return s;
}

}  // namespace ultrajson
