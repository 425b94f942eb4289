#pragma once
// The check behind fuzz_ndjson (and its regression replay, tests/proto/fuzz_replay_test.cpp):
// an NDJSON body sent through handle_request must get the answer that a plain reference
// gives. The reference follows proto/openapi.yaml: split the body at '\n', drop one '\r'
// before it (CRLF line ends), skip lines of nothing but spaces, tabs and '\r', and decode
// each remaining line on its own with a fresh codec; the first line that fails fails the
// request with its own error, its line number counting blank lines, its column within the
// line and its offset from the start of the body. The service instead reuses one decoder,
// document and writer for every line and every request (as a connection does).
//
// With ndjson_errors=skip the reference leaves failing lines out and counts them
// (X-Ujson-Skipped-Lines); with report each failing line's place in the answer holds a
// one-line error object with its code and place (a codec error's; an encoder error's line
// at its first byte, column 1).
//
// Input: [endpoint] [decode options] [encode options] body
//   endpoint: bits 0-1 validate, decode, encode, encode; bits 2-3 ndjson_errors on /decode
//     and /encode: fail, skip, report, fail.
//   decode options: as fuzz_checks.hpp's decode_options_from; max_depth becomes the
//     server's --max-depth, the rest query options.
//   encode options (/encode): bit 0 ensure_ascii off, bit 1 escape_forward_slashes off,
//     bit 2 encode_html_chars, bit 3 sort_keys, bit 4 allow_nan off, bits 5-6 indent
//     (0, 1, 2, 4: indented lines span several output lines), bit 7 double_precision 3.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_checks.hpp"
#include "ujson/dom.hpp"
#include "ujson/encode.hpp"
#include "ujson/proto/handler.hpp"
#include "ujson/validate.hpp"

namespace ujson::fuzz {

namespace ndjson_detail {

using namespace ujson::proto;

enum class target { validate, decode, encode };

// What a request should get: 200 with `body`, or 422 with `error` (`positioned`: a codec
// error with a place; else an encoder error, code only).
struct expected_answer {
  bool ok = true;
  std::string body;
  std::size_t lines = 0;  // non-blank lines (/validate)
  error failure{};
  bool positioned = false;
  // ndjson_errors=skip and report: each non-blank line's output, or its error (then `text`
  // is empty), in order.
  struct item {
    bool ok;
    std::string text;
    error failure;
  };
  std::vector<item> items;
  std::size_t skipped = 0;
};

inline bool blank(std::string_view line) {
  return line.find_first_not_of(" \t\r") == std::string_view::npos;
}

inline expected_answer reference(std::string_view body, target t, const decode_options& read,
                                 const encode_options& write, item_errors mode) {
  expected_answer want;
  std::size_t start = 0, number = 0;
  while (start < body.size()) {
    ++number;
    const std::size_t end = std::min(body.find('\n', start), body.size());
    std::string_view line = body.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    const std::size_t line_start = start;
    start = end + 1;
    if (blank(line)) continue;
    ++want.lines;
    error e = t == target::validate ? validate(line, read) : error{};
    document doc(read);
    if (!e && t != target::validate) e = doc.parse(line);
    if (e && mode != item_errors::fail) {
      e.offset += line_start;
      e.line = number;
      want.items.push_back({false, {}, e});
      ++want.skipped;
      continue;
    }
    if (e) {
      want.ok = false;
      want.failure = e;
      want.failure.offset += line_start;
      want.failure.line = number;
      want.positioned = true;
      return want;
    }
    if (t == target::validate) continue;
    std::string text;
    const errc written = encode(doc.root(), text, write);
    if (written != errc::ok && mode != item_errors::fail) {
      want.items.push_back({false, {}, error{written, line_start, number, 1}});
      ++want.skipped;
      continue;
    }
    if (written != errc::ok) {
      want.ok = false;
      want.failure = error{written};
      return want;
    }
    want.body += text;
    want.body += '\n';
    want.items.push_back({true, text, {}});
  }
  return want;
}

inline const char* bool_text(bool b) { return b ? "true" : "false"; }

inline std::size_t number_field(const value* v) {
  UJSON_FUZZ_CHECK(v != nullptr && v->type() == kind::int64 && v->as_int64() >= 0);
  return static_cast<std::size_t>(v->as_int64());
}

inline void check_failure(std::string_view answer, const expected_answer& want, bool validate_shape) {
  document doc;
  UJSON_FUZZ_CHECK(!doc.parse(answer));
  if (validate_shape) {
    const value* valid = doc.root().find("valid");
    UJSON_FUZZ_CHECK(valid != nullptr && valid->is_bool() && !valid->as_bool());
  }
  const value* e = doc.root().find("error");
  UJSON_FUZZ_CHECK(e != nullptr && e->is_object());
  const value* code = e->find("code");
  UJSON_FUZZ_CHECK(code != nullptr && code->is_string() && code->as_string() == code_name(want.failure.code));
  if (!want.positioned) {
    UJSON_FUZZ_CHECK(e->find("line") == nullptr);
    return;
  }
  const error got{want.failure.code, number_field(e->find("offset")), number_field(e->find("line")),
                  number_field(e->find("column"))};
  UJSON_FUZZ_SAME_ERROR(got, want.failure);
}

}  // namespace ndjson_detail

inline void check_ndjson(const std::uint8_t* data, std::size_t size) {
  using namespace ndjson_detail;
  input in{data, size};
  const std::uint8_t first = in.take();
  const std::uint8_t which = first & 3;
  const target t = which == 0 ? target::validate : which == 1 ? target::decode : target::encode;
  static constexpr item_errors modes[] = {item_errors::fail, item_errors::skip, item_errors::report, item_errors::fail};
  static constexpr const char* mode_names[] = {"fail", "skip", "report", "fail"};
  const item_errors mode = t == target::validate ? item_errors::fail : modes[(first >> 2) & 3];
  const decode_options read = decode_options_from(in.take());
  const std::uint8_t eb = in.take();
  const std::string_view body = in.rest();

  static constexpr const char* policies[] = {"keep_last", "keep_first", "reject"};
  std::string query = std::string("allow_nan_literals=") + bool_text(read.allow_nan_literals) +
                      "&allow_lone_surrogates=" + bool_text(read.allow_lone_surrogates);
  if (t != target::validate) {
    query += std::string("&duplicate_keys=") + policies[static_cast<int>(read.duplicate_keys)];
    query += std::string("&ndjson_errors=") + mode_names[(first >> 2) & 3];
  }

  // /decode's canonical form: UTF-8 and only the escapes JSON requires.
  encode_options write;
  write.ensure_ascii = false;
  write.escape_forward_slashes = false;
  write.allow_lone_surrogates = read.allow_lone_surrogates;
  write.max_depth = read.max_depth;
  if (t == target::encode) {
    static constexpr int indents[] = {0, 1, 2, 4};
    write.ensure_ascii = !(eb & 1);
    write.escape_forward_slashes = !((eb >> 1) & 1);
    write.encode_html_chars = (eb >> 2) & 1;
    write.sort_keys = (eb >> 3) & 1;
    write.allow_nan = !((eb >> 4) & 1);
    write.indent = indents[(eb >> 5) & 3];
    write.double_precision = (eb >> 7) ? 3 : shortest_round_trip;
    query += std::string("&ensure_ascii=") + bool_text(write.ensure_ascii) +
             "&escape_forward_slashes=" + bool_text(write.escape_forward_slashes) +
             "&encode_html_chars=" + bool_text(write.encode_html_chars) + "&sort_keys=" + bool_text(write.sort_keys) +
             "&allow_nan=" + bool_text(write.allow_nan) + "&indent=" + std::to_string(write.indent) +
             "&double_precision=" + std::to_string(write.double_precision);
  }
  static constexpr const char* paths[] = {"/validate", "/decode", "/encode"};
  request req{http::verb::post, std::string(paths[static_cast<int>(t)]) + "?" + query, 11};
  req.set(http::field::content_type, "application/x-ndjson");
  req.body() = body;
  req.prepare_payload();
  response res;
  static workspace ws;  // one connection's state, reused by every input
  server_view server;
  server.max_depth = read.max_depth;
  const outcome out = handle_request(req, res, ws, server);
  const std::string_view answer(res.body().data(), res.body().size());

  const expected_answer want = reference(body, t, read, write, mode);
  if (!want.ok) {
    UJSON_FUZZ_CHECK(out.status == 422 && res[http::field::content_type] == "application/json");
    UJSON_FUZZ_CHECK(out.code() == code_name(want.failure.code));
    check_failure(answer, want, t == target::validate);
    return;
  }
  if (out.status != 200) std::fprintf(stderr, "  answer: %.*s\n", static_cast<int>(answer.size()), answer.data());
  UJSON_FUZZ_CHECK(out.status == 200);
  if (t == target::validate) {
    document doc;
    UJSON_FUZZ_CHECK(!doc.parse(answer));
    const value* valid = doc.root().find("valid");
    UJSON_FUZZ_CHECK(valid != nullptr && valid->is_bool() && valid->as_bool());
    UJSON_FUZZ_CHECK(number_field(doc.root().find("lines")) == want.lines);
    return;
  }
  UJSON_FUZZ_CHECK(res[http::field::content_type] == "application/x-ndjson");
  if (mode == item_errors::skip) {
    UJSON_FUZZ_CHECK(res[skipped_lines_header] == std::to_string(want.skipped));
    UJSON_FUZZ_CHECK(out.skipped_lines == want.skipped);
  } else {
    UJSON_FUZZ_CHECK(res.count(skipped_lines_header) == 0 && out.skipped_lines == 0);
  }
  if (mode != item_errors::report) {
    UJSON_FUZZ_CHECK(answer == want.body);
    return;
  }
  std::string_view rest = answer;
  for (const expected_answer::item& item : want.items) {
    if (item.ok) {
      UJSON_FUZZ_CHECK(rest.substr(0, item.text.size()) == item.text && rest.size() > item.text.size() &&
                       rest[item.text.size()] == '\n');
      rest.remove_prefix(item.text.size() + 1);
      continue;
    }
    const std::size_t nl = rest.find('\n');
    UJSON_FUZZ_CHECK(nl != std::string_view::npos);
    expected_answer one;
    one.failure = item.failure;
    one.positioned = true;
    check_failure(rest.substr(0, nl), one, false);
    rest.remove_prefix(nl + 1);
  }
  UJSON_FUZZ_CHECK(rest.empty());
}

}  // namespace ujson::fuzz
