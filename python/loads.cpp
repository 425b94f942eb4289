// loads(): the codec's decoder drives a handler that builds Python objects directly.
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
#include "ujson/decoder.hpp"

namespace ultrajson {

namespace {

using ujson::errc;
using ujson::string_origin;

ujson::decode_options python_decode_options() {
  ujson::decode_options o;
  o.allow_nan_literals = true;     // NaN, Infinity, -Infinity: json and ujson accept them
  o.allow_lone_surrogates = true;  // "\ud800" decodes to that code point, as json and ujson
  return o;
}

}  // namespace

struct loads_context {
  ujson::decoder decoder{python_decode_options()};
  std::vector<PyObject*> stack;
  bool busy = false;
};

bool init_loads_cache(module_state* st) noexcept {
  st->loads_cache = new (std::nothrow) loads_context;
  return st->loads_cache != nullptr;
}

void free_loads_cache(module_state* st) noexcept {
  delete st->loads_cache;
  st->loads_cache = nullptr;
}

namespace {

inline std::uint64_t mix(std::uint64_t h, std::uint64_t w) noexcept {
  h = (h ^ w) * 0xFF51AFD7ED558CCDull;
  return h ^ (h >> 29);
}

// Hashes a key of at most key_cache::max_length bytes, eight at a time; the tail is read
// with overlapping whole loads (no byte-by-byte copy).
std::uint64_t hash_bytes(const char* p, std::size_t n) noexcept {
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
PyObject* make_big_number(std::string_view text) {
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

 private:
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

  std::vector<PyObject*>& stack_;
  key_cache& keys_;
  std::size_t hits_ = 0;
  std::size_t misses_ = 0;
  bool cache_keys_ = true;
};

static_assert(ujson::handler<builder>);

// A str holding lone surrogates has no UTF-8 form. json and ujson still read it: here each
// surrogate becomes its \uXXXX escape, which the decoder (allow_lone_surrogates) turns back
// into that code point. Cold: such strings come from surrogateescape'd bytes at most.
bool utf8_with_escaped_surrogates(PyObject* str, std::string& out) {
  const Py_ssize_t n = PyUnicode_GET_LENGTH(str);
  const int kind = PyUnicode_KIND(str);
  const void* data = PyUnicode_DATA(str);
  try {
    out.reserve(static_cast<std::size_t>(n) * 3);
    for (Py_ssize_t i = 0; i < n; ++i) {
      const Py_UCS4 c = PyUnicode_READ(kind, data, i);
      if (c < 0x80) {
        out.push_back(static_cast<char>(c));
      } else if (c < 0x800) {
        out.push_back(static_cast<char>(0xC0 | (c >> 6)));
        out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
      } else if (c >= 0xD800 && c <= 0xDFFF) {
        static constexpr char hex[] = "0123456789abcdef";
        const char escape[6] = {'\\', 'u', hex[(c >> 12) & 0xF], hex[(c >> 8) & 0xF], hex[(c >> 4) & 0xF], hex[c & 0xF]};
        out.append(escape, 6);
      } else if (c < 0x10000) {
        out.push_back(static_cast<char>(0xE0 | (c >> 12)));
        out.push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
        out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
      } else {
        out.push_back(static_cast<char>(0xF0 | (c >> 18)));
        out.push_back(static_cast<char>(0x80 | ((c >> 12) & 0x3F)));
        out.push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
        out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
      }
    }
  } catch (const std::bad_alloc&) {
    PyErr_NoMemory();
    return false;
  }
  return true;
}

// Raises ultrajson.JSONDecodeError(message, doc, pos): json.JSONDecodeError adds
// "line L column C (char P)". pos counts characters, as json's does, not bytes.
[[gnu::cold]] void raise_decode_error(module_state* st, const ujson::error& e, std::string_view input, PyObject* arg) {
  std::size_t pos = 0;
  const std::size_t end = e.offset < input.size() ? e.offset : input.size();
  py_ref doc;
  if (PyUnicode_Check(arg)) {
    // The str's own characters, each as many bytes as loads() handed the decoder: a lone
    // surrogate went in as a six-byte \uXXXX escape (utf8_with_escaped_surrogates), so
    // counting the input's UTF-8 lead bytes would overshoot.
    const Py_ssize_t n = PyUnicode_GET_LENGTH(arg);
    const int kind = PyUnicode_KIND(arg);
    const void* data = PyUnicode_DATA(arg);
    for (std::size_t bytes = 0; static_cast<Py_ssize_t>(pos) < n && bytes < end; ++pos) {
      const Py_UCS4 c = PyUnicode_READ(kind, data, static_cast<Py_ssize_t>(pos));
      bytes += c < 0x80 ? 1 : c < 0x800 ? 2 : (c >= 0xD800 && c <= 0xDFFF) ? 6 : c < 0x10000 ? 3 : 4;
    }
    doc = py_ref::borrow(arg);
  } else {
    // Every byte before the error has been validated as UTF-8: count the lead bytes.
    for (std::size_t i = 0; i < end; ++i) pos += (static_cast<unsigned char>(input[i]) & 0xC0) != 0x80;
    doc = py_ref(PyUnicode_DecodeUTF8(input.data(), static_cast<Py_ssize_t>(input.size()), "replace"));
    if (!doc) return;
  }
  const std::string_view msg = e.message();
  py_ref exc(PyObject_CallFunction(st->decode_error, "s#On", msg.data(), static_cast<Py_ssize_t>(msg.size()),
                                   doc.get(), static_cast<Py_ssize_t>(pos)));
  if (exc) PyErr_SetObject(st->decode_error, exc.get());
}

// Holds a buffer-protocol view for the duration of a call.
class buffer_view {
 public:
  buffer_view() noexcept = default;
  buffer_view(const buffer_view&) = delete;
  buffer_view& operator=(const buffer_view&) = delete;
  ~buffer_view() {
    if (held_) PyBuffer_Release(&view_);
  }
  bool acquire(PyObject* obj) noexcept {
    held_ = PyObject_GetBuffer(obj, &view_, PyBUF_C_CONTIGUOUS) == 0;
    return held_;
  }
  std::string_view bytes() const noexcept {
    return {static_cast<const char*>(view_.buf), static_cast<std::size_t>(view_.len)};
  }

 private:
  Py_buffer view_{};
  bool held_ = false;
};

PyObject* decode(module_state* st, loads_context& ctx, std::string_view input, PyObject* arg) {
  ujson::error e;
  {
    builder b(ctx.stack, *st->keys);
    try {
      e = ctx.decoder.decode(input, b);
    } catch (const std::bad_alloc&) {
      if (!PyErr_Occurred()) PyErr_NoMemory();
      return nullptr;
    }
    if (!e) return b.take_result();
  }
  // A Python exception set by the handler (a memory error, int() over its digit limit)
  // is reported as it is.
  if (PyErr_Occurred()) return nullptr;
  raise_decode_error(st, e, input, arg);
  return nullptr;
}

}  // namespace

PyObject* loads(PyObject* module, PyObject* arg) {
  module_state* st = state_of(module);
  std::string_view input;
  buffer_view view;
  std::string escaped;
  if (PyUnicode_Check(arg)) {
    Py_ssize_t n = 0;
    const char* p = PyUnicode_AsUTF8AndSize(arg, &n);
    if (p != nullptr) {
      input = std::string_view(p, static_cast<std::size_t>(n));
    } else {
      if (!PyErr_ExceptionMatches(PyExc_UnicodeEncodeError)) return nullptr;
      PyErr_Clear();
      if (!utf8_with_escaped_surrogates(arg, escaped)) return nullptr;
      input = escaped;
    }
  } else if (PyBytes_Check(arg)) {
    input = std::string_view(PyBytes_AS_STRING(arg), static_cast<std::size_t>(PyBytes_GET_SIZE(arg)));
  } else if (view.acquire(arg)) {  // bytearray, memoryview, any C-contiguous buffer
    input = view.bytes();
  } else {
    PyErr_Clear();
    PyErr_SetString(PyExc_TypeError, "Expected string or C-contiguous bytes-like object");
    return nullptr;
  }

  loads_context* ctx = st->loads_cache;
  if (ctx != nullptr && !ctx->busy) {
    ctx->busy = true;
    PyObject* r = decode(st, *ctx, input, arg);
    ctx->busy = false;
    return r;
  }
  // Re-entered (a finalizer run by the garbage collector during a call): a fresh context.
  loads_context* local = new (std::nothrow) loads_context;
  if (local == nullptr) return PyErr_NoMemory();
  PyObject* r = decode(st, *local, input, arg);
  delete local;
  return r;
}

PyObject* load(PyObject* module, PyObject* fp) {
  module_state* st = state_of(module);
  py_ref read(PyObject_GetAttr(fp, st->str_read));
  if (!read || !PyCallable_Check(read.get())) {
    PyErr_Clear();
    PyErr_SetString(PyExc_TypeError, "expected file");
    return nullptr;
  }
  py_ref text(PyObject_CallNoArgs(read.get()));
  if (!text) return nullptr;
  return loads(module, text.get());
}

}  // namespace ultrajson
