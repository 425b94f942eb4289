// Format assertion (off by default: `format` is an annotation in 2020-12). Each check
// follows the RFC the format names: RFC 3339 (date-time, date, time, duration),
// RFC 5321 (email), RFC 1123 (hostname), RFC 2673 and 4291 (ipv4, ipv6), RFC 3986 (uri,
// uri-reference), RFC 4122 (uuid), RFC 6901 (json-pointer), ECMA-262 (regex).

#include "formats.hpp"

#include <array>
#include <string>
#include <utility>

#include "regex.hpp"

namespace ujson::schema::detail {
namespace {

constexpr std::array<std::pair<std::string_view, format_kind>, 18> format_names{{
    {"date-time", format_kind::date_time},
    {"date", format_kind::date},
    {"time", format_kind::time},
    {"duration", format_kind::duration},
    {"email", format_kind::email},
    {"idn-email", format_kind::idn_email},
    {"hostname", format_kind::hostname},
    {"idn-hostname", format_kind::idn_hostname},
    {"ipv4", format_kind::ipv4},
    {"ipv6", format_kind::ipv6},
    {"uri", format_kind::uri},
    {"uri-reference", format_kind::uri_reference},
    {"iri", format_kind::iri},
    {"iri-reference", format_kind::iri_reference},
    {"uuid", format_kind::uuid},
    {"json-pointer", format_kind::json_pointer},
    {"relative-json-pointer", format_kind::relative_json_pointer},
    {"regex", format_kind::regex},
}};

bool digit(char c) { return c >= '0' && c <= '9'; }
bool alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool hex(char c) { return digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

// n digits at s[at..] as a number, or -1.
int digits(std::string_view s, std::size_t at, std::size_t n) {
  if (at + n > s.size()) return -1;
  int v = 0;
  for (std::size_t i = at; i < at + n; ++i) {
    if (!digit(s[i])) return -1;
    v = v * 10 + (s[i] - '0');
  }
  return v;
}

bool full_date(std::string_view s) {
  if (s.size() != 10 || s[4] != '-' || s[7] != '-') return false;
  const int y = digits(s, 0, 4), m = digits(s, 5, 2), d = digits(s, 8, 2);
  if (y < 0 || m < 1 || m > 12 || d < 1) return false;
  static constexpr int days[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  const bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
  return d <= days[m - 1] + (m == 2 && leap ? 1 : 0);
}

bool full_time(std::string_view s) {
  if (s.size() < 9 || s[2] != ':' || s[5] != ':') return false;
  const int h = digits(s, 0, 2), m = digits(s, 3, 2), sec = digits(s, 6, 2);
  if (h < 0 || h > 23 || m < 0 || m > 59 || sec < 0 || sec > 60) return false;
  std::size_t i = 8;
  if (i < s.size() && s[i] == '.') {
    const std::size_t start = ++i;
    while (i < s.size() && digit(s[i])) ++i;
    if (i == start) return false;
  }
  if (i >= s.size()) return false;
  int offset_minutes = 0;
  if (s[i] == 'Z' || s[i] == 'z') {
    if (i + 1 != s.size()) return false;
  } else if (s[i] == '+' || s[i] == '-') {
    if (s.size() - i != 6 || s[i + 3] != ':') return false;
    const int oh = digits(s, i + 1, 2), om = digits(s, i + 4, 2);
    if (oh < 0 || oh > 23 || om < 0 || om > 59) return false;
    offset_minutes = (s[i] == '+' ? 1 : -1) * (oh * 60 + om);
  } else {
    return false;
  }
  if (sec == 60) {  // a leap second is 23:59:60 in UTC
    const int utc = ((h * 60 + m - offset_minutes) % 1440 + 1440) % 1440;
    return utc == 23 * 60 + 59;
  }
  return true;
}

bool date_time(std::string_view s) {
  return s.size() > 11 && (s[10] == 'T' || s[10] == 't') && full_date(s.substr(0, 10)) && full_time(s.substr(11));
}

bool duration(std::string_view s) {
  if (s.size() < 2 || s[0] != 'P') return false;
  std::size_t i = 1;
  // Units in order and without gaps: RFC 3339's dur-year is "nY" [dur-month], and so on.
  auto units = [&](std::string_view order) {
    std::size_t seen = 0, next = 0;
    while (i < s.size() && digit(s[i])) {
      while (i < s.size() && digit(s[i])) ++i;
      if (i >= s.size()) return std::string_view::npos;
      const std::size_t at = order.find(s[i], next);
      if (at == std::string_view::npos || (seen > 0 && at != next)) return std::string_view::npos;
      next = at + 1;
      ++seen;
      ++i;
    }
    return seen;
  };
  if (s.find('W') != std::string_view::npos) {
    const std::size_t n = units("W");
    return n == 1 && i == s.size();
  }
  const std::size_t date_parts = units("YMD");
  if (date_parts == std::string_view::npos) return false;
  if (i == s.size()) return date_parts > 0;
  if (s[i] != 'T') return false;
  ++i;
  const std::size_t time_parts = units("HMS");
  return time_parts != std::string_view::npos && time_parts > 0 && i == s.size();
}

bool hostname(std::string_view s) {
  if (s.empty() || s.size() > 253) return false;
  std::size_t start = 0;
  while (true) {
    const std::size_t dot = s.find('.', start);
    const std::string_view label = s.substr(start, dot == std::string_view::npos ? std::string_view::npos : dot - start);
    if (label.empty() || label.size() > 63 || label.front() == '-' || label.back() == '-') return false;
    for (const char c : label) {
      if (!alpha(c) && !digit(c) && c != '-') return false;
    }
    // "xn--" is an A-label; other "??--" prefixes are reserved (RFC 5891 4.2.3.1).
    if (label.size() >= 4 && label[2] == '-' && label[3] == '-' && !(label.substr(0, 2) == "xn" || label.substr(0, 2) == "XN")) {
      return false;
    }
    if (dot == std::string_view::npos) return true;
    start = dot + 1;
  }
}

bool ipv4(std::string_view s) {
  int parts = 0;
  std::size_t i = 0;
  while (true) {
    const std::size_t start = i;
    int v = 0;
    while (i < s.size() && digit(s[i]) && i - start < 3) v = v * 10 + (s[i++] - '0');
    const std::size_t len = i - start;
    if (len == 0 || v > 255 || (len > 1 && s[start] == '0')) return false;
    if (++parts == 4) return i == s.size();
    if (i >= s.size() || s[i] != '.') return false;
    ++i;
  }
}

bool ipv6(std::string_view s) {
  if (s.empty()) return false;
  int groups = 0;
  bool compressed = false;
  std::size_t i = 0;
  if (s.starts_with("::")) {
    compressed = true;
    i = 2;
    if (i == s.size()) return true;
  } else if (s[0] == ':') {
    return false;
  }
  while (i < s.size()) {
    std::size_t j = i;
    while (j < s.size() && hex(s[j]) && j - i < 5) ++j;
    if (j < s.size() && s[j] == '.') {  // an embedded IPv4 address ends it
      if (!ipv4(s.substr(i))) return false;
      groups += 2;
      i = s.size();
      break;
    }
    if (j == i || j - i > 4) return false;
    ++groups;
    i = j;
    if (i == s.size()) break;
    if (s[i] != ':') return false;
    ++i;
    if (i < s.size() && s[i] == ':') {
      if (compressed) return false;
      compressed = true;
      ++i;
      if (i == s.size()) break;
    } else if (i == s.size()) {
      return false;
    }
  }
  return compressed ? groups < 8 : groups == 8;
}

bool email(std::string_view s, bool international) {
  const std::size_t at = s.rfind('@');
  if (at == std::string_view::npos || at == 0 || at + 1 == s.size()) return false;
  const std::string_view local = s.substr(0, at), domain = s.substr(at + 1);
  if (local.front() == '"') {
    if (local.size() < 2 || local.back() != '"') return false;
  } else {
    if (local.front() == '.' || local.back() == '.' || local.find("..") != std::string_view::npos) return false;
    for (const char c : local) {
      const bool ok = alpha(c) || digit(c) || std::string_view("!#$%&'*+-/=?^_`{|}~.").find(c) != std::string_view::npos ||
                      (international && static_cast<unsigned char>(c) >= 0x80);
      if (!ok) return false;
    }
  }
  if (domain.front() == '[') {
    if (domain.back() != ']') return false;
    const std::string_view literal = domain.substr(1, domain.size() - 2);
    return literal.starts_with("IPv6:") ? ipv6(literal.substr(5)) : ipv4(literal);
  }
  if (international) return domain.find_first_of(" @") == std::string_view::npos && !domain.empty();
  return hostname(domain);
}

// RFC 3986's characters (and, for IRIs, any non-ASCII), with valid %XX escapes.
bool uri_characters(std::string_view s, bool international) {
  for (std::size_t i = 0; i < s.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (c == '%') {
      if (i + 2 >= s.size() || !hex(s[i + 1]) || !hex(s[i + 2])) return false;
      i += 2;
    } else if (c >= 0x80) {
      if (!international) return false;
    } else if (!alpha(static_cast<char>(c)) && !digit(static_cast<char>(c)) &&
               std::string_view("-._~:/?#[]@!$&'()*+,;=").find(static_cast<char>(c)) == std::string_view::npos) {
      return false;
    }
  }
  return s.find('#') == s.rfind('#');
}

// An authority (after "//"): [userinfo "@"] host [":" port]; one "@" at most, '[' ']' only
// around an IP literal, digits only in the port.
bool authority(std::string_view a) {
  const std::size_t at = a.find('@');
  if (at != std::string_view::npos && a.find('@', at + 1) != std::string_view::npos) return false;
  if (at != std::string_view::npos && a.substr(0, at).find_first_of("[]") != std::string_view::npos) return false;
  std::string_view host = at == std::string_view::npos ? a : a.substr(at + 1);
  if (host.starts_with('[')) {
    const std::size_t close = host.find(']');
    if (close == std::string_view::npos) return false;
    const std::string_view literal = host.substr(1, close - 1);
    if (!literal.starts_with('v') && !literal.starts_with('V') && !ipv6(literal)) return false;
    host = host.substr(close + 1);
    if (!host.empty() && host[0] != ':') return false;
  } else if (host.find_first_of("[]") != std::string_view::npos) {
    return false;
  }
  const std::size_t colon = host.find(':');
  if (colon == std::string_view::npos) return true;
  for (const char c : host.substr(colon + 1)) {
    if (!digit(c)) return false;
  }
  return true;
}

bool uri_reference(std::string_view s, bool international) {
  if (!uri_characters(s, international)) return false;
  std::string_view rest = s;
  const std::size_t colon = s.find(':');
  const std::size_t first_delimiter = s.find_first_of("/?#");
  bool has_scheme = colon != std::string_view::npos && colon < first_delimiter && colon > 0 && alpha(s[0]);
  for (std::size_t i = 1; has_scheme && i < colon; ++i) {
    has_scheme = alpha(s[i]) || digit(s[i]) || s[i] == '+' || s[i] == '-' || s[i] == '.';
  }
  if (has_scheme) rest = s.substr(colon + 1);
  if (rest.starts_with("//")) return authority(rest.substr(2, rest.find_first_of("/?#", 2) - 2));
  // A relative path's first segment cannot hold a ':' (it would read as a scheme).
  if (!has_scheme && colon != std::string_view::npos && colon < first_delimiter) return false;
  return rest.find_first_of("[]") == std::string_view::npos;
}

bool uri(std::string_view s, bool international) {
  // Absolute: a scheme before the first ':', which uri_reference reads as one.
  const std::size_t colon = s.find(':');
  if (colon == std::string_view::npos || colon == 0 || !alpha(s[0]) || colon > s.find_first_of("/?#")) return false;
  for (std::size_t i = 1; i < colon; ++i) {
    if (!alpha(s[i]) && !digit(s[i]) && s[i] != '+' && s[i] != '-' && s[i] != '.') return false;
  }
  return uri_reference(s, international);
}

bool uuid(std::string_view s) {
  if (s.size() != 36) return false;
  for (std::size_t i = 0; i < 36; ++i) {
    const bool dash = i == 8 || i == 13 || i == 18 || i == 23;
    if (dash ? s[i] != '-' : !hex(s[i])) return false;
  }
  return true;
}

bool json_pointer(std::string_view s) {
  if (s.empty()) return true;
  if (s[0] != '/') return false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '~' && (i + 1 >= s.size() || (s[i + 1] != '0' && s[i + 1] != '1'))) return false;
  }
  return true;
}

bool relative_json_pointer(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size() && digit(s[i])) ++i;
  if (i == 0 || (i > 1 && s[0] == '0')) return false;
  const std::string_view rest = s.substr(i);
  return rest == "#" || json_pointer(rest);
}

}  // namespace

format_kind format_named(std::string_view name) noexcept {
  for (const auto& [text, kind] : format_names) {
    if (text == name) return kind;
  }
  return format_kind::unknown;
}

std::string_view format_name(format_kind kind) noexcept {
  for (const auto& [text, k] : format_names) {
    if (k == kind) return text;
  }
  return "format";
}

bool check_format(format_kind kind, std::string_view s) {
  switch (kind) {
    case format_kind::date_time: return date_time(s);
    case format_kind::date: return full_date(s);
    case format_kind::time: return full_time(s);
    case format_kind::duration: return duration(s);
    case format_kind::email: return email(s, false);
    case format_kind::idn_email: return email(s, true);
    case format_kind::hostname: return hostname(s);
    case format_kind::idn_hostname: return !s.empty() && s.size() <= 253 * 4;
    case format_kind::ipv4: return ipv4(s);
    case format_kind::ipv6: return ipv6(s);
    case format_kind::uri: return uri(s, false);
    case format_kind::uri_reference: return uri_reference(s, false);
    case format_kind::iri: return uri(s, true);
    case format_kind::iri_reference: return uri_reference(s, true);
    case format_kind::uuid: return uuid(s);
    case format_kind::json_pointer: return json_pointer(s);
    case format_kind::relative_json_pointer: return relative_json_pointer(s);
    case format_kind::regex: {
      std::string problem;
      return regex::compile(s, problem) != nullptr;
    }
    default: return true;
  }
}

}  // namespace ujson::schema::detail
