#pragma once
// The inside of proto::workspace: what one connection reuses from request to request.

#include <optional>
#include <string>

#include "ujson/binary_reader.hpp"
#include "ujson/binary_writer.hpp"
#include "ujson/buffer.hpp"
#include "ujson/decoder.hpp"
#include "ujson/dom.hpp"
#include "ujson/pointer.hpp"
#include "ujson/proto/errors.hpp"
#include "ujson/proto/handler.hpp"
#include "ujson/writer.hpp"

namespace ujson::proto {

struct workspace::impl {
  ujson::writer answer{answer_options()};  // the service's own JSON: verdicts, errors, health
  std::string metrics_text;               // GET /metrics
  std::string lines;                      // NDJSON answers, line by line
  ujson::buffer out;                      // each request's writer writes here, so its capacity carries over
  body_bytes decoded;                     // a coded body handle_request decodes itself (not read by a session)
  body_bytes coded;                       // a compressed answer

  // Rebuilt only when a request asks for different read options than the last one.
  ujson::decoder& decoder_for(const decode_options& o);
  ujson::document& document_for(const decode_options& o);
  ujson::binary_reader& binary_reader_for(binary_format f, const decode_options& o);
  // Empty, for one answer in MessagePack or CBOR.
  ujson::binary_writer& binary_writer_for(binary_format f, const encode_options& o);
  ujson::pointer_selection& selection_for(const decode_options& o);

 private:
  std::optional<ujson::decoder> decoder_;
  std::optional<ujson::document> document_;
  std::optional<ujson::binary_reader> binary_reader_;
  std::optional<ujson::binary_writer> binary_writer_;
  std::optional<ujson::pointer_selection> selection_;
};

}  // namespace ujson::proto
