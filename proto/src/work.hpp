#pragma once
// The JSON work of the three POST endpoints, on a body already known to be acceptable.
// Each answer is a status, an error code (empty on success) and a body in the workspace.

#include <optional>
#include <string_view>

#include "media_type.hpp"
#include "ujson/proto/errors.hpp"
#include "ujson/proto/options.hpp"
#include "ujson/proto/schemas.hpp"
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

inline constexpr std::string_view ndjson_type = "application/x-ndjson";

// 422 with the codec's error e; validate_shape: {"valid":false,"error":{...}} (/validate).
work_result codec_error(workspace::impl& ws, const ujson::error& e, bool validate_shape);
// 200 {"valid":true}, with `count_name`:*count when count is given, in the answer's format.
work_result valid(workspace::impl& ws, answer_format answer, std::string_view count_name, const std::size_t* count);

// POST /validate: {"valid":true} (NDJSON: {"valid":true,"lines":N}; a MessagePack or CBOR
// sequence: {"valid":true,"values":N}), in the answer's format, or 422.
work_result run_validate(std::string_view body, media kind, answer_format answer, const request_options& o,
                         workspace::impl& ws);

// POST /validate?schema=NAME: each document of the body (the JSON text, each NDJSON line,
// each MessagePack or CBOR value) checked against `s`, its verdict counted in s.counts.
// 200 {"valid":true} (with "lines" or "values" as above), or 422
// {"valid":false,"errors":[{instanceLocation, keywordLocation, keyword, message}...]}
// (NDJSON: with "line", binary: with "value", 1-based) for the first document the schema
// refuses, at most o.max_errors errors; a document that is not JSON answers as
// run_validate does. Under o.ndjson_errors, an NDJSON body's bad lines fail the request,
// are left out (200 {"valid":true,"lines":N} counting the good ones, `skipped` the rest),
// or are reported: 200 NDJSON, one verdict per line.
work_result run_schema_validate(std::string_view body, media kind, answer_format answer, const request_options& o,
                                const named_schema& s, workspace::impl& ws);

// GET /schemas: {"schemas":[{"name","$id" (null when none),"dialect" (the meta-schema's URI)}...]},
// by name.
void write_schema_list(ujson::writer& w, const schema_set* schemas);

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
