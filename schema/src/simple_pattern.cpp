#include "simple_pattern.hpp"

namespace ujson::schema::detail {
namespace {

constexpr std::uint32_t unbounded = UINT32_MAX;
// Larger counts are left to RE2 (they are rare, and RE2 bounds its own program size).
constexpr std::uint32_t max_count = 1000;

// ECMA-262's SyntaxCharacter: everything else in a pattern stands for itself.
bool is_syntax(char c) { return std::string_view("^$\\.*+?()[]{}|").find(c) != std::string_view::npos; }

bool is_literal(char c) { return c >= 0x20 && c < 0x7F && !is_syntax(c); }

bool is_ascii_punct(char c) {
  return (c >= '!' && c <= '/') || (c >= ':' && c <= '@') || (c >= '[' && c <= '`') || (c >= '{' && c <= '~');
}

void add_range(std::uint64_t set[2], unsigned lo, unsigned hi) {
  for (unsigned c = lo; c <= hi; ++c) set[c >> 6] |= std::uint64_t{1} << (c & 63);
}

// \d and \w (ASCII in ECMA-262 without the i flag); false for any other class escape.
bool class_escape(char e, std::uint64_t set[2]) {
  if (e == 'd') {
    add_range(set, '0', '9');
  } else if (e == 'w') {
    add_range(set, '0', '9');
    add_range(set, 'A', 'Z');
    add_range(set, 'a', 'z');
    add_range(set, '_', '_');
  } else {
    return false;
  }
  return true;
}

// A decimal count inside {}, at most max_count.
bool read_count(std::string_view p, std::size_t& i, std::uint32_t& out) {
  const std::size_t start = i;
  std::uint32_t n = 0;
  while (i < p.size() && p[i] >= '0' && p[i] <= '9') {
    n = n * 10 + static_cast<std::uint32_t>(p[i] - '0');
    if (n > max_count) return false;
    ++i;
  }
  out = n;
  return i > start;
}

}  // namespace

std::optional<simple_pattern> simple_pattern::parse(std::string_view p) {
  if (p.empty() || p[0] != '^') return std::nullopt;
  simple_pattern out;
  std::size_t i = 1;
  while (i < p.size()) {
    const char c = p[i];
    if (static_cast<unsigned char>(c) >= 0x80) return std::nullopt;
    if (c == '$') {
      if (i + 1 != p.size()) return std::nullopt;
      out.anchored_end_ = true;
      break;
    }
    atom a;
    if (c == '[') {
      ++i;
      if (i < p.size() && p[i] == '^') return std::nullopt;
      bool any = false;
      while (i < p.size() && p[i] != ']') {
        unsigned lo = static_cast<unsigned char>(p[i]);
        if (lo >= 0x80) return std::nullopt;
        if (p[i] == '\\') {
          if (i + 1 >= p.size()) return std::nullopt;
          const char e = p[i + 1];
          i += 2;
          if (class_escape(e, a.set)) {
            any = true;
            continue;
          }
          if (!is_ascii_punct(e)) return std::nullopt;
          lo = static_cast<unsigned char>(e);
        } else {
          ++i;
        }
        unsigned hi = lo;
        if (i + 1 < p.size() && p[i] == '-' && p[i + 1] != ']') {
          const char h = p[i + 1];
          if (h == '\\' || h == '[' || static_cast<unsigned char>(h) >= 0x80) return std::nullopt;
          hi = static_cast<unsigned char>(h);
          if (hi < lo) return std::nullopt;
          i += 2;
        }
        add_range(a.set, lo, hi);
        any = true;
      }
      if (i >= p.size() || !any) return std::nullopt;
      ++i;  // ]
    } else if (c == '(') {
      ++i;
      if (i < p.size() && p[i] == '?') return std::nullopt;
      std::string word;
      for (;; ++i) {
        if (i >= p.size()) return std::nullopt;
        const char w = p[i];
        if (w == '|' || w == ')') {
          if (word.empty() || (!a.words.empty() && word.size() != a.words[0].size())) return std::nullopt;
          add_range(a.set, static_cast<unsigned char>(word[0]), static_cast<unsigned char>(word[0]));
          a.words.push_back(std::move(word));
          word.clear();
          if (w == ')') break;
        } else if (w == '\\' && i + 1 < p.size() && is_ascii_punct(p[i + 1])) {
          word.push_back(p[++i]);
        } else if (is_literal(w)) {
          word.push_back(w);
        } else {
          return std::nullopt;
        }
      }
      ++i;  // )
      if (i < p.size() && (p[i] == '?' || p[i] == '*' || p[i] == '+' || p[i] == '{')) return std::nullopt;
    } else if (c == '\\') {
      if (i + 1 >= p.size()) return std::nullopt;
      const char e = p[i + 1];
      i += 2;
      if (!class_escape(e, a.set)) {
        if (!is_ascii_punct(e)) return std::nullopt;
        add_range(a.set, static_cast<unsigned char>(e), static_cast<unsigned char>(e));
      }
    } else if (!is_literal(c)) {
      return std::nullopt;  // . | ) ] { } * + ? ^ and control characters: RE2's business
    } else {
      add_range(a.set, static_cast<unsigned char>(c), static_cast<unsigned char>(c));
      ++i;
    }
    if (a.words.empty() && i < p.size()) {
      const char q = p[i];
      if (q == '?' || q == '*' || q == '+') {
        a.min = q == '+' ? 1 : 0;
        a.max = q == '?' ? 1 : unbounded;
        ++i;
      } else if (q == '{') {
        ++i;
        if (!read_count(p, i, a.min)) return std::nullopt;
        a.max = a.min;
        if (i < p.size() && p[i] == ',') {
          ++i;
          a.max = unbounded;
          if (i < p.size() && p[i] != '}' && (!read_count(p, i, a.max) || a.max < a.min)) return std::nullopt;
        }
        if (i >= p.size() || p[i] != '}') return std::nullopt;
        ++i;
      }
      if (i < p.size() && (p[i] == '?' || p[i] == '*' || p[i] == '+' || p[i] == '{')) return std::nullopt;
    }
    out.atoms_.push_back(std::move(a));
  }
  if (!out.disjoint_continuations()) return std::nullopt;
  for (atom& a : out.atoms_) {
    for (unsigned c = 0; c < 256; ++c) a.takes[c] = a.has(static_cast<unsigned char>(c));
  }
  return out;
}

bool simple_pattern::disjoint_continuations() const {
  for (std::size_t i = 0; i < atoms_.size(); ++i) {
    if (atoms_[i].min == atoms_[i].max) continue;
    // Every atom that could take the next character after atom i: up to the first that must
    // take at least one.
    for (std::size_t j = i + 1; j < atoms_.size(); ++j) {
      if ((atoms_[i].set[0] & atoms_[j].set[0]) || (atoms_[i].set[1] & atoms_[j].set[1])) return false;
      if (atoms_[j].min > 0) break;
    }
  }
  return true;
}

bool simple_pattern::search(std::string_view text) const noexcept {
  std::size_t pos = 0;
  const std::size_t n = text.size();
  for (const atom& a : atoms_) {
    if (!a.words.empty()) {
      const std::size_t len = a.words[0].size();
      if (n - pos < len) return false;
      const std::string_view here = text.substr(pos, len);
      bool found = false;
      for (const std::string& w : a.words) {
        if (here == w) {
          found = true;
          break;
        }
      }
      if (!found) return false;
      pos += len;
      continue;
    }
    const std::size_t start = pos, end = n - pos > a.max ? pos + a.max : n;
    while (pos < end && a.takes[static_cast<unsigned char>(text[pos])]) ++pos;
    if (pos - start < a.min) return false;
  }
  return !anchored_end_ || pos == n;
}

}  // namespace ujson::schema::detail
