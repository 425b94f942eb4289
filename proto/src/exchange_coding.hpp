#pragma once
// The content codings of one exchange: the request body's Content-Encoding undone, and the
// answer compressed as its Accept-Encoding asks.

#include <optional>
#include <string>
#include <string_view>

#include "ujson/proto/content_coding.hpp"
#include "ujson/proto/errors.hpp"
#include "ujson/proto/handler.hpp"
#include "workspace.hpp"

namespace ujson::proto {

struct coding_failure {
  http_error error;     // unsupported_encoding, bad_encoding or body_too_large
  std::string message;  // for the error body; empty: the table's
};

// The request's body as the codec should read it. A body the session's reader decoded (or
// one without a Content-Encoding) is the request's own; one with a Content-Encoding that
// nobody decoded yet (handle_request called without a session) is decoded into ws.decoded,
// at most `limit` bytes.
std::optional<coding_failure> decoded_body(const request& req, workspace::impl& ws, std::size_t limit,
                                           std::string_view& body);

// The request's Accept-Encoding.
accept_encoding accept_encoding_of(const request& req);

// Sets Vary: Accept-Encoding and, when `accept` and the server's settings choose a coding,
// compresses res's body into ws.coded with Content-Encoding; the coding sent. `accept` must
// allow something (anything_acceptable).
coding encode_answer(const accept_encoding& accept, const server_view& server, response& res, workspace::impl& ws);

}  // namespace ujson::proto
