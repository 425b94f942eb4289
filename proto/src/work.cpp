#include "work.hpp"

#include <utility>

#include "ujson/validate.hpp"

namespace ujson::proto {
namespace {

bool same_read_options(const decode_options& a, const decode_options& b) {
  return a.max_depth == b.max_depth && a.duplicate_keys == b.duplicate_keys &&
         a.allow_nan_literals == b.allow_nan_literals && a.allow_lone_surrogates == b.allow_lone_surrogates;
}

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
  write_codec_error_body(ws.small, e, validate_shape);
  return {422, ujson::code_name(e.code), ws.small};
}

}  // namespace

ujson::decoder& workspace::impl::decoder_for(const decode_options& o) {
  if (!decoder_ || !same_read_options(decoder_->options(), o)) decoder_.emplace(o);
  return *decoder_;
}

ujson::document& workspace::impl::document_for(const decode_options& o) {
  if (!document_ || !same_read_options(document_->options(), o)) document_.emplace(o);
  return *document_;
}

work_result run_validate(std::string_view body, media kind, const request_options& o, workspace::impl& ws) {
  ujson::decoder& d = ws.decoder_for(o.decode);
  ujson::validating_handler h;
  if (kind == media::json) {
    if (const ujson::error e = d.decode(body, h)) return codec_error(ws, e, true);
    ws.small.assign("{\"valid\":true}");
    return {200, {}, ws.small};
  }
  std::size_t lines = 0;
  const ujson::error e = for_each_line(body, [&](std::string_view line) { return d.decode(line, h); }, lines);
  if (e) return codec_error(ws, e, true);
  ws.small.assign("{\"valid\":true,\"lines\":");
  ws.small += std::to_string(lines);
  ws.small += '}';
  return {200, {}, ws.small};
}

work_result run_transform(std::string_view body, media kind, const decode_options& read,
                          const encode_options& write, workspace::impl& ws) {
  ujson::document& doc = ws.document_for(read);
  // The writer borrows the workspace's buffer and gives it back, capacity and all; the
  // response body then points into ws.out (or ws.lines), which lives as long as the session.
  ujson::writer w(write);
  ws.out.clear();
  w.output_buffer() = std::move(ws.out);
  struct give_back {
    workspace::impl& ws;
    ujson::writer& w;
    ~give_back() { ws.out = std::move(w.output_buffer()); }
  } give_back_on_exit{ws, w};

  if (kind == media::json) {
    if (const ujson::error e = doc.parse(body)) return codec_error(ws, e, false);
    if (ujson::write_value(w, doc.root()) != ujson::errc::ok) {
      write_encode_error_body(ws.small, w.status());
      return {422, ujson::code_name(w.status()), ws.small};
    }
    return {200, {}, w.output()};
  }

  ws.lines.clear();
  ujson::errc encode_error = ujson::errc::ok;
  std::size_t count = 0;
  const ujson::error e = for_each_line(
      body,
      [&](std::string_view line) -> ujson::error {
        if (ujson::error pe = doc.parse(line)) return pe;
        w.reset();
        if (ujson::write_value(w, doc.root()) != ujson::errc::ok) {
          encode_error = w.status();
          return ujson::error{w.status()};
        }
        ws.lines.append(w.output());
        ws.lines.push_back('\n');
        return {};
      },
      count);
  if (encode_error != ujson::errc::ok) {
    write_encode_error_body(ws.small, encode_error);
    return {422, ujson::code_name(encode_error), ws.small};
  }
  if (e) return codec_error(ws, e, false);
  return {200, {}, ws.lines};
}

}  // namespace ujson::proto
