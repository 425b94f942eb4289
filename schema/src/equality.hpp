#pragma once
// JSON equality as JSON Schema defines it for const, enum and uniqueItems: numbers by
// value (1 == 1.0), objects as sets of members, arrays in order. Non-recursive.

#include <cstddef>
#include <cstdint>
#include <span>

#include "ujson/dom.hpp"

namespace ujson::schema::detail {

bool json_equal(const value& a, const value& b);

// Equal values hash equally (numbers by their nearest double, objects whatever their order).
std::uint64_t json_hash(const value& v);

// Whether all elements differ; when not, the indices of two equal ones. Sorts hashes, so
// 10^5 items cost n log n, not n^2.
bool all_unique(std::span<const value> items, std::size_t& first, std::size_t& second);

}  // namespace ujson::schema::detail
