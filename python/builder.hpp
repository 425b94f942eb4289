#pragma once
// The handler loads() decodes with: it builds Python objects directly from the decoder's
// events.
//
// Values are pushed, as owned references, on one stack (a std::vector<PyObject*> kept
// between calls). on_array_end(n) moves the top n into a new list (the list steals them);
// on_object_end(n) inserts the top n key/value pairs into a new dict. There is no tree in
// between and no second parser; the decoder's explicit stack bounds the nesting (1024, as
// ujson), so no input can recurse on the C stack.

#include <cstring>
#include <new>
#include <string>
#include <vector>

#include "common.hpp"
#include "unicode.hpp"
#include "ujson/handler.hpp"

namespace ultrajson {

using ujson::errc;
using ujson::string_origin;

inline std::uint64_t mix(std::uint64_t h, std::uint64_t w) noexcept {
  h = (h ^ w) * 0xFF51AFD7ED558CCDull;
  return h ^ (h >> 29);
}

// Hashes a key of at most key_cache::max_length bytes, eight at a time; the tail is read
// with overlapping whole loads (no byte-by-byte copy).
inline std::uint64_t hash_bytes(const char* p, std::size_t n) noexcept {
  std::uint64_t h = 0x9E3779B97F4A7C15ull ^ (n * 0xC2B2AE3D27D4EB4Full);
  std::uint64_t w = 0;
  if (n >= 8) {
    for (std::size_t i = 0; i + 8 < n; i += 8) {
      std::memcpy(&w, p + i, 8);
      h = mix(h, w);
    }
    std::memcpy(&w, p + n - 8, 8);
  } else if (n >= 4) {
    std::uint32_t lo, hi;
    std::memcpy(&lo, p, 4);
    std::memcpy(&hi, p + n - 4, 4);
    w = lo | (std::uint64_t{hi} << 32);
  } else if (n > 0) {
    w = static_cast<unsigned char>(p[0]) | (static_cast<unsigned>(static_cast<unsigned char>(p[n / 2])) << 8) |
        (static_cast<unsigned>(static_cast<unsigned char>(p[n - 1])) << 16);
  }
  return mix(h, w);
}

// A Python str from text the decoder has validated (escaped strings may hold a lone
// surrogate as three-byte WTF-8: it becomes that code point).
inline PyObject* make_str(std::string_view s) noexcept { return str_from_valid_utf8(s.data(), s.size()); }

// Integers beyond 64 bits and decimals outside the range of a double, from their exact
// text: int(text), or float(text) (which gives inf or 0.0, as json and ujson do).
inline PyObject* make_big_number(std::string_view text) {
  const std::string buf(text);  // both conversions need a terminating NUL
  if (buf.find_first_of(".eE") != std::string::npos) {
    const double d = PyOS_string_to_double(buf.c_str(), nullptr, nullptr);
    if (d == -1.0 && PyErr_Occurred()) return nullptr;
    return PyFloat_FromDouble(d);
  }
  return PyLong_FromString(buf.c_str(), nullptr, 10);
}

class builder {
 public:
  builder(std::vector<PyObject*>& stack, key_cache& keys) noexcept : stack_(stack), keys_(keys) {}
  builder(const builder&) = delete;
  builder& operator=(const builder&) = delete;
  ~builder() {
    for (PyObject* o : stack_) Py_DECREF(o);
    stack_.clear();
  }

  // After a successful parse: the document.
  PyObject* take_result() noexcept {
    PyObject* r = stack_.back();
    stack_.pop_back();
    return r;
  }

  errc on_null() { return push(Py_NewRef(Py_None)); }
  errc on_bool(bool v) { return push(Py_NewRef(v ? Py_True : Py_False)); }
  errc on_int64(std::int64_t v) { return push(PyLong_FromLongLong(v)); }
  errc on_uint64(std::uint64_t v) { return push(PyLong_FromUnsignedLongLong(v)); }
  errc on_double(double v, std::string_view) { return push(PyFloat_FromDouble(v)); }
  errc on_big_number(std::string_view text) { return push(make_big_number(text)); }
  errc on_string(std::string_view s, string_origin) { return push(make_str(s)); }
  errc on_key(std::string_view s, string_origin) {
    if (s.size() > key_cache::max_length || !cache_keys_) return push(make_str(s));
    return push(cached_key(s));
  }
  errc on_array_begin() { return errc::ok; }
  errc on_object_begin() { return errc::ok; }

  errc on_array_end(std::size_t n) {
    PyObject* list = PyList_New(static_cast<Py_ssize_t>(n));
    if (list == nullptr) return errc::out_of_memory;
    // The list steals the n references on top of the stack.
    PyObject** items = stack_.data() + (stack_.size() - n);
    if (n != 0) std::memcpy(reinterpret_cast<PyListObject*>(list)->ob_item, items, n * sizeof(PyObject*));
    stack_.resize(stack_.size() - n);
    return push(list);
  }

  errc on_object_end(std::size_t n) {
#if PY_VERSION_HEX < 0x030D0000
    py_ref dict(n != 0 ? _PyDict_NewPresized(static_cast<Py_ssize_t>(n)) : PyDict_New());
#else
    py_ref dict(PyDict_New());
#endif
    if (!dict) return errc::out_of_memory;
    PyObject** items = stack_.data() + (stack_.size() - 2 * n);
    // A repeated key keeps its first position and its last value, as json.loads.
    for (std::size_t i = 0; i < n; ++i) {
      if (PyDict_SetItem(dict.get(), items[2 * i], items[2 * i + 1]) < 0) return errc::out_of_memory;
    }
    for (std::size_t i = 0; i < 2 * n; ++i) Py_DECREF(items[i]);
    stack_.resize(stack_.size() - 2 * n);
    return push(dict.release());
  }

 protected:
  // Takes over `o` (a new reference, or null when the call that made it failed with a
  // Python exception set: that ends the parse, and loads() reports the exception).
  errc push(PyObject* o) {
    if (o == nullptr) [[unlikely]] return errc::out_of_memory;
    try {
      stack_.push_back(o);
    } catch (const std::bad_alloc&) {
      Py_DECREF(o);
      PyErr_NoMemory();
      return errc::out_of_memory;
    }
    return errc::ok;
  }

 private:
  PyObject* cached_key(std::string_view s) {
    const std::uint64_t h = hash_bytes(s.data(), s.size());
    key_cache::entry& e = keys_.entries[h & (key_cache::slots - 1)];
    if (e.str != nullptr && e.hash == h && static_cast<std::size_t>(PyUnicode_GET_LENGTH(e.str)) == s.size() &&
        std::memcmp(PyUnicode_DATA(e.str), s.data(), s.size()) == 0) {
      ++hits_;
      return Py_NewRef(e.str);
    }
    // Documents whose keys hardly repeat (ids, timestamps) would only churn the cache:
    // after 256 keys with fewer than one hit in eight, this call stops using it.
    if (++misses_ >= 256 && hits_ < misses_ / 8) cache_keys_ = false;
    PyObject* str = make_str(s);
    // Only ASCII keys are cached: their length in characters is their length in bytes,
    // so the check above compares like with like.
    if (str != nullptr && PyUnicode_IS_COMPACT_ASCII(str)) {
      // Hash once here, so each dict that gets this key reuses it.
      if (PyObject_Hash(str) == -1) PyErr_Clear();
      Py_XSETREF(e.str, Py_NewRef(str));
      e.hash = h;
    }
    return str;
  }

 protected:
  std::vector<PyObject*>& stack_;

 private:
  key_cache& keys_;
  std::size_t hits_ = 0;
  std::size_t misses_ = 0;
  bool cache_keys_ = true;
};

static_assert(ujson::handler<builder>);

}  // namespace ultrajson
