#include "ujson/proto/options.hpp"

#include <array>
#include <charconv>

namespace ujson::proto {
namespace {

constexpr std::uint8_t read_side = on_validate | on_decode | on_encode;

constexpr std::array<option_spec, 14> specs{{
    // Read side: how the body is decoded.
    {"max_depth", option_type::integer, read_side, "1024", 1, 1024},
    {"duplicate_keys", option_type::enumeration, on_decode | on_encode, "keep_last", 0, 0,
     "keep_last|keep_first|reject"},
    {"allow_nan_literals", option_type::boolean, read_side, "false"},
    {"allow_lone_surrogates", option_type::boolean, read_side, "false"},
    // /decode's output: RFC 8785 instead of the canonical compact form.
    {"canonical", option_type::boolean, on_decode, "false"},
    // Write side (/encode): UltraJSON's encoder options and defaults.
    {"ensure_ascii", option_type::boolean, on_encode, "true"},
    {"escape_forward_slashes", option_type::boolean, on_encode, "true"},
    {"encode_html_chars", option_type::boolean, on_encode, "false"},
    {"indent", option_type::integer, on_encode, "0", 0, max_indent},
    {"sort_keys", option_type::boolean, on_encode, "false"},
    {"double_precision", option_type::integer, on_encode, "-1", -1, max_double_precision},
    {"allow_nan", option_type::boolean, on_encode, "true"},
    {"item_separator", option_type::string, on_encode, ","},
    {"key_separator", option_type::string, on_encode, ":"},
}};

bool fail(option_error& error, std::string_view option, std::string message) {
  error.option.assign(option);
  error.message = std::move(message);
  return false;
}

bool parse_bool(std::string_view v, bool& out) {
  if (v == "true" || v == "1") {
    out = true;
  } else if (v == "false" || v == "0") {
    out = false;
  } else {
    return false;
  }
  return true;
}

bool parse_int(std::string_view v, long long low, long long high, long long& out) {
  const char* end = v.data() + v.size();
  const auto r = std::from_chars(v.data(), end, out);
  return !v.empty() && r.ec == std::errc() && r.ptr == end && out >= low && out <= high;
}

// A separator is its punctuation with optional spaces around it, so the output stays JSON.
bool valid_separator(std::string_view v, char punct) {
  if (v.size() > 8) return false;
  int seen = 0;
  for (char c : v) {
    if (c == punct) {
      ++seen;
    } else if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
      return false;
    }
  }
  return seen == 1;
}

bool apply(const option_spec& spec, std::string_view name, const std::string& v, std::size_t server_max_depth,
           request_options& out, option_error& error) {
  bool b = false;
  long long n = 0;
  switch (spec.type) {
    case option_type::boolean:
      if (!parse_bool(v, b)) return fail(error, name, "option '" + std::string(name) + "' must be true, false, 1 or 0");
      break;
    case option_type::integer: {
      const long long high = name == "max_depth" ? static_cast<long long>(server_max_depth) : spec.maximum;
      if (!parse_int(v, spec.minimum, high, n)) {
        return fail(error, name, "option '" + std::string(name) + "' must be an integer from " +
                                     std::to_string(spec.minimum) + " to " + std::to_string(high));
      }
      break;
    }
    default:
      break;
  }
  decode_options& d = out.decode;
  encode_options& e = out.encode;
  if (name == "max_depth") {
    d.max_depth = static_cast<std::size_t>(n);
    e.max_depth = d.max_depth;
  } else if (name == "duplicate_keys") {
    if (v == "keep_last") {
      d.duplicate_keys = duplicate_keys::keep_last;
    } else if (v == "keep_first") {
      d.duplicate_keys = duplicate_keys::keep_first;
    } else if (v == "reject") {
      d.duplicate_keys = duplicate_keys::reject;
    } else {
      return fail(error, name, "option 'duplicate_keys' must be keep_last, keep_first or reject");
    }
  } else if (name == "allow_nan_literals") {
    d.allow_nan_literals = b;
  } else if (name == "allow_lone_surrogates") {
    d.allow_lone_surrogates = b;
    e.allow_lone_surrogates = b;
  } else if (name == "canonical") {
    e.canonical = b;
  } else if (name == "ensure_ascii") {
    e.ensure_ascii = b;
  } else if (name == "escape_forward_slashes") {
    e.escape_forward_slashes = b;
  } else if (name == "encode_html_chars") {
    e.encode_html_chars = b;
  } else if (name == "indent") {
    e.indent = static_cast<int>(n);
  } else if (name == "sort_keys") {
    e.sort_keys = b;
  } else if (name == "double_precision") {
    e.double_precision = static_cast<int>(n);
  } else if (name == "allow_nan") {
    e.allow_nan = b;
  } else if (name == "item_separator") {
    if (!valid_separator(v, ',')) {
      return fail(error, name, "option 'item_separator' must be ',' with at most 7 spaces around it");
    }
    e.item_separator = v;
  } else if (name == "key_separator") {
    if (!valid_separator(v, ':')) {
      return fail(error, name, "option 'key_separator' must be ':' with at most 7 spaces around it");
    }
    e.key_separator = v;
  }
  return true;
}

std::string_view endpoint_name(std::uint8_t endpoint) {
  switch (endpoint) {
    case on_validate: return "/validate";
    case on_decode: return "/decode";
    default: return "/encode";
  }
}

}  // namespace

std::span<const option_spec> option_specs() noexcept { return specs; }

encode_options canonical_encode_options(const decode_options& read) {
  encode_options e;
  e.ensure_ascii = false;
  e.escape_forward_slashes = false;
  e.allow_lone_surrogates = read.allow_lone_surrogates;
  e.max_depth = read.max_depth;
  return e;
}

bool percent_decode(std::string_view in, std::string& out) {
  out.clear();
  auto hex = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  for (std::size_t i = 0; i < in.size(); ++i) {
    const char c = in[i];
    if (c == '+') {
      out.push_back(' ');
    } else if (c != '%') {
      out.push_back(c);
    } else {
      if (i + 2 >= in.size()) return false;
      const int hi = hex(in[i + 1]), lo = hex(in[i + 2]);
      if (hi < 0 || lo < 0) return false;
      out.push_back(static_cast<char>(hi * 16 + lo));
      i += 2;
    }
  }
  return true;
}

bool parse_options(std::string_view query, std::uint8_t endpoint, std::size_t server_max_depth,
                   request_options& out, option_error& error) {
  out = request_options{};
  out.decode.max_depth = server_max_depth;
  out.encode.max_depth = server_max_depth;
  std::uint32_t seen = 0;
  std::string name, value;
  while (!query.empty()) {
    const std::size_t amp = query.find('&');
    const std::string_view pair = query.substr(0, amp);
    query = amp == std::string_view::npos ? std::string_view() : query.substr(amp + 1);
    if (pair.empty()) continue;
    const std::size_t eq = pair.find('=');
    if (!percent_decode(pair.substr(0, eq), name)) return fail(error, "", "malformed percent escape in the query");
    if (eq == std::string_view::npos) return fail(error, name, "option '" + name + "' needs a value (" + name + "=...)");
    if (!percent_decode(pair.substr(eq + 1), value)) {
      return fail(error, name, "malformed percent escape in option '" + name + "'");
    }
    std::size_t index = 0;
    while (index < specs.size() && specs[index].name != name) ++index;
    if (index == specs.size()) return fail(error, name, "unknown option '" + name + "'");
    const option_spec& spec = specs[index];
    if ((spec.endpoints & endpoint) == 0) {
      return fail(error, name, "option '" + name + "' does not apply to " + std::string(endpoint_name(endpoint)));
    }
    if (seen & (1u << index)) return fail(error, name, "option '" + name + "' is given twice");
    seen |= 1u << index;
    if (!apply(spec, spec.name, value, server_max_depth, out, error)) return false;
  }
  // RFC 8785 input is I-JSON, which has no duplicate keys: unless the request says how to
  // resolve them, they are an error (422 duplicate_key, at the repeated key).
  constexpr std::size_t duplicates = 1;
  static_assert(specs[duplicates].name == "duplicate_keys");
  if (out.encode.canonical && (seen & (1u << duplicates)) == 0) out.decode.duplicate_keys = duplicate_keys::reject;
  return true;
}

}  // namespace ujson::proto
