// Node.js's JSON.stringify as the oracle for canonical number text (RFC 8785 takes its
// numbers from ECMAScript): a million cases of every magnitude, as double bit patterns
// (written by writer::number) and as JSON number text (decoded straight into a canonical
// writer, so integers take the int64/uint64/big-number paths). Where RFC 8785 has no text
// (NaN, Infinity, an integer text that would come out as another integer, a non-zero text
// that reads as 0)
// the oracle says "!" and ours must be errc::not_canonicalizable.
//
// One node process answers the whole file: the test takes 1.1 s in release and 1.7 s under
// AddressSanitizer (node itself, not instrumented, about 0.8 s of either), so both run all
// 1,000,000 cases.

#include <gtest/gtest.h>

#include <bit>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <limits>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "support/node_oracle.hpp"
#include "support/printers.hpp"
#include "support/test_share.hpp"
#include "ujson/decoder.hpp"
#include "ujson/writer.hpp"

namespace {

namespace node = ujson::test::node;
using ujson::errc;

constexpr std::size_t case_count = 1'000'000;

// One case: a double's bits ("b") or a JSON number's text ("s"), one line each.
class cases {
 public:
  std::vector<std::string> lines;

  void bits(std::uint64_t b) {
    char line[18];
    std::snprintf(line, sizeof line, "b%016llx", static_cast<unsigned long long>(b));
    lines.emplace_back(line, 17);
  }
  void dbl(double d) { bits(std::bit_cast<std::uint64_t>(d)); }
  void text(std::string t) { lines.push_back("s" + std::move(t)); }
  // The doubles k ulps either side of d (same sign; stopping at zero and infinity).
  void around(double d, int k) {
    const std::uint64_t b = std::bit_cast<std::uint64_t>(std::fabs(d));
    const std::uint64_t sign = std::bit_cast<std::uint64_t>(d) & (std::uint64_t{1} << 63);
    for (int i = -k; i <= k; ++i) {
      const std::uint64_t n = b + static_cast<std::uint64_t>(static_cast<std::int64_t>(i));
      if (i < 0 && static_cast<std::uint64_t>(-i) > b) continue;
      if (n > 0x7FF0000000000000) continue;
      bits(n | sign);
    }
  }
};

class generator {
 public:
  explicit generator(std::uint64_t seed) : rng_(seed) {}

  std::uint64_t below(std::uint64_t n) { return rng_() % n; }
  std::uint64_t next() { return rng_(); }

  std::string digits(std::size_t n, bool first_nonzero) {
    std::string s;
    for (std::size_t i = 0; i < n; ++i) s += static_cast<char>('0' + (i == 0 && first_nonzero ? 1 + below(9) : below(10)));
    return s;
  }

  // JSON number text of every shape: integers of 1 to 25 digits, fractions, leading zeros
  // after the point, exponents from -340 to 340 (some overflow or underflow on purpose).
  std::string decimal() {
    std::string t = below(3) == 0 ? "-" : "";
    switch (below(5)) {
      case 0: t += digits(1 + below(25), true); break;
      case 1: t += (below(4) == 0 ? "0" : digits(1 + below(17), true)) + "." + digits(1 + below(17), false); break;
      case 2: t += "0." + std::string(below(9), '0') + digits(1 + below(17), true); break;
      case 3: {
        t += digits(1, true);
        if (below(3) != 0) t += "." + digits(1 + below(19), false);
        t += below(2) == 0 ? "e" : "E";
        const auto x = static_cast<long long>(below(681)) - 340;
        t += x >= 0 && below(2) == 0 ? "+" : "";
        t += std::to_string(x);
        break;
      }
      default:
        t += digits(1 + below(21), true) + "e" + std::to_string(static_cast<long long>(below(45)) - 22);
        break;
    }
    return t;
  }

 private:
  std::mt19937_64 rng_;
};

std::string decimal_text(std::uint64_t v, bool negative) { return (negative ? "-" : "") + std::to_string(v); }

cases make_cases(std::size_t total) {
  cases c;
  generator g(8785);
  constexpr std::uint64_t mantissa = (std::uint64_t{1} << 52) - 1;
  // Every binade's first and last few values, both signs: powers of two, the smallest
  // normal, the largest double, and the ends of the subnormals.
  for (std::uint64_t e = 0; e < 0x7FF; ++e) {
    for (std::uint64_t m : {std::uint64_t{0}, std::uint64_t{1}, std::uint64_t{2}, mantissa - 1, mantissa}) {
      c.bits(e << 52 | m);
      c.bits(std::uint64_t{1} << 63 | e << 52 | m);
    }
  }
  for (std::uint64_t b : {0x7FF0000000000000ULL, 0xFFF0000000000000ULL, 0x7FF8000000000000ULL, 0xFFF8000000000000ULL,
                          0x7FF0000000000001ULL, 0x7FFFFFFFFFFFFFFFULL}) {
    c.bits(b);  // NaN and the infinities: "!"
  }
  // Every power of ten a double comes near, with 40 neighbours either side; wider around
  // the layout's thresholds (1e21 and 1e-6/1e-7) and where doubles stop being integers.
  for (int p = -323; p <= 308; ++p) c.around(std::pow(10.0, p), 40);
  for (double d : {1e21, 1e-7}) c.around(d, 20000);
  for (double d : {1e20, 1e-6, 9007199254740992.0, 1e16, 1e17}) c.around(d, 5000);
  // Integers near 2^53, 2^63 and 2^64 as text: exact or not (then "!").
  for (std::int64_t k = -5000; k <= 5000; ++k) {
    const std::uint64_t v = (std::uint64_t{1} << 53) + static_cast<std::uint64_t>(k);
    c.text(decimal_text(v, false));
    c.text(decimal_text(v, true));
  }
  for (std::int64_t k = -1000; k <= 1000; ++k) {
    c.text(decimal_text((std::uint64_t{1} << 63) + static_cast<std::uint64_t>(k), k % 2 == 0));
    c.text(decimal_text(std::numeric_limits<std::uint64_t>::max() - static_cast<std::uint64_t>(1000 + k), false));
  }
  c.text("18446744073709551616");                     // 2^64: a big number, exact
  c.text("18446744073709551617");                     // not exact
  c.text("1180591620717411303424");                   // 2^70
  c.text("-0");
  // Integer-valued doubles from 2^53 to 2^91, as their exact value and as their shortest
  // digits padded with zeros (JavaScript's text for them below 1e21), and that text one
  // off in its last digit: int64, uint64 and big numbers, exact or not.
  for (int i = 0; i < 20000; ++i) {
    const double d = std::ldexp(static_cast<double>((g.next() >> 11) | 1), 1 + static_cast<int>(g.below(38)));
    char buf[400];
    c.text(std::string(buf, std::to_chars(buf, buf + sizeof buf, d, std::chars_format::fixed, 0).ptr));
    const std::string sci(buf, std::to_chars(buf, buf + sizeof buf, d, std::chars_format::scientific).ptr);
    const std::size_t e = sci.find('e');
    std::string digits = sci.substr(0, 1) + (e > 1 ? sci.substr(2, e - 2) : "");
    const int zeros = std::stoi(sci.substr(e + 1)) - static_cast<int>(digits.size() - 1);
    const std::string padded = digits + std::string(static_cast<std::size_t>(zeros), '0');
    c.text(padded);
    std::string off = padded;
    char& last = off[digits.size() - 1];
    last = last == '9' ? '8' : static_cast<char>(last + 1);
    c.text(off);
  }
  // Subnormals: the first and last 5000, and random ones.
  for (std::uint64_t m = 1; m <= 5000; ++m) {
    c.bits(m);
    c.bits(mantissa + 1 - m);
  }
  for (int i = 0; i < 100000; ++i) c.bits((g.next() & (std::uint64_t{1} << 63)) | (g.next() & mantissa));
  // Random JSON number text and random integers below 2^53.
  for (int i = 0; i < 250000; ++i) c.text(g.decimal());
  for (int i = 0; i < 50000; ++i) c.text(decimal_text(g.below(std::uint64_t{1} << (1 + g.below(53))), g.below(2) == 0));
  // The rest: random bit patterns (all exponents alike; a few NaN and infinities).
  while (c.lines.size() < total) c.bits(g.next());
  return c;
}

// Ours for one case: the text, or "!" for not_canonicalizable; anything else is reported.
std::string ours(const std::string& line, ujson::writer& w, ujson::decoder& dec) {
  w.reset();
  errc e;
  if (line[0] == 'b') {
    std::uint64_t b = 0;
    std::from_chars(line.data() + 1, line.data() + line.size(), b, 16);
    e = w.number(std::bit_cast<double>(b));
  } else {
    e = dec.decode(std::string_view(line).substr(1), w).code;
  }
  if (e == errc::not_canonicalizable) return "!";
  if (e != errc::ok) return "error " + std::string(ujson::code_name(e));
  return std::string(w.output());
}

TEST(CanonicalNodeOracle, NumbersMatchJsonStringify) {
  const std::string node_exe = node::find_node();
  if (node_exe.empty()) GTEST_SKIP() << node::no_node;

  cases c = make_cases(case_count);
  ASSERT_GE(c.lines.size(), case_count);
  std::size_t kept = 0;
  for (std::size_t i = 0; i < c.lines.size(); ++i) {
    if (!ujson::test::in_share(i)) continue;
    if (kept != i) c.lines[kept] = std::move(c.lines[i]);
    ++kept;
  }
  c.lines.resize(kept);
  node::scratch_dir dir("ujson-jcs-numbers");
  const auto in = dir.path() / "in.txt";
  const auto out = dir.path() / "out.txt";
  {
    std::ofstream f(in, std::ios::binary);
    for (const std::string& line : c.lines) f << line << '\n';
    ASSERT_TRUE(f.good());
  }
  std::string problem;
  const double seconds = node::run_oracle(node_exe, "numbers", in, out, problem);
  ASSERT_GE(seconds, 0) << "node failed:\n" << problem;
  const std::vector<std::string> answers = node::read_lines(out);
  ASSERT_EQ(answers.size(), c.lines.size()) << problem;

  ujson::encode_options o;
  o.canonical = true;
  ujson::writer w(o);
  ujson::decoder dec;
  std::size_t mismatches = 0, refused = 0;
  for (std::size_t i = 0; i < c.lines.size(); ++i) {
    const std::string mine = ours(c.lines[i], w, dec);
    refused += answers[i] == "!";
    if (mine == answers[i]) continue;
    if (++mismatches <= 20) {
      ADD_FAILURE() << c.lines[i] << ": ours " << mine << ", JSON.stringify " << answers[i];
    }
  }
  EXPECT_EQ(mismatches, 0u);
  std::cout << "[ oracle   ] " << c.lines.size() << " numbers (" << refused << " without RFC 8785 text), node took "
            << seconds << " s\n";
}

}  // namespace
