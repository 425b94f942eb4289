#pragma once
// The `format` values checked when format assertion is on (options::assert_formats).

#include <cstdint>
#include <string_view>

namespace ujson::schema::detail {

enum class format_kind : std::uint8_t {
  unknown,  // passes: an unknown format is an annotation
  date_time, date, time, duration, email, idn_email, hostname, idn_hostname, ipv4, ipv6,
  uri, uri_reference, iri, iri_reference, uuid, json_pointer, relative_json_pointer, regex,
};

format_kind format_named(std::string_view name) noexcept;
std::string_view format_name(format_kind kind) noexcept;

// Whether the string is of the format (strings only: other types always pass).
bool check_format(format_kind kind, std::string_view text);

}  // namespace ujson::schema::detail
