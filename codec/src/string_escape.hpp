#pragma once
// The writer's string copy (writer::put_string_as), shared by src/writer.cpp and the DOM's
// tree walk (src/dom/serialize.cpp, through writer::raw_cursor::string), which inlines it.
// Private to the library (it needs SSE2 intrinsics, which public headers other than the
// decoder's do not bring in); writer.cpp instantiates the four copies for other callers.
//
// Bytes that need no escape are copied in 16-byte blocks, each stored before it is checked
// (out has six bytes for every input byte, and a block always lies within the input). The
// last 1-15 bytes are checked as one block too, assembled from two overlapping loads (8+8,
// 4+4 or three single bytes) that lie within the string and stored the same way, so no
// byte outside the input is read and nothing is written past the copy. Most keys and
// short values are such a tail, and cost one check instead of a loop over their bytes.
// A block with a byte to escape is copied byte by byte up to it.

#include <cstring>
#include <string_view>

#include "ujson/detail/scan.hpp"
#include "ujson/detail/utf8.hpp"
#include "hints.hpp"
#include "ujson/writer.hpp"

namespace ujson {
namespace escape_detail {

#ifdef __SSE2__
// One bit per byte of v that stops the plain copy: '"', '\\' and controls; non-ASCII
// unless PassNonAscii; with Extras also the four optional escapes (each '"' when off).
template <bool PassNonAscii, bool Extras>
UJSON_INLINE int stop_mask(__m128i v, const char (*extras)[16]) {
  __m128i hit = _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('"')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\\')));
  if constexpr (PassNonAscii) {  // controls only: no bit of 0xE0 set
    hit = _mm_or_si128(hit, _mm_cmpeq_epi8(_mm_and_si128(v, _mm_set1_epi8(static_cast<char>(0xE0))),
                                           _mm_setzero_si128()));
  } else {  // signed compare: controls and non-ASCII
    hit = _mm_or_si128(hit, _mm_cmplt_epi8(v, _mm_set1_epi8(0x20)));
  }
  if constexpr (Extras) {
    const auto block = [&](int i) { return _mm_load_si128(reinterpret_cast<const __m128i*>(extras[i])); };
    hit = _mm_or_si128(hit, _mm_or_si128(_mm_cmpeq_epi8(v, block(0)), _mm_cmpeq_epi8(v, block(1))));
    hit = _mm_or_si128(hit, _mm_or_si128(_mm_cmpeq_epi8(v, block(2)), _mm_cmpeq_epi8(v, block(3))));
  }
  return _mm_movemask_epi8(hit);
}

// The last n (1..15) bytes of a run, [p, p + n): copied to out and returned as one block
// of 16 bytes that all come from the run (the two loads overlap, and the short cases are
// repeated), so that stop_mask sees only the run's bytes.
UJSON_INLINE __m128i copy_tail(const char* p, std::size_t n, char* out) {
  if (n >= 8) {
    std::uint64_t a, b;
    std::memcpy(&a, p, 8);
    std::memcpy(&b, p + n - 8, 8);
    std::memcpy(out, &a, 8);
    std::memcpy(out + n - 8, &b, 8);
    return _mm_set_epi64x(static_cast<long long>(b), static_cast<long long>(a));
  }
  if (n >= 4) {
    std::uint32_t a, b;
    std::memcpy(&a, p, 4);
    std::memcpy(&b, p + n - 4, 4);
    std::memcpy(out, &a, 4);
    std::memcpy(out + n - 4, &b, 4);
    return _mm_set1_epi64x(static_cast<long long>(a | static_cast<std::uint64_t>(b) << 32));
  }
  const auto a = static_cast<unsigned char>(p[0]);
  const auto b = static_cast<unsigned char>(p[n / 2]);
  const auto c = static_cast<unsigned char>(p[n - 1]);
  out[0] = p[0];
  out[n / 2] = p[n / 2];
  out[n - 1] = p[n - 1];
  return _mm_set1_epi32(static_cast<int>(a | b << 8 | c << 16 | a << 24));
}
#endif

}  // namespace escape_detail

template <bool PassNonAscii, bool Extras>
inline char* writer::put_string_as(char* out, const char* p, const char* const end, bool check_utf8) const {
  const char* const begin = p;
  *out++ = '"';
#ifdef __SSE2__
  __m128i seen = _mm_setzero_si128();  // PassNonAscii: OR of the bytes checked, for their top bits
  for (;;) {
    const auto left = static_cast<std::size_t>(end - p);
    if (left >= 16) {
      const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
      _mm_storeu_si128(reinterpret_cast<__m128i*>(out), v);
      if constexpr (PassNonAscii) seen = _mm_or_si128(seen, v);
      const int mask = escape_detail::stop_mask<PassNonAscii, Extras>(v, optional_escapes_);
      if (mask == 0) {
        p += 16;
        out += 16;
        continue;
      }
      const int n = __builtin_ctz(static_cast<unsigned>(mask));
      p += n;
      out += n;
    } else {
      if (left == 0) break;
      const __m128i v = escape_detail::copy_tail(p, left, out);
      if constexpr (PassNonAscii) seen = _mm_or_si128(seen, v);
      if (escape_detail::stop_mask<PassNonAscii, Extras>(v, optional_escapes_) == 0) {
        out += left;
        break;
      }
      while (!stops_[static_cast<unsigned char>(*p)]) *out++ = *p++;  // the block has a stop
    }
#else
  unsigned seen = 0;  // PassNonAscii: OR of the bytes copied
  for (;;) {
    while (p != end && !stops_[static_cast<unsigned char>(*p)]) {
      if constexpr (PassNonAscii) seen |= static_cast<unsigned char>(*p);
      *out++ = *p++;
    }
    if (p == end) break;
#endif
    // *p needs an escape.
    const auto c = static_cast<unsigned char>(*p);
    if (!PassNonAscii && c >= 0x80) {
      p = put_non_ascii(p, end, out);
      if (p == nullptr) return nullptr;
      continue;
    }
    const escape& e = escapes_[c];
    std::memcpy(out, e.bytes, 6);  // fixed-width copy; only `length` bytes count
    out += e.length;
    ++p;
  }
  if constexpr (PassNonAscii) {
#ifdef __SSE2__
    const bool non_ascii = _mm_movemask_epi8(seen) != 0;
#else
    const bool non_ascii = seen >= 0x80;
#endif
    // Escapes are ASCII, so checking the whole string checks each of its non-ASCII runs.
    if (non_ascii && check_utf8 && !detail::utf8_valid(begin, static_cast<std::size_t>(end - begin))) return nullptr;
  }
  *out++ = '"';
  return out;
}

}  // namespace ujson
