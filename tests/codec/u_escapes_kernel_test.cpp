// The \uXXXX kernel (kernel_table::u_escapes, codec/src/simd/u_escapes_avx2.cpp), on every
// kernel set that has one:
//   - against a reference written from its contract (kernels.hpp): the same stop, the same
//     bytes, on random runs of escapes of every UTF-8 length, both cases of hex digits, and
//     every way an escape can stop a run (a surrogate, a bad digit, a broken "\u", the run's
//     end), at every position of a group of eight, with the input ending anywhere after it
//     (buffers of the exact size: the asan pass catches a read past the end);
//   - through the decoder: strings of such runs decode (and validate) on every kernel to
//     the portable kernel's string or error, at the same offset.

#include <gtest/gtest.h>

#include <charconv>
#include <cstdint>
#include <cstring>
#include <memory>
#include <random>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include "support/event_log.hpp"
#include "support/test_share.hpp"
#include "ujson/decoder.hpp"
#include "ujson/detail/kernels.hpp"
#include "ujson/validate.hpp"

namespace {

using ujson::detail::kernel_table;
using ujson::detail::runnable_kernels;

std::vector<const kernel_table*> kernels_with_u_escapes() {
  std::vector<const kernel_table*> out;
  for (const kernel_table* k : runnable_kernels()) {
    if (k->u_escapes != nullptr) out.push_back(k);
  }
  return out;
}

// The code unit of a well-formed escape at p (six bytes readable), or -1: std::from_chars
// in base 16 takes digits of either case and nothing else, and must take all four.
long escape_at(const char* p) {
  if (p[0] != '\\' || p[1] != 'u') return -1;
  unsigned u = 0;
  const auto [stop, ec] = std::from_chars(p + 2, p + 6, u, 16);
  if (ec != std::errc() || stop != p + 6) return -1;
  return static_cast<long>(u);
}

void append_utf8(std::string& out, long u) {
  if (u < 0x80) {
    out += static_cast<char>(u);
  } else if (u < 0x800) {
    out += static_cast<char>(0xC0 + (u >> 6));
    out += static_cast<char>(0x80 + (u % 64));
  } else {
    out += static_cast<char>(0xE0 + (u >> 12));
    out += static_cast<char>(0x80 + ((u >> 6) % 64));
    out += static_cast<char>(0x80 + (u % 64));
  }
}

// The contract: groups of eight while 52 bytes are left and 24 bytes of output fit in
// 3 * max; a group decodes its leading escapes that are well formed and not surrogates; a
// run that ends at no escape at all goes on across one plain byte (printable ASCII but '"'
// and '\\') that an escape's "\u" follows.
struct reference_run {
  std::size_t consumed = 0;
  std::string utf8;
};
reference_run reference(const char* p, const char* end, std::size_t max) {
  reference_run r;
  const char* const start = p;
  while (end - p >= 52 && 3 * max >= r.utf8.size() + 24) {
    int count = 0;
    bool cut = false;
    for (; count < 8; ++count) {
      const char* e = p + 6 * count;
      if (e[0] != '\\' || e[1] != 'u') break;
      const long u = escape_at(e);
      if (u < 0 || (u >= 0xD800 && u <= 0xDFFF)) {
        cut = true;
        break;
      }
      append_utf8(r.utf8, u);
    }
    if (count == 0) break;
    p += 6 * count;
    if (count < 8) {
      const auto c = static_cast<unsigned char>(p[0]);
      const bool plain = c >= 0x20 && c < 0x80 && c != '"' && c != '\\';
      if (cut || !plain || p[1] != '\\' || p[2] != 'u') break;
      r.utf8 += p[0];
      ++p;
    }
  }
  r.consumed = static_cast<std::size_t>(p - start);
  return r;
}

std::string hex4(unsigned u, std::mt19937& rng) {
  static constexpr char lower[] = "0123456789abcdef";
  static constexpr char upper[] = "0123456789ABCDEF";
  std::string s;
  for (int shift = 12; shift >= 0; shift -= 4) s += (rng() & 1 ? upper : lower)[(u >> shift) & 0xF];
  return s;
}

// One escape of a kind drawn to reach every branch: 1-, 2- and 3-byte code units (mixed
// or in runs of one length), surrogates, bad digits, a broken "\u".
std::string random_escape(std::mt19937& rng, int kind) {
  auto below = [&](unsigned n) { return static_cast<unsigned>(rng() % n); };
  switch (kind) {
    case 0: return "\\u" + hex4(below(0x80), rng);
    case 1: return "\\u" + hex4(0x80 + below(0x800 - 0x80), rng);
    case 2: {
      unsigned u = 0x800 + below(0x10000 - 0x800 - 0x800);
      if (u >= 0xD800) u += 0x800;  // past the surrogates
      return "\\u" + hex4(u, rng);
    }
    case 3: return "\\u" + hex4(0xD800 + below(0x800), rng);
    case 4: {
      static constexpr char bad[] = {'g', 'G', '/', ':', '@', '`', '\x80', '\xC3', ' ', '"', '\\', 'x'};
      std::string e = "\\u" + hex4(below(0x10000), rng);
      e[2 + below(4)] = bad[below(sizeof bad)];
      return e;
    }
    default: {
      std::string e = "\\u" + hex4(0x600 + below(0x100), rng);
      e[below(2)] = "\"xU/\\"[below(5)];
      if (e[0] == '\\' && e[1] == 'u') e[1] = 'U';
      return e;
    }
  }
}

TEST(UEscapeKernel, MatchesItsContractOnRandomRuns) {
  const auto kernels = kernels_with_u_escapes();
  if (kernels.empty()) GTEST_SKIP() << "no kernel set with a \\u kernel runs on this CPU";
  std::mt19937 rng(20261203);
  const std::size_t rounds = ujson::test::share_of(40000);
  for (std::size_t round = 0; round < rounds; ++round) {
    // A run of good escapes of one length (as a script's text is) or of mixed lengths,
    // then maybe one that stops a run, then more escapes or plain bytes.
    std::string text;
    const int run = static_cast<int>(rng() % 26);
    const int length_kind = static_cast<int>(rng() % 4);  // 3: mixed
    for (int i = 0; i < run; ++i) text += random_escape(rng, length_kind == 3 ? static_cast<int>(rng() % 3) : length_kind);
    if (rng() % 3 != 0) text += random_escape(rng, 3 + static_cast<int>(rng() % 3));
    for (int i = static_cast<int>(rng() % 8); i > 0; --i) {
      // Words: a plain byte (sometimes one that does not continue a run) between runs.
      if (rng() % 3 == 0) text += " .,;'-\"\x7F\x1F\xC3"[rng() % 10];
      text += random_escape(rng, static_cast<int>(rng() % 6));
    }
    for (int i = static_cast<int>(rng() % 30); i > 0; --i) text += static_cast<char>(' ' + rng() % 90);
    // Cut anywhere, so that every distance from the end is seen.
    text.resize(rng() % (text.size() + 1));
    const std::size_t max = rng() % 60;

    const std::unique_ptr<char[]> in(new char[text.size()]);
    std::memcpy(in.get(), text.data(), text.size());
    const reference_run want = reference(in.get(), in.get() + text.size(), max);
    for (const kernel_table* k : kernels) {
      std::vector<char> out(3 * max + 16, '\0');
      const ujson::detail::u_escape_run got = k->u_escapes(in.get(), in.get() + text.size(), out.data(), max);
      ASSERT_EQ(got.p - in.get(), static_cast<std::ptrdiff_t>(want.consumed)) << k->name << " on " << text << ", max " << max;
      ASSERT_EQ(std::string_view(out.data(), static_cast<std::size_t>(got.w - out.data())), want.utf8)
          << k->name << " on " << text;
    }
  }
}

// Every stop at every place of a group of eight, a run of 0 to 20 before it, and the input
// ending 0 to 64 bytes after the stop: the exact consumed count each time.
TEST(UEscapeKernel, StopsAtEveryPositionAndEveryEnd) {
  const auto kernels = kernels_with_u_escapes();
  if (kernels.empty()) GTEST_SKIP() << "no kernel set with a \\u kernel runs on this CPU";
  std::mt19937 rng(7);
  const std::vector<std::string> stops = {"\\ud83d", "\\udc00", "\\u00G0", "\\u 123", "\\U0041", "/u0041", "\"", "a"};
  std::size_t index = 0;
  for (int run = 0; run <= 20; ++run) {
    for (const std::string& stop : stops) {
      for (int after = 0; after <= 64; ++after) {
        if (!ujson::test::in_share(index++)) continue;
        std::string text;
        for (int i = 0; i < run; ++i) text += random_escape(rng, 1 + i % 2);
        text += stop;
        text += std::string(static_cast<std::size_t>(after), 'z');
        const std::unique_ptr<char[]> in(new char[text.size()]);
        std::memcpy(in.get(), text.data(), text.size());
        const reference_run want = reference(in.get(), in.get() + text.size(), 32);
        for (const kernel_table* k : kernels) {
          std::vector<char> out(3 * 32 + 16);
          const auto got = k->u_escapes(in.get(), in.get() + text.size(), out.data(), 32);
          ASSERT_EQ(got.p - in.get(), static_cast<std::ptrdiff_t>(want.consumed)) << k->name << " on " << text;
          ASSERT_EQ(std::string_view(out.data(), static_cast<std::size_t>(got.w - out.data())), want.utf8) << k->name;
        }
        // The reference itself never decodes past a stop.
        EXPECT_LE(want.consumed, 6u * static_cast<std::size_t>(run)) << text;
      }
    }
  }
}

// Strings of escape runs through the decoder: every kernel gives the portable one's string,
// or its error at its offset.
TEST(UEscapeKernel, DecoderAgreesWithThePortableKernel) {
  std::mt19937 rng(8259);
  const std::size_t rounds = ujson::test::share_of(6000);
  for (std::size_t round = 0; round < rounds; ++round) {
    std::string doc = "[\"";
    const int words = 1 + static_cast<int>(rng() % 12);
    for (int w = 0; w < words; ++w) {
      const int letters = 1 + static_cast<int>(rng() % 12);
      const int kind = static_cast<int>(rng() % 3);
      for (int i = 0; i < letters; ++i) doc += random_escape(rng, rng() % 50 == 0 ? 3 + static_cast<int>(rng() % 3) : kind);
      // A surrogate pair, a short escape, or a space between words.
      switch (rng() % 6) {
        case 0: doc += "\\ud83d\\ude00"; break;
        case 1: doc += "\\n"; break;
        default: doc += ' ';
      }
    }
    doc += "\"]";
    for (const bool lone : {false, true}) {
      ujson::decode_options o;
      o.allow_lone_surrogates = lone;
      ujson::test::event_log want;
      ujson::decoder portable(o);
      const ujson::error want_error = portable.decode(doc, want, ujson::detail::portable_kernels());
      for (const kernel_table* k : runnable_kernels()) {
        ujson::test::event_log got;
        ujson::decoder d(o);
        const ujson::error e = d.decode(doc, got, *k);
        ASSERT_EQ(e.code, want_error.code) << k->name << " on " << doc;
        ASSERT_EQ(e.offset, want_error.offset) << k->name << " on " << doc;
        ASSERT_EQ(got.log, want.log) << k->name << " on " << doc;
        // Validation, whose escapes go through the kernel too (into a buffer it discards).
        ujson::validating_handler v;
        const ujson::error ve = d.decode(doc, v, *k);
        ASSERT_EQ(ve.code, want_error.code) << k->name << " validating " << doc;
        ASSERT_EQ(ve.offset, want_error.offset) << k->name << " validating " << doc;
      }
    }
  }
}

}  // namespace
