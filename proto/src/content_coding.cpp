#include "ujson/proto/content_coding.hpp"

#include <boost/beast/core/string.hpp>
#include <algorithm>

#include "field_syntax.hpp"

namespace ujson::proto {
namespace {

constexpr std::array<std::string_view, coding_count> names{"identity", "gzip", "deflate", "zstd"};

using field::trim;

// The next comma-separated element of a list field, trimmed; `rest` moves past it.
std::string_view next_element(std::string_view& rest) {
  const std::size_t comma = rest.find(',');
  const std::string_view element = rest.substr(0, comma);
  rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
  return trim(element);
}

std::optional<coding> coding_of(std::string_view token) {
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (boost::beast::iequals(token, names[i])) return static_cast<coding>(i);
  }
  if (boost::beast::iequals(token, "x-gzip")) return coding::gzip;
  return std::nullopt;
}

// "gzip;q=0.5" -> ("gzip", 500); parameters other than q are not defined for codings, and
// a malformed weight makes the element meaningless (nullopt).
std::optional<std::uint16_t> element_weight(std::string_view element, std::string_view& token) {
  const std::size_t semi = element.find(';');
  token = trim(element.substr(0, semi));
  std::uint16_t weight = 1000;
  std::string_view params = semi == std::string_view::npos ? std::string_view() : element.substr(semi + 1);
  while (!params.empty()) {
    const std::size_t next = params.find(';');
    const std::string_view param = trim(params.substr(0, next));
    params = next == std::string_view::npos ? std::string_view() : params.substr(next + 1);
    const std::size_t eq = param.find('=');
    if (eq == std::string_view::npos || !boost::beast::iequals(trim(param.substr(0, eq)), "q")) return std::nullopt;
    const std::optional<std::uint16_t> q = field::qvalue(trim(param.substr(eq + 1)));
    if (!q) return std::nullopt;
    weight = *q;
  }
  return weight;
}

constexpr std::array<coding, 3> compressed_by_preference{coding::zstd, coding::gzip, coding::deflate};

}  // namespace

std::string_view coding_name(coding c) noexcept { return names[static_cast<std::size_t>(c)]; }

content_encoding_verdict parse_content_encoding(std::string_view value, coding_list& out) noexcept {
  std::string_view rest = value;
  bool first = true;
  while (first || !rest.empty()) {
    first = false;
    const std::string_view element = next_element(rest);
    // An empty field, or empty list elements around commas, are allowed by the list syntax.
    if (element.empty()) continue;
    const std::optional<coding> c = coding_of(element);
    if (!c) return content_encoding_verdict::unknown;
    if (*c == coding::identity) continue;
    if (out.count == coding_list::max_codings) return content_encoding_verdict::too_many;
    out.items[out.count++] = *c;
  }
  return content_encoding_verdict::ok;
}

accept_encoding parse_accept_encoding(std::optional<std::string_view> value) noexcept {
  accept_encoding out;
  if (!value) {
    // RFC 9110 allows any coding then, but a client that did not ask (curl without
    // --compressed) would get bytes it cannot read.
    out.weight[static_cast<std::size_t>(coding::identity)] = 1000;
    return out;
  }
  std::array<bool, coding_count> named{};
  std::optional<std::uint16_t> star;
  std::string_view rest = *value;
  while (!rest.empty()) {
    const std::string_view element = next_element(rest);
    std::string_view token;
    const std::optional<std::uint16_t> weight = element_weight(element, token);
    if (!weight || token.empty()) continue;
    if (token == "*") {
      star = weight;
      continue;
    }
    const std::optional<coding> c = coding_of(token);
    if (!c) continue;
    // A coding named twice keeps its highest weight.
    const std::size_t i = static_cast<std::size_t>(*c);
    out.weight[i] = named[i] ? std::max(out.weight[i], *weight) : *weight;
    named[i] = true;
  }
  for (std::size_t i = 0; i < coding_count; ++i) {
    if (named[i]) continue;
    if (star) {
      out.weight[i] = *star;
    } else if (static_cast<coding>(i) == coding::identity) {
      // Acceptable unless excluded (RFC 9110 §12.5.3), but not preferred to a coding the
      // client named: the lowest weight there is.
      out.weight[i] = 1;
    }
  }
  return out;
}

std::optional<coding> choose_coding(const accept_encoding& accept, bool worth_compressing) noexcept {
  const std::uint16_t identity = accept.weight[static_cast<std::size_t>(coding::identity)];
  if (!worth_compressing && identity > 0) return coding::identity;
  std::optional<coding> best;
  std::uint16_t best_weight = 0;
  for (coding c : compressed_by_preference) {
    const std::uint16_t w = accept.weight[static_cast<std::size_t>(c)];
    if (w > best_weight) {
      best = c;
      best_weight = w;
    }
  }
  if (identity > best_weight) return coding::identity;
  return best;
}

bool anything_acceptable(const accept_encoding& accept, bool can_compress) noexcept {
  if (accept.weight[static_cast<std::size_t>(coding::identity)] > 0) return true;
  if (!can_compress) return false;
  for (coding c : compressed_by_preference) {
    if (accept.weight[static_cast<std::size_t>(c)] > 0) return true;
  }
  return false;
}

}  // namespace ujson::proto
