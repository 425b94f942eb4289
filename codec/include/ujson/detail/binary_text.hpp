#pragma once
// Text forms the MessagePack and CBOR readers and writers give values JSON has no type for
// (docs/binary-formats.md): dates, binary data, non-string map keys, bignums. Out of line
// (codec/src/binary/text.cpp): each is a cold path next to the readers' loops.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace ujson::detail {

// Python's str(float), which is how the Python module writes a float map key: shortest
// round-trip digits, positional from 1e-4 up to 1e16 ("1.0", "0.0001"), else "1e+16",
// "1.5e-05"; "nan", "inf", "-inf". Returns the length; out holds 32 bytes.
std::size_t format_python_float(double v, char* out) noexcept;

// RFC 3339 in UTC, "YYYY-MM-DDTHH:MM:SS[.F]Z", F the nanoseconds without trailing zeros.
// Returns the length, or 0 when the year falls outside 0000..9999 (or nanoseconds >= 1e9).
inline constexpr std::size_t max_rfc3339_chars = 32;
std::size_t format_rfc3339(std::int64_t seconds, std::uint32_t nanoseconds, char* out) noexcept;

// Appends RFC 4648 base64 (standard alphabet, padded).
void append_base64(std::string_view bytes, std::string& out);

// The most bytes a bignum may have either way (2^4096, 1,234 digits): the conversion is
// quadratic, and this bounds it to well under a millisecond per value.
inline constexpr std::size_t max_bignum_bytes = 512;

// Appends the decimal text of a CBOR bignum: the big-endian magnitude n, as n (tag 2) or
// -1 - n (tag 3). False when n has more than max_bignum_bytes significant bytes.
bool append_bignum_decimal(std::string_view big_endian, bool negative, std::string& out);

// The reverse, for an integer text ("-123..."): the big-endian bytes of n where the value
// is n (negative false) or -1 - n (negative true), without leading zeros. False when the
// text is not an integer or needs more than max_bignum_bytes.
bool decimal_to_bignum(std::string_view text, std::string& big_endian, bool& negative);

// IEEE 754 binary16 to double (exact).
double half_to_double(std::uint16_t bits) noexcept;

}  // namespace ujson::detail
