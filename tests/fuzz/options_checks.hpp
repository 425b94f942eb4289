#pragma once
// The check behind fuzz_options (and its regression replay, tests/proto/fuzz_replay_test.cpp):
// the service's query options and media types (proto/), and the `ujson` CLI's arguments
// (cli/arguments.hpp). Rather than a second parser to compare with, it checks properties
// that any correct parser has:
//   - an accepted option set stays in its documented ranges, reads back the same when
//     written out again as a canonical query or command line, and does not depend on the
//     order of its options;
//   - a refused one is refused at its first bad option (every option before it is
//     accepted), and the error names that option, one that was in the input;
//   - handle_request answers exactly that (400 bad_option naming it, or the JSON work),
//     with a JSON error body, whatever the bytes.
//
// Input: [mode] then text. Mode bit 7 picks the CLI: the text is its arguments, split at
// NUL bytes. Otherwise the text is "query\ncontent-type\nbody" (missing parts: no query,
// no Content-Type header, an empty body) and the mode bits pick the request:
//   bits 0-2 endpoint (validate, decode, encode, healthz, metrics; 5-7 encode),
//   bits 3-4 the server's --max-depth (1024, 4, 1, 100000), bit 5 absolute-form target,
//   bit 6 the other method (GET for a POST endpoint and the reverse).

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "arguments.hpp"
#include "fuzz_checks.hpp"
#include "media_type.hpp"
#include "ujson/dom.hpp"
#include "ujson/proto/handler.hpp"
#include "ujson/proto/options.hpp"
#include "ujson/validate.hpp"

namespace ujson::fuzz {

namespace options_detail {

using namespace ujson::proto;

inline std::vector<std::string_view> split(std::string_view s, char at, bool keep_empty) {
  std::vector<std::string_view> parts;
  while (true) {
    const std::size_t i = s.find(at);
    const std::string_view part = s.substr(0, i);
    if (keep_empty || !part.empty()) parts.push_back(part);
    if (i == std::string_view::npos) return parts;
    s.remove_prefix(i + 1);
  }
}

inline std::string join(const std::vector<std::string_view>& parts, std::size_t count) {
  std::string out;
  for (std::size_t i = 0; i < count; ++i) {
    if (i != 0) out += '&';
    out.append(parts[i]);
  }
  return out;
}

inline bool same_decode(const decode_options& a, const decode_options& b) {
  return a.max_depth == b.max_depth && a.duplicate_keys == b.duplicate_keys &&
         a.allow_nan_literals == b.allow_nan_literals && a.allow_lone_surrogates == b.allow_lone_surrogates &&
         a.binary == b.binary;
}

inline bool same_encode(const encode_options& a, const encode_options& b) {
  return a.ensure_ascii == b.ensure_ascii && a.escape_forward_slashes == b.escape_forward_slashes &&
         a.encode_html_chars == b.encode_html_chars && a.indent == b.indent && a.sort_keys == b.sort_keys &&
         a.double_precision == b.double_precision && a.allow_nan == b.allow_nan &&
         a.allow_lone_surrogates == b.allow_lone_surrogates && a.max_depth == b.max_depth &&
         a.item_separator == b.item_separator && a.key_separator == b.key_separator && a.canonical == b.canonical;
}

// The documented form of a separator: its punctuation once, spaces around it, 8 bytes at most.
inline bool separator_ok(std::string_view s, char punct) {
  if (s.empty()) return true;  // the default
  return s.size() <= 8 && std::count(s.begin(), s.end(), punct) == 1 &&
         std::all_of(s.begin(), s.end(), [&](char c) { return c == punct || c == ' ' || c == '\t' || c == '\n' || c == '\r'; });
}

inline const char* bool_text(bool b) { return b ? "true" : "false"; }

// Every option that applies to the endpoint, written out with its value.
inline std::string canonical_query(const request_options& o, std::uint8_t endpoint) {
  const decode_options& d = o.decode;
  const encode_options& e = o.encode;
  std::string q = "max_depth=" + std::to_string(d.max_depth);
  q += "&allow_nan_literals=";
  q += bool_text(d.allow_nan_literals);
  q += "&allow_lone_surrogates=";
  q += bool_text(d.allow_lone_surrogates);
  q += d.binary == binary_values::base64 ? "&binary=base64" : "&binary=reject";
  if (endpoint == on_validate) return q;
  static constexpr const char* policies[] = {"keep_last", "keep_first", "reject"};
  q += "&duplicate_keys=";
  q += policies[static_cast<int>(d.duplicate_keys)];
  if (endpoint == on_decode) return q + "&canonical=" + bool_text(e.canonical);
  q += std::string("&ensure_ascii=") + bool_text(e.ensure_ascii) + "&escape_forward_slashes=" +
       bool_text(e.escape_forward_slashes) + "&encode_html_chars=" + bool_text(e.encode_html_chars) +
       "&indent=" + std::to_string(e.indent) + "&sort_keys=" + bool_text(e.sort_keys) +
       "&double_precision=" + std::to_string(e.double_precision) + "&allow_nan=" + bool_text(e.allow_nan);
  if (!e.item_separator.empty()) q += "&item_separator=" + percent_encode(e.item_separator);
  if (!e.key_separator.empty()) q += "&key_separator=" + percent_encode(e.key_separator);
  return q;
}

inline void check_accepted(const request_options& o, std::uint8_t endpoint, std::size_t server_depth,
                           const std::vector<std::string_view>& pairs) {
  const decode_options& d = o.decode;
  const encode_options& e = o.encode;
  UJSON_FUZZ_CHECK(d.max_depth >= 1 && d.max_depth <= server_depth && e.max_depth == d.max_depth);
  UJSON_FUZZ_CHECK(e.allow_lone_surrogates == d.allow_lone_surrogates);
  UJSON_FUZZ_CHECK(e.indent >= 0 && e.indent <= max_indent);
  UJSON_FUZZ_CHECK(e.double_precision >= shortest_round_trip && e.double_precision <= max_double_precision);
  UJSON_FUZZ_CHECK(static_cast<int>(d.duplicate_keys) <= static_cast<int>(duplicate_keys::reject));
  UJSON_FUZZ_CHECK(separator_ok(e.item_separator, ',') && separator_ok(e.key_separator, ':'));
  // Options of other endpoints are refused, so they keep their defaults here.
  request_options defaults;
  defaults.decode.max_depth = d.max_depth;
  defaults.encode.max_depth = d.max_depth;
  defaults.encode.allow_lone_surrogates = d.allow_lone_surrogates;
  // /decode takes `canonical` alone of the encoding options.
  if (endpoint == on_decode) defaults.encode.canonical = e.canonical;
  if (endpoint != on_encode) UJSON_FUZZ_CHECK(same_encode(e, defaults.encode));
  if (endpoint != on_decode) UJSON_FUZZ_CHECK(!e.canonical);
  if (endpoint == on_validate) UJSON_FUZZ_CHECK(d.duplicate_keys == duplicate_keys::keep_last);

  request_options again;
  option_error error;
  const std::string canonical = canonical_query(o, endpoint);
  UJSON_FUZZ_CHECK(parse_options(canonical, endpoint, server_depth, again, error));
  UJSON_FUZZ_CHECK(same_decode(again.decode, d) && same_encode(again.encode, e));

  std::vector<std::string_view> reversed(pairs.rbegin(), pairs.rend());
  UJSON_FUZZ_CHECK(parse_options(join(reversed, reversed.size()), endpoint, server_depth, again, error));
  UJSON_FUZZ_CHECK(same_decode(again.decode, d) && same_encode(again.encode, e));
}

inline void check_refused(const option_error& error, std::uint8_t endpoint,
                          std::size_t server_depth, const std::vector<std::string_view>& pairs) {
  UJSON_FUZZ_CHECK(!error.message.empty());
  // The first k pairs are accepted and the first k + 1 refused with this very error.
  request_options o;
  option_error e;
  std::size_t k = 0;
  while (k < pairs.size() && parse_options(join(pairs, k + 1), endpoint, server_depth, o, e)) ++k;
  UJSON_FUZZ_CHECK(k < pairs.size());
  UJSON_FUZZ_CHECK(e.option == error.option && e.message == error.message);
  const std::string_view pair = pairs[k];
  const std::string_view raw_name = pair.substr(0, pair.find('='));
  std::string name;
  if (!percent_decode(raw_name, name)) {
    UJSON_FUZZ_CHECK(error.option.empty());
    return;
  }
  UJSON_FUZZ_CHECK(error.option == name);
  if (!name.empty()) UJSON_FUZZ_CHECK(error.message.find(name) != std::string::npos);
  // Refused on its own too, unless it repeats an earlier option.
  bool repeated = false;
  for (std::size_t i = 0; i < k; ++i) {
    std::string earlier;
    repeated = repeated || (percent_decode(pairs[i].substr(0, pairs[i].find('=')), earlier) && earlier == name);
  }
  if (!repeated) UJSON_FUZZ_CHECK(!parse_options(pair, endpoint, server_depth, o, e));
}

// The body's error code and, for bad_option, the option it names.
inline void check_error_body(std::string_view body, std::string_view code, const std::string* option) {
  document doc;
  UJSON_FUZZ_CHECK(!doc.parse(body));
  const value* error = doc.root().find("error");
  UJSON_FUZZ_CHECK(error != nullptr && error->is_object());
  const value* c = error->find("code");
  UJSON_FUZZ_CHECK(c != nullptr && c->is_string() && c->as_string() == code);
  if (option == nullptr) return;
  const value* named = error->find("option");
  UJSON_FUZZ_CHECK(named != nullptr && named->is_string());
  // Error bodies replace bytes outside printable ASCII, so only printable names compare.
  if (std::all_of(option->begin(), option->end(), [](char ch) { return ch >= 0x20 && ch < 0x7f; })) {
    UJSON_FUZZ_CHECK(named->as_string() == *option);
  }
}

inline std::string upper(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

inline void check_service(std::uint8_t mode, std::string_view text) {
  static constexpr std::array<std::size_t, 4> server_depths{default_max_depth, 4, 1, 100000};
  static constexpr std::array<const char*, 5> paths{"/validate", "/decode", "/encode", "/healthz", "/metrics"};
  const unsigned which = (mode & 7) <= 4 ? (mode & 7) : 2;
  const std::size_t server_depth = server_depths[(mode >> 3) & 3];
  const bool post = which < 3;
  const bool wrong_method = (mode >> 6) & 1;

  const std::size_t query_end = std::min(text.find('\n'), text.size());
  const std::string_view query = text.substr(0, query_end);
  const bool has_type = query_end < text.size();
  const std::string_view rest = has_type ? text.substr(query_end + 1) : std::string_view();
  const std::string_view type = rest.substr(0, rest.find('\n'));
  const std::string_view body = type.size() < rest.size() ? rest.substr(type.size() + 1) : std::string_view();

  const std::uint8_t bit = which == 0 ? on_validate : which == 1 ? on_decode : on_encode;
  const std::vector<std::string_view> pairs = split(query, '&', false);
  request_options options;
  option_error error;
  const bool accepted = parse_options(query, bit, server_depth, options, error);
  if (accepted) {
    check_accepted(options, bit, server_depth, pairs);
  } else {
    check_refused(error, bit, server_depth, pairs);
  }

  const media kind = classify_media(type);
  UJSON_FUZZ_CHECK(classify_media(upper(type)) == kind);
  UJSON_FUZZ_CHECK(classify_media(" \t" + std::string(type)) == kind);

  // The request as the service would get it.
  std::string target = ((mode >> 5) & 1) ? "http://127.0.0.1:8080" : "";
  target += paths[which];
  if (!query.empty()) target += "?" + std::string(query);
  request req{post != wrong_method ? http::verb::post : http::verb::get, target, 11};
  if (has_type) req.set(http::field::content_type, type);
  req.body() = body;
  req.prepare_payload();
  response res;
  static workspace ws;  // reused across inputs, as a connection reuses it
  server_view server;
  server.max_depth = server_depth;
  const outcome out = handle_request(req, res, ws, server);
  UJSON_FUZZ_CHECK(out.status == res.result_int());
  const std::string_view answer(res.body().data(), res.body().size());

  if (wrong_method) {
    UJSON_FUZZ_CHECK(out.status == 405);
    return;
  }
  if (!post) {
    if (query.empty()) {
      UJSON_FUZZ_CHECK(out.status == 200);
      return;
    }
    // GET endpoints take no options: the first name is named.
    UJSON_FUZZ_CHECK(out.status == 400 && out.code() == "bad_option");
    const std::string first(query.substr(0, query.find_first_of("=&")));
    check_error_body(answer, out.code(), &first);
    return;
  }
  if (kind == media::unsupported) {
    UJSON_FUZZ_CHECK(out.status == 415);
    check_error_body(answer, "unsupported_media_type", nullptr);
    return;
  }
  if (!accepted) {
    UJSON_FUZZ_CHECK(out.status == 400 && out.code() == "bad_option");
    check_error_body(answer, out.code(), &error.option);
    return;
  }
  // pointer= and ndjson_errors=skip|report work on every body answered as JSON (no Accept
  // here), MessagePack and CBOR sequences included, but /validate reads a MessagePack or
  // CBOR sequence whole: skip|report are refused there.
  if (which == 0 && (kind == media::msgpack || kind == media::cbor) && options.ndjson_errors != item_errors::fail) {
    UJSON_FUZZ_CHECK(out.status == 400 && out.code() == "bad_option");
    const std::string named = "ndjson_errors";
    check_error_body(answer, out.code(), &named);
    return;
  }
  // schema= names a schema of the service's --schema-dir; this server_view has none.
  if (!options.schema.empty()) {
    UJSON_FUZZ_CHECK(out.status == 404 && out.code() == "unknown_schema");
    check_error_body(answer, out.code(), nullptr);
    return;
  }
  UJSON_FUZZ_CHECK(out.status == 200 || out.status == 422);
  if (out.status == 422) check_error_body(answer, out.code(), nullptr);
  if (which == 0 && kind == media::json) {
    UJSON_FUZZ_CHECK((out.status == 200) == !validate(body, options.decode));
  }
}

// ---- the CLI ------------------------------------------------------------------------------

inline std::vector<std::string> canonical_command_line(const cli::invocation& how) {
  static constexpr const char* formats[] = {"json", "msgpack", "cbor"};
  std::vector<std::string> args{"format", "--from", formats[static_cast<int>(how.from)], "--to",
                                formats[static_cast<int>(how.to)], "--max-depth", std::to_string(how.decode.max_depth)};
  if (how.decode.binary == binary_values::base64) args.insert(args.end(), {"--binary", "base64"});
  if (how.encode.canonical) {
    args.push_back("--canonical");
  } else {
    args.insert(args.end(), {"--indent", std::to_string(how.encode.indent)});
    if (how.encode.sort_keys) args.push_back("--sort-keys");
    if (how.encode.ensure_ascii) args.push_back("--ensure-ascii");
    if (how.encode.escape_forward_slashes) args.push_back("--escape-slashes");
    if (how.encode.encode_html_chars) args.push_back("--html-safe");
  }
  args.push_back(how.files.front());
  return args;
}

inline void check_cli(std::string_view text) {
  std::vector<std::string> args;
  if (!text.empty()) {
    for (std::string_view a : split(text, '\0', true)) args.emplace_back(a);
  }
  cli::invocation how;
  cli::usage_problem problem;
  if (!cli::parse_arguments(args, how, problem)) {
    UJSON_FUZZ_CHECK(!problem.message.empty());
    if (args.empty()) {
      UJSON_FUZZ_CHECK(problem.argument.empty());
      return;
    }
    // The argument at fault is one that was given, and the message names it.
    UJSON_FUZZ_CHECK(std::find(args.begin(), args.end(), problem.argument) != args.end());
    // An option ("-" alone is standard input) is named in the message.
    if (problem.argument.size() > 1 && problem.argument[0] == '-') {
      UJSON_FUZZ_CHECK(problem.message.find(problem.argument) != std::string::npos);
    }
    return;
  }
  UJSON_FUZZ_CHECK(!args.empty());
  const std::string& command = args.front();
  if (how.what == cli::command::help) {
    UJSON_FUZZ_CHECK(command == "help" || command == "-h" || command == "--help");
    return;
  }
  if (how.what == cli::command::validate) {
    UJSON_FUZZ_CHECK(command == "validate");
    // The files are the arguments that are neither an option nor an option's value.
    std::vector<std::string> files;
    for (std::size_t i = 1; i < args.size(); ++i) {
      if (args[i] == "--schema" || args[i] == "--schema-dir") {
        ++i;
      } else if (args[i] != "--assert-formats") {
        files.push_back(args[i]);
      }
    }
    UJSON_FUZZ_CHECK(how.files == files);
    // --schema-dir and --assert-formats only go with a --schema.
    UJSON_FUZZ_CHECK(!how.schema.empty() || (how.schema_dirs.empty() && !how.assert_formats));
    return;
  }
  UJSON_FUZZ_CHECK(command == "format" && how.files.size() == 1);
  const encode_options& e = how.encode;
  UJSON_FUZZ_CHECK(e.indent >= 0 && e.indent <= max_indent);
  UJSON_FUZZ_CHECK(how.decode.max_depth >= 1 && how.decode.max_depth <= static_cast<std::size_t>(cli::max_cli_depth));
  UJSON_FUZZ_CHECK(e.max_depth == how.decode.max_depth);
  // Flags are never values of --indent or --max-depth (those are numbers), so each is set
  // exactly when it was given.
  auto given = [&](std::string_view flag) { return std::find(args.begin() + 1, args.end(), flag) != args.end(); };
  UJSON_FUZZ_CHECK(e.sort_keys == given("--sort-keys"));
  UJSON_FUZZ_CHECK(e.ensure_ascii == given("--ensure-ascii"));
  UJSON_FUZZ_CHECK(e.escape_forward_slashes == given("--escape-slashes"));
  UJSON_FUZZ_CHECK(e.encode_html_chars == given("--html-safe"));
  // --canonical takes no other output option, and makes duplicate keys an error.
  UJSON_FUZZ_CHECK(e.canonical == given("--canonical"));
  UJSON_FUZZ_CHECK((how.decode.binary == binary_values::base64) == given("--binary"));
  if (e.canonical) {
    UJSON_FUZZ_CHECK(how.to == cli::data_format::json);
    UJSON_FUZZ_CHECK(!given("--indent") && e.indent == 0 && !e.sort_keys && !e.ensure_ascii);
    UJSON_FUZZ_CHECK(how.decode.duplicate_keys == duplicate_keys::reject);
  }
  const std::string& path = how.files.front();
  UJSON_FUZZ_CHECK(path == "-" || (given(path) && !(path.size() > 1 && path[0] == '-')));

  cli::invocation again;
  UJSON_FUZZ_CHECK(cli::parse_arguments(canonical_command_line(how), again, problem));
  UJSON_FUZZ_CHECK(again.what == how.what && again.files == how.files && again.from == how.from && again.to == how.to);
  UJSON_FUZZ_CHECK(same_encode(again.encode, e) && same_decode(again.decode, how.decode));
}

}  // namespace options_detail

inline void check_options(const std::uint8_t* data, std::size_t size) {
  const std::uint8_t mode = size == 0 ? 0 : data[0];
  const std::string_view text = size == 0 ? std::string_view() : std::string_view(reinterpret_cast<const char*>(data + 1), size - 1);
  if (mode & 0x80) {
    options_detail::check_cli(text);
  } else {
    options_detail::check_service(mode, text);
  }
}

}  // namespace ujson::fuzz
