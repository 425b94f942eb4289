#pragma once
// The JSON work of the three POST endpoints, on a body already known to be acceptable.
// Each answer is a status, an error code (empty on success) and a body in the workspace.

#include <string_view>

#include "media_type.hpp"
#include "ujson/proto/options.hpp"
#include "workspace.hpp"

namespace ujson::proto {

struct work_result {
  unsigned status = 200;
  ujson::errc error = ujson::errc::ok;  // a 422's code
  std::string_view body{};
  std::string_view type = "application/json";  // a 200's Content-Type (errors are JSON)
};

// POST /validate: {"valid":true} (NDJSON: {"valid":true,"lines":N}; a MessagePack or CBOR
// sequence: {"valid":true,"values":N}), in the answer's format, or 422.
work_result run_validate(std::string_view body, media kind, answer_format answer, const request_options& o,
                         workspace::impl& ws);

// POST /decode and /encode: the body decoded with o.decode, written with `encode`.
// NDJSON: one output line per non-empty input line; the first invalid line fails the whole
// request (422, nothing else answered) with that line's number. A MessagePack or CBOR body
// is a sequence of values: one is answered as JSON, several as one line each (NDJSON); the
// first invalid value fails the whole request, at its byte offset. A binary answer holds
// every document, concatenated.
work_result run_transform(std::string_view body, media kind, answer_format answer, const decode_options& read,
                          const encode_options& write, workspace::impl& ws);

}  // namespace ujson::proto
