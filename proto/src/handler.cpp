// handle_request: routing, method and header checks, options, then the JSON work.

#include "ujson/proto/handler.hpp"

#include <boost/beast/http/field.hpp>
#include <array>
#include <string>
#include <new>

#include "exchange_coding.hpp"
#include "media_type.hpp"
#include "work.hpp"
#include "workspace.hpp"

namespace ujson::proto {
namespace {

constexpr std::string_view json_type = "application/json";
constexpr std::string_view metrics_type = "text/plain; version=0.0.4; charset=utf-8";

void finish(response& res, unsigned version, unsigned status, std::string_view content_type, std::string_view body,
            bool keep_alive) {
  res.version(version);
  res.result(status);
  res.set(http::field::server, "ujsond");
  res.set(http::field::content_type, content_type);
  res.body() = boost::span<const char>(body.data(), body.size());
  res.keep_alive(keep_alive);
  res.prepare_payload();
}

outcome fail(const request& req, response& res, workspace::impl& ws, endpoint where, http_error e,
             std::string_view message = {}, std::string_view option = {}) {
  write_error_body(ws.answer, e, message, option);
  const http_error_info& i = info(e);
  finish(res, req.version(), i.status, json_type, ws.answer.output(), req.keep_alive());
  return {where, i.status, e};
}

// `negotiated`: set once the request has passed its Accept-Encoding check; its answer is
// then sent in the coding that chose.
outcome handle(const request& req, response& res, workspace::impl& ws, const server_view& server,
               std::optional<accept_encoding>& negotiated) {
  const std::string_view target = origin_form(std::string_view(req.target().data(), req.target().size()));
  const endpoint where = endpoint_of(target);
  const bool post = where == endpoint::validate || where == endpoint::decode || where == endpoint::encode;
  if (where == endpoint::other) return fail(req, res, ws, where, http_error::not_found);

  const http::verb wanted = post ? http::verb::post : http::verb::get;
  if (req.method() != wanted) {
    outcome o = fail(req, res, ws, where, http_error::method_not_allowed,
                     post ? "this endpoint takes POST" : "this endpoint takes GET");
    res.set(http::field::allow, post ? "POST" : "GET");
    return o;
  }
  const accept_encoding accept = accept_encoding_of(req);
  if (!anything_acceptable(accept, server.compress_level > 0)) {
    outcome o = fail(req, res, ws, where, http_error::not_acceptable);
    res.set(http::field::vary, "Accept-Encoding");
    return o;
  }
  negotiated = accept;
  const std::size_t q = target.find('?');
  const std::string_view query = q == std::string_view::npos ? std::string_view() : target.substr(q + 1);

  if (!post) {
    if (!query.empty()) {
      const std::size_t eq = query.find_first_of("=&");
      const std::string_view name = query.substr(0, eq);
      return fail(req, res, ws, where, http_error::bad_option, "this endpoint takes no options", name);
    }
    if (where == endpoint::healthz) {
      write_health_body(ws.answer, server.draining);
      const unsigned status = server.draining ? 503 : 200;
      finish(res, req.version(), status, json_type, ws.answer.output(), req.keep_alive());
      if (server.draining) return {where, status, http_error::shutting_down};
      return {where, status};
    }
    if (where == endpoint::schemas) {
      write_schema_list(ws.answer, server.schemas);
      finish(res, req.version(), 200, json_type, ws.answer.output(), req.keep_alive());
      return {where, 200};
    }
    ws.metrics_text.clear();
    if (server.metrics != nullptr) server.metrics->render(ws.metrics_text);
    finish(res, req.version(), 200, metrics_type, ws.metrics_text, req.keep_alive());
    return {where, 200};
  }

  if (!req.has_content_length() && !req.chunked()) {
    outcome o = fail(req, res, ws, where, http_error::length_required);
    o.close = true;
    res.keep_alive(false);
    return o;
  }
  std::string_view body;
  if (const std::optional<coding_failure> f = decoded_body(req, ws, server.max_body, body)) {
    outcome o = fail(req, res, ws, where, f->error, f->message);
    if (f->error == http_error::unsupported_encoding) res.set(http::field::accept_encoding, accepted_request_codings);
    return o;
  }
  const auto type_field = req.find(http::field::content_type);
  const std::string_view type =
      type_field == req.end() ? std::string_view() : std::string_view(type_field->value().data(), type_field->value().size());
  const media kind = classify_media(type);
  if (kind == media::unsupported) return fail(req, res, ws, where, http_error::unsupported_media_type);
  const auto accept_field = req.find(http::field::accept);
  const answer_format answer = negotiate_answer(
      accept_field == req.end() ? std::string_view()
                                : std::string_view(accept_field->value().data(), accept_field->value().size()));
  if (answer == answer_format::none) return fail(req, res, ws, where, http_error::not_acceptable);

  const std::uint8_t bit = where == endpoint::validate ? on_validate : where == endpoint::decode ? on_decode : on_encode;
  request_options options;
  option_error bad;
  if (!parse_options(query, bit, server.max_depth, options, bad)) {
    return fail(req, res, ws, where, http_error::bad_option, bad.message, bad.option);
  }
  // pointer= and ndjson_errors=skip|report work on answers in JSON only.
  const bool binary_body = kind == media::msgpack || kind == media::cbor;
  if (answer != answer_format::json) {
    const std::string_view why = "an answer in MessagePack or CBOR (Accept)";
    if (!options.pointers.empty()) {
      return fail(req, res, ws, where, http_error::bad_option, "pointer is not supported with " + std::string(why),
                  "pointer");
    }
    if (options.ndjson_errors != item_errors::fail) {
      return fail(req, res, ws, where, http_error::bad_option,
                  "ndjson_errors=skip|report is not supported with " + std::string(why), "ndjson_errors");
    }
  }

  // /validate answers a MessagePack or CBOR sequence with one verdict (the first bad value
  // fails it); leaving values out or reporting each is /decode's and /encode's.
  if (binary_body && where == endpoint::validate && options.ndjson_errors != item_errors::fail) {
    return fail(req, res, ws, where, http_error::bad_option,
                "ndjson_errors=skip|report on /validate takes NDJSON bodies, not a MessagePack or CBOR sequence",
                "ndjson_errors");
  }

  const named_schema* schema = nullptr;
  if (!options.schema.empty()) {
    schema = server.schemas == nullptr ? nullptr : server.schemas->find(options.schema);
    if (schema == nullptr) {
      std::string scratch;
      return fail(req, res, ws, where, http_error::unknown_schema,
                  "no schema named '" + std::string(displayable(options.schema, scratch)) + "' is loaded");
    }
  }

  work_result r;
  if (schema != nullptr) {
    r = run_schema_validate(body, kind, answer, options, *schema, ws);
  } else if (where == endpoint::validate) {
    r = run_validate(body, kind, answer, options, ws);
  } else if (where == endpoint::decode) {
    // canonical=true: the writer takes only max_depth from options.encode, the rest is RFC 8785's.
    const encode_options write = options.encode.canonical ? options.encode : canonical_encode_options(options.decode);
    r = run_transform(body, kind, answer, options, write, ws);
  } else {
    r = run_transform(body, kind, answer, options, options.encode, ws);
  }
  finish(res, req.version(), r.status, r.type, r.body, req.keep_alive());
  outcome o{where, r.status, r.refusal, r.error};
  if ((kind == media::ndjson || binary_body) && r.status == 200 && options.ndjson_errors == item_errors::skip) {
    res.set(skipped_lines_header, std::to_string(r.skipped));
    o.skipped_lines = r.skipped;
  }
  if (r.unread != 0) res.set(unread_bytes_header, std::to_string(r.unread));
  return o;
}

}  // namespace

workspace::workspace() : impl_(std::make_unique<impl>()) {}
workspace::~workspace() = default;

namespace {
// In the enum's order; a request's path is "/" and one of them (but "other").
constexpr std::array<std::string_view, endpoint_count> endpoint_names{"validate", "decode",  "encode", "healthz",
                                                                      "metrics",  "schemas", "other"};
static_assert(endpoint_names.back() == "other" && static_cast<std::size_t>(endpoint::other) == endpoint_count - 1);
}  // namespace

std::string_view endpoint_label(endpoint e) noexcept { return endpoint_names[static_cast<std::size_t>(e)]; }

std::string_view origin_form(std::string_view target) noexcept {
  // Absolute form ("http://host:8080/decode?x"), which HTTP/1.1 servers must accept.
  const std::size_t scheme = target.find("://");
  if (target.empty() || target.front() == '/' || scheme == std::string_view::npos) return target;
  const std::size_t path = target.find_first_of("/?", scheme + 3);
  if (path == std::string_view::npos) return "/";
  return target.substr(path);
}

endpoint endpoint_of(std::string_view target) noexcept {
  target = origin_form(target);
  const std::string_view path = target.substr(0, target.find('?'));
  if (path.empty() || path.front() != '/') return endpoint::other;
  for (std::size_t i = 0; i + 1 < endpoint_names.size(); ++i) {
    if (path.substr(1) == endpoint_names[i]) return static_cast<endpoint>(i);
  }
  return endpoint::other;
}

outcome handle_request(const request& req, response& res, workspace& ws, const server_view& server) {
  try {
    std::optional<accept_encoding> negotiated;
    outcome o = handle(req, res, ws.get(), server, negotiated);
    if (negotiated) o.answer_coding = encode_answer(*negotiated, server, res, ws.get());
    return o;
  } catch (const std::bad_alloc&) {
    return error_response(http_error::internal_error, req.version(), res, ws, "out of memory");
  } catch (...) {
    return error_response(http_error::internal_error, req.version(), res, ws);
  }
}

outcome error_response(http_error e, unsigned version, response& res, workspace& ws, std::string_view message) {
  workspace::impl& w = ws.get();
  const http_error_info& i = info(e);
  std::string_view body;
  try {
    write_error_body(w.answer, e, message);
    body = w.answer.output();
  } catch (...) {
    body = {};
  }
  finish(res, version, i.status, json_type, body, false);
  return {endpoint::other, i.status, e, ujson::errc::ok, true};
}

}  // namespace ujson::proto
