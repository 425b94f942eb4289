#include "work.hpp"

#include <utility>

#include "ujson/validate.hpp"

namespace ujson::proto {
namespace {

bool blank(std::string_view line) {
  for (char c : line) {
    if (c != ' ' && c != '\t' && c != '\r') return false;
  }
  return true;
}

// Calls fn(line, line_number, line_offset) for each non-blank line; stops at the first
// error fn returns, rewritten to count lines and offsets in the whole body.
template <class Fn>
ujson::error for_each_line(std::string_view body, Fn&& fn, std::size_t& count) {
  std::size_t start = 0, number = 0;
  count = 0;
  while (start < body.size()) {
    ++number;
    std::size_t end = body.find('\n', start);
    if (end == std::string_view::npos) end = body.size();
    std::string_view line = body.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (!blank(line)) {
      ++count;
      if (ujson::error e = fn(line)) {
        e.offset += start;
        e.line = number;
        return e;
      }
    }
    start = end + 1;
  }
  return {};
}

work_result codec_error(workspace::impl& ws, const ujson::error& e, bool validate_shape) {
  write_codec_error_body(ws.answer, e, validate_shape);
  return {422, e.code, ws.answer.output()};
}

work_result encode_error(workspace::impl& ws, ujson::errc code) {
  write_encode_error_body(ws.answer, code);
  return {422, code, ws.answer.output()};
}

// {"valid":true}, with "lines":N for an NDJSON body.
work_result valid(workspace::impl& ws, const std::size_t* lines) {
  ujson::writer& w = ws.answer;
  w.reset();
  w.begin_object();
  w.key("valid");
  w.boolean(true);
  if (lines != nullptr) {
    w.key("lines");
    w.uint64(*lines);
  }
  w.end_object();
  return {200, ujson::errc::ok, w.output()};
}

}  // namespace

ujson::decoder& workspace::impl::decoder_for(const decode_options& o) {
  if (!decoder_ || decoder_->options() != o) decoder_.emplace(o);
  return *decoder_;
}

ujson::document& workspace::impl::document_for(const decode_options& o) {
  if (!document_ || document_->options() != o) document_.emplace(o);
  return *document_;
}

work_result run_validate(std::string_view body, media kind, const request_options& o, workspace::impl& ws) {
  ujson::decoder& d = ws.decoder_for(o.decode);
  ujson::validating_handler h;
  if (kind == media::json) {
    if (const ujson::error e = d.decode(body, h)) return codec_error(ws, e, true);
    return valid(ws, nullptr);
  }
  std::size_t lines = 0;
  const ujson::error e = for_each_line(body, [&](std::string_view line) { return d.decode(line, h); }, lines);
  if (e) return codec_error(ws, e, true);
  return valid(ws, &lines);
}

work_result run_transform(std::string_view body, media kind, const decode_options& read,
                          const encode_options& write, workspace::impl& ws) {
  ujson::document& doc = ws.document_for(read);
  // The writer fills the workspace's buffer, whose capacity carries over from request to
  // request, and hands it back when it ends: the response body points into ws.out (or
  // ws.lines), which the session keeps.
  ws.out.clear();
  ujson::writer w(ws.out, write);

  if (kind == media::json) {
    if (const ujson::error e = doc.parse(body)) return codec_error(ws, e, false);
    if (ujson::write_value(w, doc.root()) != ujson::errc::ok) return encode_error(ws, w.status());
    return {200, ujson::errc::ok, w.output()};
  }

  ws.lines.clear();
  ujson::errc failed_encoding = ujson::errc::ok;
  std::size_t count = 0;
  const ujson::error e = for_each_line(
      body,
      [&](std::string_view line) -> ujson::error {
        if (ujson::error pe = doc.parse(line)) return pe;
        w.reset();
        if (ujson::write_value(w, doc.root()) != ujson::errc::ok) {
          failed_encoding = w.status();
          return ujson::error{w.status()};
        }
        ws.lines.append(w.output());
        ws.lines.push_back('\n');
        return {};
      },
      count);
  if (failed_encoding != ujson::errc::ok) return encode_error(ws, failed_encoding);
  if (e) return codec_error(ws, e, false);
  return {200, ujson::errc::ok, ws.lines};
}

}  // namespace ujson::proto
