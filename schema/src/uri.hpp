#pragma once
// URI references (RFC 3986) and JSON Pointers (RFC 6901), as far as $id and $ref need them.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ujson::schema::detail {

// `ref` resolved against `base` (RFC 3986 section 5.2, with dot segments removed). A base
// without a scheme is treated as a path, so relative names still combine.
std::string resolve_uri(std::string_view base, std::string_view ref);

// The URI without its fragment, and the fragment (after '#', still percent-encoded).
std::string_view without_fragment(std::string_view uri) noexcept;
std::string_view fragment_of(std::string_view uri) noexcept;
bool has_fragment(std::string_view uri) noexcept;

// %XX decoded; nullopt when an escape is malformed.
std::optional<std::string> percent_decode(std::string_view s);

// "/a~1b/0" -> {"a/b", "0"}; nullopt when the text is not a JSON Pointer.
std::optional<std::vector<std::string>> split_pointer(std::string_view pointer);

// One reference token escaped for a JSON Pointer (~ -> ~0, / -> ~1).
void append_pointer_token(std::string& out, std::string_view token);

}  // namespace ujson::schema::detail
