#pragma once
// Our decoder and the two peers, each as "text in, verdict and value tree out".

#include <string>
#include <string_view>

#include "ujson/errors.hpp"
#include "ujson/options.hpp"
#include "value_tree.hpp"

namespace ujson::differential {

// Why a peer refused an input, as far as the differential test needs to tell.
enum class peer_refusal : std::uint8_t {
  none,            // accepted
  not_run,         // RapidJSON is not given inputs it is known to crash on (see below)
  number_too_big,  // RapidJSON kParseErrorNumberTooBig, simdjson NUMBER_ERROR
  depth,           // simdjson DEPTH_ERROR
  other,
};

struct verdict {
  bool accepted = false;
  node root;                // when accepted
  ujson::error ours{};      // ours: the error, when refused
  peer_refusal refusal = peer_refusal::none;
  std::string error_name;   // the library's own name of the error
};

// ujson::document, by default with the default options (strict RFC 8259, keep_last,
// max_depth 1024).
verdict parse_ours(std::string_view text, const ujson::decode_options& options = {});
// RapidJSON, strict: kParseValidateEncodingFlag | kParseFullPrecisionFlag, iterative (so
// that deep inputs cannot overflow the stack), no comments, NaN or trailing commas, read
// from a MemoryStream (no byte-order mark skipping).
//
// RapidJSON 1.1.0 (Debian 12's) mishandles some numbers in this mode: outside the range of
// finite, non-zero doubles, 263665E304 gives -8.2e-308 instead of an error and a 30-digit
// mantissa with e-339 crashes it (a segfault in ParseNumber); a zero with an exponent past
// its fast path (0e-284) reaches clz(0) in DiyFp (undefined; UBSan reports it) and comes
// back as a double that changes from build to build. Inputs holding such a number are not
// given to it: they come back with refusal not_run.
verdict parse_rapidjson(std::string_view text);
// The numbers of a text (found by a scan that skips strings, so it also reads invalid
// texts up to their end), as far as they explain a peer's answer.
struct number_facts {
  bool big_integer = false;  // an integer beyond int64 and uint64
  bool overflow = false;     // a number beyond the largest double
  bool underflow = false;    // a number other than 0 below the smallest double
  bool zero_with_exponent = false;  // a zero with an exponent beyond 10^22: 0e23, -0.0E-300
  bool outside_doubles() const { return overflow || underflow; }
};
number_facts numbers_in(std::string_view text);
// simdjson's DOM parser (its default max depth, 1024).
verdict parse_simdjson(std::string_view text);

}  // namespace ujson::differential
