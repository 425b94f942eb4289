#pragma once
// The JSON work of the three POST endpoints, on a body already known to be acceptable.
// Each answer is a status, an error code (empty on success) and a body in the workspace.

#include <optional>
#include <string_view>

#include "media_type.hpp"
#include "ujson/proto/errors.hpp"
#include "ujson/proto/options.hpp"
#include "workspace.hpp"

namespace ujson::proto {

struct work_result {
  unsigned status = 200;
  ujson::errc error = ujson::errc::ok;  // a 422's codec code
  std::string_view body{};
  std::string_view type = "application/json";  // a 200's Content-Type (errors are JSON)
  std::optional<http_error> refusal{};  // a 422 of the service's own (pointer_not_found)
  std::size_t skipped = 0;              // NDJSON lines or binary values left out (ndjson_errors=skip)
  std::size_t unread = 0;               // a binary sequence's bytes past a value whose framing broke
};

// POST /validate: {"valid":true} (NDJSON: {"valid":true,"lines":N}; a MessagePack or CBOR
// sequence: {"valid":true,"values":N}), in the answer's format, or 422.
work_result run_validate(std::string_view body, media kind, answer_format answer, const request_options& o,
                         workspace::impl& ws);

// POST /decode and /encode: the body decoded with o.decode, written with `write` (only the
// values at o.pointers, when there are any). NDJSON: one output line per non-blank input
// line; a line that fails fails the whole request (422, nothing else answered, with that
// line's number), is left out or is answered by its error, by o.ndjson_errors.
// A MessagePack or CBOR body is a sequence of values, handled as NDJSON lines are (a
// value's "line" is its number in the sequence): one is answered as JSON under
// ndjson_errors=fail, otherwise one line per value. A binary answer holds every document,
// concatenated; with it, o.pointers is empty and o.ndjson_errors is fail (the handler
// refuses the others).
work_result run_transform(std::string_view body, media kind, answer_format answer, const request_options& o,
                          const encode_options& write, workspace::impl& ws);

}  // namespace ujson::proto
