// POST /validate?schema=NAME: the body's documents checked against a loaded JSON Schema.

#include <atomic>
#include <optional>

#include "documents.hpp"
#include "sequence.hpp"
#include "work.hpp"

namespace ujson::proto {
namespace {

constexpr auto relaxed = std::memory_order_relaxed;

// {"valid":false[,"line"|"value":N],"errors":[...]}: the 2020-12 "basic" output's units.
void write_refusal(ujson::writer& w, const ujson::schema::result& r, std::string_view place_name, std::size_t place) {
  w.reset();
  w.begin_object();
  w.key("valid");
  w.boolean(false);
  if (!place_name.empty()) {
    w.key(place_name);
    w.uint64(place);
  }
  w.key("errors");
  w.begin_array();
  for (const ujson::schema::error& e : r.errors) {
    w.begin_object();
    w.key("instanceLocation");
    w.string(e.instance_location);
    w.key("keywordLocation");
    w.string(e.keyword_location);
    w.key("keyword");
    w.string(e.keyword);
    w.key("message");
    w.string(e.message);
    w.end_object();
  }
  w.end_array();
  w.end_object();
}

// The verdict on one parsed document (MessagePack, CBOR), counted. Most documents pass:
// is_valid() finds that without keeping locations; only a refused one is evaluated again
// for its errors.
bool check(const named_schema& s, const ujson::value& doc, const request_options& o, ujson::schema::result& r) {
  if (s.validator.is_valid(doc)) {
    s.counts->valid.fetch_add(1, relaxed);
    return true;
  }
  s.counts->invalid.fetch_add(1, relaxed);
  r = s.validator.validate(doc, {.max_errors = o.max_errors});
  return false;
}

// The verdict on one JSON text, counted: parsed into `doc` and checked there (the event
// path, text_options::events, measured slower on every load row); the errors of a
// refused one come from the DOM. A text that is not JSON gives the parse's error (counted
// by the caller) instead.
ujson::error check_text(const named_schema& s, std::string_view text, const request_options& o,
                        ujson::document& doc, ujson::schema::result& r) {
  ujson::schema::text_result t =
      s.validator.validate_text(text, {.decode = o.decode, .max_errors = o.max_errors, .dom = &doc});
  if (t.decode_error) return t.decode_error;
  (t.valid ? s.counts->valid : s.counts->invalid).fetch_add(1, relaxed);
  r.valid = t.valid;
  r.errors = std::move(t.errors);
  return {};
}

work_result refused(workspace::impl& ws, const ujson::schema::result& r, std::string_view place_name,
                    std::size_t place) {
  write_refusal(ws.answer, r, place_name, place);
  return {422, ujson::errc::ok, ws.answer.output()};
}

work_result not_parsed(workspace::impl& ws, const named_schema& s, const ujson::error& e) {
  s.counts->error.fetch_add(1, relaxed);
  return codec_error(ws, e, true);
}

// Each line checked; under o.ndjson_errors a bad one (not JSON, or refused) fails the
// request, is left out, or has its verdict answered in its place. A binary answer comes
// with ndjson_errors=fail only (the handler refuses the others there).
work_result run_lines(std::string_view body, answer_format answer, const request_options& o, const named_schema& s,
                      workspace::impl& ws) {
  ujson::document& doc = ws.document_for(o.decode);
  ujson::schema::result r;
  ws.lines.clear();
  sequence_answer answers(o.ndjson_errors, ws.lines, "\n");
  std::optional<work_result> failed;
  std::size_t good = 0;
  for_each_line(body, [&](std::string_view line, std::size_t number, std::size_t start) {
    if (ujson::error e = check_text(s, line, o, doc, r)) {
      e.offset += start;
      e.line = number;
      if (answers.bad(ws.answer, [&](ujson::writer& w) { write_codec_error_body(w, e, true); })) {
        s.counts->error.fetch_add(1, relaxed);
        return true;
      }
      failed = not_parsed(ws, s, e);
      return false;
    }
    if (r.valid) {
      ++good;
      if (o.ndjson_errors == item_errors::report) answers.good(R"({"valid":true})");
      return true;
    }
    if (answers.bad(ws.answer, [&](ujson::writer& w) { write_refusal(w, r, "line", number); })) return true;
    failed = refused(ws, r, "line", number);
    return false;
  });
  if (failed) return *failed;
  if (o.ndjson_errors == item_errors::report) return {200, ujson::errc::ok, ws.lines, ndjson_type};
  work_result w = valid(ws, answer, "lines", &good);
  w.skipped = answers.skipped();
  return w;
}

}  // namespace

void write_schema_list(ujson::writer& w, const schema_set* schemas) {
  w.reset();
  w.begin_object();
  w.key("schemas");
  w.begin_array();
  if (schemas != nullptr) {
    for (const named_schema& s : schemas->all()) {
      w.begin_object();
      w.key("name");
      w.string(s.name);
      w.key("$id");
      if (s.id.empty()) {
        w.null();
      } else {
        w.string(s.id);
      }
      w.key("dialect");
      w.string(ujson::schema::dialect_uri(s.validator.dialect()));
      w.end_object();
    }
  }
  w.end_array();
  w.end_object();
}

work_result run_schema_validate(std::string_view body, media kind, answer_format answer, const request_options& o,
                                const named_schema& s, workspace::impl& ws) {
  ujson::document& doc = ws.document_for(o.decode);
  ujson::schema::result r;
  if (kind == media::json) {
    if (const ujson::error e = check_text(s, body, o, doc, r)) return not_parsed(ws, s, e);
    if (!r.valid) return refused(ws, r, {}, 0);
    return valid(ws, answer, {}, nullptr);
  }
  if (kind == media::ndjson) return run_lines(body, answer, o, s, ws);

  // A sequence of MessagePack or CBOR values: the first bad one fails the request.
  bool refused_one = false;
  std::size_t count = 0;
  const ujson::error e = for_each_value(body, [&](std::size_t& offset) -> ujson::error {
    if (const ujson::error pe = doc.parse(body, offset, binary_of(kind))) return pe;
    if (check(s, doc.root(), o, r)) return {};
    refused_one = true;
    return ujson::error{ujson::errc::stopped};
  }, count);
  if (refused_one) return refused(ws, r, "value", count + 1);
  if (e) return not_parsed(ws, s, e);
  return valid(ws, answer, "values", &count);
}

}  // namespace ujson::proto
