#pragma once
// The service's log: access lines (one per answered request) and event lines (start-up,
// drain, errors), one JSON object per line on stderr, written by the codec's writer
// (log_format.hpp) and handed to the log sink (log_sink.hpp), which writes batches on a
// thread of its own. An access line costs the serving thread a copy of its fields into
// its ring; the log thread formats it. Event lines are rare: formatted where they happen.

#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>

#include "log_format.hpp"
#include "log_sink.hpp"

namespace ujsond {

// The sink's settings for this log: stderr, access records formatted as above, and a
// warning line for dropped lines.
log_sink::settings service_log_settings();

// False when the line was dropped (counted by the sink).
bool log_access(log_sink& sink, const access_entry& e);

// {"ts":...,"level":...,"msg":...,<fields>}. The log thread is woken for it at once.
void log_event(log_sink& sink, log_level level, std::string_view msg, std::initializer_list<log_field> fields = {});

}  // namespace ujsond
