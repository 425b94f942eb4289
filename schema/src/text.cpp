// Instances as JSON text: the event path when asked for (text_options::events) and the
// schema allows it, the DOM path for the rest, for errors, and for whatever the events
// could not decide.

#include <optional>

#include "event_plan.hpp"
#include "event_validator.hpp"
#include "ujson/decoder.hpp"
#include "ujson/schema/schema.hpp"

namespace ujson::schema {

bool validator::checks_events() const noexcept { return events_ && events_->usable; }

text_result validator::is_valid_text(std::string_view json, const text_options& how) const {
  return check_text(json, how, false);
}

text_result validator::validate_text(std::string_view json, const text_options& how) const {
  return check_text(json, how, true);
}

text_result validator::check_text(std::string_view json, const text_options& how, bool with_errors) const {
  text_result r;
  if (how.events && checks_events() && how.decode.duplicate_keys != duplicate_keys::reject) {
    // One per thread, so that its stacks keep their capacity from one instance to the next.
    thread_local detail::event_validator events;
    events.reset(*events_);
    decoder d(how.decode);
    const ujson::error e = d.decode(json, events);
    const auto verdict = events.outcome();
    // A text that is not JSON is reported by the DOM path below, so that its error is
    // exactly the one parsing gives (the DOM's own, duplicate_key under reject, included).
    if (!e && verdict != detail::event_validator::verdict::undecided) {
      r.valid = verdict == detail::event_validator::verdict::valid;
      r.streamed = true;
      if (r.valid || !with_errors) return r;
    }
  }
  std::optional<document> own;
  document& doc = how.dom ? *how.dom : own.emplace(how.decode);
  if (const ujson::error e = doc.parse(json)) {
    r = text_result{};
    r.decode_error = e;
    return r;
  }
  // The verdict first, by is_valid's shortcuts: most documents pass, and only a failing one
  // needs validate()'s walk with locations (the two agree on every verdict).
  r.valid = is_valid(doc.root());
  if (r.valid || !with_errors) return r;
  result full = validate(doc.root(), {.max_errors = how.max_errors});
  r.valid = full.valid;
  r.errors = std::move(full.errors);
  return r;
}

}  // namespace ujson::schema
