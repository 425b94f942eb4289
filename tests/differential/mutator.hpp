#pragma once
// Deterministic near-JSON inputs for the differential test: documents (JSONTestSuite files
// and spans of the corpus files) changed by a few random edits of the kinds that find parser
// bugs: bit flips, bytes that matter to JSON, inserted JSON tokens, truncation, deletion and
// duplication of spans. A fixed seed and only `rng() % n` (no library distributions, whose
// results differ between standard libraries) make input i the same on every machine.

#include <cstdint>
#include <random>
#include <string>
#include <string_view>
#include <vector>

namespace ujson::differential {

// Balanced [...] / {...} spans of a document of at most max_size bytes, starting at random
// brackets (strings are skipped when matching, so a bracket inside one does not count).
inline std::vector<std::string> spans_of(std::string_view doc, std::size_t wanted, std::size_t max_size,
                                         std::mt19937_64& rng) {
  std::vector<std::string> out;
  for (std::size_t attempt = 0; attempt < wanted * 20 && out.size() < wanted && !doc.empty(); ++attempt) {
    const std::size_t start = doc.find_first_of("[{", rng() % doc.size());
    if (start == std::string_view::npos) continue;
    int depth = 0;
    bool in_string = false;
    for (std::size_t i = start; i < doc.size() && i - start < max_size; ++i) {
      const char c = doc[i];
      if (in_string) {
        if (c == '\\') {
          ++i;
        } else if (c == '"') {
          in_string = false;
        }
      } else if (c == '"') {
        in_string = true;
      } else if (c == '[' || c == '{') {
        ++depth;
      } else if ((c == ']' || c == '}') && --depth == 0) {
        out.emplace_back(doc.substr(start, i + 1 - start));
        break;
      }
    }
  }
  return out;
}

class mutator {
 public:
  explicit mutator(std::uint64_t seed) : rng_(seed) {}

  // One input: a base with 1 to 3 edits, at most max_size bytes.
  std::string next(const std::vector<std::string>& bases, std::size_t max_size = 8192) {
    std::string s = bases[below(bases.size())];
    const std::size_t edits = 1 + below(3);
    for (std::size_t i = 0; i < edits; ++i) edit(s);
    if (s.size() > max_size) s.resize(max_size);
    return s;
  }

 private:
  std::size_t below(std::size_t n) { return n == 0 ? 0 : static_cast<std::size_t>(rng_() % n); }

  void edit(std::string& s) {
    // Bytes that change a JSON parser's path: structure, escapes, number parts, controls,
    // and UTF-8 lead, continuation and never-valid bytes.
    static constexpr unsigned char bytes[] = {'"',  '\\', '[',  ']',  '{',  '}',  ',',  ':',  '0',  '1',
                                              '9',  '-',  '+',  '.',  'e',  'E',  'u',  ' ',  '\n', '\r',
                                              '\t', 0x00, 0x1f, 0x7f, 0x80, 0xbf, 0xc0, 0xc2, 0xe0, 0xed,
                                              0xef, 0xf0, 0xf4, 0xf5, 0xff};
    static constexpr std::string_view tokens[] = {
        "null", "true", "false", "0", "-0", "-0.0", "1.5", "1e400", "-1e400", "1e-400", "4.9e-324",
        "2.2250738585072011e-308", "9007199254740993", "9223372036854775807", "9223372036854775808",
        "-9223372036854775808", "-9223372036854775809", "18446744073709551615", "18446744073709551616",
        "123456789012345678901234567890", "0.1e1", "1E+2", "\"\"", "\"a\"", "\"\\u0000\"", "\"\\ud800\"",
        "\"\\udc00\"", "\"\\ud83d\\ude00\"", "\"\\u00e9\"", "\"\xc3\xa9\"", "\"\xf0\x9f\x98\x80\"", "\\n", "\\u",
        "[]", "{}", "[", "]", "{", "}", ",", ":", "\"k\":", "NaN", "Infinity", "[1,]", "{\"a\":1,\"a\":2}",
        "/*c*/", "\xef\xbb\xbf"};
    const std::size_t n = s.size();
    switch (below(9)) {
      case 0:  // flip one bit
        if (n != 0) s[below(n)] ^= static_cast<char>(1u << below(8));
        break;
      case 1:  // overwrite a byte
        if (n != 0) s[below(n)] = static_cast<char>(bytes[below(sizeof bytes)]);
        break;
      case 2: {  // insert a token
        const std::string_view t = tokens[below(std::size(tokens))];
        s.insert(below(n + 1), t.data(), t.size());
        break;
      }
      case 3:  // truncate
        s.resize(below(n + 1));
        break;
      case 4: {  // delete a span of up to 16 bytes
        const std::size_t at = below(n + 1);
        s.erase(at, 1 + below(16));
        break;
      }
      case 5: {  // duplicate a span of up to 64 bytes somewhere
        if (n == 0) break;
        const std::size_t at = below(n);
        const std::string span = s.substr(at, 1 + below(64));
        s.insert(below(n + 1), span);
        break;
      }
      case 6: {  // insert a byte
        s.insert(s.begin() + static_cast<std::ptrdiff_t>(below(n + 1)), static_cast<char>(bytes[below(sizeof bytes)]));
        break;
      }
      default:  // replace a number: the document usually stays valid, so its values compare
        replace_number(s);
        break;
    }
  }

  // A random number text: up to 25 integer digits, a fraction and an exponent around the
  // ends of the double range, where parsers round differently.
  std::string random_number() {
    std::string t = below(4) == 0 ? "-" : "";
    const std::size_t digits = 1 + below(25);
    for (std::size_t i = 0; i < digits; ++i) t += static_cast<char>('0' + below(10));
    if (t.size() > 1 + (t[0] == '-') && t[t[0] == '-'] == '0') t[t[0] == '-'] = '1';  // no leading zero
    if (below(2) == 0) {
      t += '.';
      const std::size_t fraction = 1 + below(30);
      for (std::size_t i = 0; i < fraction; ++i) t += static_cast<char>('0' + below(10));
    }
    if (below(2) == 0) {
      t += below(2) == 0 ? 'e' : 'E';
      if (below(2) == 0) t += below(2) == 0 ? '-' : '+';
      t += std::to_string(below(3) == 0 ? below(400) : 280 + below(60));
    }
    return t;
  }

  void replace_number(std::string& s) {
    if (s.empty()) return;
    const std::size_t digit = s.find_first_of("0123456789", below(s.size()));
    if (digit == std::string::npos) return;
    std::size_t begin = digit, end = digit;
    while (begin > 0 && std::string_view("0123456789+-.eE").find(s[begin - 1]) != std::string_view::npos) --begin;
    while (end < s.size() && std::string_view("0123456789+-.eE").find(s[end]) != std::string_view::npos) ++end;
    s.replace(begin, end - begin, random_number());
  }

  std::mt19937_64 rng_;
};

}  // namespace ujson::differential
