#include "ujson/proto/options.hpp"

#include <array>
#include <charconv>

namespace ujson::proto {
namespace {

constexpr std::uint8_t read_side = on_validate | on_decode | on_encode;

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

// One setter per option: the table below names each, so adding an option is one row there.
// The writer's plain switches and numbers need nothing but the member they set.
template <bool encode_options::*member>
bool set_flag(const option_value& v, request_options& o) {
  o.encode.*member = v.boolean;
  return true;
}
template <int encode_options::*member>
bool set_number(const option_value& v, request_options& o) {
  o.encode.*member = static_cast<int>(v.integer);
  return true;
}
constexpr auto set_max_depth = [](const option_value& v, request_options& o) {
  o.decode.max_depth = o.encode.max_depth = static_cast<std::size_t>(v.integer);
  return true;
};
constexpr auto set_duplicate_keys = [](const option_value& v, request_options& o) {
  constexpr duplicate_keys policies[] = {duplicate_keys::keep_last, duplicate_keys::keep_first, duplicate_keys::reject};
  o.decode.duplicate_keys = policies[v.choice];
  return true;
};
constexpr auto set_allow_nan_literals = [](const option_value& v, request_options& o) {
  o.decode.allow_nan_literals = v.boolean;
  return true;
};
constexpr auto set_binary = [](const option_value& v, request_options& o) {
  o.decode.binary = v.choice == 1 ? binary_values::base64 : binary_values::reject;
  return true;
};
constexpr auto set_allow_lone_surrogates = [](const option_value& v, request_options& o) {
  o.decode.allow_lone_surrogates = o.encode.allow_lone_surrogates = v.boolean;
  return true;
};
constexpr auto set_item_separator = [](const option_value& v, request_options& o) {
  if (!valid_separator(v.text, ',')) return false;
  o.encode.item_separator = v.text;
  return true;
};
constexpr auto set_key_separator = [](const option_value& v, request_options& o) {
  if (!valid_separator(v.text, ':')) return false;
  o.encode.key_separator = v.text;
  return true;
};

constexpr auto set_ndjson_errors = [](const option_value& v, request_options& o) {
  constexpr item_errors modes[] = {item_errors::fail, item_errors::skip, item_errors::report};
  o.ndjson_errors = modes[v.choice];
  return true;
};
constexpr auto set_pointer = [](const option_value& v, request_options& o) {
  if (o.pointers.size() == pointer_selection::max_pointers) return false;
  json_pointer p;
  if (json_pointer::parse(v.text, p)) return false;
  o.pointers.push_back(std::move(p));
  return true;
};
constexpr auto set_missing = [](const option_value& v, request_options& o) {
  o.missing_null = v.choice == 1;
  return true;
};

constexpr auto set_schema = [](const option_value& v, request_options& o) {
  if (v.text.empty()) return false;
  o.schema.assign(v.text);
  return true;
};
constexpr auto set_max_errors = [](const option_value& v, request_options& o) {
  o.max_errors = static_cast<std::size_t>(v.integer);
  return true;
};

constexpr std::array<option_spec, 20> specs{{
    // Read side: how the body is decoded.
    {"max_depth", option_type::integer, read_side, "1024", 1, 1024, {}, set_max_depth, {}, true},
    {"duplicate_keys", option_type::enumeration, on_decode | on_encode, "keep_last", 0, 0,
     "keep_last|keep_first|reject", set_duplicate_keys},
    {"allow_nan_literals", option_type::boolean, read_side, "false", 0, 0, {}, set_allow_nan_literals},
    {"allow_lone_surrogates", option_type::boolean, read_side, "false", 0, 0, {}, set_allow_lone_surrogates},
    // MessagePack bin and CBOR byte strings: refused (422 unsupported_value) or base64 text.
    {"binary", option_type::enumeration, read_side, "reject", 0, 0, "reject|base64", set_binary},
    // /decode's output: RFC 8785 instead of the canonical compact form.
    {"canonical", option_type::boolean, on_decode, "false", 0, 0, {},
     set_flag<&encode_options::canonical>},
    // Write side (/encode): UltraJSON's encoder options and defaults.
    {"ensure_ascii", option_type::boolean, on_encode, "true", 0, 0, {},
     set_flag<&encode_options::ensure_ascii>},
    {"escape_forward_slashes", option_type::boolean, on_encode, "true", 0, 0, {},
     set_flag<&encode_options::escape_forward_slashes>},
    {"encode_html_chars", option_type::boolean, on_encode, "false", 0, 0, {},
     set_flag<&encode_options::encode_html_chars>},
    {"indent", option_type::integer, on_encode, "0", 0, max_indent, {},
     set_number<&encode_options::indent>},
    {"sort_keys", option_type::boolean, on_encode, "false", 0, 0, {},
     set_flag<&encode_options::sort_keys>},
    {"double_precision", option_type::integer, on_encode, "-1", -1, max_double_precision, {},
     set_number<&encode_options::double_precision>},
    {"allow_nan", option_type::boolean, on_encode, "true", 0, 0, {},
     set_flag<&encode_options::allow_nan>},
    {"item_separator", option_type::string, on_encode, ",", 0, 0, {}, set_item_separator,
     "must be ',' with at most 7 spaces around it"},
    {"key_separator", option_type::string, on_encode, ":", 0, 0, {}, set_key_separator,
     "must be ':' with at most 7 spaces around it"},
    // Bodies of several documents, and projection (/decode and /encode).
    {"ndjson_errors", option_type::enumeration, read_side, "fail", 0, 0, "fail|skip|report",
     set_ndjson_errors},
    {"pointer", option_type::string, on_decode | on_encode, "", 0, 0, {}, set_pointer,
     "must be a JSON Pointer (RFC 6901: empty, or '/' before each reference token, with '~' only in '~0' and "
     "'~1'), and given at most 64 times",
     false, true},
    {"missing", option_type::enumeration, on_decode | on_encode, "error", 0, 0, "error|null", set_missing},
    // /validate against a JSON Schema loaded from the service's --schema-dir.
    {"schema", option_type::string, on_validate, "", 0, 0, {}, set_schema,
     "must name a schema (GET /schemas lists them)"},
    {"max_errors", option_type::integer, on_validate, "10", 1, max_schema_errors, {}, set_max_errors},
}};
static_assert(specs.size() <= 32, "parse_options keeps one bit per option");
static_assert(pointer_selection::max_pointers == 64, "the pointer option's requirement says 64");
static_assert([] {
  for (const option_spec& s : specs) {
    if (s.set == nullptr || (s.type == option_type::string && s.requirement.empty())) return false;
  }
  return true;
}(), "every option has a setter, and a string option says what it accepts");

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

// The index of v among "a|b|c"; false when it is none of them.
bool parse_choice(std::string_view values, std::string_view v, std::size_t& out) {
  for (std::size_t i = 0;; ++i) {
    const std::size_t bar = values.find('|');
    if (values.substr(0, bar) == v) {
      out = i;
      return true;
    }
    if (bar == std::string_view::npos) return false;
    values.remove_prefix(bar + 1);
  }
}

// "a, b or c" for messages.
std::string listed(std::string_view values) {
  std::string out;
  for (std::size_t bar; (bar = values.find('|')) != std::string_view::npos; values.remove_prefix(bar + 1)) {
    if (!out.empty()) out += ", ";
    out += values.substr(0, bar);
  }
  return out + " or " + std::string(values);
}

bool apply(const option_spec& spec, const std::string& text, std::size_t server_max_depth, request_options& out,
           option_error& error) {
  const std::string name(spec.name);
  option_value v;
  v.text = text;
  switch (spec.type) {
    case option_type::boolean:
      if (!parse_bool(text, v.boolean)) return fail(error, name, "option '" + name + "' must be true, false, 1 or 0");
      break;
    case option_type::integer: {
      const long long high = spec.server_bound ? static_cast<long long>(server_max_depth) : spec.maximum;
      if (!parse_int(text, spec.minimum, high, v.integer)) {
        return fail(error, name, "option '" + name + "' must be an integer from " + std::to_string(spec.minimum) +
                                     " to " + std::to_string(high));
      }
      break;
    }
    case option_type::enumeration:
      if (!parse_choice(spec.values, text, v.choice)) {
        return fail(error, name, "option '" + name + "' must be " + listed(spec.values));
      }
      break;
    case option_type::string:
      break;
  }
  if (!spec.set(v, out)) return fail(error, name, "option '" + name + "' " + std::string(spec.requirement));
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
    if ((seen & (1u << index)) && !spec.repeatable) return fail(error, name, "option '" + name + "' is given twice");
    seen |= 1u << index;
    if (!apply(spec, value, server_max_depth, out, error)) return false;
  }
  // RFC 8785 input is I-JSON, which has no duplicate keys: unless the request says how to
  // resolve them, they are an error (422 duplicate_key, at the repeated key).
  constexpr std::size_t duplicates = 1;
  static_assert(specs[duplicates].name == "duplicate_keys");
  if (out.encode.canonical && (seen & (1u << duplicates)) == 0) out.decode.duplicate_keys = duplicate_keys::reject;
  return true;
}

}  // namespace ujson::proto
