#include "work.hpp"

#include <utility>

#include "sequence.hpp"
#include "ujson/validate.hpp"

namespace ujson::proto {
namespace {

bool blank(std::string_view line) {
  for (char c : line) {
    if (c != ' ' && c != '\t' && c != '\r') return false;
  }
  return true;
}

// Calls fn(line, number, offset) for each non-blank line (number 1-based, counting blank
// lines; offset from the start of the body) until fn returns false. The number of lines
// fn was called for.
template <class Fn>
std::size_t for_each_line(std::string_view body, Fn&& fn) {
  std::size_t start = 0, number = 0, count = 0;
  while (start < body.size()) {
    ++number;
    std::size_t end = body.find('\n', start);
    if (end == std::string_view::npos) end = body.size();
    std::string_view line = body.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (!blank(line)) {
      ++count;
      if (!fn(line, number, start)) break;
    }
    start = end + 1;
  }
  return count;
}

// Why one document (a body, or an NDJSON line) has no answer.
struct failure {
  enum class kind : std::uint8_t { none, decode, encode, pointer };
  kind what = kind::none;
  ujson::error at{};         // decode: the codec's error; encode: its code; then placed in the body
  std::size_t pointer = 0;   // kind::pointer: the index of the pointer that matched nothing

  explicit operator bool() const noexcept { return what != kind::none; }
};

// One document decoded and written with w: the whole of it, or the values at o.pointers.
failure transform(std::string_view text, const request_options& o, workspace::impl& ws, ujson::writer& w) {
  if (o.pointers.empty()) {
    ujson::document& doc = ws.document_for(o.decode);
    if (const ujson::error e = doc.parse(text)) return {failure::kind::decode, e};
    if (ujson::write_value(w, doc.root()) != ujson::errc::ok) return {failure::kind::encode, {w.status()}};
    return {};
  }
  ujson::pointer_selection& s = ws.selection_for(o.decode);
  if (const ujson::error e = s.select(text, o.pointers)) return {failure::kind::decode, e};
  for (std::size_t i = 0; i < o.pointers.size() && !o.missing_null; ++i) {
    if (s.found(i) == nullptr) return {failure::kind::pointer, {}, i};
  }
  if (s.write(w) != ujson::errc::ok) return {failure::kind::encode, {w.status()}};
  return {};
}

work_result codec_error(workspace::impl& ws, const ujson::error& e, bool validate_shape) {
  write_codec_error_body(ws.answer, e, validate_shape);
  return {422, e.code, ws.answer.output()};
}

// The 422 of a request that fails with f. `line`: the NDJSON line's place, else nullptr.
work_result refuse(workspace::impl& ws, const failure& f, const request_options& o, const ujson::error* line) {
  switch (f.what) {
    case failure::kind::decode: return codec_error(ws, f.at, false);
    case failure::kind::pointer:
      write_pointer_error_body(ws.answer, o.pointers[f.pointer].text(), line);
      return {422, ujson::errc::ok, ws.answer.output(), http_error::pointer_not_found};
    default:
      write_encode_error_body(ws.answer, f.at.code);
      return {422, f.at.code, ws.answer.output()};
  }
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

ujson::pointer_selection& workspace::impl::selection_for(const decode_options& o) {
  if (!selection_ || selection_->options() != o) selection_.emplace(o);
  return *selection_;
}

work_result run_validate(std::string_view body, media kind, const request_options& o, workspace::impl& ws) {
  ujson::decoder& d = ws.decoder_for(o.decode);
  ujson::validating_handler h;
  if (kind == media::json) {
    if (const ujson::error e = d.decode(body, h)) return codec_error(ws, e, true);
    return valid(ws, nullptr);
  }
  ujson::error failed{};
  std::size_t lines = for_each_line(body, [&](std::string_view line, std::size_t number, std::size_t start) {
    failed = d.decode(line, h);
    failed.offset += start;
    failed.line = number;
    return !failed;
  });
  if (failed) return codec_error(ws, failed, true);
  return valid(ws, &lines);
}

work_result run_transform(std::string_view body, media kind, const request_options& o, const encode_options& write,
                          workspace::impl& ws) {
  // The writer fills the workspace's buffer, whose capacity carries over from request to
  // request, and hands it back when it ends: the response body points into ws.out (or
  // ws.lines), which the session keeps.
  ws.out.clear();
  ujson::writer w(ws.out, write);

  if (kind == media::json) {
    if (const failure f = transform(body, o, ws, w)) return refuse(ws, f, o, nullptr);
    return {200, ujson::errc::ok, w.output()};
  }

  ws.lines.clear();
  sequence_answer answer(o.ndjson_errors, ws.lines, "\n");
  failure failed;
  ujson::error failed_line{};
  for_each_line(body, [&](std::string_view line, std::size_t number, std::size_t start) {
    w.reset();
    failure f = transform(line, o, ws, w);
    if (!f) {
      answer.good(w.output());
      return true;
    }
    // A codec error's place in the body; the others are placed at the line's first byte.
    const ujson::error at = f.what == failure::kind::decode
                                ? ujson::error{f.at.code, f.at.offset + start, number, f.at.column}
                                : ujson::error{f.at.code, start, number, 1};
    const bool go_on = answer.bad(ws.answer, [&](ujson::writer& report) {
      if (f.what == failure::kind::pointer) {
        write_pointer_error_body(report, o.pointers[f.pointer].text(), &at);
      } else {
        write_codec_error_body(report, at, false);
      }
    });
    if (!go_on) {
      // Encoder errors keep the body they have always had, without a place.
      if (f.what == failure::kind::decode) f.at = at;
      failed = f;
      failed_line = at;
    }
    return go_on;
  });
  if (failed) return refuse(ws, failed, o, &failed_line);
  work_result r{200, ujson::errc::ok, ws.lines};
  r.skipped = answer.skipped();
  return r;
}

}  // namespace ujson::proto
