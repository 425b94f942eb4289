// The validation vocabulary (and format, when asserted): keywords that judge the instance
// itself. Messages are built only when an error is recorded.

#include <charconv>
#include <string>

#include "equality.hpp"
#include "evaluator.hpp"
#include "numbers.hpp"
#include "value_checks.hpp"

namespace ujson::schema::detail {
namespace {

std::string number_text(const value& v) {
  char text[64];
  switch (v.type()) {
    case kind::int64: return std::to_string(v.as_int64());
    case kind::uint64: return std::to_string(v.as_uint64());
    case kind::double_: {
      const auto r = std::to_chars(text, text + sizeof text, v.as_double());
      return std::string(text, r.ptr);
    }
    default: return std::string(v.as_string());
  }
}

std::string_view type_name(const value& v) {
  switch (v.type()) {
    case kind::null: return "null";
    case kind::boolean: return "boolean";
    case kind::string: return "string";
    case kind::array: return "array";
    case kind::object: return "object";
    default: return is_integer(v) ? "integer" : "number";
  }
}

std::string expected_types(std::uint8_t mask) {
  static constexpr std::pair<std::uint8_t, std::string_view> names[] = {
      {t_null, "null"},     {t_boolean, "boolean"}, {t_object, "object"}, {t_array, "array"},
      {t_number, "number"}, {t_string, "string"},   {t_integer, "integer"}};
  std::string out;
  for (const auto& [bit, name] : names) {
    if (!(mask & bit)) continue;
    if (bit == t_integer && (mask & t_number)) continue;
    if (!out.empty()) out.append(" or ");
    out.append(name);
  }
  return out;
}

std::string quoted(std::string_view s) { return "\"" + std::string(s) + "\""; }

}  // namespace

bool evaluator::assertion(const keyword& k, const value& v) {
  switch (k.code) {
    case op::type:
      return has_type(k.types, v) ||
             fail(k, [&] { return "expected " + expected_types(k.types) + ", found " + std::string(type_name(v)); });
    case op::const_:
      return json_equal(v, *k.literal) || fail(k, [] { return std::string("is not the constant the schema requires"); });
    case op::enum_:
      for (const value& option : k.literal->elements()) {
        if (json_equal(v, option)) return true;
      }
      return fail(k, [&] { return "is none of the " + std::to_string(k.literal->size()) + " values enum allows"; });
    case op::multiple_of:
      return !v.is_number() || is_multiple_of(v, *k.literal) ||
             fail(k, [&] { return "must be a multiple of " + number_text(*k.literal); });
    case op::maximum:
      return !v.is_number() || compare_to_limit(v, k) <= 0 ||
             fail(k, [&] { return number_text(v) + " is greater than the maximum " + number_text(*k.literal); });
    case op::exclusive_maximum:
      return !v.is_number() || compare_to_limit(v, k) < 0 ||
             fail(k, [&] { return number_text(v) + " is not less than " + number_text(*k.literal); });
    case op::minimum:
      return !v.is_number() || compare_to_limit(v, k) >= 0 ||
             fail(k, [&] { return number_text(v) + " is less than the minimum " + number_text(*k.literal); });
    case op::exclusive_minimum:
      return !v.is_number() || compare_to_limit(v, k) > 0 ||
             fail(k, [&] { return number_text(v) + " is not greater than " + number_text(*k.literal); });
    case op::max_length:
      // A string has at most as many code points as bytes, and at least a quarter as many.
      return !v.is_string() || v.as_string().size() <= k.count || code_points(v.as_string()) <= k.count ||
             fail(k, [&] { return "longer than " + std::to_string(k.count) + " characters"; });
    case op::min_length:
      return !v.is_string() || v.as_string().size() / 4 >= k.count || code_points(v.as_string()) >= k.count ||
             fail(k, [&] { return "shorter than " + std::to_string(k.count) + " characters"; });
    case op::pattern:
      return !v.is_string() || p_.regexes[k.regexes[0]]->search(v.as_string()) ||
             fail(k, [&] { return "does not match the pattern"; });
    case op::format:
      return !v.is_string() || check_format(k.format, v.as_string()) ||
             fail(k, [&] { return "is not a valid " + std::string(format_name(k.format)); });
    case op::max_items:
      return !v.is_array() || v.size() <= k.count ||
             fail(k, [&] { return "has " + std::to_string(v.size()) + " items, more than " + std::to_string(k.count); });
    case op::min_items:
      return !v.is_array() || v.size() >= k.count ||
             fail(k, [&] { return "has " + std::to_string(v.size()) + " items, fewer than " + std::to_string(k.count); });
    case op::unique_items: {
      std::size_t a = 0, b = 0;
      return !v.is_array() || all_unique(v.elements(), a, b) ||
             fail(k, [&] { return "items " + std::to_string(a) + " and " + std::to_string(b) + " are equal"; });
    }
    case op::max_properties:
      return !v.is_object() || v.size() <= k.count ||
             fail(k, [&] { return "has " + std::to_string(v.size()) + " properties, more than " + std::to_string(k.count); });
    case op::min_properties:
      return !v.is_object() || v.size() >= k.count ||
             fail(k, [&] { return "has " + std::to_string(v.size()) + " properties, fewer than " + std::to_string(k.count); });
    case op::required: {
      if (!v.is_object() || (k.fused && !paths_)) return true;  // properties_at_once checks it
      bool valid = true;
      for (const std::string_view name : k.required) {
        if (v.find(name)) continue;
        valid = fail(k, [&] { return "the required property " + quoted(name) + " is missing"; });
        if (quiet_ != 0 || done()) break;
      }
      return valid;
    }
    case op::dependent_required: {
      if (!v.is_object()) return true;
      bool valid = true;
      for (const member& m : v.members()) {
        const std::uint32_t slot = k.names.find(m.key.as_string());
        if (slot == no_node) continue;
        for (std::uint32_t i = k.spans[slot].first; i < k.spans[slot].second; ++i) {
          if (v.find(k.required[i])) continue;
          valid = fail(k, [&] {
            return "the property " + quoted(k.required[i]) + " is required when " + quoted(m.key.as_string()) +
                   " is present";
          });
          if (quiet_ != 0 || done()) return false;
        }
      }
      return valid;
    }
    default: return true;
  }
}

}  // namespace ujson::schema::detail
