#pragma once
// handle_request: one HTTP request in, one response out, with no sockets (the service's
// session does the I/O). The response body points into the connection's workspace, which
// the session keeps from request to request, so its buffers are reused, not reallocated.

#include <boost/beast/http/message.hpp>
#include <boost/beast/http/span_body.hpp>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "ujson/proto/body.hpp"
#include "ujson/proto/endpoint.hpp"
#include "ujson/proto/errors.hpp"
#include "ujson/proto/options.hpp"
#include "ujson/proto/schemas.hpp"

namespace ujson::proto {

namespace http = boost::beast::http;

using request = http::request<request_body>;  // body read in place by the codec
using response = http::response<http::span_body<const char>>;

// NDJSON answers under ndjson_errors=skip: how many lines they leave out.
inline constexpr std::string_view skipped_lines_header = "X-Ujson-Skipped-Lines";
// MessagePack and CBOR sequences under ndjson_errors=skip whose rest could not be split
// into values (a value's framing is broken): how many bytes at the body's end no answer covers.
inline constexpr std::string_view unread_bytes_header = "X-Ujson-Unread-Bytes";

// What the handler may know of the server.
struct server_view {
  std::size_t max_depth = ujson::default_max_depth;  // --max-depth: default and upper bound
  bool draining = false;                             // /healthz answers 503 while draining
  const metrics_source* metrics = nullptr;
  std::size_t max_body = 16 * 1024 * 1024;           // --max-body: a coded body's decoded size at most
  int compress_level = 1;                            // --compress-level: 1-9; 0 never compresses answers
  std::size_t compress_min = 1024;                   // --compress-min: smaller answers go uncompressed
  // --schema-dir's schemas as they were when the request began (the caller keeps them
  // alive until the answer is sent); nullptr: none loaded.
  const schema_set* schemas = nullptr;
};

// Per-connection state reused by every request on it: decoder, DOM arena, writer and the
// output buffers the response bodies point into.
class workspace {
 public:
  workspace();
  ~workspace();
  workspace(const workspace&) = delete;
  workspace& operator=(const workspace&) = delete;

  struct impl;
  impl& get() noexcept { return *impl_; }

 private:
  std::unique_ptr<impl> impl_;
};

// Answers req into res (whose body then points into ws until the next call). Never throws
// for any input; an allocation failure becomes a 500.
outcome handle_request(const request& req, response& res, workspace& ws, const server_view& server);

// An error the session finds before there is a whole request (bad HTTP, timeouts, limits):
// a JSON error body; these always close the connection.
outcome error_response(http_error e, unsigned version, response& res, workspace& ws, std::string_view message = {});

}  // namespace ujson::proto
