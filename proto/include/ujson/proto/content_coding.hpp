#pragma once
// HTTP content codings (RFC 9110 §8.4): the Content-Encoding of a request body and the
// Accept-Encoding negotiation of an answer. Header text in, decisions out: no zlib, no
// Beast, no sockets (body_decoder.hpp and answer_coding.hpp do the bytes).

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace ujson::proto {

// identity is the absence of a coding; the other three are what the service reads and writes.
enum class coding : std::uint8_t { identity, gzip, deflate, zstd };
inline constexpr std::size_t coding_count = 4;

// "identity", "gzip", "deflate" (the zlib format, RFC 1950, as HTTP defines it), "zstd".
std::string_view coding_name(coding c) noexcept;

// What a 415 unsupported_encoding answer's Accept-Encoding header says (RFC 7694).
inline constexpr std::string_view accepted_request_codings = "gzip, deflate, zstd";

// The codings of a request body in the order they were applied, identity left out:
// "gzip, zstd" means gzip first, then zstd, so zstd is undone first.
struct coding_list {
  // Stacked codings cost a decoder each; more than this many is refused (415).
  static constexpr std::size_t max_codings = 3;
  std::array<coding, max_codings> items{};
  std::size_t count = 0;

  bool empty() const noexcept { return count == 0; }
  bool operator==(const coding_list&) const = default;
};

enum class content_encoding_verdict : std::uint8_t {
  ok,          // every element is a known coding (or identity)
  unknown,     // an element names a coding the service cannot undo ("br", "compress", "")
  too_many,    // more than coding_list::max_codings codings
};

// Parses a Content-Encoding field value (a comma-separated, case-insensitive list; "x-gzip"
// is gzip, RFC 9110 §8.4.1.3) onto the end of `out` (a second field continues the list of
// the first). An empty value, or only identity, adds nothing.
content_encoding_verdict parse_content_encoding(std::string_view value, coding_list& out) noexcept;

// An Accept-Encoding field value's weights, as thousandths (q=0.5 is 500), per coding.
struct accept_encoding {
  std::array<std::uint16_t, coding_count> weight{};  // by coding's value
};

// Parses Accept-Encoding (RFC 9110 §12.5.3): elements "token [; q=qvalue]"; a coding's weight
// is its own element's, else that of "*", else 0 (identity: 1, the lowest acceptable weight,
// so that it is acceptable unless excluded but never preferred to a coding the client named).
// An element whose q is malformed (q=2, q=0.1234, q=x) is ignored, as is an unknown coding.
// A field that is absent is passed as std::nullopt: identity alone (a client that did not ask
// gets no coding it might not read).
accept_encoding parse_accept_encoding(std::optional<std::string_view> value) noexcept;

// The coding to answer with, or nullopt when nothing acceptable can be sent (406).
// `worth_compressing` is false for an answer below --compress-min (or with compression
// off): identity is then chosen whenever it is acceptable.
// Among codings of equal weight: zstd, then gzip, then deflate, then identity.
std::optional<coding> choose_coding(const accept_encoding& accept, bool worth_compressing) noexcept;

// Whether any coding at all is acceptable (a request with nothing acceptable is 406 before
// any work is done): identity, or with `can_compress` one of the others.
bool anything_acceptable(const accept_encoding& accept, bool can_compress) noexcept;

}  // namespace ujson::proto
