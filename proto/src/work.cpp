#include "work.hpp"

#include <utility>

#include "documents.hpp"
#include "sequence.hpp"
#include "ujson/binary_reader.hpp"
#include "ujson/validate.hpp"

namespace ujson::proto {
namespace {

// Why one document (a body, or an NDJSON line) has no answer.
struct failure {
  enum class kind : std::uint8_t { none, decode, encode, pointer };
  kind what = kind::none;
  ujson::error at{};         // decode: the codec's error; encode: its code; then placed in the body
  std::size_t pointer = 0;   // kind::pointer: the index of the pointer that matched nothing

  explicit operator bool() const noexcept { return what != kind::none; }
};

// Where one document is: a JSON text, or the MessagePack or CBOR value at *offset in `text`
// (offset then moves past it once it is read).
struct source {
  std::string_view text;
  std::size_t* offset = nullptr;
  binary_format format = binary_format::msgpack;
};

// One document decoded and written with w: the whole of it, or the values at o.pointers.
failure transform(const source& in, const request_options& o, workspace::impl& ws, ujson::writer& w) {
  if (o.pointers.empty()) {
    ujson::document& doc = ws.document_for(o.decode);
    const ujson::error e = in.offset ? doc.parse(in.text, *in.offset, in.format) : doc.parse(in.text);
    if (e) return {failure::kind::decode, e};
    if (ujson::write_value(w, doc.root()) != ujson::errc::ok) return {failure::kind::encode, {w.status()}};
    return {};
  }
  ujson::pointer_selection& s = ws.selection_for(o.decode);
  const ujson::error e =
      in.offset ? s.select(in.text, *in.offset, in.format, o.pointers) : s.select(in.text, o.pointers);
  if (e) return {failure::kind::decode, e};
  for (std::size_t i = 0; i < o.pointers.size() && !o.missing_null; ++i) {
    if (s.found(i) == nullptr) return {failure::kind::pointer, {}, i};
  }
  if (s.write(w) != ujson::errc::ok) return {failure::kind::encode, {w.status()}};
  return {};
}

}  // namespace

work_result codec_error(workspace::impl& ws, const ujson::error& e, bool validate_shape) {
  write_codec_error_body(ws.answer, e, validate_shape);
  return {422, e.code, ws.answer.output()};
}

namespace {

// The 422 of a request that fails with f. `line`: the NDJSON line's place, else nullptr.
work_result refuse(workspace::impl& ws, const failure& f, const request_options& o, const ujson::error* line) {
  switch (f.what) {
    case failure::kind::decode: return codec_error(ws, f.at, false);
    case failure::kind::pointer:
      write_pointer_error_body(ws.answer, o.pointers[f.pointer].text(), line);
      {
        work_result r{422, ujson::errc::ok, ws.answer.output()};
        r.refusal = http_error::pointer_not_found;
        return r;
      }
    default:
      write_encode_error_body(ws.answer, f.at.code);
      return {422, f.at.code, ws.answer.output()};
  }
}

work_result encode_error(workspace::impl& ws, ujson::errc code) {
  write_encode_error_body(ws.answer, code);
  return {422, code, ws.answer.output()};
}

std::string_view type_of(answer_format f) {
  return f == answer_format::cbor ? "application/cbor" : f == answer_format::msgpack ? "application/msgpack" : "application/json";
}

// {"valid":true}, with "lines":N for an NDJSON body or "values":N for a binary sequence,
// through any writer.
template <class Writer>
void write_valid(Writer& w, std::string_view count_name, const std::size_t* count) {
  w.begin_object();
  w.key("valid");
  w.boolean(true);
  if (count != nullptr) {
    w.key(count_name);
    w.uint64(*count);
  }
  w.end_object();
}

}  // namespace

work_result valid(workspace::impl& ws, answer_format answer, std::string_view count_name, const std::size_t* count) {
  if (answer == answer_format::json) {
    ujson::writer& w = ws.answer;
    w.reset();
    write_valid(w, count_name, count);
    return {200, ujson::errc::ok, w.output()};
  }
  ujson::binary_writer& w = ws.binary_writer_for(binary_of(answer), answer_options());
  write_valid(w, count_name, count);
  return {200, ujson::errc::ok, w.output(), type_of(answer)};
}

namespace {

// Parses each document of the body in turn (the JSON text, each NDJSON line, each
// MessagePack or CBOR value) into doc and calls add() on it; stops at the first error.
template <class Add>
ujson::error for_each_document(std::string_view body, media kind, ujson::document& doc, Add&& add) {
  if (kind == media::json) {
    const ujson::error e = doc.parse(body);
    return e ? e : add();
  }
  if (kind == media::ndjson) {
    ujson::error failed{};
    for_each_line(body, [&](std::string_view line, std::size_t number, std::size_t start) {
      failed = doc.parse(line);
      if (!failed) failed = add();
      if (failed) {
        failed.offset += start;
        failed.line = number;
      }
      return !failed;
    });
    return failed;
  }
  std::size_t count = 0;
  return for_each_value(body, [&](std::size_t& offset) {
    const ujson::error e = doc.parse(body, offset, binary_of(kind));
    return e ? e : add();
  }, count);
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

ujson::binary_reader& workspace::impl::binary_reader_for(binary_format f, const decode_options& o) {
  if (!binary_reader_ || binary_reader_->format() != f || binary_reader_->options() != o) binary_reader_.emplace(f, o);
  return *binary_reader_;
}

ujson::binary_writer& workspace::impl::binary_writer_for(binary_format f, const encode_options& o) {
  if (!binary_writer_ || binary_writer_->format() != f || !(binary_writer_->options() == o)) {
    binary_writer_.emplace(f, o);
  }
  binary_writer_->reset();
  return *binary_writer_;
}

ujson::pointer_selection& workspace::impl::selection_for(const decode_options& o) {
  if (!selection_ || selection_->options() != o) selection_.emplace(o);
  return *selection_;
}

work_result run_validate(std::string_view body, media kind, answer_format answer, const request_options& o,
                         workspace::impl& ws) {
  ujson::validating_handler h;
  if (kind == media::msgpack || kind == media::cbor) {
    std::size_t count = 0;
    ujson::binary_reader& reader = ws.binary_reader_for(binary_of(kind), o.decode);
    const ujson::error e =
        for_each_value(body, [&](std::size_t& offset) { return reader.read(body, offset, h); }, count);
    if (e) return codec_error(ws, e, true);
    return valid(ws, answer, "values", &count);
  }
  ujson::decoder& d = ws.decoder_for(o.decode);
  if (kind == media::json) {
    if (const ujson::error e = d.decode(body, h)) return codec_error(ws, e, true);
    return valid(ws, answer, {}, nullptr);
  }
  // NDJSON: a line that is not JSON fails the request, is left out, or is answered by its
  // error in its place (then each good line by {"valid":true}), by o.ndjson_errors.
  ws.lines.clear();
  sequence_answer verdicts(o.ndjson_errors, ws.lines, "\n");
  ujson::error failed{};
  std::size_t good = 0;
  for_each_line(body, [&](std::string_view line, std::size_t number, std::size_t start) {
    ujson::error e = d.decode(line, h);
    if (!e) {
      ++good;
      if (o.ndjson_errors == item_errors::report) verdicts.good(R"({"valid":true})");
      return true;
    }
    e.offset += start;
    e.line = number;
    if (verdicts.bad(ws.answer, [&](ujson::writer& w) { write_codec_error_body(w, e, true); })) return true;
    failed = e;
    return false;
  });
  if (failed) return codec_error(ws, failed, true);
  if (o.ndjson_errors == item_errors::report) return {200, ujson::errc::ok, ws.lines, ndjson_type};
  work_result r = valid(ws, answer, "lines", &good);
  r.skipped = verdicts.skipped();
  return r;
}

namespace {

// An answer in MessagePack or CBOR: every document, whole (the handler refuses pointer= and
// ndjson_errors=skip|report here, 400 bad_option), concatenated; the first that fails
// fails the request.
work_result run_binary_answer(std::string_view body, media kind, answer_format answer, const decode_options& read,
                              const encode_options& write, workspace::impl& ws) {
  ujson::document& doc = ws.document_for(read);
  ujson::binary_writer& out = ws.binary_writer_for(binary_of(answer), write);
  ujson::errc failed_encoding = ujson::errc::ok;
  auto add = [&]() -> ujson::error {
    if (ujson::write_value(out, doc.root()) == ujson::errc::ok) return {};
    failed_encoding = out.status();
    return ujson::error{failed_encoding};
  };
  const ujson::error e = for_each_document(body, kind, doc, add);
  if (failed_encoding != ujson::errc::ok) return encode_error(ws, failed_encoding);
  if (e) return codec_error(ws, e, false);
  return {200, ujson::errc::ok, out.output(), type_of(answer)};
}

// A MessagePack or CBOR body answered as JSON: each value in turn (the whole of it, or the
// values at o.pointers), by o.ndjson_errors as NDJSON lines are. A value the reader refuses
// for what it holds is stepped over by its framing (skip_binary_value) and the sequence
// goes on. Past a value whose framing is broken (truncated, malformed) the rest of the body
// cannot be split into values, so the sequence ends there: under skip the rest counts as
// one value left out and `unread` says how many bytes it held; under report its error
// object says so. Under fail a body of one value is answered as JSON, as a JSON body is;
// otherwise one line per value, so that the answer's shape does not depend on which fail.
work_result run_binary_sequence(std::string_view body, media kind, const request_options& o,
                                const encode_options& write, workspace::impl& ws) {
  if (body.empty()) return codec_error(ws, ujson::error{ujson::errc::empty_input}, false);
  const binary_format format = binary_of(kind);
  ws.out.clear();
  ujson::writer w(ws.out, write);
  ws.lines.clear();
  sequence_answer values(o.ndjson_errors, ws.lines, "\n");
  std::size_t offset = 0, number = 0, unread = 0;
  do {
    const std::size_t start = offset;
    ++number;
    w.reset();
    failure f = transform({body, &offset, format}, o, ws, w);
    if (!f) {
      values.good(w.output());
      continue;
    }
    // A value that was read (then refused by the writer, or a pointer that found nothing)
    // has moved offset past itself; one that was not is stepped over by its framing.
    ujson::error framing{};
    if (f.what == failure::kind::decode) {
      f.at = value_position(f.at, number, start);
      framing = ujson::skip_binary_value(format, body, offset);
      if (framing) framing = value_position(framing, number, start);
    }
    const ujson::error at = f.what == failure::kind::decode ? f.at : ujson::error{f.at.code, start, number, 1};
    const bool go_on = values.bad(ws.answer, [&](ujson::writer& report) {
      if (f.what == failure::kind::pointer) {
        write_pointer_error_body(report, o.pointers[f.pointer].text(), &at);
      } else if (framing) {
        write_unread_error_body(report, framing, body.size() - start);
      } else {
        write_codec_error_body(report, at, false);
      }
    });
    if (!go_on) return refuse(ws, f, o, &at);
    if (framing) {
      unread = body.size() - start;
      break;
    }
  } while (offset < body.size());
  if (o.ndjson_errors == item_errors::fail && number == 1) {
    return {200, ujson::errc::ok, std::string_view(ws.lines).substr(0, ws.lines.size() - 1)};
  }
  work_result r{200, ujson::errc::ok, ws.lines, ndjson_type};
  r.skipped = values.skipped();
  r.unread = unread;
  return r;
}

}  // namespace

work_result run_transform(std::string_view body, media kind, answer_format answer, const request_options& o,
                          const encode_options& write, workspace::impl& ws) {
  if (answer != answer_format::json) return run_binary_answer(body, kind, answer, o.decode, write, ws);
  if (kind == media::msgpack || kind == media::cbor) return run_binary_sequence(body, kind, o, write, ws);
  // The writer fills the workspace's buffer, whose capacity carries over from request to
  // request, and hands it back when it ends: the response body points into ws.out (or
  // ws.lines), which the session keeps.
  ws.out.clear();
  ujson::writer w(ws.out, write);

  if (kind == media::json) {
    if (const failure f = transform({body}, o, ws, w)) return refuse(ws, f, o, nullptr);
    return {200, ujson::errc::ok, w.output()};
  }

  ws.lines.clear();
  sequence_answer lines(o.ndjson_errors, ws.lines, "\n");
  failure failed;
  ujson::error failed_line{};
  for_each_line(body, [&](std::string_view line, std::size_t number, std::size_t start) {
    w.reset();
    failure f = transform({line}, o, ws, w);
    if (!f) {
      lines.good(w.output());
      return true;
    }
    // A codec error's place in the body; the others are placed at the line's first byte.
    const ujson::error at = f.what == failure::kind::decode
                                ? ujson::error{f.at.code, f.at.offset + start, number, f.at.column}
                                : ujson::error{f.at.code, start, number, 1};
    const bool go_on = lines.bad(ws.answer, [&](ujson::writer& report) {
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
  work_result r{200, ujson::errc::ok, ws.lines, ndjson_type};
  r.skipped = lines.skipped();
  return r;
}

}  // namespace ujson::proto
