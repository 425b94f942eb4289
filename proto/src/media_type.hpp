#pragma once
// Content-Type of a request body: JSON, NDJSON, or something the service does not take.

#include <string_view>

namespace ujson::proto {

enum class media { json, ndjson, unsupported };

// A missing Content-Type is JSON. application/json, application/*+json, text/json and
// text/plain are JSON; application/x-ndjson, application/ndjson and application/jsonl are
// NDJSON. A charset other than UTF-8 (or US-ASCII, a subset) is unsupported.
media classify_media(std::string_view content_type) noexcept;

}  // namespace ujson::proto
