#include "peers.hpp"

#include <rapidjson/document.h>
#include <rapidjson/error/en.h>
#include <rapidjson/memorystream.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdlib>
#include <simdjson.h>
#include <string>
#include <vector>

#include "ujson/dom.hpp"

namespace ujson::differential {
namespace {

node integer_node(bool negative, std::uint64_t magnitude) {
  node n;
  n.kind = node_kind::integer;
  n.flag = negative && magnitude != 0;
  n.bits = magnitude;
  return n;
}

node signed_node(std::int64_t i) {
  const bool negative = i < 0;
  // Two's complement magnitude, so INT64_MIN is exact.
  const std::uint64_t magnitude = negative ? ~static_cast<std::uint64_t>(i) + 1 : static_cast<std::uint64_t>(i);
  return integer_node(negative, magnitude);
}

node real_node(double d) {
  node n;
  n.kind = node_kind::real;
  n.bits = std::bit_cast<std::uint64_t>(d);
  return n;
}

node text_node(node_kind kind, std::string_view s) {
  node n;
  n.kind = kind;
  n.text.assign(s);
  return n;
}

// ---- ours ----

node from_ours(const ujson::value& v) {
  switch (v.type()) {
    case ujson::kind::null: return node{};
    case ujson::kind::boolean: {
      node n;
      n.kind = node_kind::boolean;
      n.flag = v.as_bool();
      return n;
    }
    case ujson::kind::int64: return signed_node(v.as_int64());
    case ujson::kind::uint64: return integer_node(false, v.as_uint64());
    case ujson::kind::double_: return real_node(v.as_double());
    case ujson::kind::big_number: return text_node(node_kind::big, v.as_string());
    case ujson::kind::string: return text_node(node_kind::string, v.as_string());
    case ujson::kind::array: {
      node n;
      n.kind = node_kind::array;
      for (const ujson::value& e : v.elements()) n.items.push_back(from_ours(e));
      return n;
    }
    case ujson::kind::object: {
      node n;
      n.kind = node_kind::object;
      for (const ujson::member& m : v.members()) {
        n.items.push_back(from_ours(m.val));
        n.items.back().key.assign(m.key.as_string());
      }
      return n;
    }
  }
  return node{};
}

// ---- RapidJSON ----

constexpr unsigned rapidjson_flags =
    rapidjson::kParseValidateEncodingFlag | rapidjson::kParseFullPrecisionFlag | rapidjson::kParseIterativeFlag;

// Trees deeper than this cannot match ours (max_depth 1024), and walking them would only
// risk the stack: their deeper levels are left out (as nulls).
constexpr std::size_t max_tree_depth = 1100;

node from_rapidjson(const rapidjson::Value& v, std::size_t depth = 0) {
  if (v.IsNull() || depth > max_tree_depth) return node{};
  if (v.IsBool()) {
    node n;
    n.kind = node_kind::boolean;
    n.flag = v.GetBool();
    return n;
  }
  if (v.IsInt64()) return signed_node(v.GetInt64());
  if (v.IsUint64()) return integer_node(false, v.GetUint64());
  if (v.IsDouble()) return real_node(v.GetDouble());
  if (v.IsString()) return text_node(node_kind::string, std::string_view(v.GetString(), v.GetStringLength()));
  node n;
  if (v.IsArray()) {
    n.kind = node_kind::array;
    for (const rapidjson::Value& e : v.GetArray()) n.items.push_back(from_rapidjson(e, depth + 1));
    return n;
  }
  n.kind = node_kind::object;
  for (const auto& m : v.GetObject()) {
    n.items.push_back(from_rapidjson(m.value, depth + 1));
    n.items.back().key.assign(m.name.GetString(), m.name.GetStringLength());
  }
  keep_last(n);
  return n;
}

// ---- simdjson ----

node from_simdjson(simdjson::dom::element e, std::size_t depth = 0) {
  if (depth > max_tree_depth) return node{};
  switch (e.type()) {
    case simdjson::dom::element_type::NULL_VALUE: return node{};
    case simdjson::dom::element_type::BOOL: {
      node n;
      n.kind = node_kind::boolean;
      n.flag = bool(e.get_bool());
      return n;
    }
    case simdjson::dom::element_type::INT64: return signed_node(int64_t(e.get_int64()));
    case simdjson::dom::element_type::UINT64: return integer_node(false, uint64_t(e.get_uint64()));
    case simdjson::dom::element_type::DOUBLE: return real_node(double(e.get_double()));
    case simdjson::dom::element_type::STRING: return text_node(node_kind::string, std::string_view(e.get_string()));
    case simdjson::dom::element_type::ARRAY: {
      node n;
      n.kind = node_kind::array;
      for (simdjson::dom::element child : simdjson::dom::array(e.get_array())) {
        n.items.push_back(from_simdjson(child, depth + 1));
      }
      return n;
    }
    case simdjson::dom::element_type::OBJECT: {
      node n;
      n.kind = node_kind::object;
      for (simdjson::dom::key_value_pair field : simdjson::dom::object(e.get_object())) {
        n.items.push_back(from_simdjson(field.value, depth + 1));
        n.items.back().key.assign(field.key);
      }
      keep_last(n);
      return n;
    }
  }
  return node{};
}

}  // namespace

verdict parse_ours(std::string_view text, const ujson::decode_options& options) {
  verdict v;
  ujson::document doc(options);
  v.ours = doc.parse(text);
  v.accepted = !v.ours;
  if (v.accepted) {
    v.root = from_ours(doc.root());
  } else {
    v.error_name.assign(ujson::code_name(v.ours.code));
  }
  return v;
}

namespace {

// Length of the longest prefix of s that is a JSON number, which is what a parser reads as
// one before it looks at the next byte; 0 when none.
std::size_t number_prefix(std::string_view s) {
  std::size_t i = 0;
  auto digits = [&] {
    const std::size_t start = i;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i;
    return i - start;
  };
  if (i < s.size() && s[i] == '-') ++i;
  if (i >= s.size() || s[i] < '0' || s[i] > '9') return 0;
  if (s[i] == '0') {
    ++i;
  } else {
    digits();
  }
  std::size_t end = i;
  if (i < s.size() && s[i] == '.') {
    ++i;
    if (digits() == 0) return end;
    end = i;
  }
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    if (digits() != 0) end = i;
  }
  return end;
}

}  // namespace

number_facts numbers_in(std::string_view text) {
  number_facts facts;
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\') {
        ++i;
      } else if (c == '"') {
        in_string = false;
      }
      continue;
    }
    if (c == '"') {
      in_string = true;
      continue;
    }
    const bool starts = (c == '-' || (c >= '0' && c <= '9')) &&
                        (i == 0 || std::string_view("-+.eE0123456789").find(text[i - 1]) == std::string_view::npos);
    if (!starts) continue;
    const std::size_t n = number_prefix(text.substr(i));
    if (n == 0) continue;
    const std::string number(text.substr(i, n));
    i += n - 1;
    const std::size_t mantissa_end = number.find_first_of(".eE");
    if (mantissa_end == std::string::npos) {
      // An integer beyond int64 / uint64: more digits than they hold, or as many and larger.
      const bool negative = number[0] == '-';
      const std::string digits = number.substr(negative ? 1 : 0);
      const std::string limit = negative ? "9223372036854775808" : "18446744073709551615";
      if (digits.size() > limit.size() || (digits.size() == limit.size() && digits > limit)) facts.big_integer = true;
    }
    const double d = std::strtod(number.c_str(), nullptr);
    const bool zero = number.substr(0, number.find_first_of("eE")).find_first_of("123456789") == std::string::npos;
    if (std::isinf(d)) facts.overflow = true;
    if (d == 0 && !zero) facts.underflow = true;
    if (zero && number.find_first_of("eE") != std::string::npos) {
      // RapidJSON's fast path takes a power of ten up to 22 (exponent less fraction digits).
      const std::size_t e = number.find_first_of("eE");
      const std::size_t point = number.find('.');
      const long long fraction = point == std::string::npos ? 0 : static_cast<long long>(e - point - 1);
      long long exponent = 0;
      for (char ch : number.substr(e + 1)) {
        if (ch >= '0' && ch <= '9') exponent = std::min(exponent * 10 + (ch - '0'), 1'000'000LL);
      }
      if (number[e + 1] == '-') exponent = -exponent;
      if (std::llabs(exponent - fraction) > 22) facts.zero_with_exponent = true;
    }
  }
  return facts;
}

verdict parse_rapidjson(std::string_view text) {
  verdict v;
  const number_facts facts = numbers_in(text);
  if (facts.outside_doubles() || facts.zero_with_exponent) {
    v.refusal = peer_refusal::not_run;
    v.error_name = "not run: a number it mishandles";
    return v;
  }
  rapidjson::Document doc;
  // Straight from memory: Document::Parse(str, length) would wrap the bytes in an
  // EncodedInputStream, which skips a byte-order mark (even half of one) before parsing.
  rapidjson::MemoryStream bytes(text.data(), text.size());
  doc.ParseStream<rapidjson_flags, rapidjson::UTF8<>>(bytes);
  v.accepted = !doc.HasParseError();
  if (v.accepted) {
    v.root = from_rapidjson(doc);
  } else {
    v.refusal = doc.GetParseError() == rapidjson::kParseErrorNumberTooBig ? peer_refusal::number_too_big
                                                                           : peer_refusal::other;
    v.error_name = rapidjson::GetParseError_En(doc.GetParseError());
  }
  return v;
}

verdict parse_simdjson(std::string_view text) {
  verdict v;
  static simdjson::dom::parser parser;  // reused, as its buffers are meant to be
  const simdjson::padded_string padded(text.data(), text.size());
  simdjson::dom::element root;
  const simdjson::error_code e = parser.parse(padded).get(root);
  v.accepted = e == simdjson::SUCCESS;
  if (v.accepted) {
    v.root = from_simdjson(root);
  } else {
    v.refusal = e == simdjson::NUMBER_ERROR ? peer_refusal::number_too_big
                : e == simdjson::DEPTH_ERROR ? peer_refusal::depth
                                             : peer_refusal::other;
    v.error_name = simdjson::error_message(e);
  }
  return v;
}

}  // namespace ujson::differential
