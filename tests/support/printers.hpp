#pragma once
// GoogleTest printers for the codec's enums, so that a failed assertion shows
// "errc::invalid_utf8" or "kind::object" rather than a number.

#include <cstddef>
#include <iterator>
#include <ostream>

#include "ujson/dom.hpp"
#include "ujson/errors.hpp"

namespace ujson {

inline void PrintTo(errc e, std::ostream* os) { *os << "errc::" << code_name(e); }

inline void PrintTo(kind k, std::ostream* os) {
  static constexpr const char* names[] = {"null",       "boolean", "int64", "uint64", "double_",
                                          "big_number", "string",  "array", "object"};
  const auto i = static_cast<std::size_t>(k);
  *os << "kind::" << (i < std::size(names) ? names[i] : "?");
}

}  // namespace ujson
