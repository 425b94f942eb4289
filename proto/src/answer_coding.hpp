#pragma once
// Compressing an answer for Accept-Encoding, with Debian's zlib and libzstd. Each serving
// thread keeps one compressor per coding (a deflate state is some 270 KiB), not each
// connection.

#include <string_view>

#include "ujson/proto/body.hpp"
#include "ujson/proto/content_coding.hpp"

namespace ujson::proto {

// `in` compressed with c (gzip, deflate or zstd; not identity) at `level` (1-9) into `out`,
// which is replaced. Throws std::bad_alloc.
void compress_answer(coding c, int level, std::string_view in, body_bytes& out);

}  // namespace ujson::proto
