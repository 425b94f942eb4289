#include "media_type.hpp"

#include <cctype>
#include <string>

#include "field_syntax.hpp"

namespace ujson::proto {
namespace {

using field::trim;

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

bool msgpack_type(std::string_view type) {
  return type == "application/msgpack" || type == "application/x-msgpack" || type == "application/vnd.msgpack";
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
    if (msgpack_type(type)) return media::msgpack;
    if (type == "application/cbor") return media::cbor;
    return media::unsupported;
  } catch (...) {
    return media::unsupported;
  }
}

answer_format negotiate_answer(std::string_view accept) noexcept {
  try {
    if (trim(accept).empty()) return answer_format::json;
    // Per format: the best (specificity, q) of the ranges that match it; specificity -1 = none.
    struct preference {
      int specificity = -1;
      int q = 0;  // in thousandths
    };
    preference best[3];  // json, msgpack, cbor
    while (!accept.empty()) {
      const std::size_t comma = accept.find(',');
      const std::string_view item = accept.substr(0, comma);
      accept = comma == std::string_view::npos ? std::string_view() : accept.substr(comma + 1);
      const std::size_t semi = item.find(';');
      const std::string range = lower(trim(item.substr(0, semi)));
      if (range.empty()) continue;
      int q = 1000;
      for (std::string_view params = semi == std::string_view::npos ? std::string_view() : item.substr(semi + 1);
           !params.empty();) {
        const std::size_t next = params.find(';');
        const std::string_view param = trim(params.substr(0, next));
        params = next == std::string_view::npos ? std::string_view() : params.substr(next + 1);
        if (param.size() > 2 && (param[0] == 'q' || param[0] == 'Q') && param[1] == '=') {
          q = field::qvalue(param.substr(2)).value_or(0);  // a malformed weight counts as 0
        }
      }
      const bool any = range == "*/*", application = range == "application/*";
      const bool exact[3] = {range == "application/json" || classify_media(range) == media::ndjson, msgpack_type(range),
                             range == "application/cbor"};
      for (int f = 0; f < 3; ++f) {
        const int specificity = exact[f] ? 2 : application ? 1 : any ? 0 : -1;
        if (specificity > best[f].specificity) best[f] = {specificity, q};
      }
    }
    int chosen = -1;
    for (int f = 0; f < 3; ++f) {
      if (best[f].q <= 0) continue;
      if (chosen < 0 || best[f].q > best[chosen].q ||
          (best[f].q == best[chosen].q && best[f].specificity > best[chosen].specificity)) {
        chosen = f;
      }
    }
    return chosen < 0 ? answer_format::none : static_cast<answer_format>(chosen);
  } catch (...) {
    return answer_format::json;
  }
}

}  // namespace ujson::proto
