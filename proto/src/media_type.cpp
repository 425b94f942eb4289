#include "media_type.hpp"

#include <cctype>
#include <string>

namespace ujson::proto {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

bool utf8_charset(std::string_view params) {
  while (!params.empty()) {
    const std::size_t semi = params.find(';');
    const std::string_view param = trim(params.substr(0, semi));
    params = semi == std::string_view::npos ? std::string_view() : params.substr(semi + 1);
    const std::size_t eq = param.find('=');
    if (eq == std::string_view::npos) continue;
    if (lower(trim(param.substr(0, eq))) != "charset") continue;
    std::string_view value = trim(param.substr(eq + 1));
    if (value.size() >= 2 && value.front() == '"' && value.back() == '"') value = value.substr(1, value.size() - 2);
    const std::string v = lower(value);
    if (v != "utf-8" && v != "utf8" && v != "us-ascii") return false;
  }
  return true;
}

}  // namespace

media classify_media(std::string_view content_type) noexcept {
  try {
    const std::size_t semi = content_type.find(';');
    const std::string type = lower(trim(content_type.substr(0, semi)));
    if (type.empty() && semi == std::string_view::npos) return media::json;
    if (semi != std::string_view::npos && !utf8_charset(content_type.substr(semi + 1))) return media::unsupported;
    if (type == "application/json" || type == "text/json" || type == "text/plain") return media::json;
    if (type.starts_with("application/") && type.ends_with("+json")) return media::json;
    if (type == "application/x-ndjson" || type == "application/ndjson" || type == "application/jsonl" ||
        type == "application/x-jsonlines") {
      return media::ndjson;
    }
    return media::unsupported;
  } catch (...) {
    return media::unsupported;
  }
}

}  // namespace ujson::proto
