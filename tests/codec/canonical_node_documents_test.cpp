// The npm package `canonicalize` (by RFC 8785's authors) as the oracle for whole canonical
// documents: random JSON texts whose keys crowd the places where UTF-16 order and code
// point order part (U+E000..U+FFFF against the supplementary planes), with non-BMP text
// written raw and as surrogate-pair escapes, controls, escapes of every kind, numbers of
// every shape, and now and then a lone surrogate (which canonicalize refuses, as we must).
// Each text goes through a DOM and, separately, straight from the decoder into the writer.

#include <gtest/gtest.h>

#include <bit>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "support/json_generator.hpp"
#include "support/node_oracle.hpp"
#include "support/printers.hpp"
#include "ujson/decoder.hpp"
#include "ujson/dom.hpp"
#include "ujson/writer.hpp"

namespace {

namespace node = ujson::test::node;
using ujson::errc;

constexpr int document_count = 4000;

// Code points where the two orders disagree or touch: the last before the surrogates, the
// first and last after them, U+FB33 and U+FFFD (RFC 8785's examples), the first, an emoji
// and the last of the supplementary planes, and some ordinary ones.
constexpr std::uint32_t key_points[] = {'a',    'b',    'A',    '1',     0x7F,    0x80,    0xF6,     0x20AC,
                                        0xD7FF, 0xE000, 0xE001, 0xFB33, 0xFFFD, 0xFFFF, 0x10000, 0x1F600,
                                        0x1F601, 0x10FFFF, '\r', '"',    '\\',   0x00};

class document_writer {
 public:
  explicit document_writer(std::uint64_t seed) : rng_(seed) {}

  // One JSON text on one line (whitespace is spaces and tabs only).
  std::string document() {
    out_.clear();
    budget_ = 1 + static_cast<int>(below(60));
    lone_ = below(50) == 0;  // about one text in fifty has a lone surrogate somewhere
    if (below(10) == 0) {
      scalar();
    } else if (below(2) == 0) {
      object(1);
    } else {
      array(1);
    }
    if (lone_) out_.insert(0, "[\"\\ud800\", ").append("]");  // not missed when the tree had no string
    return out_;
  }

 private:
  std::uint64_t below(std::uint64_t n) { return rng_() % n; }

  void space() {
    if (below(4) == 0) out_ += below(2) == 0 ? " " : "\t";
  }

  void value(int depth) {
    --budget_;
    const std::uint64_t pick = below(10);
    if (budget_ <= 0 || depth > 6 || pick < 6) {
      scalar();
    } else if (pick < 8) {
      object(depth + 1);
    } else {
      array(depth + 1);
    }
  }

  void array(int depth) {
    out_ += '[';
    const std::uint64_t n = below(6);
    for (std::uint64_t i = 0; i < n; ++i) {
      if (i != 0) out_ += ',';
      space();
      value(depth);
    }
    out_ += ']';
  }

  void object(int depth) {
    out_ += '{';
    std::set<std::u32string> seen;  // keys are unique: duplicates are tested elsewhere
    const std::uint64_t n = below(8);
    for (std::uint64_t i = 0; i < n; ++i) {
      std::u32string key;
      for (std::uint64_t k = below(4); k > 0; --k) key += key_points[below(std::size(key_points))];
      if (!seen.insert(key).second) continue;
      if (seen.size() != 1) out_ += ',';
      space();
      string(key);
      space();
      out_ += ':';
      space();
      value(depth);
    }
    out_ += '}';
  }

  void scalar() {
    switch (below(8)) {
      case 0: out_ += below(2) == 0 ? "true" : below(2) == 0 ? "false" : "null"; break;
      case 1:
      case 2: number(); break;
      default: {
        std::u32string s;
        for (std::uint64_t k = below(12); k > 0; --k) s += text_point();
        string(s);
      }
    }
  }

  std::uint32_t text_point() {
    switch (below(6)) {
      case 0: return key_points[below(std::size(key_points))];
      case 1: return static_cast<std::uint32_t>(below(0x20));  // controls
      case 2: return static_cast<std::uint32_t>(0x20 + below(0x60));
      case 3: {
        const auto cp = static_cast<std::uint32_t>(0x80 + below(0x10000 - 0x80));
        return cp >= 0xD800 && cp <= 0xDFFF ? cp + 0x800 : cp;  // no surrogates here
      }
      default: return static_cast<std::uint32_t>(0x10000 + below(0x100000));
    }
  }

  // A string written with its characters raw or escaped at random, each as JSON allows.
  void string(const std::u32string& s) {
    out_ += '"';
    for (char32_t c : s) {
      const auto cp = static_cast<std::uint32_t>(c);
      const bool must_escape = cp < 0x20 || cp == '"' || cp == '\\';
      if (!must_escape && below(3) != 0) {
        ujson::test::append_utf8(out_, cp);
      } else if (cp == '"' || cp == '\\') {
        out_ += '\\';
        out_ += static_cast<char>(cp);
      } else if (cp == '\n' && below(2) == 0) {
        out_ += "\\n";
      } else if (cp == '/' && below(2) == 0) {
        out_ += "\\/";
      } else if (cp >= 0x10000) {
        hex4(0xD800 + ((cp - 0x10000) >> 10));
        hex4(0xDC00 + ((cp - 0x10000) & 0x3FF));
      } else {
        hex4(cp);
      }
    }
    if (lone_ && below(8) == 0) hex4(0xDC00 + static_cast<std::uint32_t>(below(0x400)));
    out_ += '"';
  }

  void hex4(std::uint32_t unit) {
    char buf[8];
    std::snprintf(buf, sizeof buf, below(2) == 0 ? "\\u%04x" : "\\u%04X", unit);
    out_ += buf;
  }

  // Numbers a double holds: small and safe integers, exact big integers (int64, uint64 and
  // past 64 bits), doubles from random bits in several spellings, short decimals.
  void number() {
    char buf[64];
    switch (below(6)) {
      case 0: out_ += std::to_string(static_cast<std::int64_t>(below(2001)) - 1000); break;
      case 1: {
        const auto v = static_cast<std::int64_t>(below(std::uint64_t{1} << 53));
        out_ += std::to_string(below(2) == 0 ? v : -v);
        break;
      }
      case 2: {
        const double d = std::ldexp(static_cast<double>((rng_() >> 11) | 1), static_cast<int>(below(40)));
        out_.append(buf, std::to_chars(buf, buf + sizeof buf, below(2) == 0 ? d : -d, std::chars_format::fixed, 0).ptr);
        break;
      }
      case 3:
      case 4: {
        double d;
        do d = std::bit_cast<double>(rng_());
        while (!std::isfinite(d));
        const int n = below(2) == 0 ? std::snprintf(buf, sizeof buf, "%.17g", d) : std::snprintf(buf, sizeof buf, "%.20E", d);
        out_.append(buf, static_cast<std::size_t>(n));
        break;
      }
      default: {
        static constexpr const char* shapes[] = {"4.50", "2e-3", "1E30", "0.000001", "1e-7", "1e21", "100000000000000000000",
                                                 "-0", "-0.0", "0.1", "333333333.33333329", "9007199254740993.0"};
        out_ += shapes[below(std::size(shapes))];
      }
    }
  }

  std::mt19937_64 rng_;
  std::string out_;
  int budget_ = 0;
  bool lone_ = false;
};

// Ours, or "!" for not_canonicalizable.
std::string through_dom(const std::string& text) {
  ujson::decode_options d;
  d.duplicate_keys = ujson::duplicate_keys::reject;
  d.allow_lone_surrogates = true;  // so the writer, not the reader, refuses them
  ujson::document doc(d);
  if (const ujson::error e = doc.parse(text)) return "parse error " + std::string(ujson::code_name(e.code));
  ujson::encode_options o;
  o.canonical = true;
  std::string out;
  const errc e = ujson::encode(doc.root(), out, o);
  if (e == errc::not_canonicalizable) return "!";
  return e == errc::ok ? out : "error " + std::string(ujson::code_name(e));
}

std::string through_decoder(const std::string& text) {
  ujson::decode_options d;
  d.allow_lone_surrogates = true;
  ujson::decoder dec(d);
  ujson::encode_options o;
  o.canonical = true;
  ujson::writer w(o);
  const ujson::error e = dec.decode(text, w);
  if (e.code == errc::not_canonicalizable) return "!";
  return e ? "error " + std::string(ujson::code_name(e.code)) : std::string(w.output());
}

TEST(CanonicalNodeOracle, DocumentsMatchTheCanonicalizePackage) {
  const std::string node_exe = node::find_node();
  if (node_exe.empty()) GTEST_SKIP() << node::no_node;
  std::string problem;
  ASSERT_TRUE(node::ensure_canonicalize(problem)) << problem;

  document_writer gen(8785);
  std::vector<std::string> texts;
  for (int i = 0; i < document_count; ++i) texts.push_back(gen.document());
  node::scratch_dir dir("ujson-jcs-documents");
  const auto in = dir.path() / "in.ndjson";
  const auto out = dir.path() / "out.ndjson";
  {
    std::ofstream f(in, std::ios::binary);
    for (const std::string& t : texts) f << t << '\n';
    ASSERT_TRUE(f.good());
  }
  const double seconds = node::run_oracle(node_exe, "documents", in, out, problem);
  ASSERT_GE(seconds, 0) << "node failed:\n" << problem;
  const std::vector<std::string> answers = node::read_lines(out);
  ASSERT_EQ(answers.size(), texts.size()) << problem;

  std::size_t mismatches = 0, refused = 0;
  for (std::size_t i = 0; i < texts.size(); ++i) {
    const bool lone = !answers[i].empty() && answers[i][0] == '!';
    refused += lone;
    const std::string want = lone ? "!" : answers[i];
    for (const std::string& mine : {through_dom(texts[i]), through_decoder(texts[i])}) {
      if (mine == want) continue;
      if (++mismatches <= 10) ADD_FAILURE() << texts[i] << "\n  ours:         " << mine << "\n  canonicalize: " << answers[i];
    }
  }
  EXPECT_EQ(mismatches, 0u);
  std::cout << "[ oracle   ] " << texts.size() << " documents (" << refused << " refused for a lone surrogate), "
            << problem << "node took " << seconds << " s\n";
}

}  // namespace
