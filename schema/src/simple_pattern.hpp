#pragma once
// The patterns schemas use most (`^[0-9]+$`, `^https?://`, `^[A-Z]{2}-[0-9]{4}$`,
// `^(Mon|Tue|Wed)`) matched by one greedy pass over the text instead of a call into RE2,
// which costs more than the match itself on short strings. Only patterns for which the
// greedy pass gives exactly ECMA-262's answer are accepted: anchored by `^`, ASCII only, a
// sequence of character sets with quantifiers and groups of same-length literal
// alternatives, where a set with a variable count shares no character with what may come
// right after it (so no match could need it to take fewer). Everything else stays with RE2.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ujson::schema::detail {

class simple_pattern {
 public:
  // The matcher of `ecma`, or nothing when the pattern is not one of the simple shapes.
  static std::optional<simple_pattern> parse(std::string_view ecma);
  // ECMA-262's RegExp.prototype.test (an unanchored search; the pattern anchors itself).
  bool search(std::string_view text) const noexcept;

 private:
  struct atom {
    std::uint64_t set[2] = {0, 0};    // ASCII characters the atom takes, one bit each
    std::vector<std::string> words;   // a group of alternatives, all of one length (then set = their first characters)
    std::uint32_t min = 1, max = 1;
    bool has(unsigned char c) const noexcept { return c < 128 && ((set[c >> 6] >> (c & 63)) & 1); }
    // has() of every byte, one load per character in search()'s runs (filled by parse).
    std::array<bool, 256> takes{};
  };
  bool disjoint_continuations() const;

  std::vector<atom> atoms_;
  bool anchored_end_ = false;
};

}  // namespace ujson::schema::detail
