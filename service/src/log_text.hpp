#pragma once
// Text for a log line: the codec's writer accepts only valid UTF-8, and a request's target
// is whatever bytes the client sent. loggable_text() maps each byte that is not part of a
// valid UTF-8 sequence to "%XX" (its value in hex), so a line is always written and always
// valid JSON; valid UTF-8, quotes, backslashes and control bytes pass unchanged (the writer
// escapes them).

#include <string>
#include <string_view>

namespace ujsond {

// `text` itself when it is valid UTF-8 (the common case: no copy); otherwise the mapped
// copy, written into `scratch` (the view lives as long as `scratch` is unchanged).
std::string_view loggable_text(std::string_view text, std::string& scratch);

}  // namespace ujsond
