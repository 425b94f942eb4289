// Byte-level kernels (ujson/detail/scan.hpp) against hand-written references:
//   - find_string_special: scalar and SSE2 kernels agree with a reference on random and
//     structured buffers allocated to their exact size (the ASan build catches over-reads);
//   - utf8_sequence_length: against a classifier written from the Unicode standard's table
//     of well-formed byte sequences (Table 3-7), over every lead byte x every second byte
//     x every third byte (with boundary fourth bytes), truncations included;
//   - utf8_encode / utf8_decode: round trip for every code point 0..0x10FFFF.

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <memory>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "support/test_share.hpp"
#include "ujson/detail/scan.hpp"

namespace {

using ujson::detail::scalar_kernel;

// ---- find_string_special -----------------------------------------------------------------

// What a string scan must stop at (RFC 8259 section 7: '"', '\\' and U+0000..U+001F end or
// escape a run; non-ASCII bytes need UTF-8 validation).
bool is_special_ref(unsigned char c) { return c == '"' || c == '\\' || c < 0x20 || c >= 0x80; }

const char* find_special_ref(const char* p, const char* end) {
  while (p != end && !is_special_ref(static_cast<unsigned char>(*p))) ++p;
  return p;
}

unsigned char biased_byte(std::mt19937& rng) {
  std::uniform_int_distribution<int> pick(0, 99);
  const int r = pick(rng);
  if (r < 55) return static_cast<unsigned char>(std::uniform_int_distribution<int>(0x20, 0x7E)(rng));  // printable
  if (r < 62) return '"';
  if (r < 69) return '\\';
  if (r < 77) return static_cast<unsigned char>(std::uniform_int_distribution<int>(0x00, 0x1F)(rng));
  if (r < 80) return std::uniform_int_distribution<int>(0, 1)(rng) ? 0x20 : 0x7F;  // just outside the classes
  return static_cast<unsigned char>(std::uniform_int_distribution<int>(0x80, 0xFF)(rng));
}

TEST(FindStringSpecial, EveryByteValueAlone) {
  for (int b = 0; b < 256; ++b) {
    SCOPED_TRACE(b);
    std::unique_ptr<char[]> buf(new char[1]);
    buf[0] = static_cast<char>(b);
    const char* end = buf.get() + 1;
    const char* expected = is_special_ref(static_cast<unsigned char>(b)) ? buf.get() : end;
    EXPECT_EQ(scalar_kernel::find_string_special(buf.get(), end), expected);
#ifdef __SSE2__
    EXPECT_EQ(ujson::detail::sse2_kernel::find_string_special(buf.get(), end), expected);
#endif
  }
}

TEST(FindStringSpecial, EveryByteValueAtEveryPosition) {
  // A run of 'a' with one byte b at position i (lengths across several 16-byte blocks).
  for (std::size_t len = 1; len <= 70; ++len) {
    std::unique_ptr<char[]> buf(new char[len]);
    for (std::size_t i = 0; i < len; ++i) {
      for (int b = 0; b < 256; ++b) {
        std::memset(buf.get(), 'a', len);
        buf[i] = static_cast<char>(b);
        const char* end = buf.get() + len;
        const char* expected = is_special_ref(static_cast<unsigned char>(b)) ? buf.get() + i : end;
        ASSERT_EQ(scalar_kernel::find_string_special(buf.get(), end), expected) << len << ' ' << i << ' ' << b;
#ifdef __SSE2__
        ASSERT_EQ(ujson::detail::sse2_kernel::find_string_special(buf.get(), end), expected)
            << len << ' ' << i << ' ' << b;
#endif
      }
    }
  }
}

TEST(FindStringSpecial, EmptyRange) {
  std::unique_ptr<char[]> buf(new char[0]);
  EXPECT_EQ(scalar_kernel::find_string_special(buf.get(), buf.get()), buf.get());
#ifdef __SSE2__
  EXPECT_EQ(ujson::detail::sse2_kernel::find_string_special(buf.get(), buf.get()), buf.get());
#endif
}

TEST(FindStringSpecial, RandomBuffersAgree) {
  std::mt19937 rng(20240531u);
  std::uniform_int_distribution<std::size_t> length(0, 100);
  for (int iteration = 0; iteration < 100'000; ++iteration) {
    const std::size_t n = length(rng);
    // Exactly n bytes on the heap: no slack for a kernel to read into unnoticed.
    std::unique_ptr<char[]> buf(new char[n]);
    // Mostly plain runs with a few specials, sometimes all random.
    const bool sparse = (iteration % 3) != 0;
    for (std::size_t i = 0; i < n; ++i) {
      unsigned char c = biased_byte(rng);
      if (sparse && is_special_ref(c) && std::uniform_int_distribution<int>(0, 9)(rng) != 0) c = 'x';
      buf[i] = static_cast<char>(c);
    }
    const char* const end = buf.get() + n;
    // Scan from every start in a few places, including the end itself.
    const std::size_t start = n == 0 ? 0 : std::uniform_int_distribution<std::size_t>(0, n)(rng);
    const char* const p = buf.get() + start;
    const char* const expected = find_special_ref(p, end);
    const char* const scalar = scalar_kernel::find_string_special(p, end);
    ASSERT_EQ(scalar, expected) << "iteration " << iteration << " n=" << n << " start=" << start;
#ifdef __SSE2__
    const char* const sse2 = ujson::detail::sse2_kernel::find_string_special(p, end);
    ASSERT_EQ(sse2, expected) << "iteration " << iteration << " n=" << n << " start=" << start;
#endif
  }
}

TEST(FindStringSpecial, ScanningARunToTheEndVisitsEverySpecial) {
  // Repeated calls (as the decoder does) find every special byte, in order, then end.
  std::mt19937 rng(7u);
  for (int iteration = 0; iteration < 2000; ++iteration) {
    const std::size_t n = std::uniform_int_distribution<std::size_t>(0, 100)(rng);
    std::unique_ptr<char[]> buf(new char[n]);
    std::vector<std::size_t> specials;
    for (std::size_t i = 0; i < n; ++i) {
      const unsigned char c = biased_byte(rng);
      buf[i] = static_cast<char>(c);
      if (is_special_ref(c)) specials.push_back(i);
    }
    const char* const end = buf.get() + n;
    auto collect = [&](auto kernel_find) {
      std::vector<std::size_t> found;
      for (const char* p = buf.get();;) {
        p = kernel_find(p, end);
        if (p == end) break;
        found.push_back(static_cast<std::size_t>(p - buf.get()));
        ++p;
      }
      return found;
    };
    EXPECT_EQ(collect([](const char* p, const char* e) { return scalar_kernel::find_string_special(p, e); }),
              specials);
#ifdef __SSE2__
    EXPECT_EQ(collect([](const char* p, const char* e) {
                return ujson::detail::sse2_kernel::find_string_special(p, e);
              }),
              specials);
#endif
  }
}

// Whitespace runs of every length up to 40 made of the four JSON spaces in every mix the
// generator draws (indentation, CRLF, tabs, blank lines), at every start, ending at a
// value byte or at the end of an exact-size buffer: both skips stop at the first byte
// that is not JSON whitespace, in both kernels.
TEST(SkipSpace, EveryRunOfTheFourSpacesAtEveryLengthAndStart) {
  std::mt19937 rng(20261202u);
  static constexpr char spaces[] = {' ', ' ', ' ', '\n', '\t', '\r'};
  for (int iteration = 0; iteration < 20'000; ++iteration) {
    const std::size_t run = std::uniform_int_distribution<std::size_t>(0, 40)(rng);
    const bool value_after = iteration % 4 != 0;
    const std::size_t n = run + (value_after ? 1 : 0);
    std::unique_ptr<char[]> buf(new char[n]);
    const int kinds = iteration % 3 == 0 ? 2 : 6;  // pure indentation (spaces, line feeds) or any mix
    for (std::size_t i = 0; i < run; ++i) {
      buf[i] = kinds == 2 ? (std::uniform_int_distribution<int>(0, 7)(rng) == 0 ? '\n' : ' ')
                          : spaces[std::uniform_int_distribution<int>(0, kinds - 1)(rng)];
    }
    if (value_after) buf[run] = "\"{[1tfn-]},:x\x01\x80"[std::uniform_int_distribution<int>(0, 15)(rng)];
    const char* const end = buf.get() + n;
    const std::size_t start = std::uniform_int_distribution<std::size_t>(0, run)(rng);
    const char* const p = buf.get() + start;
    const char* const expected = buf.get() + run;
    ASSERT_EQ(scalar_kernel::skip_space(p, end), expected) << iteration;
    ASSERT_EQ(scalar_kernel::skip_line_space(p, end), expected) << iteration;
#ifdef __SSE2__
    ASSERT_EQ(ujson::detail::sse2_kernel::skip_space(p, end), expected) << iteration << " run " << run;
    ASSERT_EQ(ujson::detail::sse2_kernel::skip_line_space(p, end), expected) << iteration << " run " << run;
#endif
  }
}

TEST(DefaultKernel, IsSse2WhereAvailable) {
#ifdef __SSE2__
  EXPECT_TRUE((std::is_same_v<ujson::detail::default_kernel, ujson::detail::sse2_kernel>));
#else
  EXPECT_TRUE((std::is_same_v<ujson::detail::default_kernel, ujson::detail::scalar_kernel>));
#endif
}

// ---- utf8_sequence_length ----------------------------------------------------------------

// Unicode 15, Table 3-7 "Well-Formed UTF-8 Byte Sequences", row by row. Returns the length
// of the well-formed sequence at the start of bytes[0..avail), or 0. With
// allow_surrogates, ED A0..BF xx (U+D800..U+DFFF) is accepted too (generalized UTF-8).
struct row {
  unsigned char lead_lo, lead_hi;
  unsigned char second_lo, second_hi;
  int length;
};

constexpr row table_3_7[] = {
    {0xC2, 0xDF, 0x80, 0xBF, 2},
    {0xE0, 0xE0, 0xA0, 0xBF, 3},
    {0xE1, 0xEC, 0x80, 0xBF, 3},
    {0xED, 0xED, 0x80, 0x9F, 3},
    {0xEE, 0xEF, 0x80, 0xBF, 3},
    {0xF0, 0xF0, 0x90, 0xBF, 4},
    {0xF1, 0xF3, 0x80, 0xBF, 4},
    {0xF4, 0xF4, 0x80, 0x8F, 4},
};

std::size_t reference_length(const unsigned char* b, std::size_t avail, bool allow_surrogates) {
  if (avail == 0) return 0;
  for (const row& r : table_3_7) {
    if (b[0] < r.lead_lo || b[0] > r.lead_hi) continue;
    const bool surrogate_row = allow_surrogates && b[0] == 0xED;
    const unsigned char hi = surrogate_row ? 0xBF : r.second_hi;
    if (avail < static_cast<std::size_t>(r.length)) return 0;
    if (b[1] < r.second_lo || b[1] > hi) return 0;
    for (int i = 2; i < r.length; ++i) {
      if (b[i] < 0x80 || b[i] > 0xBF) return 0;
    }
    return static_cast<std::size_t>(r.length);
  }
  return 0;  // 80..C1, F5..FF never start a sequence
}

TEST(Utf8SequenceLength, ReferenceSpotChecks) {
  // The reference itself, against sequences known by heart.
  auto len = [](std::initializer_list<unsigned char> bytes, bool surrogates = false) {
    std::vector<unsigned char> v(bytes);
    return reference_length(v.data(), v.size(), surrogates);
  };
  EXPECT_EQ(len({0xC3, 0xA9}), 2u);              // é
  EXPECT_EQ(len({0xE2, 0x82, 0xAC}), 3u);        // €
  EXPECT_EQ(len({0xF0, 0x9F, 0x98, 0x80}), 4u);  // 😀
  EXPECT_EQ(len({0xC0, 0x80}), 0u);
  EXPECT_EQ(len({0xED, 0xA0, 0x80}), 0u);
  EXPECT_EQ(len({0xED, 0xA0, 0x80}, true), 3u);
  EXPECT_EQ(len({0xF4, 0x90, 0x80, 0x80}), 0u);
  EXPECT_EQ(len({0xE2, 0x82}), 0u);
}

// Calls the kernel on bytes[0..avail) copied into a heap block of exactly avail bytes.
class exact_sequence {
 public:
  explicit exact_sequence(std::size_t avail) : avail_(avail), buf_(new char[avail]) {}
  std::size_t length(const unsigned char* bytes, bool allow_surrogates) {
    std::memcpy(buf_.get(), bytes, avail_);
    return ujson::detail::utf8_sequence_length(buf_.get(), buf_.get() + avail_, allow_surrogates);
  }

 private:
  std::size_t avail_;
  std::unique_ptr<char[]> buf_;
};

TEST(Utf8SequenceLength, EveryLeadSecondAndThirdByte) {
  // Fourth bytes: the continuation range's edges and its neighbours.
  const unsigned char fourths[] = {0x00, 0x7F, 0x80, 0x9F, 0xBF, 0xC0, 0xFF};
  exact_sequence full(4);
  std::size_t mismatches = 0;
  for (int b0 = 0x80; b0 <= 0xFF; ++b0) {
    for (int b1 = 0; b1 <= 0xFF; ++b1) {
      for (int b2 = 0; b2 <= 0xFF; ++b2) {
        if (!ujson::test::in_share(static_cast<std::size_t>(b0 + b1 + b2))) continue;
        for (unsigned char b3 : fourths) {
          const unsigned char bytes[4] = {static_cast<unsigned char>(b0), static_cast<unsigned char>(b1),
                                          static_cast<unsigned char>(b2), b3};
          for (bool surrogates : {false, true}) {
            const std::size_t expected = reference_length(bytes, 4, surrogates);
            const std::size_t actual = full.length(bytes, surrogates);
            if (actual != expected && ++mismatches <= 10) {
              ADD_FAILURE() << std::hex << "bytes " << b0 << ' ' << b1 << ' ' << b2 << ' ' << int(b3)
                            << (surrogates ? " (surrogates allowed)" : "") << ": expected " << expected
                            << ", got " << actual;
            }
          }
        }
      }
    }
  }
  EXPECT_EQ(mismatches, 0u);
}

TEST(Utf8SequenceLength, EveryFourthByteOfFourByteLeads) {
  exact_sequence full(4);
  const unsigned char seconds[] = {0x80, 0x8F, 0x90, 0xBF};
  const unsigned char thirds[] = {0x80, 0xBF};
  for (int b0 = 0xF0; b0 <= 0xF7; ++b0) {
    for (unsigned char b1 : seconds) {
      for (unsigned char b2 : thirds) {
        for (int b3 = 0; b3 <= 0xFF; ++b3) {
          const unsigned char bytes[4] = {static_cast<unsigned char>(b0), b1, b2, static_cast<unsigned char>(b3)};
          ASSERT_EQ(full.length(bytes, false), reference_length(bytes, 4, false))
              << std::hex << b0 << ' ' << int(b1) << ' ' << int(b2) << ' ' << b3;
        }
      }
    }
  }
}

TEST(Utf8SequenceLength, TruncatedAtTheEndOfTheBuffer) {
  // The same enumeration with only 1, 2 or 3 bytes available (exact heap blocks, so a read
  // beyond `end` is an ASan report); a sequence needing more bytes than available is 0.
  exact_sequence one(1), two(2), three(3);
  std::size_t mismatches = 0;
  for (int b0 = 0x80; b0 <= 0xFF; ++b0) {
    for (int b1 = 0; b1 <= 0xFF; ++b1) {
      for (int b2 = 0; b2 <= 0xFF; b2 += (b1 == 0x80 || b1 == 0xA0 || b1 == 0xBF) ? 1 : 0x3F) {
        const unsigned char bytes[3] = {static_cast<unsigned char>(b0), static_cast<unsigned char>(b1),
                                        static_cast<unsigned char>(b2)};
        for (bool surrogates : {false, true}) {
          const std::size_t e1 = reference_length(bytes, 1, surrogates);
          const std::size_t e2 = reference_length(bytes, 2, surrogates);
          const std::size_t e3 = reference_length(bytes, 3, surrogates);
          if (one.length(bytes, surrogates) != e1 || two.length(bytes, surrogates) != e2 ||
              three.length(bytes, surrogates) != e3) {
            if (++mismatches <= 10) {
              ADD_FAILURE() << std::hex << "bytes " << b0 << ' ' << b1 << ' ' << b2 << " truncated";
            }
          }
        }
      }
    }
  }
  EXPECT_EQ(mismatches, 0u);
}

TEST(Utf8SequenceLength, HandPickedClasses) {
  struct sample {
    std::string bytes;
    std::size_t expected;
  };
  const sample samples[] = {
      {"\xC2\x80", 2},          {"\xDF\xBF", 2},          {"\xE0\xA0\x80", 3},      {"\xEF\xBF\xBF", 3},
      {"\xED\x9F\xBF", 3},      {"\xEE\x80\x80", 3},      {"\xF0\x90\x80\x80", 4},  {"\xF4\x8F\xBF\xBF", 4},
      {"\xC0\x80", 0},          {"\xC1\xBF", 0},          {"\xE0\x80\x80", 0},      {"\xE0\x9F\xBF", 0},
      {"\xF0\x80\x80\x80", 0},  {"\xF0\x8F\xBF\xBF", 0},  {"\xED\xA0\x80", 0},      {"\xED\xBF\xBF", 0},
      {"\xF4\x90\x80\x80", 0},  {"\xF5\x80\x80\x80", 0},  {"\xFF\x80\x80\x80", 0},  {"\x80", 0},
      {"\xBF", 0},              {"\xC3", 0},              {"\xE2\x82", 0},          {"\xF0\x9F\x98", 0},
      {"\xC3\x28", 0},          {"\xE2\x28\xA1", 0},      {"\xE2\x82\x28", 0},      {"\xF0\x9F\x98\x28", 0},
      {"\xC3\xA9xyz", 2},       {"\xE2\x82\xAC\x80", 3},
  };
  for (const sample& s : samples) {
    SCOPED_TRACE(testing::PrintToString(s.bytes));
    std::unique_ptr<char[]> buf(new char[s.bytes.size()]);
    std::memcpy(buf.get(), s.bytes.data(), s.bytes.size());
    EXPECT_EQ(ujson::detail::utf8_sequence_length(buf.get(), buf.get() + s.bytes.size()), s.expected);
  }
}

// ---- utf8_encode / utf8_decode -----------------------------------------------------------

std::size_t expected_encoded_length(std::uint32_t cp) {
  if (cp <= 0x7F) return 1;
  if (cp <= 0x7FF) return 2;
  if (cp <= 0xFFFF) return 3;
  return 4;
}

TEST(Utf8EncodeDecode, KnownEncodings) {
  struct known {
    std::uint32_t cp;
    std::string bytes;
  };
  const known cases[] = {
      {0x0000, std::string(1, '\0')},
      {0x0041, "A"},
      {0x007F, "\x7F"},
      {0x0080, "\xC2\x80"},
      {0x00E9, "\xC3\xA9"},
      {0x07FF, "\xDF\xBF"},
      {0x0800, "\xE0\xA0\x80"},
      {0x20AC, "\xE2\x82\xAC"},
      {0xD7FF, "\xED\x9F\xBF"},
      {0xD800, "\xED\xA0\x80"},  // WTF-8 for a lone surrogate
      {0xDFFF, "\xED\xBF\xBF"},
      {0xE000, "\xEE\x80\x80"},
      {0xFFFF, "\xEF\xBF\xBF"},
      {0x10000, "\xF0\x90\x80\x80"},
      {0x1D11E, "\xF0\x9D\x84\x9E"},
      {0x1F600, "\xF0\x9F\x98\x80"},
      {0x10FFFF, "\xF4\x8F\xBF\xBF"},
  };
  for (const known& k : cases) {
    SCOPED_TRACE(k.cp);
    char buf[4] = {};
    const std::size_t n = ujson::detail::utf8_encode(k.cp, buf);
    EXPECT_EQ(std::string(buf, n), k.bytes);
    if (n > 1) {
      EXPECT_EQ(ujson::detail::utf8_decode(k.bytes.data(), k.bytes.size()), k.cp);
    }
  }
}

TEST(Utf8EncodeDecode, EveryCodePointRoundTrips) {
  std::size_t failures = 0;
  for (std::uint32_t cp = 0; cp <= 0x10FFFF; ++cp) {
    char buf[4] = {};
    const std::size_t n = ujson::detail::utf8_encode(cp, buf);
    const bool surrogate = cp >= 0xD800 && cp <= 0xDFFF;
    bool ok = n == expected_encoded_length(cp);
    if (ok && n == 1) {
      ok = static_cast<unsigned char>(buf[0]) == cp;
    } else if (ok) {
      const auto* bytes = reinterpret_cast<const unsigned char*>(buf);
      // Well formed by the reference table (surrogates only as generalized UTF-8) ...
      ok = reference_length(bytes, n, false) == (surrogate ? 0 : n) && reference_length(bytes, n, true) == n;
      // ... accepted by the kernel the same way, and decoded back to cp.
      std::unique_ptr<char[]> exact(new char[n]);
      std::memcpy(exact.get(), buf, n);
      ok = ok && ujson::detail::utf8_sequence_length(exact.get(), exact.get() + n, false) == (surrogate ? 0 : n);
      ok = ok && ujson::detail::utf8_sequence_length(exact.get(), exact.get() + n, true) == n;
      ok = ok && ujson::detail::utf8_decode(exact.get(), n) == cp;
    }
    if (!ok && ++failures <= 10) ADD_FAILURE() << std::hex << "code point U+" << cp << " (length " << n << ")";
  }
  EXPECT_EQ(failures, 0u);
}

TEST(Utf8EncodeDecode, EveryWellFormedSequenceDecodesToADistinctCodePoint) {
  // The other direction: the number of well-formed sequences of each length equals the
  // number of scalar values in its range, and each decodes into that range.
  std::size_t count[5] = {};
  for (int b0 = 0xC2; b0 <= 0xF4; ++b0) {
    for (int b1 = 0x80; b1 <= 0xBF; ++b1) {
      for (int b2 = 0x80; b2 <= 0xBF; ++b2) {
        for (int b3 = 0x80; b3 <= 0xBF; ++b3) {
          const unsigned char bytes[4] = {static_cast<unsigned char>(b0), static_cast<unsigned char>(b1),
                                          static_cast<unsigned char>(b2), static_cast<unsigned char>(b3)};
          const std::size_t n = reference_length(bytes, 4, false);
          if (n == 0) continue;
          // Count each 2-byte sequence once (b2, b3 do not matter), each 3-byte once (b3).
          if (n == 2 && (b2 != 0x80 || b3 != 0x80)) continue;
          if (n == 3 && b3 != 0x80) continue;
          const std::uint32_t cp = ujson::detail::utf8_decode(reinterpret_cast<const char*>(bytes), n);
          ASSERT_EQ(expected_encoded_length(cp), n) << std::hex << cp;
          ASSERT_FALSE(cp >= 0xD800 && cp <= 0xDFFF) << std::hex << cp;
          ASSERT_LE(cp, 0x10FFFFu);
          ++count[n];
        }
      }
    }
  }
  EXPECT_EQ(count[2], 0x800u - 0x80u);
  EXPECT_EQ(count[3], 0x10000u - 0x800u - 0x800u);  // minus the 2048 surrogates
  EXPECT_EQ(count[4], 0x110000u - 0x10000u);
}

}  // namespace
