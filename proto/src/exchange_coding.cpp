#include "exchange_coding.hpp"

#include <boost/beast/http/field.hpp>

#include "answer_coding.hpp"
#include "ujson/proto/body_decoder.hpp"

namespace ujson::proto {

std::optional<coding_failure> decoded_body(const request& req, workspace::impl& ws, std::size_t limit,
                                           std::string_view& body) {
  body = req.body().view();
  coding_list codings;
  switch (request_codings(req, codings)) {
    case content_encoding_verdict::ok: break;
    case content_encoding_verdict::unknown: return coding_failure{http_error::unsupported_encoding, {}};
    case content_encoding_verdict::too_many:
      return coding_failure{http_error::unsupported_encoding, "at most 3 stacked Content-Encodings are read"};
  }
  if (codings.empty() || req.body().decoded) return std::nullopt;
  body_decoder decoder(codings, limit);
  decoder.expect(body.size());
  ws.decoded.clear();
  boost::system::error_code ec = decoder.write(body.data(), body.size(), ws.decoded);
  if (!ec) ec = decoder.finish(ws.decoded);
  if (ec == body_errc::too_large) return coding_failure{http_error::body_too_large, {}};
  if (ec) return coding_failure{http_error::bad_encoding, std::string(decoder.problem())};
  body = ws.decoded.view();
  return std::nullopt;
}

accept_encoding accept_encoding_of(const request& req) {
  const auto field = req.find(http::field::accept_encoding);
  if (field == req.end()) return parse_accept_encoding(std::nullopt);
  return parse_accept_encoding(std::string_view(field->value().data(), field->value().size()));
}

coding encode_answer(const accept_encoding& accept, const server_view& server, response& res, workspace::impl& ws) {
  res.set(http::field::vary, "Accept-Encoding");
  const bool can_compress = server.compress_level > 0;
  const std::string_view body(res.body().data(), res.body().size());
  const std::optional<coding> c = choose_coding(accept, can_compress && body.size() >= server.compress_min);
  if (!c || *c == coding::identity || !can_compress) return coding::identity;
  compress_answer(*c, server.compress_level, body, ws.coded);
  res.body() = boost::span<const char>(ws.coded.data(), ws.coded.size());
  res.set(http::field::content_encoding, coding_name(*c));
  res.prepare_payload();
  return *c;
}

}  // namespace ujson::proto
