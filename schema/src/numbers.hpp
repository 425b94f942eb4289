#pragma once
// Numbers as JSON Schema compares them: by mathematical value, whatever the DOM's kind
// (1 == 1.0; an integer beyond 2^64 or a decimal beyond a double, kept by the DOM as its
// exact text, compares exactly). Doubles count as the shortest decimal that reads back as
// them, which is the number as written for every decimal of up to 15 significant digits.

#include <cstdint>

#include "ujson/dom.hpp"

namespace ujson::schema::detail {

// -1, 0 or 1 as a < b, a == b, a > b. Both must be numbers.
int compare_numbers(const value& a, const value& b);

// Equal numbers (by compare_numbers) hash equally, whatever their kinds.
std::uint64_t number_hash(const value& number);

bool is_integer(const value& number);

// Whether number / divisor is an integer (divisor > 0, as the schema's check ensures).
bool is_multiple_of(const value& number, const value& divisor);

// Whether the number is > 0 (for multipleOf's check at load time).
bool is_positive(const value& number);

}  // namespace ujson::schema::detail
