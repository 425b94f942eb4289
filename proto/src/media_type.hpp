#pragma once
// Content-Type of a request body: JSON, NDJSON, MessagePack, CBOR, or something the service
// does not take; and the format of the answer, from Accept.

#include <string_view>

namespace ujson::proto {

enum class media { json, ndjson, msgpack, cbor, unsupported };

// A missing Content-Type is JSON. application/json, application/*+json, text/json and
// text/plain are JSON; application/x-ndjson, application/ndjson and application/jsonl are
// NDJSON; application/msgpack, application/x-msgpack and application/vnd.msgpack are
// MessagePack; application/cbor is CBOR. A charset other than UTF-8 (or US-ASCII, a
// subset) is unsupported.
media classify_media(std::string_view content_type) noexcept;

// What an answer is written as.
enum class answer_format { json, msgpack, cbor, none };

// The format Accept (RFC 9110 12.5.1) prefers: the highest q-value, each format taking the
// q of the most specific range that matches it (application/json, also the NDJSON types;
// application/msgpack and its two aliases; application/cbor; application/*; */*), ties to
// the more specific range, then to JSON. A missing or empty Accept is JSON; none when
// every format has q=0 or no range matches (406).
answer_format negotiate_answer(std::string_view accept) noexcept;

}  // namespace ujson::proto
