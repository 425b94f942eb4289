// proto/openapi.yaml and the code say the same: the options each endpoint accepts (names,
// types, defaults, ranges, enum values) and the error codes a body may carry.

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "ujson/errors.hpp"
#include "ujson/proto/content_coding.hpp"
#include "ujson/proto/errors.hpp"
#include "ujson/proto/handler.hpp"
#include "ujson/proto/options.hpp"

namespace {

using namespace ujson::proto;

// Just enough YAML for the file's own layout: block mappings by indentation and the
// one-line flow maps its parameter schemas use.
struct openapi {
  std::set<std::string> paths;                                       // "/encode", ...
  std::map<std::string, std::set<std::string>> path_params;         // "/encode" -> {"indent", ...}
  std::map<std::string, std::map<std::string, std::string>> params;  // "indent" -> {type: integer, ...}
  std::map<std::string, std::string> param_names;                    // component key -> name:
  std::set<std::string> exploded;                                    // parameters with `explode: true`
  std::set<std::string> response_headers;                            // under components.responses
  std::map<std::string, std::string> param_in;                       // component key -> in: (query, header)
  std::map<std::string, std::map<std::string, std::string>> headers;  // components.headers: key -> schema
  std::vector<std::string> error_codes;
};

std::string unquote(std::string s) {
  while (!s.empty() && s.front() == ' ') s.erase(0, 1);
  while (!s.empty() && s.back() == ' ') s.pop_back();
  if (s.size() >= 2 && (s.front() == '"' || s.front() == '\'') && s.back() == s.front()) s = s.substr(1, s.size() - 2);
  return s;
}

// "{type: integer, minimum: 1, enum: [a, b]}" without the braces -> key/value pairs.
std::map<std::string, std::string> flow_map(const std::string& text) {
  std::map<std::string, std::string> out;
  std::vector<std::string> items;
  std::string item;
  int depth = 0;
  char quote = 0;
  for (char c : text) {
    if (quote != 0) {
      if (c == quote) quote = 0;
    } else if (c == '"' || c == '\'') {
      quote = c;
    } else if (c == '[' || c == '{') {
      ++depth;
    } else if (c == ']' || c == '}') {
      --depth;
    } else if (c == ',' && depth == 0) {
      items.push_back(item);
      item.clear();
      continue;
    }
    item += c;
  }
  if (!item.empty()) items.push_back(item);
  for (const std::string& i : items) {
    const std::size_t colon = i.find(':');
    out[unquote(i.substr(0, colon))] = unquote(i.substr(colon + 1));
  }
  return out;
}

openapi read_openapi() {
  std::ifstream in(UJSON_OPENAPI);
  EXPECT_TRUE(in.good()) << UJSON_OPENAPI;
  openapi doc;
  const std::regex path_line(R"(^  (/[a-z]+):$)");
  const std::regex ref_line(R"(^        - \$ref: '#/components/parameters/([a-z_]+)'$)");
  const std::regex param_line(R"(^    ([a-z_]+):$)");
  const std::regex name_line(R"(^      name: ([A-Za-z_-]+)$)");
  const std::regex in_line(R"(^      in: ([a-z]+)$)");
  const std::regex header_line(R"(^    ([A-Za-z]+):$)");
  const std::regex schema_line(R"(^      schema: \{(.*)\}$)");
  const std::regex code_line(R"(^        - ([a-z0-9_]+)$)");
  const std::regex subsection_line(R"(^  ([a-zA-Z]+):$)");
  const std::regex response_header_line(R"(^        (X-[A-Za-z-]+):$)");
  std::string line, section, subsection, path, param;
  bool in_error_codes = false;
  std::smatch m;
  while (std::getline(in, line)) {
    if (!line.empty() && line[0] != ' ') section = line;
    if (std::regex_match(line, m, subsection_line)) subsection = m[1];
    if (section == "components:" && subsection == "parameters") section = "components.parameters";
    if (section == "components.parameters" && subsection != "parameters") section = "components:";
    if (section == "components:" && subsection == "headers") section = "components.headers";
    if (section == "components.headers" && subsection != "headers") section = "components:";
    if (section == "paths:" && std::regex_match(line, m, path_line)) doc.paths.insert(path = m[1]);
    if (section == "paths:" && std::regex_match(line, m, ref_line)) doc.path_params[path].insert(m[1]);
    if (section == "components.parameters") {
      if (std::regex_match(line, m, param_line)) param = m[1];
      if (std::regex_match(line, m, name_line)) doc.param_names[param] = m[1];
      if (std::regex_match(line, m, in_line)) doc.param_in[param] = m[1];
      if (std::regex_match(line, m, schema_line)) doc.params[param] = flow_map(m[1]);
      if (line == "      explode: true") doc.exploded.insert(param);
    }
    if (section == "components:" && subsection == "responses" && std::regex_match(line, m, response_header_line)) {
      doc.response_headers.insert(m[1]);
    }
    if (section == "components.headers") {
      if (std::regex_match(line, m, header_line)) param = m[1];
      if (std::regex_match(line, m, schema_line)) doc.headers[param] = flow_map(m[1]);
    }
    if (line == "    ErrorCode:") in_error_codes = true;
    if (in_error_codes && std::regex_match(line, m, code_line)) doc.error_codes.push_back(m[1]);
  }
  return doc;
}

std::string type_name(option_type t) {
  switch (t) {
    case option_type::boolean: return "boolean";
    case option_type::integer: return "integer";
    default: return "string";
  }
}

TEST(OpenApi, EveryEndpointListsExactlyTheOptionsTheCodeAccepts) {
  openapi doc = read_openapi();
  const std::map<std::string, std::uint8_t> endpoints{
      {"/validate", on_validate}, {"/decode", on_decode}, {"/encode", on_encode}};
  for (const auto& [path, bit] : endpoints) {
    std::set<std::string> in_code;
    for (const option_spec& s : option_specs()) {
      if (s.endpoints & bit) in_code.emplace(s.name);
    }
    std::set<std::string> in_file;
    for (const std::string& p : doc.path_params[path]) {
      if (doc.param_in.at(p) == "query") in_file.insert(p);
    }
    EXPECT_EQ(in_code, in_file) << path;
  }
  for (const char* path : {"/healthz", "/metrics", "/schemas"}) {
    for (const std::string& p : doc.path_params[path]) EXPECT_NE(doc.param_in.at(p), "query") << path << " " << p;
  }
}

TEST(OpenApi, EveryEndpointHasAPath) {
  const openapi doc = read_openapi();
  std::set<std::string> in_code;
  for (std::size_t e = 0; e + 1 < endpoint_count; ++e) in_code.insert("/" + std::string(endpoint_label(endpoint(e))));
  EXPECT_EQ(doc.paths, in_code);
}

// The request headers the code reads: Content-Encoding on every POST, Accept-Encoding on
// every endpoint; and the codings named in the answers' headers.
TEST(OpenApi, ContentCodingHeaders) {
  openapi doc = read_openapi();
  EXPECT_EQ(doc.param_names.at("content_encoding"), "Content-Encoding");
  EXPECT_EQ(doc.param_names.at("accept_encoding"), "Accept-Encoding");
  EXPECT_EQ(doc.param_in.at("content_encoding"), "header");
  EXPECT_EQ(doc.param_in.at("accept_encoding"), "header");
  for (const char* path : {"/validate", "/decode", "/encode", "/healthz", "/metrics"}) {
    const bool post = std::string(path) != "/healthz" && std::string(path) != "/metrics";
    EXPECT_EQ(doc.path_params[path].count("content_encoding"), post ? 1u : 0u) << path;
    EXPECT_EQ(doc.path_params[path].count("accept_encoding"), 1u) << path;
  }
  // 415's Accept-Encoding: exactly what the code sends.
  std::string accepted = doc.headers.at("AcceptEncoding").at("enum");
  std::erase(accepted, '\'');
  EXPECT_EQ(accepted, "[" + std::string(accepted_request_codings) + "]");
  // Content-Encoding of answers: every coding but identity, each one the request side reads too.
  std::string answer_codings;
  for (std::size_t i = 1; i < coding_count; ++i) {
    const std::string_view name = coding_name(static_cast<coding>(i));
    answer_codings += (answer_codings.empty() ? "" : ", ") + std::string(name);
    EXPECT_NE(accepted_request_codings.find(name), std::string_view::npos) << name;
  }
  EXPECT_EQ(doc.headers.at("ContentEncoding").at("enum"), "[" + answer_codings + "]");
  EXPECT_EQ(doc.headers.at("Vary").at("enum"), "[Accept-Encoding]");
}

TEST(OpenApi, EveryOptionHasTheCodesTypeDefaultAndRange) {
  const openapi doc = read_openapi();
  std::size_t query_params = 0;
  for (const auto& [key, in] : doc.param_in) query_params += in == "query";
  EXPECT_EQ(query_params, option_specs().size());
  for (const option_spec& s : option_specs()) {
    const std::string name(s.name);
    SCOPED_TRACE(name);
    ASSERT_EQ(doc.params.count(name), 1u);
    EXPECT_EQ(doc.param_names.at(name), name);
    const auto& schema = doc.params.at(name);
    // A repeatable option is an exploded array of its values (?pointer=/a&pointer=/b).
    EXPECT_EQ(doc.exploded.count(name), s.repeatable ? 1u : 0u);
    if (s.repeatable) {
      EXPECT_EQ(schema.at("type"), "array");
      EXPECT_EQ(schema.at("items"), "{type: " + type_name(s.type) + "}");
      EXPECT_EQ(schema.count("default"), 0u);
      EXPECT_TRUE(s.default_text.empty());
      EXPECT_EQ(schema.at("maxItems"), std::to_string(ujson::pointer_selection::max_pointers));
      continue;
    }
    EXPECT_EQ(schema.at("type"), type_name(s.type));
    EXPECT_EQ(schema.at("default"), s.default_text);
    if (s.type == option_type::integer) {
      EXPECT_EQ(schema.at("minimum"), std::to_string(s.minimum));
      EXPECT_EQ(schema.at("maximum"), std::to_string(s.maximum));
    } else {
      EXPECT_EQ(schema.count("minimum"), 0u);
    }
    if (s.type == option_type::enumeration) {
      std::string values = schema.at("enum");  // "[a, b, c]"
      values = std::regex_replace(values, std::regex(R"([\[\] '])"), "");  // 'null' is quoted, else YAML's null
      std::replace(values.begin(), values.end(), ',', '|');
      EXPECT_EQ(values, s.values);
    }
  }
}

TEST(OpenApi, ErrorCodesAreExactlyTheOnesBodiesCarry) {
  const openapi doc = read_openapi();
  std::vector<std::string> in_code;
  for (const http_error_info& e : http_errors()) in_code.emplace_back(e.code);
  // Codec errors a 422 can carry: every decoder error, and the encoder's nan_or_infinity
  // and not_canonicalizable; then the MessagePack and CBOR readers' (and writers') own.
  for (auto c = static_cast<int>(ujson::errc::empty_input); c <= static_cast<int>(ujson::errc::not_canonicalizable); ++c) {
    in_code.emplace_back(ujson::code_name(static_cast<ujson::errc>(c)));
  }
  for (ujson::errc c : {ujson::errc::unsupported_value, ujson::errc::invalid_binary}) {
    in_code.emplace_back(ujson::code_name(c));
  }
  EXPECT_EQ(doc.error_codes, in_code);
}

TEST(OpenApi, EveryXUjsonHeaderIsDocumented) {
  const openapi doc = read_openapi();
  EXPECT_EQ(doc.response_headers,
            (std::set<std::string>{std::string(skipped_lines_header), std::string(unread_bytes_header)}));
}

TEST(OpenApi, EveryStatusTheCodeUsesIsDocumented) {
  std::ifstream in(UJSON_OPENAPI);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  for (const http_error_info& e : http_errors()) {
    if (e.status == 404 || e.error == http_error::too_many_connections) {
      // Not tied to one path: described in info.description.
      EXPECT_NE(text.find(std::string(e.code)), std::string::npos) << e.code;
      continue;
    }
    EXPECT_NE(text.find("'" + std::to_string(e.status) + "':"), std::string::npos) << e.status;
  }
}

}  // namespace
