#pragma once
// Pieces of HTTP field values (RFC 9110 section 5.6) that Content-Type, Accept and the
// content-coding fields share.

#include <cstdint>
#include <optional>
#include <string_view>

namespace ujson::proto::field {

// Without the optional whitespace (spaces and tabs) around it.
inline std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

// qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] ) (section 12.4.2), in
// thousandths; nullopt for anything else.
inline std::optional<std::uint16_t> qvalue(std::string_view s) {
  if (s.empty() || (s[0] != '0' && s[0] != '1')) return std::nullopt;
  unsigned value = (s[0] == '1') ? 1000 : 0;
  if (s.size() == 1) return static_cast<std::uint16_t>(value);
  if (s[1] != '.' || s.size() > 5) return std::nullopt;
  unsigned scale = 100;
  for (std::size_t i = 2; i < s.size(); ++i, scale /= 10) {
    if (s[i] < '0' || s[i] > '9') return std::nullopt;
    value += static_cast<unsigned>(s[i] - '0') * scale;
  }
  if (value > 1000) return std::nullopt;
  return static_cast<std::uint16_t>(value);
}

}  // namespace ujson::proto::field
