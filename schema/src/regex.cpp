#include "regex.hpp"

#include <re2/re2.h>

#include <cstdint>
#include <utility>

namespace ujson::schema::detail {
namespace {

// ECMA-262's WhiteSpace and LineTerminator, which its \s matches (RE2's \s is ASCII only).
constexpr std::string_view ecma_space_ranges =
    "\\t\\n\\x{0B}\\f\\r \\x{A0}\\x{1680}\\x{2000}-\\x{200A}\\x{2028}\\x{2029}\\x{202F}\\x{205F}\\x{3000}\\x{FEFF}";

// RE2 refuses programs larger than this when it compiles; a pattern like (a{1000}){1000}
// is refused at load time rather than run.
constexpr std::int64_t regex_memory_budget = 8 << 20;

// ECMA-262 names Unicode properties by their long names too; RE2 knows the short ones and
// the scripts.
constexpr std::pair<std::string_view, std::string_view> long_category_names[] = {
    {"Letter", "L"}, {"Uppercase_Letter", "Lu"}, {"Lowercase_Letter", "Ll"}, {"Titlecase_Letter", "Lt"},
    {"Modifier_Letter", "Lm"}, {"Other_Letter", "Lo"}, {"Mark", "M"}, {"Nonspacing_Mark", "Mn"},
    {"Spacing_Mark", "Mc"}, {"Enclosing_Mark", "Me"}, {"Number", "N"}, {"Decimal_Number", "Nd"},
    {"Letter_Number", "Nl"}, {"Other_Number", "No"}, {"Punctuation", "P"}, {"Connector_Punctuation", "Pc"},
    {"Dash_Punctuation", "Pd"}, {"Open_Punctuation", "Ps"}, {"Close_Punctuation", "Pe"},
    {"Initial_Punctuation", "Pi"}, {"Final_Punctuation", "Pf"}, {"Other_Punctuation", "Po"}, {"Symbol", "S"},
    {"Math_Symbol", "Sm"}, {"Currency_Symbol", "Sc"}, {"Modifier_Symbol", "Sk"}, {"Other_Symbol", "So"},
    {"Separator", "Z"}, {"Space_Separator", "Zs"}, {"Line_Separator", "Zl"}, {"Paragraph_Separator", "Zp"},
    {"Other", "C"}, {"Control", "Cc"}, {"Format", "Cf"}, {"Surrogate", "Cs"}, {"Private_Use", "Co"},
    {"Unassigned", "Cn"}, {"digit", "Nd"},
};

std::string_view property_name(std::string_view name) {
  for (const std::string_view prefix : {"General_Category=", "gc=", "Script=", "sc=", "Script_Extensions=", "scx="}) {
    if (name.starts_with(prefix)) {
      name.remove_prefix(prefix.size());
      break;
    }
  }
  for (const auto& [long_name, short_name] : long_category_names) {
    if (name == long_name) return short_name;
  }
  return name;
}

bool is_hex(char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

}  // namespace

bool translate_ecma_pattern(std::string_view p, std::string& out, std::string& problem) {
  out.clear();
  bool in_class = false;
  for (std::size_t i = 0; i < p.size(); ++i) {
    const char c = p[i];
    if (c == '[' && !in_class) {
      const bool negated = i + 1 < p.size() && p[i + 1] == '^';
      const std::size_t body = i + 1 + (negated ? 1 : 0);
      if (body < p.size() && p[body] == ']') {
        // ECMA-262's "[]" matches nothing and "[^]" anything; RE2 would read the "]" as a literal.
        out.append(negated ? "(?s:.)" : "[^\\x{0}-\\x{10FFFF}]");
        i = body;
        continue;
      }
      in_class = true;
      out.append(negated ? "[^" : "[");
      i = body - 1;
      continue;
    }
    if (c == ']' && in_class) {
      in_class = false;
      out.push_back(c);
      continue;
    }
    if (c == '(' && !in_class && i + 2 < p.size() && p[i + 1] == '?') {
      const char k = p[i + 2];
      if (k == '=' || k == '!' || (k == '<' && i + 3 < p.size() && (p[i + 3] == '=' || p[i + 3] == '!'))) {
        problem = "look-around is not supported (RE2 matches in linear time)";
        return false;
      }
      if (k == '<') {  // a named group: RE2 spells it (?P<name>
        out.append("(?P<");
        i += 2;
        continue;
      }
    }
    if (c != '\\') {
      out.push_back(c);
      continue;
    }
    if (i + 1 >= p.size()) {
      problem = "a pattern must not end with a backslash";
      return false;
    }
    const char e = p[++i];
    if (e >= '1' && e <= '9' && !in_class) {
      problem = "back-references are not supported (RE2 matches in linear time)";
      return false;
    }
    if (e == 'k' && i + 1 < p.size() && p[i + 1] == '<') {
      problem = "back-references are not supported (RE2 matches in linear time)";
      return false;
    }
    if (e == 's' || e == 'S') {
      if (in_class && e == 's') {
        out.append(ecma_space_ranges);
      } else if (in_class) {
        problem = "\\S inside a character class is not supported";
        return false;
      } else {
        out.append(e == 's' ? "[" : "[^").append(ecma_space_ranges).append("]");
      }
      continue;
    }
    if (e == 'u' && i + 4 < p.size() && is_hex(p[i + 1]) && is_hex(p[i + 2]) &&
        is_hex(p[i + 3]) && is_hex(p[i + 4])) {
      out.append("\\x{").append(p.substr(i + 1, 4)).append("}");
      i += 4;
      continue;
    }
    if (e == 'u' && i + 1 < p.size() && p[i + 1] == '{') {
      const std::size_t close = p.find('}', i + 2);
      if (close == std::string_view::npos) {
        problem = "unterminated \\u{...} escape";
        return false;
      }
      out.append("\\x{").append(p.substr(i + 2, close - i - 2)).append("}");
      i = close;
      continue;
    }
    if (e == 'c' && i + 1 < p.size() && ((p[i + 1] >= 'a' && p[i + 1] <= 'z') || (p[i + 1] >= 'A' && p[i + 1] <= 'Z'))) {
      const int code = p[i + 1] % 32;
      out.append("\\x{");
      out.push_back("0123456789ABCDEF"[code / 16]);
      out.push_back("0123456789ABCDEF"[code % 16]);
      out.push_back('}');
      ++i;
      continue;
    }
    if (e == '0' && !(i + 1 < p.size() && p[i + 1] >= '0' && p[i + 1] <= '9')) {
      out.append("\\x{0}");
      continue;
    }
    if ((e == 'p' || e == 'P') && i + 1 < p.size() && p[i + 1] == '{') {
      const std::size_t close = p.find('}', i + 2);
      if (close == std::string_view::npos) {
        problem = "unterminated \\p{...} escape";
        return false;
      }
      out.push_back('\\');
      out.push_back(e);
      out.append("{").append(property_name(p.substr(i + 2, close - i - 2))).append("}");
      i = close;
      continue;
    }
    if (e == '/') {
      out.push_back('/');
      continue;
    }
    out.push_back('\\');
    out.push_back(e);
  }
  return true;
}

regex::regex(std::unique_ptr<re2::RE2> re) : re_(std::move(re)) {}
regex::~regex() = default;

std::unique_ptr<regex> regex::compile(std::string_view ecma_pattern, std::string& problem) {
  std::string translated;
  if (!translate_ecma_pattern(ecma_pattern, translated, problem)) return nullptr;
  RE2::Options how;
  how.set_log_errors(false);
  how.set_max_mem(regex_memory_budget);
  auto re = std::make_unique<re2::RE2>(translated, how);
  if (!re->ok()) {
    problem = re->error();
    return nullptr;
  }
  std::unique_ptr<regex> out(new regex(std::move(re)));
  out->simple_ = simple_pattern::parse(ecma_pattern);
  return out;
}

bool regex::search(std::string_view text) const {
  return simple_ ? simple_->search(text) : RE2::PartialMatch(text, *re_);
}

}  // namespace ujson::schema::detail
