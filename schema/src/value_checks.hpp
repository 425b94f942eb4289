#pragma once
// The checks of one value that both the keyword-by-keyword walk (assertions.cpp) and the
// verdict-only walk's quick_checks (evaluator.cpp) make, inline for the second's sake.

#include <algorithm>
#include <cstdint>
#include <span>
#include <string_view>

#include "numbers.hpp"
#include "program.hpp"

namespace ujson::schema::detail {

inline bool has_type(std::uint8_t mask, const value& v) {
  switch (v.type()) {
    case kind::null: return mask & t_null;
    case kind::boolean: return mask & t_boolean;
    case kind::string: return mask & t_string;
    case kind::array: return mask & t_array;
    case kind::object: return mask & t_object;
    default: return (mask & t_number) || ((mask & t_integer) && is_integer(v));
  }
}

// Code points, as JSON Schema counts a string's length (the DOM's strings are UTF-8).
inline std::size_t code_points(std::string_view s) {
  std::size_t n = 0;
  for (const char c : s) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  return n;
}

// compare_numbers(v, limit), without its general path for the common cases: a double
// instance, or an integer instance within 2^53, against a limit that is a double.
inline int compare_to_limit(const value& v, const keyword& k) {
  if (k.limit_is_double) {
    double x;
    if (v.type() == kind::double_) {
      x = v.as_double();
    } else if (v.type() == kind::int64 && v.as_int64() >= -(1LL << 53) && v.as_int64() <= (1LL << 53)) {
      x = static_cast<double>(v.as_int64());
    } else {
      return compare_numbers(v, *k.literal);
    }
    return x < k.limit ? -1 : (x > k.limit ? 1 : 0);
  }
  return compare_numbers(v, *k.literal);
}

// quick_checks (fast_paths.cpp) in full: a value's type and the bounds of its kind.
bool passes_all_quick_checks(const quick_checks& q, const value& v);

// quick_checks, inline where the walk calls it once per value: a double under bounds that
// are doubles, or a kind in q.fast_kinds, needs at most a pair of comparisons; any other
// goes the whole way.
inline bool passes_quick_checks(const quick_checks& q, const value& v) {
  const kind k = v.type();
  if (k == kind::double_ && q.numbers_as_doubles) return v.as_double() >= q.low && v.as_double() <= q.high;
  if (!((q.fast_kinds >> static_cast<unsigned>(k)) & 1U)) return passes_all_quick_checks(q, v);
  switch (k) {
    case kind::int64: return v.as_int64() >= q.int_low && v.as_int64() <= q.int_high;
    case kind::array: return v.size() >= q.min_items && v.size() <= q.max_items;
    case kind::object: return v.size() >= q.min_members && v.size() <= q.max_members;
    default: return true;  // null, boolean, a string, uint64 or big number with nothing more to check
  }
}

// Whether `item` is an array of min_items..max_items items whose first `width` (at most)
// are doubles within [low[j], high[j]]: a tuple schema of bounded numbers (node::tuple),
// decided without walking it (a GeoJSON position). A false answer is not a verdict: the
// caller walks that item the long way. `filled`: the caller knows min_items >= width >= 1,
// so a passing item has all `width` (and anything but an array, no items, fails min_items).
template <bool filled = false>
inline bool doubles_within(const value& item, const double* low, const double* high, std::size_t width,
                           std::uint64_t min_items, std::uint64_t max_items) {
  if (!filled && !item.is_array()) return false;
  const std::span<const value> x = item.elements();
  if (x.size() < min_items || x.size() > max_items) return false;
  const std::size_t m = filled ? width : std::min(x.size(), width);
  for (std::size_t j = 0; j < m; ++j) {
    if (x[j].type() != kind::double_) return false;
    const double d = x[j].as_double();
    if (!(d >= low[j] && d <= high[j])) return false;
  }
  return true;
}

}  // namespace ujson::schema::detail
