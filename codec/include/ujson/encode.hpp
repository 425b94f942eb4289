#pragma once
// The encoder's extension point: specialise encode_adapter<T> with
//   static void write(ujson::writer&, const T&);
// and any object model encodes straight through the writer, with no conversion first.
// Adapters for the standard types a C++ user reaches for are below; the DOM's is in dom.hpp.
// An adapter that recurses should return as soon as a writer call fails (see the vector
// adapter): that is what turns a cycle into errc::depth_exceeded.

#include <cstdint>
#include <cstring>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <unordered_map>
#include <vector>

#include "ujson/writer.hpp"

namespace ujson {

template <class T, class Enable = void>
struct encode_adapter;  // no default: an unknown type does not compile

template <class T>
concept encodable = requires(writer& w, const T& v) { encode_adapter<T>::write(w, v); };

template <encodable T>
errc write_value(writer& w, const T& v) {
  encode_adapter<T>::write(w, v);
  return w.status();
}

// Encodes v into out (replacing its contents). On error out is left empty.
template <encodable T>
errc encode(const T& v, std::string& out, const encode_options& options = {}) {
  writer w(options);
  encode_adapter<T>::write(w, v);
  out.clear();
  if (w.status() == errc::ok) out.assign(w.output());
  return w.status();
}

template <>
struct encode_adapter<bool> {
  static void write(writer& w, bool v) { w.boolean(v); }
};

template <class T>
struct encode_adapter<T, std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool>>> {
  static void write(writer& w, T v) {
    if constexpr (std::is_signed_v<T>) {
      w.int64(static_cast<std::int64_t>(v));
    } else {
      w.uint64(static_cast<std::uint64_t>(v));
    }
  }
};

template <class T>
struct encode_adapter<T, std::enable_if_t<std::is_floating_point_v<T>>> {
  static void write(writer& w, T v) { w.number(static_cast<double>(v)); }
};

template <>
struct encode_adapter<std::nullptr_t> {
  static void write(writer& w, std::nullptr_t) { w.null(); }
};

template <>
struct encode_adapter<std::string_view> {
  static void write(writer& w, std::string_view v) { w.string(v); }
};

template <>
struct encode_adapter<std::string> {
  static void write(writer& w, const std::string& v) { w.string(v); }
};

template <>
struct encode_adapter<const char*> {
  static void write(writer& w, const char* v) { v ? w.string(v) : w.null(); }
};

template <std::size_t N>
struct encode_adapter<char[N]> {
  static void write(writer& w, const char (&v)[N]) { w.string(std::string_view(v, strnlen(v, N))); }
};

template <class T>
struct encode_adapter<std::optional<T>, std::enable_if_t<encodable<T>>> {
  static void write(writer& w, const std::optional<T>& v) {
    if (v) {
      encode_adapter<T>::write(w, *v);
    } else {
      w.null();
    }
  }
};

template <class T>
struct encode_adapter<std::vector<T>, std::enable_if_t<encodable<T>>> {
  static void write(writer& w, const std::vector<T>& v) {
    // Stop at the first error: a cycle through pointers must end at max_depth, not recurse on.
    if (w.begin_array() != errc::ok) return;
    for (const auto& e : v) {
      encode_adapter<T>::write(w, e);
      if (w.status() != errc::ok) return;
    }
    w.end_array();
  }
};

namespace detail {
template <class Map>
void write_string_map(writer& w, const Map& m) {
  if (w.begin_object() != errc::ok) return;
  for (const auto& [k, v] : m) {
    w.key(k);
    encode_adapter<typename Map::mapped_type>::write(w, v);
    if (w.status() != errc::ok) return;
  }
  w.end_object();
}
}  // namespace detail

template <class T>
struct encode_adapter<std::map<std::string, T>, std::enable_if_t<encodable<T>>> {
  static void write(writer& w, const std::map<std::string, T>& m) { detail::write_string_map(w, m); }
};

template <class T>
struct encode_adapter<std::unordered_map<std::string, T>, std::enable_if_t<encodable<T>>> {
  static void write(writer& w, const std::unordered_map<std::string, T>& m) { detail::write_string_map(w, m); }
};

}  // namespace ujson
