#pragma once
// ECMA-262 patterns (what JSON Schema specifies) run by RE2, whose matching is linear in
// the text: no pattern can make validation hang. The few ECMA-262 forms RE2 spells
// differently are rewritten; the ones it cannot run in linear time (back-references,
// look-around) are refused when the schema loads.

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "simple_pattern.hpp"

namespace re2 {
class RE2;
}

namespace ujson::schema::detail {

class regex {
 public:
  // nullptr with `problem` set when the pattern is not one RE2 can run.
  static std::unique_ptr<regex> compile(std::string_view ecma_pattern, std::string& problem);
  ~regex();
  // An unanchored search, as ECMA-262's RegExp.prototype.test.
  bool search(std::string_view text) const;

 private:
  explicit regex(std::unique_ptr<re2::RE2> re);
  std::unique_ptr<re2::RE2> re_;
  // The same pattern without RE2, when it is simple enough (RE2 still checked it).
  std::optional<simple_pattern> simple_;
};

// The ECMA-262 pattern in RE2's syntax; false with `problem` set for what RE2 cannot do.
bool translate_ecma_pattern(std::string_view ecma, std::string& re2_pattern, std::string& problem);

}  // namespace ujson::schema::detail
